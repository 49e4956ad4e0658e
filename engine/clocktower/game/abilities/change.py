"""The character-change pattern: who becomes the Demon when the Demon dies.

A Minion whose unit takes over (``Role.takes_over``: the Scarlet Woman) becomes the dead Demon's
character; otherwise the dead Demon's own unit may name an heir (``Role.died``: the Imp's star
pass).
"""

from __future__ import annotations

from engine.clocktower.game.effects import tell
from engine.clocktower.game.model import State, with_seat
from engine.clocktower.game.roles import Result, seats_having


def become_demon(state: State, player: int, demon: str) -> Result:
    state = with_seat(state, player, character=demon, shown=demon, team="demon")
    state, effect = tell(state, player, "became_demon", character=demon)
    return state, [effect]


def takeover(state: State, demon: str, alive_before: int) -> Result:
    """A living Minion able to take over the dead Demon does so (the first in seat order)."""
    for s, unit in seats_having(state, "takes_over"):
        if s.alive and unit.takes_over(state, s, alive_before):
            return become_demon(state, s.player, demon)
    return state, []
