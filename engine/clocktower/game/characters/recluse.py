"""The Recluse: a good Outsider who may register as evil, as a Minion or the Demon."""

from __future__ import annotations

from engine.clocktower.game.model import Registration, Seat, State
from engine.clocktower.game.registration import misregistrations
from engine.clocktower.game.roles import Role


class Recluse(Role):
    id = "recluse"
    policy = "Registers as a Minion or the Demon 10-50% of the time, more when good is ahead."
    registers_as = (("minion", "evil"), ("demon", "evil"))

    def registrations(self, state: State, seat: Seat) -> tuple[Registration, ...]:
        return misregistrations(state, seat.player, self.registers_as)
