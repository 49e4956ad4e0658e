"""The High Priestess: each night, learns the player the storyteller believes they should talk
to most (anyone else, alive or dead, good or evil, the same or another each night).

A human storyteller points at whomever they like. The bot storyteller picks from the true
state, by a chance that leans neither way by design: a living evil player with chance
``EVIL_SHARE`` less good's edge (``policy.good_edge``), kept within [0.2, 0.6], so more often
when good is behind; otherwise a good player, one whose information is wrong (drunk or
poisoned) when there is one, half the time, else a living good player at random. Drunk or
poisoned (or with the Vortox), another player at random (``_opinion``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.characters._opinion import decide, opinion
from engine.clocktower.game.model import Pending, State
from engine.clocktower.game.policy import clamp, good_edge
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.working import sober
from engine.core import seeded_rng

EVIL_SHARE = 0.4


def suggestion(state: State, player: int, key: str) -> int:
    """Whom the bot storyteller believes ``player`` should talk to most."""
    rng = seeded_rng(state.seed, key, "suggestion")
    others = [s for s in state.seats if s.player != player]
    evil = [s.player for s in others if s.alive and s.alignment == "evil"]
    good = [s.player for s in others if s.alive and s.alignment == "good"]
    wrong = [s.player for s in others if s.alignment == "good" and not sober(state, s.player)]
    if evil and (not good or rng.random() < clamp(EVIL_SHARE - good_edge(state), 0.2, 0.6)):
        return rng.choice(evil)
    if wrong and rng.random() < 0.5:
        return rng.choice(wrong)
    return rng.choice(good or [s.player for s in others])


class HighPriestess(Role):
    id = "highpriestess"
    topics = {"high_priestess": "whom the High Priestess should talk to most"}
    policy: ClassVar[str] = (
        "A living evil player with chance 0.4 less good's edge (0.2 to 0.6), else a drunk or "
        "poisoned good player half the time, else a living good player; drunk or poisoned, "
        "another player."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        pick = suggestion(state, player, key)
        return opinion(state, player, self.id, key, "high_priestess", pick, others)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return decide(pending, rng)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"you should talk to {words.strong(words.player(info['answer']))} most."
