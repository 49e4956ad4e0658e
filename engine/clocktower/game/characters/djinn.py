"""The Djinn (Fabled): the jinxes between the script's characters are in force, and everyone
knows them.

The engine applies every official jinx it runs wherever the pair is in play, in the units of the
characters concerned (the Heretic's setup exclusions, the Widow's hidden tokens, ...), so the
Djinn adds no rule of its own: it makes them public. At the first dawn the table is told every
jinxed pair on the script.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.catalogue import jinx_pairs
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Event, Public


@dataclass(frozen=True)
class JinxesInForce(Event, Public):
    """At the first dawn: the jinxed pairs of characters on the script."""

    event = "jinxes_in_force"
    pairs: tuple[tuple[str, str], ...]


def script_jinxes(state: State) -> tuple[tuple[str, str], ...]:
    """The official jinxes between two characters of the game's script."""
    on = set(state.script_ids)
    return tuple((a, b) for a, b in jinx_pairs() if a in on and b in on)


class Djinn(Role):
    id = "djinn"
    policy = "No rulings: the script's jinxes apply as the engine always applies them, told to all."
    events = (JinxesInForce,)

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        pairs = script_jinxes(state)
        return state, [JinxesInForce(pairs)] if state.day == 1 and pairs else []

    def says(self, event: Any, words: Words) -> str:
        pairs = "; ".join(f"{words.character(a)} and {words.character(b)}" for a, b in event.pairs)
        return f"🧞 The {words.strong('Djinn')}: these jinxes are in force: {pairs}."
