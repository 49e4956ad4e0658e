"""Characters that hold other characters' abilities (``Role.gained``): the Philosopher's choice,
the Pixie's inheritance, the Alchemist's Minion, the Cannibal's last meal, the Hermit's
Outsiders, the Amnesiac's unknown ability.

The engine asks a gained ability's hooks of every seat through ``roles.seats_having``; the hooks
it asks only of a player's own character (dying, registering, being executed or nominated, a
Demon's attack redirected, a raised hand counting) are passed on here to the gained units.
"""

from __future__ import annotations

from engine.clocktower.game.model import Registration, Seat, State
from engine.clocktower.game.registration import true_registration
from engine.clocktower.game.roles import Result, Role, role
from engine.core import Effect


class Gains(Role):
    """A unit whose ``gained`` abilities also answer its own character's hooks."""

    def _units(self, state: State, seat_: Seat) -> list[Role]:
        return [role(c) for c in self.gained(state, seat_)]

    def died(self, state: State, seat_: Seat, cause: str, key: str) -> Result:
        effects: list[Effect] = []
        for unit in self._units(state, seat_):
            state, more = unit.died(state, seat_, cause, key + ":" + unit.id)
            effects += more
        return state, effects

    def registrations(self, state: State, seat_: Seat) -> tuple[Registration, ...]:
        found: tuple[Registration, ...] = (true_registration(state, seat_.player),)
        for unit in self._units(state, seat_):
            found = tuple(dict.fromkeys((*found, *(unit.registrations(state, seat_) or ()))))
        return found

    def executed(self, state: State, seat_: Seat) -> tuple[str, str] | None:
        return next((e for u in self._units(state, seat_) if (e := u.executed(state, seat_))), None)

    def nominated(self, state: State, seat_: Seat, nominator: int, key: str) -> tuple[State, bool]:
        hit = False
        for unit in self._units(state, seat_):
            state, now = unit.nominated(state, seat_, nominator, key)
            hit = hit or now
        return state, hit

    def redirect(self, state: State, seat_: Seat, attacker: int, key: str) -> int:
        units = self._units(state, seat_)
        return units[0].redirect(state, seat_, attacker, key) if units else seat_.player

    def vote_counts(self, state: State, seat_: Seat, yes: tuple[int, ...]) -> bool:
        return all(u.vote_counts(state, seat_, yes) for u in self._units(state, seat_))
