"""The Bone Collector (Traveller): once per game, at night after the first, may choose a dead
player: they regain their ability until dusk (still dead), may use a spent or first-night one
once more (``once``), and wake for it tonight if its place is still to come (or at once, for a
"you start knowing" ability). The chosen player is not told; the Bone Collector's death ends the
gift. A drunk or poisoned Bone Collector spends the use for nothing (abnormally)."""

from __future__ import annotations

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State, marks_of, put_mark, seat
from engine.clocktower.game.night import wake_later
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import active, works

REVIVES = 0.4  # how often a simulated Bone Collector uses the ability on a night with dead


class BoneCollector(Role):
    id = "bonecollector"
    reminders = {"revived": "has their ability until dusk", "fresh": "may use again"}

    def wakes(self, state: State, seat_: Seat) -> bool:
        dead = any(not s.alive for s in state.seats)
        return active(state, seat_.player) and not spent(state, seat_.player) and dead

    def night(self, state: State, player: int, key: str) -> Result:
        dead = tuple(s.player for s in state.seats if not s.alive)
        chosen = choose(state, key + ":pick", player, self.id, dead, optional=True)
        if not chosen:
            return state, []
        state = spend(state, player)
        if not works(state, player):
            return abnormal.mark(state, player), []
        (target,) = chosen
        state = put_mark(state, "revived", player, target, dusks=1)
        state = put_mark(state, "fresh", player, target, dusks=1)
        return wake_later(state, seat(state, target).character, target), []

    def grants_ability(self, state: State, seat_: Seat, target: int) -> bool:
        revived = [m for m in marks_of(state, "revived", seat_.player) if m.target == target]
        return bool(revived) and works(state, seat_.player)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        if not options or table.rng.random() >= REVIVES:
            return ()
        return (table.rng.choice(options),)
