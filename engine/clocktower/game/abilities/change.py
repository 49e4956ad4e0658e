"""The change pattern: a player's character or alignment changes, and they learn it at once.

Every change goes through ``change_character`` or ``change_alignment`` so the player is told, and
reminders, night order and win conditions follow the new facts (they are read from the seat).
A dead Demon's successor: a Minion whose unit takes over (``Role.takes_over``: the Scarlet Woman)
becomes the dead Demon's character; otherwise the dead Demon's own unit may name an heir
(``Role.died``: the Imp's star pass).
"""

from __future__ import annotations

from engine.clocktower.game.cast import char
from engine.clocktower.game.effects import tell
from engine.clocktower.game.model import State, seat, with_seat
from engine.clocktower.game.roles import Result, seats_having


def change_character(state: State, player: int, cid: str, event: str = "became") -> Result:
    """``player`` becomes ``cid`` (shown it too), keeping their alignment; they are told."""
    state = with_seat(state, player, character=cid, shown=cid, team=char(state, cid).team)
    state, effect = tell(state, player, event, character=cid)
    return state, [effect]


def change_alignment(state: State, player: int, alignment: str) -> Result:
    """``player`` turns ``alignment`` (good or evil); they are told."""
    if seat(state, player).alignment == alignment:
        return state, []
    state = with_seat(state, player, alignment=alignment)
    state, effect = tell(state, player, "turned", alignment=alignment)
    return state, [effect]


def become_demon(state: State, player: int, demon: str) -> Result:
    return change_character(state, player, demon, event="became_demon")


def takeover(state: State, demon: str, alive_before: int) -> Result:
    """A living Minion able to take over the dead Demon does so (the first in seat order)."""
    for s, unit in seats_having(state, "takes_over"):
        if s.alive and unit.takes_over(state, s, alive_before):
            return become_demon(state, s.player, demon)
    return state, []
