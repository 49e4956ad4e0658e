"""The Spirit of Ivory (Fabled): never more than one evil player beyond the setup sheet's.

The normal number of evil players is the setup sheet's Minions and Demons for the players
dealt (Travellers aside). While that many plus one are evil, a good player whom an ability
would turn evil stays good (``Role.forbids_turn``); a trade of alignments (the Snake Charmer's)
turns its good player first, so it never counts as an extra one.
"""

from __future__ import annotations

from engine.clocktower.catalogue import MAX_PLAYERS, MIN_PLAYERS, setup_counts
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Role

EXTRA = 1  # evil players beyond the normal number, at most


def normal_evil(state: State) -> int:
    """The setup sheet's Minions and Demons for the residents dealt."""
    dealt = sum(s.team != "traveller" for s in state.seats)
    counts = setup_counts(min(max(dealt, MIN_PLAYERS), MAX_PLAYERS))
    return counts["minion"] + counts["demon"]


class SpiritOfIvory(Role):
    id = "spiritofivory"
    policy = "No rulings: a good player turning evil stays good once one extra player is evil."

    def forbids_turn(self, state: State, seat: Seat, player: int, alignment: str) -> bool:
        if alignment != "evil":
            return False
        evil = sum(s.team != "traveller" and s.alignment == "evil" for s in state.seats)
        return evil >= normal_evil(state) + EXTRA
