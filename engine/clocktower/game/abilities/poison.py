"""The poison/drunk pattern: the Poisoner's nightly choice (drunkenness is the Drunk's character).

A poisoned player's ability does nothing and their information may be false; the poison lasts
until the next dusk, and ends early if the Poisoner dies (see ``model.is_poisoned``).
"""

from __future__ import annotations

from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import State, put_mark, works
from engine.core import Effect


def poisoner(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
    everyone = tuple(s.player for s in state.seats)
    (target,) = choose(state, key, player, character, everyone)
    if works(state, player):
        state = put_mark(state, "poisoned", player, target)
    return state, []


def butler(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
    """The Butler picks a Master each night (the vote restriction is in ``votes.py``)."""
    others = tuple(s.player for s in state.seats if s.player != player)
    (target,) = choose(state, key, player, character, others)
    return put_mark(state, "master", player, target), []
