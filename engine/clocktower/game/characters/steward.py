"""The Steward: starts knowing one good player.

A Spy may be shown (registering good), a Recluse may not be (registering evil); a drunk or
poisoned Steward may be shown anyone, the consistent lie first (``_knows_players``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from engine.clocktower.game.characters._knows_players import knows_players, made_up
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Registration, State
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard


class Steward(Role):
    id = "steward"
    policy: ClassVar[str] = (
        "Shows a random good player; a Spy with the usual misregistration chance; drunk or "
        "poisoned, the consistent lie."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        return knows_players(state, player, self.id, key, 1, _good, all)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"{words.strong(words.player(info['answer']))} is good."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        score[info["answer"]] -= weight

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """One of the good players besides the Steward, at random; drunk, anyone else."""
        n = len(now.worlds.setup.seats)
        fewest, _most = now.evil_count((heard.answer,))
        good = np.maximum(n - 1 - now.worlds.evil.sum(axis=1), 1)
        return Weight((fewest == 0) / good, 1 / (n - 1))

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        return made_up(table, state, player, world, night, self.id, 1, _good, all)


def _good(registration: Registration) -> bool:
    return registration.alignment == "good"
