"""The registry of what each character does when it wakes.

A wake handler is ``handler(state, player, character, key) -> (state, effects)``; it may raise
``decisions.Need`` to ask for a choice. Characters without a handler (or whose ability is passive,
like the Soldier) are found by the hooks in ``protection``, ``kill``, ``change`` and ``votes``.
Adding an edition means adding handlers here and, where a pattern is new, a small module.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.clocktower.game.abilities import info, kill, poison, protection, travellers
from engine.clocktower.game.abilities.info import WAKE_WHEN_DEAD as WAKE_WHEN_DEAD
from engine.clocktower.game.effects import tell
from engine.clocktower.game.model import State, demons, minions
from engine.core import Effect

Wake = Callable[[State, int, str, str], tuple[State, list[Effect]]]
Marker = Callable[[State, str], tuple[State, list[Effect]]]


def _team(team: str) -> Wake:
    def handler(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
        return info.one_of_two(state, player, character, key, team)

    return handler


WAKES: dict[str, Wake] = {
    "washerwoman": _team("townsfolk"),
    "librarian": _team("outsider"),
    "investigator": _team("minion"),
    "chef": info.chef,
    "empath": info.empath,
    "fortuneteller": info.fortuneteller,
    "undertaker": info.undertaker,
    "ravenkeeper": info.ravenkeeper,
    "spy": info.spy,
    "monk": protection.monk,
    "poisoner": poison.poisoner,
    "butler": poison.butler,
    "imp": kill.imp,
    "bureaucrat": travellers.bureaucrat,
    "thief": travellers.thief,
}


def minion_info(state: State, key: str) -> tuple[State, list[Effect]]:
    effects: list[Effect] = []
    team = minions(state)
    for p in team:
        state, e = tell(
            state, p, "minion_info", demon=demons(state), minions=tuple(m for m in team if m != p)
        )
        effects.append(e)
    return state, effects


def demon_info(state: State, key: str) -> tuple[State, list[Effect]]:
    effects: list[Effect] = []
    for p in demons(state):
        state, e = tell(state, p, "demon_info", minions=minions(state), bluffs=state.bluffs)
        effects.append(e)
    return state, effects


MARKERS: dict[str, Marker] = {"minioninfo": minion_info, "demoninfo": demon_info}
INFO_MARKERS_FROM = 7
TRAVELLERS = (
    "scapegoat",
    "gunslinger",
    "beggar",
    "bureaucrat",
    "thief",
)  # implemented ones  # Minion and Demon info happen with this many players or more
