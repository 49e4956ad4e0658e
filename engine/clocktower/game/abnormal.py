"""The record of abilities that worked abnormally, which the Mathematician counts.

An ability works abnormally when, because of another character, information it gives is not
true (a drunk or poisoned player shown a lie, a Recluse registering as evil, anything the Vortox
falsifies) or an effect it should have had does not happen (a drunk Demon's attack, a poisoned
Witch's curse, a drunk Snake Charmer choosing the Demon). The engine marks each such outcome when
it happens (``mark``), stamped with the day it belongs to: ``State.day`` counts dawns, so a mark
made by day or in the night after it carries that day's number, and the first night's carry 0.
The Mathematician counts the players marked since the last dawn (``since_dawn``), not themself.
"""

from __future__ import annotations

from engine.clocktower.game.model import State, evolve


def mark(state: State, player: int) -> State:
    """Record that ``player``'s ability worked abnormally now."""
    entry = (state.day, player)
    if entry in state.abnormal:
        return state
    return evolve(state, abnormal=(*state.abnormal, entry))


def since_dawn(state: State, besides: int) -> tuple[int, ...]:
    """The players (other than ``besides``) whose abilities worked abnormally since dawn."""
    return tuple(p for day, p in state.abnormal if day == state.day and p != besides)
