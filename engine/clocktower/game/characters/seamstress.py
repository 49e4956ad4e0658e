"""The Seamstress: once per game, at night, may choose two other players (alive or dead) and
learn whether they are of the same alignment (as they register). Choosing nobody keeps the
ability; the one use is spent whether or not it works."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected
from engine.clocktower.game.working import active
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard

USES = 0.35  # how often a simulated Seamstress uses her ability on a given night


class Seamstress(Role):
    id = "seamstress"

    def wakes(self, state: State, seat: Seat) -> bool:
        return active(state, seat.player) and not spent(state, seat.player)

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        chosen = choose(state, key + ":pick", player, self.id, others, pick=2, optional=True)
        if not chosen:
            return state, []
        state = spend(state, player)
        a, b = chosen
        answers = [x == y for x, y in itertools.product(alignments(state, a), alignments(state, b))]
        truth = answers[0]
        registered = [x for x in dict.fromkeys(answers) if x != truth]

        def seen(world: World) -> bool:
            return world[a].alignment == world[b].alignment

        return learn(state, player, self.id, key, truth, registered, [not truth], chosen, seen)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """Alike or not as the two may register (a Spy good, a Recluse evil); impaired, either
        answer evenly."""
        a, b = heard.players
        (must_a, may_a), (must_b, may_b) = now.evil_count((a,)), now.evil_count((b,))
        must_a, may_a, must_b, may_b = (x > 0 for x in (must_a, may_a, must_b, may_b))
        alike = (may_a & may_b) | (~must_a & ~must_b)
        unlike = (may_a & ~must_b) | (~must_a & may_b)
        return Weight((alike if heard.answer else unlike).astype(float), 1 / 2)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        same = "are" if info["answer"] else "are not"
        a, b = info["players"]
        return (
            f"{words.player(a)} and {words.player(b)} {words.strong(same)} of the same alignment."
        )

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        if table.rng.random() >= USES:
            return ()
        return most_suspected(table, state, player, options, pick) or ()

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        if not info["answer"]:
            for p in info["players"]:
                score[p] += weight * 0.5
