"""Sects & Violets through SimCord: a whole game with the bot storyteller, in which the Mutant's
public claim breaks their madness and the bot executes them; the edition's night menus (a choice
of a character, of nobody, of yes or no) answered on DMs; the day abilities under /clocktower
use; nothing secret in public."""

from __future__ import annotations

import re

import engine.clocktower.game as ct
from bot.editions import base_script
from engine.clocktower.catalogue import edition_characters
from engine.clocktower.game.madness import madness_of
from engine.clocktower.selfplay import setup_game
from tests.bot.test_clocktower_bot import (
    TIMES,
    answer_ruling,
    assert_no_secret_in_public,
    deal,
    items,
    menu_id,
    open_game,
    said,
    state,
    vote,
)

SNV = base_script("snv").ids
SNV_NAMES = re.compile(
    r"\b(" + "|".join(re.escape(c.name) for c in edition_characters("snv")) + r")\b"
)
SAID_IN_PUBLIC = ("🗣️", "🤹")  # claims and the Juggler's guesses name characters on purpose


def seed_where(players: int, wanted) -> int:
    for seed in range(1, 3000):
        if wanted(setup_game(SNV, players, seed)):
            return seed
    raise AssertionError("no seed deals that")


async def answer_night(table, prompt) -> None:
    """A night menu on the DM: the default targets, "Nobody tonight" for an optional choice,
    "No" when asked to reveal oneself."""
    player = prompt.to[0]
    dm = next(m for m in reversed(list(table.user(player).dm_channel.history())) if m.components)
    user = table.user(player)
    if prompt.data.get("ask") == "yesno":
        result = await user.click(dm, label="No")
    elif not prompt.default:
        result = await user.click(dm, label="Nobody tonight")
    else:
        values = [str(t) for t in prompt.default]
        result = await user.select(dm, values, custom_id=menu_id(dm, values[0]))
    assert result.ephemeral, result


async def play_day(table) -> None:
    """Someone nominates an evil player (the Demon while one lives), everyone votes yes, and the
    day's time runs out (the bot storyteller ends it)."""
    s = state(table)
    evil = [
        x.player for x in s.seats if x.alive and x.alignment == "evil" and x.team != "traveller"
    ]
    demons = [p for p in evil if ct.seat(s, p).team == "demon"]
    target = (demons or evil or list(ct.living(s)))[0]
    nominator = next((p for p in ct.living(s) if p not in s.nominators), None)
    if nominator is not None and target not in s.nominees and s.executed is None:
        result = await table.member(nominator).slash(
            table.channel, "clocktower nominate", player=str(target)
        )
        assert result.ephemeral, said(result)
        while table.session() and state(table).vote is not None:
            await vote(table, True)
    if table.session() and state(table).phase is ct.Phase.DAY:
        await table.env.advance_time(TIMES.day)


async def drive(table) -> None:
    for _ in range(400):
        session = table.session()
        if session is None:
            return
        prompts = ct.open_prompts(session.state)
        kind = prompts[0].kind if prompts else None
        if kind == "night_choice":
            await answer_night(table, prompts[0])
        elif session.state.phase is ct.Phase.DAY:
            assert session.state.day <= 12
            await play_day(table)
        else:
            raise AssertionError(f"nothing to do in {session.state.phase}: {prompts}")
    raise AssertionError("the game did not end")


async def test_a_whole_sects_and_violets_game_with_a_madness_ruling(table, monkeypatch):
    deal(monkeypatch, seed_where(9, lambda s: any(x.character == "mutant" for x in s.seats)))
    opener, _ = await open_game(table, 9, script="snv")
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    mutant = next(s.player for s in state(table).seats if s.character == "mutant")
    while state(table).phase is not ct.Phase.DAY:
        await answer_night(table, ct.open_prompts(state(table))[0])

    # A claim is public; a Townsfolk claim is safe for the Mutant.
    safe = await table.member(mutant).slash(table.channel, "clocktower claim", character="Oracle")
    assert safe.ephemeral and "public" in said(safe)
    assert any(f"<@{mutant}> claims to be the **Oracle**" in t for t in table.public_texts())
    assert ct.seat(state(table), mutant).alive
    bad = await table.member(mutant).slash(table.channel, "clocktower claim", character="nobody")
    assert bad.ephemeral and "not a character" in said(bad)

    # Claiming to be the Mutant breaks their madness: the bot storyteller executes them.
    await table.member(mutant).slash(table.channel, "clocktower claim", character="Mutant")
    assert not ct.seat(state(table), mutant).alive and state(table).executed == mutant
    assert any(f"<@{mutant}> is executed" in t for t in table.public_texts())
    late = await opener.slash(table.channel, "clocktower nominate", player=str(opener.id))
    assert late.ephemeral and "executed today" in said(late)
    tool = await opener.slash(table.channel, "clocktower madness", player=str(opener.id))
    assert tool.ephemeral and "bot is the storyteller" in said(tool)

    await table.env.advance_time(TIMES.day)
    await drive(table)
    texts = table.public_texts()
    assert_no_secret_in_public(texts, SNV_NAMES, SAID_IN_PUBLIC)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal


