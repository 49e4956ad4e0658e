"""The Poisoner: each night, poisons a player until the next dusk; the poison ends if she dies.

A poisoned player's ability does nothing and their information may be false. A Poisoner who
knows her Demon (Minion info) never poisons it, neither by the self-play hint nor by the bot
storyteller's timeout default: a poisoned Demon kills nobody, and a table with only the evil team
left alive would then never end."""

from __future__ import annotations

from engine.clocktower.game.decisions import choose
from engine.clocktower.game.markers import known_evil
from engine.clocktower.game.model import Mark, State, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Table, most_trusted
from engine.clocktower.game.working import works


class Poisoner(Role):
    id = "poisoner"
    reminders = {"poisoned": "poisoned"}
    reasoned = True
    poisons_nightly = True

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        spare = known_evil(state, player, ("demon",))
        (target,) = choose(state, key, player, self.id, everyone, spare=spare)
        if works(state, player):
            state = put_mark(state, "poisoned", player, target, dusks=1)
        return state, []

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        spare = known_evil(state, player, ("demon",))
        chosen = most_trusted(table, state, player, [p for p in options if p not in spare], pick)
        return chosen or (player,)  # nobody else left but her Demon: herself

    def holds(self, state: State, mark: Mark) -> bool:
        source = seat(state, mark.source)
        return source.alive and source.character == mark.character
