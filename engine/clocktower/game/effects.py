"""Small helpers shared by the rule modules: private tells (remembered for ``briefing``)."""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.model import State, evolve
from engine.core import Tell


def tell(state: State, to: int, event: str, **data: Any) -> tuple[State, Tell]:
    """A private message to ``to``, remembered in the state so they can ask for it again."""
    effect = Tell(to, event, data)
    return evolve(state, told=(*state.told, effect)), effect
