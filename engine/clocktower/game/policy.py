"""The bot storyteller: a documented, pure policy answering every storyteller ruling.

``decide(state, pending) -> index`` is deterministic given the game's seed and the decision's key.

- Choices with no true answer (the Drunk's token, red herring, bluffs, a Traveller's alignment,
  which Minion inherits a star pass, whether the Scapegoat dies instead): a seeded random legal
  option.
- Information for a poisoned player: false (a plausible alternative offered by the ability)
  three times in four, true otherwise, so misinformation is common but not a tell. The Drunk is
  treated consistently: three Drunks in four get false information every time, the rest true.
- Registration (Spy, Recluse) in information: the misregistration with chance ``p``, where ``p``
  leans towards whichever team is behind (mild balancing): 0.3 at parity, up to 0.5 when good
  has the edge, down to 0.1 when evil has it.
- Registration that decides a death: a Recluse shot by a working Slayer registers as the Demon
  (and dies) with chance ``p``; a Spy nominating a working Virgin registers as a Townsfolk (and is
  executed) with chance ``max(0, 0.3 - p)``, so only when good is behind.
- The Mayor's bounce: with chance ½, to a random other living good player (never the Demon).
"""

from __future__ import annotations

from engine.clocktower.game.model import Pending, State, demons, living, seat
from engine.core import seeded_rng

FALSE_TO_DRUNK = 0.75
BASE_MISREGISTER = 0.3
BOUNCE = 0.5


def good_edge(state: State) -> float:
    """Good's share of the living players minus the starting share: > 0 when good is ahead."""
    if not state.seats:
        return 0.0
    share = lambda seats: sum(s.alignment == "good" for s in seats) / max(len(seats), 1)  # noqa: E731
    alive = [s for s in state.seats if s.alive]
    return share(alive) - share(state.seats)


def misregister_chance(state: State) -> float:
    return min(0.5, max(0.1, BASE_MISREGISTER + good_edge(state)))


def decide(state: State, pending: Pending) -> int:
    rng = seeded_rng(state.seed, "policy", pending.key)
    data = dict(pending.data)
    n = len(pending.options)
    if pending.truth is None:
        return rng.randrange(n)
    if pending.topic == "info":
        if data.get("reason") == "drunk":
            # Decided once per Drunk, so its information is consistently false (or true).
            lie = seeded_rng(state.seed, "drunk", data.get("player")).random() < FALSE_TO_DRUNK
            return rng.randrange(1, n) if lie else pending.truth
        if data.get("reason") == "poisoned":
            return rng.randrange(1, n) if rng.random() < FALSE_TO_DRUNK else pending.truth
        return rng.randrange(1, n) if rng.random() < misregister_chance(state) else pending.truth
    if pending.topic == "registration":
        p = misregister_chance(state)
        if data.get("cause") == "virgin":
            p = max(0.0, BASE_MISREGISTER - p)
        return 1 - pending.truth if rng.random() < p else pending.truth
    if pending.topic == "mayor_bounce":
        evil = set(demons(state))
        good = [
            i
            for i, p in enumerate(pending.options)
            if i != pending.truth
            and p in living(state)
            and p not in evil
            and seat(state, p).alignment == "good"
        ]
        return rng.choice(good) if good and rng.random() < BOUNCE else pending.truth
    return pending.truth
