"""The Innkeeper: each night after the first chooses two players, who cannot die tonight (of
anything but the Assassin's kill); one of them, the storyteller's choice (``innkeeper_drunk``), is
drunk until dusk. The Innkeeper may choose themself. A drunk or poisoned Innkeeper protects no
one and makes no one drunk; one made drunk by their own ability still protects their guests
(an ability is not undone by its own effect: ``working.holds``).

Bot storyteller: the drunk guest is one who is not a Townsfolk if there is one (their drink
costs the good team least), else a random one.

The reasoning model reads no evidence from it: its guests are private and it learns nothing; a
kill it stops is among the stopped kills of the night's death count (``SAVED``)."""

from __future__ import annotations

import random

from engine.clocktower.game.abilities.targeting import aim_all
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import (
    Pending,
    Phase,
    Seat,
    State,
    marks_of,
    put_mark,
    put_marks,
    seat,
)
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import holds, works


class Innkeeper(Role):
    id = "innkeeper"
    policy = (
        "The drunk guest is one who is not a Townsfolk when there is one (costing good least), "
        "else a random one."
    )
    topics = {"innkeeper_drunk": "which of the Innkeeper's two guests is drunk until dusk"}
    reminders = {"guest": "cannot die tonight"}

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        chosen = choose(state, key + ":pick", player, self.id, everyone, pick=2)
        state, effects = aim_all(state, player, chosen, key)
        if not works(state, player):
            return state, effects
        drunk = rule(state, key, "innkeeper_drunk", chosen, truth=None, player=player)
        state = put_marks(state, "guest", player, chosen, dusks=1)
        return put_mark(state, "drunk", player, drunk, dusks=1), effects

    def cannot_die(self, state: State, seat: Seat, target: int, cause: str) -> bool:
        if state.phase is not Phase.NIGHT:
            return False
        guests = marks_of(state, "guest", seat.player)
        return any(m.target == target and holds(state, m) for m in guests)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        spare = [i for i, p in enumerate(pending.options) if seat(state, p).team != "townsfolk"]
        return spare[0] if spare else rng.randrange(len(pending.options))

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        trusted = list(reversed(table.ranked(state, player, options)))
        return (player, trusted[0]) if trusted else None
