"""Once-per-game abilities (the Seamstress, the Artist, the Philosopher, the Bone Collector):
spent on first use, drunk or sober (``Seat.used``), and fresh again for one more use while a
``fresh`` reminder holds (the Bone Collector's choice, the Barista's "works twice"); a new
character is a fresh ability (``change.change_character``)."""

from __future__ import annotations

from engine.clocktower.game.model import State, evolve, seat, with_seat
from engine.clocktower.game.working import holds


def _fresh(state: State, player: int) -> list[int]:
    return [
        i
        for i, m in enumerate(state.marks)
        if m.kind == "fresh" and m.target == player and holds(state, m)
    ]


def spent(state: State, player: int) -> bool:
    """Whether ``player``'s once-per-game ability is used up now."""
    return seat(state, player).used and not _fresh(state, player)


def spend(state: State, player: int) -> State:
    """Use the ability once: spent, or (when spent and fresh again) the freshness used."""
    if seat(state, player).used:
        fresh = _fresh(state, player)
        if fresh:
            marks = tuple(m for i, m in enumerate(state.marks) if i != fresh[0])
            return evolve(state, marks=marks)
    return with_seat(state, player, used=True)
