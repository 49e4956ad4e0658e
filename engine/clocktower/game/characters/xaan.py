"""The Xaan: on night X, and the day after it until dusk, every Townsfolk is poisoned, X being
the number of Outsiders in play when the game began (the setup deals any number of them, at
least one: the catalogue's ``any_outsiders``). X is fixed at setup: Outsiders made or lost
later do not move it, so it is counted from each seat's first character (``State.changes``).
The Xaan must be alive with its ability working (neither drunk nor poisoned) for the poison to
hold, moment by moment: a Xaan who dies on day X stops poisoning at once.

The reasoning model's worlds deal the Outsider counts the bag deals (at least one) and poison
every good Townsfolk's information of night X and its day in the worlds whose Xaan was alive
at dusk (``poisons_townsfolk_on_night_x``; an approximation: a Xaan killed that night or
executed that day, or itself poisoned, still counts)."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.cast import char
from engine.clocktower.game.model import Phase, Seat, State, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works


def first_characters(state: State) -> dict[int, str]:
    """Each seat's character when the game began (before any change during play)."""
    first = {s.player: s.character for s in state.seats}
    for change in reversed(state.changes):
        first[change.player] = change.before
    return first


def night_x(state: State) -> int:
    """X: the Outsiders in play at the end of setup."""
    return sum(char(state, c).team == "outsider" for c in first_characters(state).values())


class Xaan(Role):
    id = "xaan"
    reasoned = True
    poisons_townsfolk_on_night_x = True
    policy: ClassVar[str] = (
        "No rulings: the deal sets the Outsider count, and every Townsfolk is poisoned on that "
        "night and the next day while the Xaan lives."
    )

    def poisons(self, state: State, seat_: Seat, target: int) -> bool:
        if seat(state, target).team != "townsfolk":
            return False
        if state.phase not in (Phase.NIGHT, Phase.DAY) or state.night != night_x(state):
            return False
        return works(state, seat_.player)