async def test_the_edition_s_day_abilities_and_night_menus(table, monkeypatch):
    """The Savant visits (a private answer), the Artist asks a built question, the Juggler
    guesses in public, a living player cannot make the Klutz's choice; the Philosopher's menu
    offers characters and "Nobody tonight"."""
    wanted = {"savant", "artist", "juggler", "philosopher"}
    deal(monkeypatch, seed_where(10, lambda s: wanted <= {x.character for x in s.seats}))
    opener, _ = await open_game(table, 10, script="snv")
    await opener.slash(table.channel, "clocktower start")
    who = {s.character: s.player for s in state(table).seats}
    philosopher = ct.open_prompts(state(table))[0]
    assert philosopher.to == (who["philosopher"],) and philosopher.data["ask"] == "character"
    dm = table.last_dm(who["philosopher"])
    labels = [i.get("label") for i in items(dm)]
    assert "Nobody tonight" in labels and "choose a character" in dm.content
    while state(table).phase is not ct.Phase.DAY:
        await answer_night(table, ct.open_prompts(state(table))[0])

    visit = await table.member(who["savant"]).slash(table.channel, "clocktower use savant")
    assert visit.ephemeral and "privately" in said(visit)
    learnt = table.last_dm(who["savant"]).content
    assert "Savant" in learnt and "one of these is true and one false" in learnt
    again = await table.member(who["savant"]).slash(table.channel, "clocktower use savant")
    assert again.ephemeral and "visited the storyteller today" in said(again)
    stranger = await table.member(who["artist"]).slash(table.channel, "clocktower use savant")
    assert stranger.ephemeral and "Only the Savant" in said(stranger)

    words = await table.member(who["artist"]).slash(
        table.channel, "clocktower use artist", question="Is the Demon next to me?"
    )
    assert words.ephemeral and "player, a claim and a value" in said(words)
    demon = next(s.player for s in state(table).seats if s.team == "demon")
    asked = await table.member(who["artist"]).slash(
        table.channel, "clocktower use artist", player=str(demon), claim="team", value="demon"
    )
    assert asked.ephemeral, said(asked)
    assert "**yes**" in table.last_dm(who["artist"]).content

    guess = await table.member(who["juggler"]).slash(
        table.channel, "clocktower use juggle", player=str(demon), character="Vortox"
    )
    assert guess.ephemeral and "public" in said(guess)
    assert any("guesses that" in t and "**Vortox**" in t for t in table.public_texts())
    alive = await opener.slash(table.channel, "clocktower use klutz", player=str(demon))
    assert alive.ephemeral and "Only a dead player" in said(alive)


async def test_a_human_storyteller_runs_madness_the_savant_and_a_character_choice(table):
    """A human storyteller: chooses a character for the idle Cerenovus (``/clocktower wake
    value:``), writes the Savant's two things (``/clocktower rule``, parts separated by ``|``),
    and rules on the Mutant's madness-breaking claim from a DM, executing them."""
    teller, _ = await open_game(table, 7, storyteller="me", script="snv")
    bag = "Vigormortis, Cerenovus, Savant, Oracle, Mutant, Dreamer, Clockmaker"
    started = await teller.slash(table.channel, "clocktower start", characters=bag, shuffle=False)
    assert started.ephemeral, said(started)
    seat = {s.character: s.player for s in state(table).seats}

    mad = None
    while state(table).phase is not ct.Phase.DAY:
        prompt = ct.open_prompts(state(table))[0]
        if prompt.kind == "ruling":
            await answer_ruling(table, prompt, teller)
        elif prompt.data.get("ask") == "character":  # the Cerenovus' madness: the teller picks
            wrong = await teller.slash(table.channel, "clocktower wake", value="nobody")
            assert wrong.ephemeral and "chooses a character" in said(wrong)
            chosen = await teller.slash(table.channel, "clocktower wake", value="Sage")
            assert chosen.ephemeral and said(chosen) == "Chosen for them."
        else:
            if prompt.data["character"] == "cerenovus":
                mad = prompt.default[0]
            await answer_night(table, prompt)
    assert mad is not None and [m.about for m in madness_of(state(table), mad)] == ["sage"]
    assert "**Sage**" in table.last_dm(mad).content  # told at once, privately

    visit = await table.member(seat["savant"]).slash(table.channel, "clocktower use savant")
    assert visit.ephemeral, said(visit)
    ruling = ct.open_prompts(state(table))[0]
    assert ruling.kind == "ruling" and ruling.data["reason"] == "choice"
    bad = await teller.slash(table.channel, "clocktower rule", answer="only one thing")
    assert bad.ephemeral and "separated by “|”" in said(bad)
    ruled = await teller.slash(
        table.channel, "clocktower rule", answer="The Demon sits by a window | Ann is good"
    )
    assert ruled.ephemeral and said(ruled) == "Ruled.", said(ruled)
    learnt = table.last_dm(seat["savant"]).content
    assert "“The Demon sits by a window”" in learnt and "“Ann is good”" in learnt

    await table.member(seat["mutant"]).slash(table.channel, "clocktower claim", character="Mutant")
    asked = ct.open_prompts(state(table))[0]
    assert asked.kind == "ruling" and asked.data["topic"] == "madness"
    dm = table.last_dm(teller.id)
    assert "broke their madness" in dm.content
    await table.user(teller.id).click(
        dm, label=next(i["label"] for i in items(dm) if "yes" in i["label"])
    )
    assert state(table).executed == seat["mutant"]
    assert any(f"<@{seat['mutant']}> is executed" in t for t in table.public_texts())
    again = await teller.slash(table.channel, "clocktower madness", player=str(seat["oracle"]))
    assert again.ephemeral and "executed today" in said(again)
    assert_no_secret_in_public(table.public_texts(), SNV_NAMES, SAID_IN_PUBLIC)
