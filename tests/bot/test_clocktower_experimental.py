"""The experimental Townsfolk and Outsiders at the table, through SimCord: the bot storyteller
runs a whole game of a script of them (with Trouble Brewing's evil team, ``roster.mixed_script``),
and a human storyteller runs one answering rulings from their full range (``/clocktower rule``)
rather than the buttons' suggestions. The characters are the registry's, so the games grow with
it; neither passes with none of them run."""

from __future__ import annotations

import itertools
import re
from typing import Any

import engine.clocktower.game as ct
from engine.clocktower.catalogue import character
from engine.clocktower.counts import mod
from engine.clocktower.game.roles import REGISTRY, Role
from engine.clocktower.game.roster import experimental_good, mixed_script
from engine.clocktower.selfplay import setup_game
from tests.bot.test_clocktower_bot import (
    answer_night,
    answer_ruling,
    assert_no_secret_in_public,
    deal,
    menu_id,
    open_uploaded,
    play_day,
    results_in_db,
    said,
    state,
)

EXPERIMENTAL = experimental_good()
SCRIPT = mixed_script("tb")
NAME = "Carousel and Brewing"
NAMES = re.compile(r"\b(" + "|".join(re.escape(character(c).name) for c in SCRIPT) + r")\b")
SAID_IN_PUBLIC = ("🗣️",)  # claims name characters on purpose


async def choose(table, prompt) -> None:
    """A night choice, the prompt's default: nobody, where the choice is optional and that is
    the default (the "Nobody tonight" button), else as the other games answer."""
    if prompt.default:
        await answer_night(table, prompt)
        return
    player = prompt.to[0]
    dm = next(m for m in reversed(list(table.user(player).dm_channel.history())) if m.components)
    chose = await table.user(player).click(dm, label="Nobody tonight")
    assert chose.ephemeral, said(chose)


async def drive(table, days: int) -> None:
    """Play the bot storyteller's game to its end: night choices by DM, days of voting."""
    for _ in range(400):
        session = table.session()
        if session is None:
            return
        prompts = ct.open_prompts(session.state)
        if prompts and prompts[0].kind == "night_choice":
            await choose(table, prompts[0])
        elif session.state.phase is ct.Phase.DAY:
            assert session.state.day <= days
            await play_day(table)
        else:
            raise AssertionError(f"nothing to do in {session.state.phase}: {prompts}")
    raise AssertionError("the game did not end")


def seed_with(players: int, least: int) -> int:
    """A seed whose bot-storyteller deal puts at least ``least`` experimental characters in
    play."""
    for seed in range(1, 3000):
        dealt = {s.character for s in setup_game(SCRIPT, players, seed).seats}
        if len(dealt & set(EXPERIMENTAL)) >= least:
            return seed
    raise AssertionError(f"no deal of {players} players has {least} experimental characters")


async def test_the_bot_storyteller_runs_a_script_of_experimental_characters_to_the_end(
    table, monkeypatch
):
    assert EXPERIMENTAL, "no experimental Townsfolk or Outsider is run by the engine yet"
    deal(monkeypatch, seed_with(10, min(3, len(EXPERIMENTAL))))
    opener = await open_uploaded(table, NAME, SCRIPT, 10)
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    in_play = {s.character for s in state(table).seats} & set(EXPERIMENTAL)
    assert len(in_play) >= min(3, len(EXPERIMENTAL))
    for s in state(table).seats:
        if s.shown in in_play:  # told their character in its own words
            assert f"**{character(s.shown).name}**" in table.dm_texts(s.player)[0]
    await drive(table, days=12)
    texts = table.public_texts()
    assert_no_secret_in_public(texts, NAMES, SAID_IN_PUBLIC)
    reveal = next(t for t in texts if "The grimoire" in t)
    assert "wins!" in reveal
    assert all(f"**{character(c).name}**" in reveal for c in in_play)
    rows, players = await results_in_db(table)
    assert rows == [("clocktower", rows[0][1], "bot", NAME)]
    assert {role for _, _, role in players} >= {character(c).name for c in in_play}


# A human storyteller, ruling from the full range ------------------------------------------------
def learner(cid: str) -> bool:
    """An information character: one whose unit words what it learns."""
    return type(REGISTRY.roles[cid]).reads is not Role.reads


def human_deal() -> list[str]:
    """Seven seats: the Imp, the Poisoner, and five good characters, the experimental ones
    that learn things first, then the others, then Trouble Brewing's to fill (not one that is
    dealt with no evil team: the Atheist)."""
    dealt_with_evil = [c for c in EXPERIMENTAL if not mod(character(c)).no_evil]
    good = sorted(dealt_with_evil, key=lambda c: not learner(c))
    good += [c for c in SCRIPT if character(c).team == "townsfolk" and c not in good]
    return ["imp", "poisoner", *good[:5]]


