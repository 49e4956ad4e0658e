"""Statements about the grimoire that the engine can judge: the Gossip's public statement, the
Artist's question, the Savant's claims.

A statement says that one of some players (usually one) is a given character, of a given team,
or of a given alignment. ``judge`` answers it from the grimoire as players register: a statement
is *surely* true or false when every registration agrees, and *open* otherwise (a Recluse may or
may not register as the Demon), which is the storyteller's ruling. Statements are plain data, so
they travel in actions and the log; ``words`` says one in plain text (the shell names players).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
