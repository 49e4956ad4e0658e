"""The Mathematician: each night, learns how many players' abilities worked abnormally since dawn
because of another character (``abnormal``): false information from a drunk or poisoned player,
a misregistration, anything the Vortox falsified, an effect that failed. Not their own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abnormal import since_dawn
from engine.clocktower.game.model import Field, State
from engine.clocktower.game.roles import Result, Role, Words

MAX_FALSE = 3


class Mathematician(Role):
    id = "mathematician"

    def night(self, state: State, player: int, key: str) -> Result:
        truth = len(since_dawn(state, player))
        top = len(state.seats)
        false = [v for v in (truth + 1, truth - 1, truth + 2, 0) if 0 <= v <= top and v != truth]
        fields = (Field("number", tuple(range(top + 1))),)
        return learn(state, player, self.id, key, truth, (), false[:MAX_FALSE], fields=fields)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        whose = "player's ability" if count == 1 else "players' abilities"
        return f"{words.strong(count)} {whose} worked abnormally since dawn."
