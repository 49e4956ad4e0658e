"""The Magician: the Demon thinks the Magician is one of its Minions, and the Minions think the
Magician is a Demon (``Role.evil_info``, while the Magician's ability works as the evil team is
told: at Minion and Demon info, or when the Poppy Grower's death lets them learn each other).
The Demon sees the Magician among its Minions and each Minion sees two Demons, in seat order,
so neither can tell which is which.

Jinx with the Spy: when the Spy sees the grimoire, the Demon's and the Magician's tokens are off
it (``Role.hides_grimoire``)."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.model import Seat, State, TeamInfo, demons, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


def _in_seat_order(state: State, players: set[int]) -> tuple[int, ...]:
    return tuple(s.player for s in state.seats if s.player in players)


class Magician(Role):
    id = "magician"
    policy: ClassVar[str] = "No rulings: the evil team is shown the Magician as the rules say."

    def evil_info(self, state: State, seat_: Seat, to: int, info: TeamInfo, key: str) -> TeamInfo:
        if to == seat_.player or not works(state, seat_.player):
            return info
        me = {seat_.player}
        if seat(state, to).team == "demon":
            return TeamInfo(
                info.demon, _in_seat_order(state, set(info.minions) | me), info.bluffs, info.apart
            )
        return TeamInfo(
            _in_seat_order(state, set(info.demon) | me), info.minions, info.bluffs, info.apart
        )

    def hides_grimoire(self, state: State, seat_: Seat) -> tuple[int, ...]:
        if not works(state, seat_.player):
            return ()
        return (seat_.player, *demons(state))
