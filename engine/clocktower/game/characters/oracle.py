"""The Oracle: each night after the first, learns how many dead players are evil (as they
register: a dead Recluse may count, a dead Spy may not)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import evil_views, learn, numbers
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Field, State
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard


class Oracle(Role):
    id = "oracle"

    def night(self, state: State, player: int, key: str) -> Result:
        dead = [s.player for s in state.seats if not s.alive]
        views = evil_views(state, dead)
        counts = [sum(v.values()) for v in views]
        registered, false = numbers(counts[0], counts, len(dead))

        def counted(world: World) -> int:
            return sum(world[p].alignment == "evil" for p in dead)

        fields = (Field("number", tuple(range(len(dead) + 1))),)
        return learn(
            state,
            player,
            self.id,
            key,
            counts[0],
            registered,
            false[:3],
            lie=counted,
            fields=fields,
        )

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """The dead who may register as evil, as many as the Empath's count allows; impaired,
        any count from none to all the dead."""
        dead = [p for p in now.worlds.setup.seats if p not in now.alive]
        fewest, most = now.evil_count(dead)
        said = (fewest <= heard.answer) & (heard.answer <= most)
        return Weight(said.astype(float), 1 / (len(dead) + 1))

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        return f"{words.strong(count)} of the dead {'is' if count == 1 else 'are'} evil."
