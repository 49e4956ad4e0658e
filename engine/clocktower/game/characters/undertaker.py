"""The Undertaker: each night after the first, learns the character of the player executed
today (when the execution killed them)."""

from __future__ import annotations

from engine.clocktower.game.abilities.info import character_of
from engine.clocktower.game.characters._learns_character import LearnsCharacter
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Table
from engine.clocktower.reasoning.record import Heard, night_moment


class Undertaker(LearnsCharacter):
    id = "undertaker"

    def rouses(self, state: State, seat: Seat) -> bool:
        """Woken only when an execution killed someone today (the Chambermaid counts it)."""
        return state.executed is not None and state.execution_killed

    def night(self, state: State, player: int, key: str) -> Result:
        if state.executed is None or not state.execution_killed:
            return state, []
        return character_of(state, player, self.id, key, state.executed)

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        executed = table.executed(night - 1)
        if executed is None or not world[executed].character:
            return None
        return Heard(self.id, night_moment(night), world[executed].character, (executed,))
