"""What the Washerwoman, Librarian and Investigator share: one of two players is a character of
a team. Each is its own unit; this is their common shape, parameterised by the team."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import one_of_two
from engine.clocktower.game.model import State
from engine.clocktower.game.roles import Result, Role, Words


class OneOfTwo(Role):
    team: ClassVar[str] = ""
    # How much a simulated player suspects the two named players (negative: trusts them).
    suspicion: ClassVar[float] = 0.0

    def night(self, state: State, player: int, key: str) -> Result:
        return one_of_two(state, player, self.id, key, self.team)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        if info["answer"] is None:
            return f"there are no {self.team.capitalize()}s in play."
        a, b, cid = info["answer"]
        return (
            f"one of {words.player(a)} and {words.player(b)} is the "
            f"{words.strong(words.character(cid))}."
        )

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        if info["answer"] is not None:
            for p in info["answer"][:2]:
                score[p] += weight * self.suspicion
