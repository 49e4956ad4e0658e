"""The Mathematician: each night, learns how many players' abilities worked abnormally since dawn
because of another character (``abnormal``): false information from a drunk or poisoned player,
a misregistration, anything the Vortox falsified, an effect that failed. Not their own.

The reasoning model reads the count against each world (``weigh``): a living good player other
than the Mathematician worked abnormally if they were told something tonight (``_woke``) and it
was false: surely for a Townsfolk while the Vortox lives, and with chance ``LIES`` for one
drunk or poisoned: the Drunk, the No Dashii's neighbours, and the Poisoner's target, which is
summed out as a chance a player (one in the other living players), apart from the sum over it
that weighs the rest of the night's information, and, once a good Sweetheart has died, the one
she made drunk (the storyteller's choice: one in the other players). What the worlds do not
hold is left out: an evil player's failed ability, a misregistration, the day's information,
drunkenness no world holds (the Courtier's, the Minstrel's)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abnormal import since_dawn
from engine.clocktower.game.characters._woke import count_chance, wakes
from engine.clocktower.game.model import Field, State
from engine.clocktower.game.roles import Result, Role, Words, role
from engine.clocktower.reasoning.moment import (
    BoolArray,
    FloatArray,
    Moment,
    Weight,
    townsfolk_neighbours,
)
from engine.clocktower.reasoning.record import Heard

MAX_FALSE = 3
LIES = 0.5  # how often a drunk or poisoned player is told something false, as the town reckons
DRUNK_ONCE_DEAD = ("sweetheart",)  # whose death makes one player drunk for the rest of the game


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
        n, told = now.worlds.setup.n, heard.answer
        if 0 <= told <= n:  # counts above the one told do not matter
            sober = count_chance(chances[:, chances.any(axis=0)], told)[:, told]
        else:
            sober = np.zeros(len(chances))
        return Weight(sober, 1 / (n + 1), false=(1.0 - sober) / n)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        whose = "player's ability" if count == 1 else "players' abilities"
        return f"{words.strong(count)} {whose} worked abnormally since dawn."


def abnormal_chance(now: Moment, night: int, mathematician: int) -> FloatArray:
    """Per world, and per living seat but the Mathematician's, the chance the player's ability
    worked abnormally on ``night`` (an evil player's: never)."""
    w = now.worlds
    chars, seats = w.setup.chars, w.setup.seats
    alive = np.array([p in now.alive for p in seats])
    cols = np.flatnonzero(alive & (np.array(seats) != mathematician))
    # A table looks up native indices several times faster than the worlds' small codes.
    char = w.char[:, cols].astype(np.intp)
    kind = w.char[np.arange(len(w)), w.demon]  # the Demon's character, whoever holds it now
    demon_alive = alive[now.demon]
    falsifies = _flags(chars, "falsifies").take(kind) & demon_alive
    neighbours = _flags(chars, "poisons_neighbours").take(kind) & demon_alive
    impaired = _drunk(chars)[char]
    if neighbours.any():
        impaired = impaired | townsfolk_neighbours(w, now.demon, neighbours)[:, cols]
    # Each chance of being impaired (a drunk or poisoned player) multiplies the chance not to
    # be; one nobody can have (no poisoner, no dead Sweetheart) is left out, the same figures.
    poisons = _flags(chars, "poisons_nightly")
    widows = _among(chars, DRUNK_ONCE_DEAD)
    widowed = widows.any() and not alive.all()
    if poisons.any() or widowed:
        sober = 1 - impaired
        if poisons.any():
            poisoner = poisons[w.char[:, alive].astype(np.intp)].any(axis=1, keepdims=True)
            target = np.where(poisoner, 1 / max(len(now.alive) - 1, 1), 0.0)
            sober = sober * (1 - target * ~poisons[char])
        if widowed:
            widow = widows[w.char[:, ~alive].astype(np.intp)].any(axis=1, keepdims=True)
            sober = sober * (1 - widow / max(len(seats) - 1, 1))
        impaired = 1 - sober
    told = wakes(chars, night, info=True)[char]
    if not falsifies.any():  # nothing false for sure: the figure below with ``lied`` 0
        chance: FloatArray = told * impaired * LIES * ~w.evil[:, cols]
        return chance
    lied = falsifies[:, None] * wakes(chars, night, info=True, townsfolk_only=True)[char]
    chance = (lied + (told - lied) * impaired * LIES) * ~w.evil[:, cols]
    return chance


@cache
def _drunk(chars: tuple[str, ...]) -> BoolArray:
    """Per character code, whether it is the Drunk (always drunk, and thinks it a Townsfolk)."""
    drunk: BoolArray = _flags(chars, "always_drunk") & _flags(chars, "poses_as_townsfolk")
    return drunk


@cache
def _flags(chars: tuple[str, ...], flag: str) -> BoolArray:
    """Per character code (the last: a good player who has not claimed), its unit's ``flag``."""
    return np.array([bool(getattr(role(c), flag)) for c in chars] + [False])


@cache
def _among(chars: tuple[str, ...], names: tuple[str, ...]) -> BoolArray:
    """Per character code (the last: a good player who has not claimed), whether it is one of
    ``names``."""
    return np.array([c in names for c in chars] + [False])
