"""The Mathematician: each night, learns how many players' abilities worked abnormally since dawn
because of another character (``abnormal``): false information from a drunk or poisoned player,
a misregistration, anything the Vortox falsified, an effect that failed. Not their own.

The reasoning model reads the count against each world (``weigh``): a living good player other
than the Mathematician worked abnormally if they were told something tonight (``_woke``) and it
was false: surely for a Townsfolk while the Vortox lives, and with chance ``LIES`` for one
drunk or poisoned: the Drunk, the No Dashii's neighbours, and the Poisoner's target, which is
summed out as a chance a player (one in the other living players), apart from the sum over it
that weighs the rest of the night's information. What the worlds do not hold is left out: an
evil player's failed ability, a misregistration, the day's information, the Sweetheart's and
other drunkenness no world holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abnormal import since_dawn
from engine.clocktower.game.characters._woke import count_chance, poses, wakes
from engine.clocktower.game.model import Field, State
from engine.clocktower.game.roles import Result, Role, Words, role
from engine.clocktower.reasoning.moment import FloatArray, Moment, Weight, townsfolk_neighbours
from engine.clocktower.reasoning.record import Heard

MAX_FALSE = 3
LIES = 0.5  # how often a drunk or poisoned player is told something false, as the town reckons


class Mathematician(Role):
    id = "mathematician"

    def night(self, state: State, player: int, key: str) -> Result:
        truth = len(since_dawn(state, player))
        top = len(state.seats)
        false = [v for v in (truth + 1, truth - 1, truth + 2, 0) if 0 <= v <= top and v != truth]
        fields = (Field("number", tuple(range(top + 1))),)
        return learn(state, player, self.id, key, truth, (), false[:MAX_FALSE], fields=fields)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """How likely the count is, each other living good player abnormal independently
        (``abnormal_chance``); impaired, any count alike; under the Vortox, any other count."""
        chances = abnormal_chance(now, (heard.moment + 1) // 2, claimer)
        n = now.worlds.setup.n
        counts = count_chance(chances, n)
        told = heard.answer
        sober = counts[:, told] if 0 <= told <= n else np.zeros(len(counts))
        return Weight(sober, 1 / (n + 1), false=(1.0 - sober) / n)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        whose = "player's ability" if count == 1 else "players' abilities"
        return f"{words.strong(count)} {whose} worked abnormally since dawn."


def abnormal_chance(now: Moment, night: int, mathematician: int) -> FloatArray:
    """Per world and seat, the chance the player's ability worked abnormally on ``night``."""
    w = now.worlds
    chars, rows = w.setup.chars, np.arange(len(w))
    told = wakes(chars, night, info=True)[w.char]
    kind = w.char[rows, w.demon]  # the Demon's character, whoever holds it now
    alive = np.array([p in now.alive for p in w.setup.seats])
    demon_alive = alive[now.demon]
    code = {cid: i for i, cid in enumerate(chars)}
    falsifies = np.array([role(c).falsifies for c in chars] + [False])[kind] & demon_alive
    neighbours = np.array([role(c).poisons_neighbours for c in chars] + [False])[kind]
    drunk = np.isin(w.char, [code[c] for c in chars if poses(c)])
    impaired = drunk | townsfolk_neighbours(w, now.demon, neighbours & demon_alive)
    poisoner = np.isin(w.char, [code[c] for c in chars if role(c).poisons_nightly])
    poisoner &= alive[None, :]
    others = max(len(now.alive) - 1, 1)
    target = np.where(poisoner.any(axis=1, keepdims=True) & ~poisoner, 1 / others, 0.0)
    impaired_chance = 1 - (1 - impaired) * (1 - target)
    lied = falsifies[:, None] * wakes(chars, night, info=True, townsfolk_only=True)[w.char]
    counted = alive & (np.array(w.setup.seats) != mathematician)
    chance: FloatArray = (lied + (told - lied) * impaired_chance * LIES) * (~w.evil & counted)
    return chance
