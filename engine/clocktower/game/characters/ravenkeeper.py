"""The Ravenkeeper: on the night it dies, wakes to choose a player and learn their character."""

from __future__ import annotations

from engine.clocktower.game.abilities.info import character_of
from engine.clocktower.game.characters._learns_character import LearnsCharacter
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Table, most_suspected


class Ravenkeeper(LearnsCharacter):
    id = "ravenkeeper"

    def wakes(self, state: State, seat: Seat) -> bool:
        return seat.player in state.died_tonight  # on the night it dies, and only then

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        return character_of(state, player, self.id, key, target, dead_ok=True)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return most_suspected(table, state, player, options, pick)
