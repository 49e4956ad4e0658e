"""The Clockmaker: on the first night, learns how many steps it is from the Demon to its nearest
Minion, around the circle either way (every seat counts, Travellers too; an evil Traveller or
Outsider is no Minion). A Recluse may register as a Minion or the Demon, a Spy as no Minion.
Jinx with the Summoner: the Summoner registers as the Demon to the Clockmaker."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import learn, numbers
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Field, State
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.reasoning.moment import (
    DEMON,
    MINION,
    OUTSIDER,
    TOWNSFOLK,
    IntArray,
    Moment,
    Weight,
    around,
    marked_seats,
)
from engine.clocktower.reasoning.record import Heard

View = dict[int, str]  # each player's team as they register
SUMMONER = "summoner"  # the jinx: registers as the Demon to the Clockmaker


def distance(order: list[int], view: View) -> int | None:
    """The fewest steps from a Demon to a Minion around the circle (None: no pair)."""
    n = len(order)
    spots = {p: i for i, p in enumerate(order)}
    demons = [spots[p] for p in order if view[p] == "demon"]
    minions = [spots[p] for p in order if view[p] == "minion"]
    steps = [min(abs(d - m), n - abs(d - m)) for d in demons for m in minions]
    return min(steps) if steps else None


def steps_to(mask: IntArray, seat: IntArray, n: int) -> IntArray:
    """Per world, the fewest steps around the circle of ``n`` from ``seat`` to a seat the
    bitmask ``mask`` marks, itself apart (``n``: none)."""
    clockwise, counter = around(mask, seat, n)
    steps: IntArray = np.minimum(clockwise, counter)
    return steps


class Clockmaker(Role):
    id = "clockmaker"

    def night(self, state: State, player: int, key: str) -> Result:
        order = [s.player for s in state.seats]
        ways = [tuple(dict.fromkeys(r.team for r in registrations(state, p))) for p in order]
        ways = [
            ("demon",) if s.character == SUMMONER else w
            for s, w in zip(state.seats, ways, strict=True)
        ]
        views = [dict(zip(order, teams, strict=True)) for teams in itertools.product(*ways)]
        found = [distance(order, v) for v in views]
        truth = found[0]
        top = len(order) // 2

        def counted(world: World) -> int | None:
            return distance(order, {p: r.team for p, r in world.items()})

        registered, false = numbers(truth or 0, [f or 0 for f in found], top)
        false = [v for v in false if v > 0]
        fields = (Field("number", tuple(range(1, top + 1))),)
        return learn(
            state, player, self.id, key, truth, registered, false, lie=counted, fields=fields
        )

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """Between the fewest steps any may-be Demon (a Recluse too) is from any may-be Minion
        and the steps from the Demon to its nearest sure Minion (none: no Minion to count to).
        The residents' circle: a Traveller sitting between is skipped. Impaired, any of the
        numbers it may be told."""
        w, n = now.worlds, now.worlds.setup.n
        regs, team = w.register_table, w.team_table  # per character code
        others = regs[:, TOWNSFOLK] | regs[:, OUTSIDER] | regs[:, DEMON]
        may, sure = regs[:, MINION], (team == MINION) & ~others  # (alike but for a Spy, a Recluse)
        may_minion = marked_seats(w.char, may)  # (the Demon's own seat is apart: ``steps_to``)
        sure_minion = may_minion if np.array_equal(may, sure) else marked_seats(w.char, sure)
        near = steps_to(sure_minion, now.demon, n)
        fewest = steps_to(may_minion, now.demon, n)
        # A good player who may register as the Demon (a Recluse) counts from their seat too.
        misregisters = regs[:, DEMON] & (team != DEMON)
        if misregisters.any():
            not_demon = ~np.left_shift(np.uint64(1), now.demon.astype(np.uint64))
            recluse = marked_seats(w.char, misregisters) & ~w.evil_bits & not_demon
            may_minion = may_minion & not_demon
            for s in range(n):
                theirs = ((recluse >> np.uint64(s)) & np.uint64(1)).astype(bool)
                if theirs.any():
                    steps = steps_to(may_minion, np.full(len(w), s), n)
                    fewest = np.where(theirs, np.minimum(fewest, steps), fewest)
        if heard.answer is None:
            said = near >= n
        else:
            said = (fewest <= heard.answer) & (heard.answer <= near)
        return Weight(said.astype(float), 1 / max(n // 2, 1))

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        steps = info["answer"]
        if steps is None:
            return "there is no Minion to count to."
        return f"the Demon is {words.strong(steps)} step{'' if steps == 1 else 's'} from its nearest Minion."
