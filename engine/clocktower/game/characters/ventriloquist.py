"""The Ventriloquist (Loric): a nominee who, during their nomination, is mad about being a fresh
character (claims in public a character they have not claimed before: ``claims.claim``, which
waits for the vote to end, so the claim counts while their nomination is today's latest) might
not die if executed that day: the storyteller rules it at the execution (``ventriloquist``), and
the execution is survived as any other."""

from __future__ import annotations

import random

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, put_mark
from engine.clocktower.game.roles import Result, Role

SURVIVES = 0.5  # the bot storyteller's chance that such a nominee survives their execution


def fresh(state: State, player: int, cid: str) -> bool:
    """Whether ``player``'s claim of ``cid``, just recorded, is their first of it."""
    return sum(1 for _d, p, c in state.claims if p == player and c == cid) == 1


class Ventriloquist(Role):
    id = "ventriloquist"
    policy = (
        "A nominee who claimed a fresh character during their nomination survives half the time."
    )
    topics = {"ventriloquist": "whether the executee, mad as a fresh character, survives"}
    reminders = {"ventriloquist": "mad as a fresh character during their nomination"}

    def claimed(self, state: State, seat: Seat, claimer: int, cid: str, key: str) -> Result:
        if not state.history or not fresh(state, claimer, cid):
            return state, []
        last = state.history[-1]
        if last.day != state.day or last.nominee != claimer or last.exile:
            return state, []
        return put_mark(state, "ventriloquist", SYSTEM, claimer, dusks=1, keep=True), []

    def spares(
        self, state: State, seat: Seat, target: int, cause: str, key: str
    ) -> tuple[State, bool]:
        marked = any(m.kind == "ventriloquist" and m.target == target for m in state.marks)
        if cause != "execution" or not marked:
            return state, False
        survives = rule(
            state, key + ":ventriloquist", "ventriloquist", (False, True), truth=None, player=target
        )
        return state, bool(survives)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return pending.options.index(rng.random() < SURVIVES)
