"""Bad Moon Rising through SimCord with the bot storyteller: a whole game, night menus (players
and characters, no one), the Gossip's public statement by slash command, the Moonchild's
choice, executions that do not kill, and nothing secret in public."""

from __future__ import annotations

import re

import engine.clocktower.game as ct
from engine.clocktower.catalogue import characters
from engine.clocktower.game.model import lives
from engine.clocktower.selfplay import setup_game
from tests.bot.test_clocktower_bot import (
    TIMES,
    answer_night,
    assert_no_secret_in_public,
    deal,
    open_game,
    results_in_db,
    said,
    state,
    vote,
)
from tests.engine.clocktower.game.support import BMR

# Characters a player may not be named as in public before the reveal (Travellers are public).
NAMES = re.compile(
    r"\b(" + "|".join(re.escape(c.name) for c in characters() if c.id in BMR) + r")\b"
)
CLAIMS = ("🗣️", "🌘")  # the Gossip's statement and the Moonchild's choice are said in public


def bmr_seed(players: int, wanted, travellers: int = 0) -> int:
    """A seed whose bot-storyteller deal (with ``travellers`` Travellers) satisfies ``wanted``."""
    for seed in range(1, 3000):
        if wanted(setup_game(BMR, players, seed, travellers=travellers)):
            return seed
    raise AssertionError("no seed deals that")


def gossip_game(s: ct.State) -> bool:
    """A deal with a Gossip and a Moonchild, whose Demon is not the Zombuul (so the game is
    not too long for the test) and which has no Mastermind."""
    held = {x.character for x in s.seats}
    return {"gossip", "moonchild"} <= held and not held & {"zombuul", "mastermind"}


async def play_day(table) -> None:
    """On the first day the Gossip speaks the truth about the Demon and the town executes the
    Moonchild, who chooses at once; later days someone nominates the Demon and all vote yes.
    The day's time runs out."""
    s = state(table)
    gossip = next((x for x in s.seats if x.character == "gossip" and x.alive), None)
    demon = next(x.player for x in s.seats if x.team == "demon" and lives(s, x.player))
    if gossip is not None and s.day == 1:
        spoken = await table.member(gossip.player).slash(
            table.channel, "clocktower use gossip", player=str(demon), claim="team", value="demon"
        )
        assert spoken.ephemeral and "statement is made" in said(spoken), said(spoken)
        again = await table.member(gossip.player).slash(
            table.channel, "clocktower use gossip", player=str(demon), claim="team", value="minion"
        )
        assert again.ephemeral and "already made a public statement" in said(again)
    moonchild = next(x.player for x in s.seats if x.character == "moonchild")
    target = moonchild if s.day == 1 else demon
    nominator = next(p for p in ct.living(s) if p not in s.nominators)
    result = await table.member(nominator).slash(
        table.channel, "clocktower nominate", player=str(target)
    )
    assert result.ephemeral, result
    while table.session() and state(table).vote is not None:
        await vote(table, True)
    if table.session() and state(table).phase is ct.Phase.DAY:
        await table.env.advance_time(TIMES.day)


async def test_the_bot_storyteller_runs_a_whole_bad_moon_rising_game(table, monkeypatch):
    deal(monkeypatch, bmr_seed(8, gossip_game))
    opener, _ = await open_game(table, players=8, script="bmr")
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral
    dealt = {s.player: s for s in state(table).seats}
    gossip = next(p for p, s in dealt.items() if s.character == "gossip")
    for _ in range(400):
        session = table.session()
        if session is None:
            break
        prompts = ct.open_prompts(session.state)
        if prompts and prompts[0].kind == "night_choice":
            await answer_night(table, prompts[0])
        elif session.state.phase is ct.Phase.DAY:
            assert session.state.day <= 12
            await play_day(table)
        else:
            raise AssertionError(f"nothing to do in {session.state.phase}")
    else:
        raise AssertionError("the game did not end")

    texts = table.public_texts()
    assert_no_secret_in_public(texts, NAMES, CLAIMS)
    statement = next(t for t in texts if t.startswith("🗣️"))
    assert f"<@{gossip}> states in public" in statement and "is a Demon" in statement
    moonchild = next(p for p, s in dealt.items() if s.character == "moonchild")
    assert any(t.startswith(f"🌘 <@{moonchild}>, the Moonchild, chooses") for t in texts)
    dawn = next(t for t in texts if t.startswith("🌅 **Day 2.**"))
    assert "died in the night" in dawn  # the Gossip's true statement kills someone
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal and all(f"<@{p}>" in reveal for p in dealt)
    rows, players = await results_in_db(table)
    assert rows[0][0] == "clocktower" and rows[0][2:] == ("bot", "Bad Moon Rising")
    assert {p for p, _, _ in players} == {f"user:{p}" for p in dealt}


def matron_and_judge(s: ct.State) -> bool:
    return {"matron", "judge"} <= {x.character for x in s.seats}


async def test_the_matron_and_the_judge_by_slash_command(table, monkeypatch):
    deal(monkeypatch, bmr_seed(7, matron_and_judge, travellers=2))
    opener, _ = await open_game(table, players=7, travellers=2, script="bmr")
    await opener.slash(table.channel, "clocktower start")
    while state(table).phase is not ct.Phase.DAY:
        await answer_night(table, ct.open_prompts(state(table))[0])
    s = state(table)
    matron = next(x.player for x in s.seats if x.character == "matron")
    judge = next(x.player for x in s.seats if x.character == "judge")
    first, second = s.players[0], s.players[1]
    swapped = await table.member(matron).slash(
        table.channel, "traveller swap", player=str(first), other=str(second)
    )
    assert swapped.ephemeral and "swap seats" in said(swapped), said(swapped)
    assert state(table).players[:2] == (second, first)
    assert any("the Matron has" in t for t in table.public_texts())
    hushed = await table.member(first).slash(table.channel, "clocktower whisper", player=str(judge))
    assert hushed.ephemeral and "talk in private" in said(hushed)
    nominator = next(p for p in ct.living(state(table)) if p != judge)
    target = next(p for p in ct.living(state(table)) if p not in (judge, nominator, matron))
    await table.member(nominator).slash(table.channel, "clocktower nominate", player=str(target))
    while state(table).vote is not None:
        await vote(table, False)
    ruled = await table.member(judge).slash(table.channel, "traveller judge", verdict="pass")
    assert ruled.ephemeral and "verdict" in said(ruled), said(ruled)
    assert state(table).block == target
    assert any("the Judge rules" in t for t in table.public_texts())
