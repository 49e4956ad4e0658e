"""The General: each night, learns which side the storyteller believes is winning: good, evil
or neither.

A human storyteller answers as they judge (any of the three). The bot storyteller judges by the
true state alone, so that it favours neither side: good's share of the living players against
its share at the start (``policy.good_edge``); ahead by more than ``MARGIN``, good is winning,
behind by more, evil, else neither. Drunk or poisoned (or with the Vortox), the General is told
one of the other two at random (``_opinion``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.characters._opinion import decide, opinion
from engine.clocktower.game.model import Pending, State
from engine.clocktower.game.policy import good_edge
from engine.clocktower.game.roles import Result, Role, Words

SIDES = ("good", "evil", "neither")
MARGIN = 0.05  # how far good's share of the living must move from the start to be "winning"


def judgement(state: State) -> str:
    """Which side the bot storyteller believes is winning."""
    edge = good_edge(state)
    return "good" if edge > MARGIN else "evil" if edge < -MARGIN else "neither"


class General(Role):
    id = "general"
    topics = {"general": "which side the General is told is winning"}
    policy: ClassVar[str] = (
        "Good is winning when good's share of the living is more than 5 points above its share "
        "at the start, evil when more than 5 below, else neither; drunk or poisoned, another."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        return opinion(state, player, self.id, key, "general", judgement(state), SIDES)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return decide(pending, rng)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        side = info["answer"]
        if side == "neither":
            return f"{words.strong('neither')} side is winning."
        return f"the {words.strong(side)} team is winning."
