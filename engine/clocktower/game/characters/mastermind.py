"""The Mastermind: if the Demon dies by execution while the Mastermind's ability works, the game
does not end: play goes on for one more day. If a player is executed that day, their team loses
(whether or not they die); if nobody is, good wins."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, demons, marks_of, put_marks, seat
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


def extra_day(state: State, mastermind: int) -> int | None:
    """The day the Mastermind's extra day is, once the Demon has been executed."""
    found = marks_of(state, "extra_day", mastermind)
    return int(found[-1].note) + 1 if found else None


class Mastermind(Role):
    id = "mastermind"
    reasoned = True
    outlives_demon = True
    reminders = {"extra_day": "the Demon was executed: one more day"}
    endings = {
        "mastermind_execution": "an execution on the Mastermind's extra day",
        "mastermind_quiet": "nobody was executed on the Mastermind's extra day",
    }

    def someone_died(self, state: State, seat_: Seat, dead: int, cause: str, key: str) -> Result:
        if cause != "execution" or seat(state, dead).team != "demon" or demons(state):
            return state, []
        if not works(state, seat_.player) or extra_day(state, seat_.player) is not None:
            return state, []
        return put_marks(state, "extra_day", seat_.player, (dead,), note=str(state.day)), []

    def postpones_end(self, state: State, seat_: Seat) -> bool:
        day = extra_day(state, seat_.player)
        return day is not None and state.day <= day

    def judges_execution(self, state: State, seat_: Seat, executee: int) -> tuple[str, str] | None:
        if extra_day(state, seat_.player) != state.day:
            return None
        loser = seat(state, executee).alignment
        return ("evil" if loser == "good" else "good"), "mastermind_execution"

    def dusk_ending(self, state: State, seat_: Seat) -> tuple[str, str] | None:
        if state.executed is not None or extra_day(state, seat_.player) != state.day:
            return None
        return "good", "mastermind_quiet"
