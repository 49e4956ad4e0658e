"""The Knight: starts knowing two players who are not the Demon.

A Recluse may be left out (registering as the Demon) but never must be; a drunk or poisoned
Knight may be shown the Demon, the consistent lie first (``_knows_players``)."""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from typing import Any, ClassVar

from engine.clocktower.game.characters._knows_players import knows_players, made_up
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Registration, State
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard


class Knight(Role):
    id = "knight"
    policy: ClassVar[str] = (
        "Shows two random players who are not the Demon; drunk or poisoned, the consistent lie."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        return knows_players(state, player, self.id, key, 2, _not_demon, all)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        a, b = info["answer"]
        return f"{words.strong(words.players((a, b)))} are not the Demon."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        for p in info["answer"]:
            score[p] -= weight

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """Two of the players besides the Knight and the Demon, at random; drunk, any two."""
        n = len(now.worlds.setup.seats)
        surely, _maybe = now.demon_among(heard.answer)
        return Weight((~surely) / max(comb(n - 2, 2), 1), 1 / max(comb(n - 1, 2), 1))

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        return made_up(table, state, player, world, night, self.id, 2, _not_demon, all)


def _not_demon(registration: Registration) -> bool:
    return registration.team != "demon"
