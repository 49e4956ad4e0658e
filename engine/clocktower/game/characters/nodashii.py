"""The No Dashii: each night after the first, chooses a player who dies. Its nearest Townsfolk
clockwise and counterclockwise (alive or dead, skipping everyone else) are poisoned while its
ability works; who they are follows the seats as characters change."""

from __future__ import annotations

from engine.clocktower.game.characters._sv import KillsNightly, townsfolk_neighbours
from engine.clocktower.game.model import Seat, State, seat
from engine.clocktower.game.working import works


class NoDashii(KillsNightly):
    id = "nodashii"
    reasoned = True
    poisons_neighbours = True

    def poisons(self, state: State, seat_: Seat, target: int) -> bool:
        if seat(state, target).team != "townsfolk":
            return False
        return target in townsfolk_neighbours(state, seat_.player) and works(state, seat_.player)
