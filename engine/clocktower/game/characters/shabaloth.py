"""The Shabaloth: each night after the first chooses two players, who die (each attacked in turn);
then one of the players it chose last night who is dead may be regurgitated: alive again, by the
storyteller's ruling (``regurgitate``). Kept asleep, drunk or poisoned, it kills and returns no
one.

Bot storyteller: regurgitates with chance 0.3 - good's edge, clamped to [0.1, 0.5] (more often
when good is behind), a random one of those it may."""

from __future__ import annotations

import random

from engine.clocktower.game.abilities.kill import attack_all
from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.death import revive
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, State, lives, marks_of, put_marks
from engine.clocktower.game.policy import clamp, good_edge
from engine.clocktower.game.roles import Result
from engine.clocktower.game.working import works


def regurgitate_chance(state: State) -> float:
    return clamp(0.3 - good_edge(state), 0.1, 0.5)


class Shabaloth(Demon):
    id = "shabaloth"
    reasoned = True
    policy = (
        "Regurgitates with chance 0.3 - good's edge (within [0.1, 0.5]) a random one of those "
        "it may."
    )
    topics = {"regurgitate": "whether a player the Shabaloth chose last night comes back"}
    reminders = {"eaten": "chosen by the Shabaloth"}

    picks = 2

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """Two a night after the first (a regurgitated player is not modelled)."""
        return (0.0, 0.0, 1.0) if night > 1 else (1.0,)

    def night(self, state: State, player: int, key: str) -> Result:
        last_night = str(state.night - 1)
        eaten = [m.target for m in marks_of(state, "eaten", player) if m.note == last_night]
        found = self.demon_choices(state, player, key)
        if found is None:
            return state, []
        state, chosen = found
        state = put_marks(state, "eaten", player, chosen, note=str(state.night))
        state, effects = attack_all(state, player, chosen, key)
        dead = tuple(p for p in eaten if not lives(state, p))
        if not dead or not works(state, player):
            return state, effects
        back = rule(state, key + ":back", "regurgitate", (None, *dead), truth=None, player=player)
        return (state if back is None else revive(state, back)), effects

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if rng.random() < regurgitate_chance(state):
            return rng.randrange(1, len(pending.options))
        return 0
