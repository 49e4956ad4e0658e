"""Small helpers shared by the rule modules: private tells (remembered for ``briefing``)."""

from __future__ import annotations

from typing import TypeVar

from engine.clocktower.game.events import Told
from engine.clocktower.game.model import State, evolve

T = TypeVar("T", bound=Told)


def tell(state: State, effect: T) -> tuple[State, T]:
    """A private message, remembered in the state so its recipient can ask for it again."""
    return evolve(state, told=(*state.told, effect)), effect
