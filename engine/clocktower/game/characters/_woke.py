"""Who wakes for their own ability on a night, as the reasoning model reckons it: what the
Chambermaid's count and the Mathematician's read of the worlds.

A world holds each evil player's character and each good claimer's, not the night's choices, so
waking is a chance per character: 1 for one in the night's order (the first night's or the
others'), 0 for one not in it, and a fixed figure for one that wakes only sometimes
(``SOMETIMES``: the Ravenkeeper the night they die, a once-a-game ability, the Gossip's and
Tinker's turns the storyteller takes alone). The Drunk wakes as the Townsfolk it thinks it is
(the Townsfolk's mean), and a good player who has not claimed as one of the script's good
characters, each alike (as ``Moment.is_character`` has them)."""

from __future__ import annotations

from functools import cache

import numpy as np

from engine.clocktower.catalogue import character
from engine.clocktower.game.roles import Role, role
from engine.clocktower.reasoning.moment import FloatArray

# How often a holder wakes for its ability on a night its character is in the order, for those
# that wake only sometimes (the town's reckoning, not measured).
SOMETIMES = {
    "ravenkeeper": 0.1,  # the night they die
    "sage": 0.1,  # the night the Demon kills them
    "scarletwoman": 0.05,  # once they have become the Demon
    "godfather": 0.5,  # after the first night: when an Outsider died today
    "undertaker": 0.7,  # when somebody was executed today
    "zombuul": 0.5,  # when nobody died today
    "seamstress": 0.3,  # once a game, when she chooses
    "courtier": 0.3,
    "professor": 0.3,
    "assassin": 0.3,
    "juggler": 0.9,  # if they guessed on their first day (``ONLY_ON``)
    "sweetheart": 0.05,  # the night she dies
    "barber": 0.05,
    "moonchild": 0.05,
    "gossip": 0.0,  # the storyteller's turn alone
    "tinker": 0.0,
}
# The one night a character wakes, for one dealt at the start (the Juggler: after day 1).
ONLY_ON = {"juggler": 2}


def wake_chance(cid: str, night: int) -> float:
    """How likely a holder of ``cid`` wakes for its own ability on ``night``."""
    c = character(cid)
    if not (c.first_night if night == 1 else c.other_night):
        return 0.0
    if ONLY_ON.get(cid, night) != night:
        return 0.0
    if night == 1 and cid == "godfather":
        return 1.0  # they learn the Outsiders in play
    return SOMETIMES.get(cid, 1.0)


def informs(cid: str) -> bool:
    """Whether ``cid`` is a good character whose information the model reads (``weigh``)."""
    return character(cid).team in ("townsfolk", "outsider") and (
        type(role(cid)).weigh is not Role.weigh
    )


def poses(cid: str) -> bool:
    """Whether ``cid`` is the Drunk: a good player who thinks they are a Townsfolk (the worlds'
    code for a claimed Townsfolk who is not one, beside the Lunatic, who wakes as a Demon)."""
    return role(cid).always_drunk and role(cid).poses_as_townsfolk


@cache
def wakes(
    chars: tuple[str, ...], night: int, info: bool = False, townsfolk_only: bool = False
) -> FloatArray:
    """Per character code of ``chars`` (the last entry: a good player who has not claimed), how
    likely its holder wakes for its ability on ``night`` (with ``info``: and is told something
    the model reads; with ``townsfolk_only``: and is a Townsfolk). The Drunk wakes as a
    Townsfolk, the script's mean (but is an Outsider)."""

    def chance(cid: str) -> float:
        told = informs(cid) if info else True
        kept = character(cid).team == "townsfolk" if townsfolk_only else True
        return wake_chance(cid, night) * told * kept

    goods = [c for c in chars if character(c).team in ("townsfolk", "outsider")]
    townsfolk = [c for c in goods if character(c).team == "townsfolk"]
    table = np.zeros(len(chars) + 1)
    for i, cid in enumerate(chars):
        if poses(cid):
            mean = np.mean([chance(c) for c in townsfolk]) if townsfolk else 0.0
            table[i] = 0.0 if townsfolk_only else mean
        else:
            table[i] = chance(cid)
    table[-1] = np.mean([chance(c) for c in goods]) if goods else 0.0
    return table


def count_chance(chances: FloatArray, top: int) -> FloatArray:
    """Per world (row), the chance of each count 0..``top`` of independent events with the
    given per-column chances (the Poisson binomial, by a running convolution; counts above
    ``top`` are dropped, which leaves those up to it exact)."""
    out = np.zeros((top + 1, chances.shape[0]))  # count by world: each count's row is whole
    out[0] = 1.0
    for p in np.ascontiguousarray(chances.T):
        moved = out[:-1] * p  # one more event: each count steps up (in place, no copies)
        out *= 1 - p
        out[1:] += moved
    counts: FloatArray = np.ascontiguousarray(out.T)
    return counts