def own_answer(pending: ct.Pending) -> Any:
    """An answer from the ruling's form, one the buttons do not offer where there is one."""
    form = pending.form
    assert form is not None
    if form.allowed is not None:
        legal = sorted(form.allowed, key=repr)
    else:
        legal = []
        domains = [f.domain for f in form.fields]
        for values in itertools.islice(itertools.product(*domains), 5000):
            kinds = [(f.kind, v) for f, v in zip(form.fields, values, strict=True)]
            if len(set(kinds)) < len(kinds):
                continue
            answer = form.canonical(values)
            if answer not in (form.forbidden or ()):
                legal.append(answer)
    assert legal, pending
    fresh_ones = [a for a in legal if a not in pending.options]
    return (fresh_ones or legal)[0]


def typed(pending: ct.Pending, answer: Any, table) -> str:
    """The answer as a storyteller types it: players as mentions, characters by name."""
    form = pending.form
    assert form is not None
    values = answer if len(form.fields) > 1 else (answer,)
    parts = []
    for field, value in zip(form.fields, values, strict=True):
        if field.kind == "player":
            parts.append(f"<@{value}>")
        elif field.kind == "character":
            parts.append(character(value).name)
        else:
            parts.append(str(value))
    return (" | " if any(f.kind == "text" for f in form.fields) else ", ").join(parts)


QUIET_DAYS = 4  # days that end with no nomination, so that nights and their rulings come


async def aim(table, prompt, targets: list[int]) -> None:
    """A night choice of the first living player of ``targets`` it may choose (else the
    default)."""
    pending = state(table).pending
    assert pending is not None
    living = [p for p in targets if p in ct.living(state(table)) and p in pending.options]
    if not living or pending.pick != 1:
        await choose(table, prompt)
        return
    player = prompt.to[0]
    dm = next(m for m in reversed(list(table.user(player).dm_channel.history())) if m.components)
    value = str(living[0])
    chose = await table.user(player).select(dm, [value], custom_id=menu_id(dm, value))
    assert chose.ephemeral, said(chose)


async def test_a_human_storyteller_rules_experimental_characters_from_the_full_range(table):
    assert EXPERIMENTAL, "no experimental Townsfolk or Outsider is run by the engine yet"
    teller = await open_uploaded(table, NAME, SCRIPT, 7, "me")
    bag = ", ".join(character(c).name for c in human_deal())
    started = await teller.slash(table.channel, "clocktower start", characters=bag, shuffle=False)
    assert started.ephemeral, said(started)
    seats = {s.player: s.character for s in state(table).seats}
    experimental = [p for p, c in seats.items() if c in EXPERIMENTAL]
    own: list[tuple[str, Any]] = []  # (character, answer) of the rulings answered our own way
    for _ in range(400):
        session = table.session()
        if session is None:
            break
        prompts = ct.open_prompts(session.state)
        pending = session.state.pending
        if prompts and prompts[0].kind == "night_choice":
            chooser = prompts[0].data.get("character")
            if chooser == "poisoner":  # the experimental characters' information is ruled
                await aim(table, prompts[0], experimental)
            elif chooser == "imp":  # and they live on
                await aim(table, prompts[0], [p for p in seats if p not in experimental])
            else:
                await choose(table, prompts[0])
        elif prompts and prompts[0].kind == "ruling":
            assert pending is not None
            if pending.form is None:
                await answer_ruling(table, prompts[0], teller)
                continue
            answer = own_answer(pending)
            ruled = await teller.slash(
                table.channel, "clocktower rule", answer=typed(pending, answer, table)
            )
            assert ruled.ephemeral and said(ruled) == "Ruled.", said(ruled)
            assert state(table).pending is None or state(table).pending.id != pending.id
            if pending.topic == "info":  # the player learns the storyteller's own answer
                player = dict(pending.data)["player"]
                infos = [t for t in ct.briefing(state(table), player) if t.event == "info"]
                assert infos[-1].data["answer"] == answer, (infos[-1], answer)
            own.append((dict(pending.data).get("character", pending.topic), answer))
        elif session.state.phase is ct.Phase.DAY and session.state.day < QUIET_DAYS:
            ended = await teller.slash(table.channel, "clocktower endday")
            assert ended.ephemeral and "over" in said(ended), said(ended)
        elif session.state.phase is ct.Phase.DAY:
            await play_day(table, teller)  # the Demon is nominated and executed
        else:
            raise AssertionError(f"nothing to do in {session.state.phase}")
    assert table.session() is None, "the game did not end"
    assert any(cid in EXPERIMENTAL for cid, _ in own), (
        "no ruling of an experimental character was answered from its form",
        own,
    )
    assert_no_secret_in_public(table.public_texts(), NAMES, SAID_IN_PUBLIC)
    rows, _ = await results_in_db(table)
    assert rows[0][2:] == (f"user:{teller.id}", NAME)
