"""The night sheet's markers that are not characters: Minion info and Demon info (first night,
seven or more players besides Travellers)."""

from __future__ import annotations

from collections.abc import Callable

from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import DemonInfo, MinionInfo
from engine.clocktower.game.model import State, demons, minions
from engine.clocktower.game.roles import Result
from engine.core import Effect

INFO_MARKERS_FROM = 7  # Minion and Demon info happen with this many players or more


def minion_info(state: State, key: str) -> Result:
    effects: list[Effect] = []
    team = minions(state)
    for p in team:
        state, e = tell(
            state, MinionInfo(p, demon=demons(state), minions=tuple(m for m in team if m != p))
        )
        effects.append(e)
    return state, effects


def demon_info(state: State, key: str) -> Result:
    effects: list[Effect] = []
    for p in demons(state):
        state, e = tell(state, DemonInfo(p, minions=minions(state), bluffs=state.bluffs))
        effects.append(e)
    return state, effects


def known_evil(
    state: State, player: int, parts: tuple[str, ...] = ("demon", "minions")
) -> set[int]:
    """The evil players ``player`` was told of (its Minion or Demon info): the ``parts`` named
    ``demon`` (the Demon a Minion knows), ``minions``, or both."""
    told = [t for t in state.told if t.to == player and isinstance(t, (MinionInfo, DemonInfo))]
    return {p for t in told for part in parts for p in t.data.get(part, ())}


MARKERS: dict[str, Callable[[State, str], Result]] = {
    "minioninfo": minion_info,
    "demoninfo": demon_info,
}


def info_nights(state: State) -> bool:
    """Whether this table is big enough for Minion and Demon info (and so for bluffs)."""
    return sum(s.team != "traveller" for s in state.seats) >= INFO_MARKERS_FROM
