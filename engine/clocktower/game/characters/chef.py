"""The Chef: on the first night, learns how many pairs of evil players sit next to each other."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import MAX_FALSE, evil_views, learn, numbers
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Field, State
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard, night_moment


class Chef(Role):
    id = "chef"

    def night(self, state: State, player: int, key: str) -> Result:
        order = [s.player for s in state.seats]
        pairs = list(zip(order, order[1:] + order[:1], strict=True))

        def count(view: dict[int, bool]) -> int:
            return sum(view[a] and view[b] for a, b in pairs)

        def counted(world: World) -> int:
            return count({p: r.alignment == "evil" for p, r in world.items()})

        views = evil_views(state, order)
        truth = count(views[0])
        registered, false = numbers(truth, [count(v) for v in views], 3)
        fields = (Field("number", tuple(range(len(order) + 1))),)
        return learn(
            state,
            player,
            self.id,
            key,
            truth,
            registered,
            false[:MAX_FALSE],
            lie=counted,
            fields=fields,
        )

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        pairs = info["answer"]
        said = f"{pairs} pair" + ("" if pairs == 1 else "s")
        return f"{words.strong(said)} of evil players {'sits' if pairs == 1 else 'sit'} together."

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """Pairs of neighbours among the residents (a Traveller sitting between is skipped)."""
        must, may = now.flags()
        fewest = (must & np.roll(must, -1, axis=1)).sum(axis=1)
        most = (may & np.roll(may, -1, axis=1)).sum(axis=1)
        return Weight(((fewest <= heard.answer) & (heard.answer <= most)).astype(float), 1 / 4)

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        if night != 1:
            return None
        order = [s.player for s in state.seats]
        evil = [world[p].alignment == "evil" for p in order]
        pairs = sum(a and b for a, b in zip(evil, evil[1:] + evil[:1], strict=True))
        return Heard(self.id, night_moment(night), pairs)
