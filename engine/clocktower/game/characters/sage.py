"""The Sage: if the Demon kills them, they wake that night and learn two players, one of which is
the Demon (any Demon; a Recluse may register as one). Death by other means (execution, the
Pit-Hag's arbitrary deaths) teaches nothing."""

from __future__ import annotations

from collections.abc import Mapping
from math import comb
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Field, Mark, Phase, Seat, State, marks_of, put_mark
from engine.clocktower.game.registration import may_register_as_team
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard
from engine.core import seeded_rng


def _pairs(players: list[int], hits: list[int]) -> list[tuple[int, int]]:
    return [tuple(sorted((h, o))) for h in hits for o in players if o != h]  # type: ignore[misc]


class Sage(Role):
    id = "sage"
    reminders = {"slain": "killed by the Demon tonight"}

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if cause == "demon" and state.phase is Phase.NIGHT:
            state = put_mark(state, "slain", seat.player, seat.player, dusks=1)
        return state, []

    def holds(self, state: State, mark: Mark) -> bool | None:
        return mark.kind == "slain" or super().holds(state, mark)

    def wakes(self, state: State, seat: Seat) -> bool:
        return any(m.until == state.night + 1 for m in marks_of(state, "slain", seat.player))

    def night(self, state: State, player: int, key: str) -> Result:
        rng = seeded_rng(state.seed, key)
        others = [s.player for s in state.seats if s.player != player]
        demons = [s.player for s in state.seats if s.team == "demon" and s.player != player]
        alive_demons = [p for p in demons if any(s.alive for s in state.seats if s.player == p)]
        true = _pairs(others, alive_demons or demons)
        posers = [
            p for p in others if p not in demons and True in may_register_as_team(state, p, "demon")
        ]
        legal = _pairs(others, posers)
        clear = [p for p in others if p not in demons]
        false = [tuple(sorted(rng.sample(clear, 2))) for _ in range(3)] if len(clear) > 1 else []
        truth = rng.choice(true) if true else None

        def seen(world: World) -> tuple[int, int] | None:
            hits = [p for p in others if world[p].team == "demon"]
            return rng.choice(_pairs(others, hits)) if hits else None

        fields = (Field("player", tuple(others)), Field("player", tuple(others)))
        return learn(
            state,
            player,
            self.id,
            key,
            truth,
            [rng.choice(legal)] if legal else [],
            false,
            lie=seen,
            dead_ok=True,
            fields=fields,
            unordered=2,
            also_true=true,
            also_registered=legal,
        )

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """The Demon with one of the other players at random (a Recluse may stand in for it):
        each pair that holds it is 1 / (n - 2) likely; impaired, any pair of the others."""
        n = len(now.worlds.setup.seats)
        if heard.answer is None:
            return Weight(np.zeros(len(now.demon)), 1 / max(comb(n - 1, 2), 1))
        _surely, maybe = now.demon_among(heard.answer)
        return Weight(maybe / max(n - 2, 1), 1 / max(comb(n - 1, 2), 1))

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        if info["answer"] is None:
            return "there is no Demon to point at."
        a, b = info["answer"]
        return f"the Demon is {words.strong(words.player(a))} or {words.strong(words.player(b))}."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        if info["answer"] is not None:
            for p in info["answer"]:
                score[p] += weight * 2.0
