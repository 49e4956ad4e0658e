"""The state of one Traitors game, and read-only queries on it.

Everything needed to continue a game lives in ``State``, immutably: applying an action builds a
new State with ``dataclasses.replace``, so a refused action changes nothing and a replayed log
rebuilds an equal State. Choice maps (night choices, ballots, recruit picks) are tuples of
``(chooser, target)`` pairs sorted by chooser, so equal games compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

Pairs = tuple[tuple[int, int], ...]


class Phase(StrEnum):
    """Where the game is. A round is a day (discussion, then the vote) followed by a night."""

    LOBBY = "lobby"
    DAY = "day"
    VOTE = "vote"
    RECRUIT = "recruit"
    NIGHT = "night"
    OVER = "over"


class Role(StrEnum):
    TRAITOR = "traitor"
    FAITHFUL = "faithful"


class Fate(StrEnum):
    """How a player left the game."""

    MURDERED = "murdered"
    BANISHED = "banished"
    DEPARTED = "departed"


@dataclass(frozen=True)
class State:
    """One game: seat order is join order; ``fates`` lists who left the game, how and when."""

    seed: int
    host: int
    recruit: bool = False
    players: tuple[int, ...] = ()
    phase: Phase = Phase.LOBBY
    round: int = 0
    traitor_ids: frozenset[int] = frozenset()  # every Traitor, living or not, recruits included
    recruits: tuple[int, ...] = ()  # Faithful who accepted a recruit offer, in order
    fates: tuple[tuple[int, Fate, int], ...] = ()  # (player, fate, round)
    night_choices: Pairs = ()  # (traitor, victim)
    ballots: Pairs = ()  # (voter, target)
    candidates: tuple[int, ...] = ()  # the tied players during a re-vote; empty otherwise
    recruit_picks: Pairs = ()  # (traitor, faithful to offer)
    offer: int | None = None  # the Faithful whose answer to a recruit offer is awaited
    winner: str | None = None  # "traitors", "faithful" or "abandoned" once the game is over

    # Derived, computed once per State (a new State starts with an empty cache). cached_property
    # writes the instance __dict__ directly, so it works on a frozen dataclass; it is not a field,
    # so equality and replace() ignore it.
    @cached_property
    def alive(self) -> tuple[int, ...]:
        gone = {player for player, _, _ in self.fates}
        return tuple(p for p in self.players if p not in gone)

    @cached_property
    def alive_traitors(self) -> tuple[int, ...]:
        return tuple(p for p in self.alive if p in self.traitor_ids)


def put(pairs: Pairs, key: int, value: int) -> Pairs:
    """The choice map with ``key``'s choice set to ``value``."""
    return tuple(sorted({**dict(pairs), key: value}.items()))


def drop(pairs: Pairs, gone: int) -> Pairs:
    """The choice map without the choices made by, or naming, ``gone``."""
    return tuple((k, v) for k, v in pairs if gone not in (k, v))


def choice_of(pairs: Pairs, key: int) -> int | None:
    return dict(pairs).get(key)


def living(state: State) -> tuple[int, ...]:
    """Players still in the game, in seat order (in the lobby: everyone who joined)."""
    return state.alive


def is_living(state: State, player: int) -> bool:
    return player in state.alive


def started(state: State) -> bool:
    """Whether roles were dealt (a started game always has had at least one Traitor)."""
    return bool(state.traitor_ids)


def role_of(state: State, player: int) -> Role | None:
    """A player's current role (a recruit is a Traitor); None before the start or for strangers."""
    if not started(state) or player not in state.players:
        return None
    return Role.TRAITOR if player in state.traitor_ids else Role.FAITHFUL


def traitors(state: State) -> tuple[int, ...]:
    """The living Traitors in seat order. Secret: never put this in a public message."""
    return state.alive_traitors


def faithful(state: State) -> tuple[int, ...]:
    """The living Faithful in seat order (empty in the lobby). Secret, like ``traitors``."""
    if not started(state):
        return ()
    return tuple(p for p in living(state) if p not in state.traitor_ids)


def awaiting(state: State) -> tuple[int, ...]:
    """Who the game is waiting on for a murder, ballot or recruit choice, in seat order."""
    if state.phase is Phase.NIGHT:
        chose = dict(state.night_choices)
        return tuple(p for p in traitors(state) if p not in chose)
    if state.phase is Phase.VOTE:
        voted = dict(state.ballots)
        return tuple(p for p in living(state) if p not in voted)
    if state.phase is Phase.RECRUIT:
        if state.offer is not None:
            return (state.offer,)
        picked = dict(state.recruit_picks)
        return tuple(p for p in traitors(state) if p not in picked)
    return ()


def winner(state: State) -> str | None:
    """The side that has won by the rules (checked after every removal), or None."""
    traitor_count = len(traitors(state))
    if traitor_count == 0:
        return "faithful"
    if traitor_count >= len(faithful(state)):
        return "traitors"
    return None
