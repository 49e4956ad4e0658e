"""The Devil's Advocate: each night chooses a living player other than last night's choice; if
that player is executed tomorrow, they do not die (while the Devil's Advocate's ability works;
the Assassin's kill is another matter). The town sees them survive."""

from __future__ import annotations

from engine.clocktower.game.abilities.targeting import aim, choice_made, chosen_on, last_choice
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works


class DevilsAdvocate(Role):
    id = "devilsadvocate"
    reasoned = True
    reminders = {"advocated": "survives execution tomorrow"}

    def night(self, state: State, player: int, key: str) -> Result:
        before = last_choice(state, "advocated", player)
        living = tuple(s.player for s in state.seats if s.alive and s.player != before)
        (target,) = choose(state, key, player, self.id, living)
        state, effects = aim(state, player, target, key)
        return choice_made(state, "advocated", player, target, works(state, player)), effects

    def cannot_die(self, state: State, seat: Seat, target: int, cause: str) -> bool:
        chosen = chosen_on(state, "advocated", seat.player, state.day)
        return cause == "execution" and chosen == target and works(state, seat.player)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        """A simulated Devil's Advocate covers a teammate (itself when it has none)."""
        team = table.team(state, player)
        mates = [s.player for s in state.seats if s.player in team and s.player in options]
        return (table.rng.choice(mates),) if mates else None
