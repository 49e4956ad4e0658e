"""What the Undertaker and the Ravenkeeper share: they learn one player's character."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.catalogue import character
from engine.clocktower.game.roles import Role, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard


class LearnsCharacter(Role):
    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return (
            f"{words.players(info['players'])} is the "
            f"{words.strong(words.character(info['answer']))}."
        )

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        evil = character(info["answer"]).evil
        for p in info["players"]:
            score[p] += weight * (3.0 if evil else -1.5)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        (target,) = heard.players
        return Weight(now.is_character(target, heard.answer), 1 / len(now.worlds.setup.chars))
