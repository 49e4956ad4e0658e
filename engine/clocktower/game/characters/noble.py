"""The Noble: starts knowing three players, exactly one of whom is evil.

A Spy may count as good and a Recluse as evil (a ruling offers the triples registration
allows); a drunk or poisoned Noble may be shown any three, the consistent lie first
(``_knows_players``)."""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from typing import Any, ClassVar

import numpy as np

from engine.clocktower.game.characters._knows_players import knows_players, made_up
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Registration, State
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard


class Noble(Role):
    id = "noble"
    policy: ClassVar[str] = (
        "Shows one random evil player with two random good ones; misregistration with the "
        "usual chance; drunk or poisoned, the consistent lie."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        return knows_players(state, player, self.id, key, 3, _evil, _one)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"exactly one of {words.strong(words.players(info['answer']))} is evil."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        for p in info["answer"]:
            score[p] += weight / 3

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """One evil player and two good ones besides the Noble, at random; drunk, any three."""
        n = len(now.worlds.setup.seats)
        fewest, most = now.evil_count(heard.answer)
        evil = now.worlds.evil.sum(axis=1)
        groups = np.maximum(evil * ((n - 1 - evil) * (n - 2 - evil) // 2), 1)
        return Weight(((fewest <= 1) & (1 <= most)) / groups, 1 / max(comb(n - 1, 3), 1))

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        return made_up(table, state, player, world, night, self.id, 3, _evil, _one)


def _evil(registration: Registration) -> bool:
    return registration.alignment == "evil"


def _one(flags: tuple[bool, ...]) -> bool:
    return sum(flags) == 1
