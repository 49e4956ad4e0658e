"""The Lycanthrope: each night but the first, chooses a living player; if they are good, they die
and the Demon does not kill tonight (``kill.stay_demons``). If the chosen player does not die
(protected, or evil), the Demon kills as usual. At setup the storyteller picks one good player,
the faux paw, who registers as evil to every ability (``Role.registers_other``) while the
Lycanthrope is sober: the Lycanthrope's own too, so choosing them kills nobody.

How the faux paw registers to other abilities is the storyteller's ruling wherever it matters, as
for a Recluse (the rules say they register as evil; the bot storyteller offers it like any
misregistration, a simplification). For the Lycanthrope's own choice the bot always has the faux
paw register as evil, and a Spy or Recluse registers by the general policy. A drunk or poisoned
Lycanthrope kills nobody (recorded as abnormal)."""

from __future__ import annotations

import random
from typing import ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.kill import stay_demons
from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import (
    Pending,
    Registration,
    Seat,
    State,
    lives,
    living,
    mark_target,
    put_mark,
    seat,
)
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import Result, Role, Table, most_suspected
from engine.clocktower.game.working import sober, works

FAUX_PAW = "faux_paw"


class Lycanthrope(Role):
    id = "lycanthrope"
    topics = {"faux_paw": "the good player who registers as evil (the Lycanthrope's faux paw)"}
    reminders = {
        FAUX_PAW: "registers as evil (faux paw)",
        "no_kill": "the Demon does not kill tonight",
    }
    policy: ClassVar[str] = (
        "The faux paw is a random good player; to the Lycanthrope it always registers as evil."
    )

    def setup(self, state: State, seat_: Seat) -> State:
        good = tuple(
            s.player
            for s in state.seats
            if s.alignment == "good" and s.team != "traveller" and s.player != seat_.player
        )
        if not good:
            return state
        key = f"setup:fauxpaw:{seat_.player}"
        paw = rule(state, key, FAUX_PAW, good, truth=None, player=seat_.player)
        return put_mark(state, FAUX_PAW, seat_.player, paw)

    def registers_other(self, state: State, seat_: Seat, player: int) -> tuple[Registration, ...]:
        if mark_target(state, FAUX_PAW, seat_.player) != player or not sober(state, seat_.player):
            return ()
        s = seat(state, player)
        return (Registration(s.character, s.team, "evil"),)

    def night(self, state: State, player: int, key: str) -> Result:
        (target,) = choose(state, key, player, self.id, living(state))
        state, effects = aim(state, player, target, key)
        if not works(state, player):
            if alive_good(state, target):
                state = abnormal.mark(state, player)
            return state, effects
        ways = tuple(dict.fromkeys(a == "good" for a in alignments(state, target)))
        good = rule(
            state, key + ":good", "registration", ways, player=target, team="good", cause=self.id
        )
        if not good:
            return state, effects
        state, more = die(state, target, self.id, key)
        if not lives(state, target):
            state = stay_demons(state, player)
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        data = dict(pending.data)
        paw = pending.topic == "registration" and is_faux_paw(state, data.get("player"))
        return pending.options.index(False) if paw and False in pending.options else None

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        """The player the Lycanthrope suspects most: an evil one dies of nothing."""
        return most_suspected(table, state, player, [p for p in options if p != player], pick)


def alive_good(state: State, player: int) -> bool:
    return lives(state, player) and seat(state, player).alignment == "good"


def is_faux_paw(state: State, player: object) -> bool:
    """Whether ``player`` is a Lycanthrope's faux paw."""
    return any(m.kind == FAUX_PAW and m.target == player for m in state.marks)
