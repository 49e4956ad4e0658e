"""The Empath: each night, learns how many of their two living neighbours are evil."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import evil_views, learn, numbers
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import State, neighbours
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard, night_moment


class Empath(Role):
    id = "empath"

    def night(self, state: State, player: int, key: str) -> Result:
        near = list(dict.fromkeys(neighbours(state, player)))

        def counted(world: World) -> int:
            return _evil_among(world, near)

        views = evil_views(state, near)
        counts = [sum(v[p] for p in near) for v in views]
        registered, false = numbers(counts[0], counts, 2)
        return learn(
            state, player, self.id, key, counts[0], registered, false, tuple(near), lie=counted
        )

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        return (
            f"{words.strong(count)} of your living neighbours "
            f"({words.players(info['players'])}) {'is' if count == 1 else 'are'} evil."
        )

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        for p in info["players"]:
            score[p] += weight * 0.7 * info["answer"]

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        fewest, most = now.evil_count(heard.players)
        return Weight(((fewest <= heard.answer) & (heard.answer <= most)).astype(float), 1 / 3)

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        near = tuple(dict.fromkeys(neighbours(state, player)))
        return Heard(self.id, night_moment(night), _evil_among(world, near), near)


def _evil_among(world: World, players: Any) -> int:
    return sum(world[p].alignment == "evil" for p in players)
