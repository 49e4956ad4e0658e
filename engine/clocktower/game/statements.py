"""Statements about the grimoire that the engine can judge: the Gossip's public statement, the
Artist's question, the Savant's claims.

A statement says that one of some players (usually one) is a given character, of a given team,
or of a given alignment. ``judge`` answers it from the grimoire as players register: a statement
is *surely* true or false when every registration agrees, and *open* otherwise (a Recluse may or
may not register as the Demon), which is the storyteller's ruling. Statements are plain data, so
they travel in actions and the log; ``words`` says one in plain text (the shell names players).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.cast import char
from engine.clocktower.game.model import State
from engine.clocktower.game.registration import registrations
from engine.core import RuleError

KINDS = ("character", "team", "alignment")
TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller")
ALIGNMENTS = ("good", "evil")


@dataclass(frozen=True)
class Statement:
    """ "One of ``players`` is ``value``", where ``kind`` says what ``value`` is: a character
    id, a team or an alignment."""

    kind: str
    players: tuple[int, ...]
    value: str


def checked(state: State, statement: Statement) -> Statement:
    """The statement if it is well formed for this game, else RuleError saying why."""
    if statement.kind not in KINDS:
        raise RuleError(f"A statement is about a {', '.join(KINDS[:-1])} or {KINDS[-1]}.")
    if not statement.players or any(p not in state.players for p in statement.players):
        raise RuleError("A statement names players of this game.")
    if len(set(statement.players)) != len(statement.players):
        raise RuleError("Name each player once.")
    if statement.kind == "character":
        try:
            char(state, statement.value)
        except KeyError:
            raise RuleError(f"{statement.value[:40]} is not a character.") from None
    if statement.kind == "team" and statement.value not in TEAMS:
        raise RuleError(f"A team is one of {', '.join(TEAMS)}.")
    if statement.kind == "alignment" and statement.value not in ALIGNMENTS:
        raise RuleError("An alignment is good or evil.")
    return statement


def _holds(state: State, player: int, statement: Statement) -> set[bool]:
    """Whether ``player`` may register as the statement says: {True}, {False} or both."""
    found = set()
    for r in registrations(state, player):
        value = {"character": r.character, "team": r.team, "alignment": r.alignment}
        found.add(value[statement.kind] == statement.value)
    return found


def judge(state: State, statement: Statement) -> tuple[bool, ...]:
    """The statement's possible truth values: ``(True,)``, ``(False,)`` or, when registration
    leaves it to the storyteller, ``(truth, not truth)`` with the true grimoire's answer first."""
    per_player = [_holds(state, p, statement) for p in statement.players]
    truth = any(_true(state, p, statement) for p in statement.players)
    possible = {True} if any(True in h for h in per_player) else set()
    if all(False in h for h in per_player):
        possible.add(False)
    return (truth, not truth) if len(possible) == 2 else (truth,)


def _true(state: State, player: int, statement: Statement) -> bool:
    seat = next(s for s in state.seats if s.player == player)
    value = {"character": seat.character, "team": seat.team, "alignment": seat.alignment}
    return value[statement.kind] == statement.value


def words(statement: Statement, name: Callable[[int], str], character: Callable[[str], str]) -> str:
    """The statement in plain text: "Alice is the Imp", "one of Bob and Cat is a Minion"."""
    who = name(statement.players[0])
    if len(statement.players) > 1:
        names = [name(p) for p in statement.players]
        who = "one of " + ", ".join(names[:-1]) + " and " + names[-1]
    if statement.kind == "character":
        return f"{who} is the {character(statement.value)}"
    if statement.kind == "team":
        article = "an" if statement.value[0] in "aeiou" else "a"
        return f"{who} is {article} {statement.value.capitalize()}"
    return f"{who} is {statement.value}"


Plain = tuple[str, tuple[int, ...], str]  # a statement as plain data, for actions and tells


def plain(statement: Statement) -> Plain:
    """The statement as plain values (``kind``, ``players``, ``value``)."""
    return (statement.kind, statement.players, statement.value)


def from_plain(data: Plain) -> Statement:
    kind, players, value = data
    return Statement(kind, tuple(players), value)


def sure(state: State, statement: Statement) -> bool | None:
    """The statement's truth when no registration leaves it open, else None."""
    possible = judge(state, statement)
    return possible[0] if len(possible) == 1 else None


def invent(state: State, rng: random.Random, truth: bool, tries: int = 200) -> Statement:
    """A statement about this game that is surely ``truth``: one or two players' character,
    team or alignment, drawn at random (the bot storyteller's Savant)."""
    players = [s.player for s in state.seats]
    characters = [c for c in state.script_ids if char(state, c).team in TEAMS]
    characters += [s.character for s in state.seats]
    for _ in range(tries):
        kind = rng.choice(KINDS)
        about = tuple(sorted(rng.sample(players, min(len(players), rng.choice((1, 1, 2))))))
        if kind == "character":
            value = rng.choice(characters)
        elif kind == "team":
            value = rng.choice(TEAMS[:4])
        else:
            value = rng.choice(ALIGNMENTS)
        statement = Statement(kind, about, value)
        if sure(state, statement) is truth:
            return statement
    # Always possible: a player's own true character, or a character they surely are not.
    s = rng.choice(state.seats)
    if truth:
        return Statement("character", (s.player,), s.character)
    other = next(c for c in characters if c != s.character)
    return Statement("character", (s.player,), other)


def said(item: Plain | str, names: Any) -> str:
    """A statement as plain data, or a storyteller's own line, in words (``names``: the shell's
    ``Words``, naming players and characters)."""
    if isinstance(item, str):
        return item
    return words(from_plain(item), names.player, names.character)
