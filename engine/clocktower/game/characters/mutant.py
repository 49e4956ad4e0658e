"""The Mutant: if they are "mad" about being an Outsider (they try to convince the group they
are one), they might be executed. While their ability works they must not seem an Outsider:
publicly claiming an Outsider breaks that madness (``madness``); the bot storyteller's policy
is the madness module's.

The reasoning model reads no evidence from it: it learns nothing, and a Mutant hides
(``Role.claims``), so its claim carries nothing."""

from __future__ import annotations

import random

from engine.clocktower.game import madness
from engine.clocktower.game.characters._sv import of_teams
from engine.clocktower.game.model import Madness, Pending, Seat, State
from engine.clocktower.game.roles import Role, Table
from engine.clocktower.game.working import works

SLIPS = 0.05  # how often a simulated Mutant claims to be the Mutant anyway


class Mutant(Role):
    id = "mutant"
    poses_as_townsfolk = True  # it hides as a Townsfolk (``claims``), its information made up
    policy = (
        "Claiming an Outsider in public gets a good Mutant executed, an evil one too unless a "
        "living Demon is on the block."
    )

    def madness(self, state: State, seat: Seat) -> tuple[Madness, ...]:
        if not works(state, seat.player):
            return ()
        return (Madness(seat.player, "outsider", False, self.id),)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return madness.decide(state, pending) if pending.topic == "madness" else None

    def claims(self, table: Table, state: State, player: int) -> str | None:
        if table.rng.random() < SLIPS:
            return self.id
        townsfolk = of_teams(state, ("townsfolk",))
        return table.rng.choice(townsfolk) if townsfolk else None
