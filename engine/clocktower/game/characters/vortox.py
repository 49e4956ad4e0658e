"""The Vortox: each night after the first, chooses a player who dies. While its ability works,
every Townsfolk's information is false (``info.misinformed``; not a Barista's sober and healthy
player's), and a day that ends with no execution ends the game: evil wins (exiles do not
count)."""

from __future__ import annotations

from engine.clocktower.game.characters._sv import KillsNightly
from engine.clocktower.game.model import Seat, State, seat
from engine.clocktower.game.working import works


class Vortox(KillsNightly):
    id = "vortox"
    reasoned = True
    falsifies = True
    quiet_day_ends = True
    endings = {"vortox": "a day ended with no execution while the Vortox lived"}

    def misinforms(self, state: State, seat_: Seat, learner: int) -> bool:
        return seat(state, learner).team == "townsfolk" and works(state, seat_.player)

    def dusk_ending(self, state: State, seat_: Seat) -> tuple[str, str] | None:
        quiet = state.executed is None
        return ("evil", "vortox") if quiet and works(state, seat_.player) else None
