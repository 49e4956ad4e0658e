"""How players register to abilities: as themselves, or (Spy, Recluse) as something else.

A misregistering character's possible registrations are data (``MISREGISTER``): which teams it
may register as and with which alignment. Whether it does, each time it matters, is a storyteller
ruling; the engine offers every registration the rules allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.clocktower.catalogue import character
from engine.clocktower.game.model import State, seat, sober

# character id -> ((team it may register as, alignment it then registers with), ...)
MISREGISTER: dict[str, tuple[tuple[str, str], ...]] = {
    "spy": (("townsfolk", "good"), ("outsider", "good")),
    "recluse": (("minion", "evil"), ("demon", "evil")),
}


@dataclass(frozen=True)
class Registration:
    character: str
    team: str
    alignment: str


@cache
def _script_team(script_ids: tuple[str, ...], team: str) -> tuple[str, ...]:
    return tuple(c for c in script_ids if character(c).team == team)


def script_team(state: State, team: str) -> tuple[str, ...]:
    """The characters of ``team`` on this game's script."""
    return _script_team(state.script_ids, team)


def true_registration(state: State, player: int) -> Registration:
    s = seat(state, player)
    return Registration(s.character, s.team, s.alignment)


def misregisters(state: State, player: int) -> bool:
    """Spy and Recluse misregister even when dead, but not when drunk or poisoned."""
    return seat(state, player).character in MISREGISTER and sober(state, player)


def registrations(state: State, player: int) -> tuple[Registration, ...]:
    """Every way ``player`` may register now, the true one first."""
    true = true_registration(state, player)
    if not misregisters(state, player):
        return (true,)
    found = [true]
    for team, alignment in MISREGISTER[true.character]:
        found.extend(Registration(c, team, alignment) for c in script_team(state, team))
    return tuple(dict.fromkeys(found))


def alignments(state: State, player: int) -> tuple[str, ...]:
    """The alignments ``player`` may register as, the true one first."""
    return tuple(dict.fromkeys(r.alignment for r in registrations(state, player)))


def may_register_as_team(state: State, player: int, team: str) -> tuple[bool, ...]:
    """Whether ``player`` registers as ``team``: (truth,) or (truth, the other answer)."""
    teams = [r.team for r in registrations(state, player)]
    truth = teams[0] == team
    return (truth, not truth) if any((t == team) != truth for t in teams) else (truth,)
