"""The Godfather: starts knowing which Outsider characters are in play; on a night after a day on
which an Outsider died, chooses a player, who dies. One Outsider more or fewer in the setup
(catalogue data the deal and the bag apply).

What a drunk or poisoned Godfather learns first is the storyteller's: any set of the script's
Outsiders (every one is offered), the false world's first (the general policy tells that
consistent lie)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Seat, State, seat
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import works

MAX_SETS = 24  # sets of Outsiders offered (every one, on the base scripts)
# How often the reasoning model reckons a day's death was an Outsider's (``night_kills``).
OUTSIDER_DIED = 0.3


def outsider_died_today(state: State) -> bool:
    return any(seat(state, p).team == "outsider" for p in state.died_today)


class Godfather(Role):
    id = "godfather"
    reasoned = True

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """A kill after a day on which an Outsider died; the model knows only that someone
        died, and reckons it an Outsider ``OUTSIDER_DIED`` of the time (approximation)."""
        return (1.0,) if quiet or night <= 1 else (1.0 - OUTSIDER_DIED, OUTSIDER_DIED)

    def wakes(self, state: State, seat: Seat) -> bool:
        return seat.alive and (state.night == 1 or outsider_died_today(state))

    def night(self, state: State, player: int, key: str) -> Result:
        if state.night == 1:
            return self._outsiders(state, player, key)
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        state, effects = aim(state, player, target, key)
        if not works(state, player):
            return state, effects
        state, more = die(state, target, "godfather", key)
        return state, effects + more

    def _outsiders(self, state: State, player: int, key: str) -> Result:
        others = [s.player for s in state.seats if s.player != player]
        ways = [
            sorted({r.character for r in registrations(state, p) if r.team == "outsider"})
            + ([None] if any(r.team != "outsider" for r in registrations(state, p)) else [])
            for p in others
        ]
        views = {
            tuple(sorted(c for c in combo if c is not None))
            for combo in itertools.product(*(w for w in ways if w))
        }
        truth = tuple(
            sorted(s.character for s in state.seats if s.team == "outsider" and s.player != player)
        )
        pool = sorted(script_team(state, "outsider"))
        false = [
            combo for size in range(len(pool) + 1) for combo in itertools.combinations(pool, size)
        ][:MAX_SETS]

        def shown(world: World) -> tuple[str, ...]:
            return tuple(
                sorted(
                    r.character for p, r in world.items() if r.team == "outsider" and p != player
                )
            )

        registered = sorted(v for v in views if v != truth)
        return learn(state, player, self.id, key, truth, registered, false, lie=shown)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        found = info["answer"]
        if not found:
            return "no Outsiders are in play."
        return (
            "the Outsiders in play are "
            + ", ".join(words.strong(words.character(c)) for c in found)
            + "."
        )

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        teammates = table.team(state, player)
        prey = [p for p in options if p not in teammates] or options
        return (table.rng.choice(prey),) if prey else None
