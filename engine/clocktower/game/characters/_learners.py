"""What the Washerwoman, Librarian and Investigator share: one of two players is a character of
a team. Each is its own unit; this is their common shape, parameterised by the team."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from engine.clocktower.game.abilities.info import one_of_two
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import State
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard, night_moment

NONE_IMPAIRED = 0.25  # how likely a drunk or poisoned holder is told "none in play"


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

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """The storyteller shows one of the team at random with a random other player: each of
        the two who is the named character makes the pair 1 / (k (n - 2)) likely, k the team's
        players besides the holder; a drunk holder's pair and character are any."""
        in_play = now.in_play(self.team)
        if heard.answer is None:
            return Weight((in_play == 0).astype(float), NONE_IMPAIRED)
        a, b, cid = heard.answer
        n = len(now.worlds.setup.seats)
        k = np.maximum(in_play - (self.team == "townsfolk"), 1)
        sober = (now.is_character(a, cid) + now.is_character(b, cid)) / (k * (n - 2))
        pairs = (n - 1) * (n - 2) / 2
        return Weight(sober, 1 / (pairs * max(now.script_team(self.team), 1)))

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        if night != 1:
            return None
        others = [s.player for s in state.seats if s.player != player and s.team != "traveller"]
        shown = [p for p in others if world[p].team == self.team and world[p].character]
        if not shown:
            return Heard(self.id, night_moment(night), None) if self.team == "outsider" else None
        p = table.rng.choice(shown)
        decoy = table.rng.choice([o for o in others if o != p])
        a, b = sorted((p, decoy))
        return Heard(self.id, night_moment(night), (a, b, world[p].character))
