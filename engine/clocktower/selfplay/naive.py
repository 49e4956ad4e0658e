"""The naive heuristic players' suspicion, kept for scripts the reasoning model does not cover.

Players keep a suspicion score for everyone, built only from what they were told (their own
``briefing``), read through each character's unit (``Role.suspect``: an Empath's count, a Fortune
Teller's yes/no, an Investigator's pair, a learned character) and, for evil players, who their
teammates are, plus what the table says (``public_talk``): good players' information, shared
with a discount, and one made-up accusation a day from each living evil player. A player whose
character is hidden from them (``secrecy``) reads no information of theirs and tells no lies.
"""

from __future__ import annotations

import random
from typing import Any

from engine.clocktower.game import State, briefing
from engine.clocktower.game.roles import role
from engine.clocktower.game.secrecy import hidden
from engine.core import seeded_rng

SHARE = 0.6


def suspicion(
    state: State, player: int, rng: random.Random, public: dict[int, float] | None = None
) -> dict[int, float]:
    """How much ``player`` suspects each other player: their own briefing, plus what the table
    has said in public (``public``), plus a little noise so players differ."""
    score = {s.player: rng.random() - 0.5 + (public or {}).get(s.player, 0.0) for s in state.seats}
    score[player] = -100.0
    evil_me = False
    unaware = hidden(state, player)  # information they cannot read without their character
    for t in briefing(state, player):
        d = t.data
        if t.event == "character":
            evil_me = d["alignment"] == "evil"
        elif t.event in ("minion_info", "demon_info"):
            for p in (*d.get("demon", ()), *d.get("minions", ())):
                score[p] = -100.0
        elif t.event == "info" and not unaware:
            _read_info(score, d, 1.0)
    if evil_me:
        score = {p: (v if v <= -100 else 10.0 - abs(v)) for p, v in score.items()}
    return score


def public_talk(state: State, seed: int) -> dict[int, float]:
    """What the table says by day: good players share their information honestly (weighted by
    ``SHARE``: others cannot tell it from a lie); each living evil player makes up one
    accusation of a good player a day."""
    score = {s.player: 0.0 for s in state.seats}
    for s in state.seats:
        if hidden(state, s.player):
            continue  # neither reads their information nor knows to lie (the Tor's)
        if s.alignment == "good":
            for t in briefing(state, s.player):
                if t.event == "info":
                    _read_info(score, t.data, SHARE)
        elif s.alive:
            rng = seeded_rng(seed, "lie", s.player, state.day)
            good = [x.player for x in state.seats if x.alignment == "good" and x.alive]
            if good:
                score[rng.choice(good)] += SHARE
    return score


def _read_info(score: dict[int, float], d: Any, w: float) -> None:
    role(d["character"]).suspect(score, d, w)
    for p in score:
        score[p] = max(score[p], -100.0)
