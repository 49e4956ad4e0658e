"""The bot storyteller: a documented, pure policy answering every storyteller ruling.

``decide(state, pending) -> index`` is deterministic given the game's seed and the decision's key.

Truthful where the rules require it: a sober, living player's information is never a ruling at
all (the engine tells the truth), so the policy only answers where the rules leave a choice.

- Drunk or poisoned players get plausible, consistent misinformation: always the answer of their
  false world (``falseworld``), in which the evil team has traded places with fixed good players
  for the whole game. A drunk Empath, Fortune Teller and Undertaker therefore all point at the
  same framed players, night after night, and the numbers add up (the world has the true count of
  each team), so nothing but comparing notes with others gives the lie away; where the false
  world happens to agree with the truth, the truth is told. A drunk or poisoned Spy sees its
  false world's grimoire.
- Choices with no true answer (the Drunk's token, red herring, bluffs, a Traveller's character,
  which Minion inherits a star pass, whether the Scapegoat dies instead): a seeded random legal
  option.

Mild balancing between teams, through ``good_edge`` (good's share of the living minus its share
at the start; positive when good is ahead):

- Registration (Spy, Recluse) in information: the misregistration with chance ``p`` =
  0.3 + edge, clamped to [0.1, 0.5]: more misleading when good is ahead, less when behind.
- Registration that decides a death: a Recluse shot by a working Slayer registers as the Demon
  (and dies) with chance ``p`` (the Virgin's unit has its own rule).
- A Traveller's alignment: evil with chance 0.5 + edge, clamped to [0.2, 0.8].
- A ruling raised by one character (its topic, or the ``cause`` it names: the Mayor's bounce, the
  Virgin's registration) is answered by that character's unit first (``Role.decide``), where its
  policy is documented; None falls through to here. Bad Moon Rising's are all there: who drinks
  with the Sailor or the Innkeeper, the Pacifist's save, the Tinker's death, the Gossip's victim,
  the Shabaloth's regurgitation, the Lunatic's token and bluffs.
"""

from __future__ import annotations

from engine.clocktower.game.model import Pending, Seat, State
from engine.clocktower.game.roles import REGISTRY, Role
from engine.core import seeded_rng

BASE_MISREGISTER = 0.3

# The general policy in one sentence, for the units that need none of their own (``described``).
TELLS_TRUTH = "The truth (a Spy or Recluse may misregister); drunk or poisoned, the consistent lie."
NO_RULING = "No ruling of its own: the rules alone resolve its ability."


def described(unit: Role) -> str:
    """How the bot storyteller runs ``unit``'s rulings, in one sentence: the unit's own
    ``Role.policy``, else the general policy's: an information character (one that words what
    it learns, ``Role.reads``) is told the truth, and any other raises no ruling of its own."""
    if unit.policy:
        return unit.policy
    return TELLS_TRUTH if type(unit).reads is not Role.reads else NO_RULING


def good_edge(state: State) -> float:
    """Good's share of the living players minus the starting share: > 0 when good is ahead."""
    if not state.seats:
        return 0.0

    def share(seats: tuple[Seat, ...] | list[Seat]) -> float:
        return sum(s.alignment == "good" for s in seats) / max(len(seats), 1)

    alive = [s for s in state.seats if s.alive]
    return share(alive) - share(state.seats)


def clamp(value: float, low: float, high: float) -> float:
    return min(high, max(low, value))


def misregister_chance(state: State) -> float:
    return clamp(BASE_MISREGISTER + good_edge(state), 0.1, 0.5)


def evil_traveller_chance(state: State) -> float:
    return clamp(0.5 + good_edge(state), 0.2, 0.8)


def decide(state: State, pending: Pending) -> int:
    rng = seeded_rng(state.seed, "policy", pending.key)
    data = dict(pending.data)
    owner = REGISTRY.topic_owner(pending.topic) or REGISTRY.get(str(data.get("cause", "")))
    if owner is not None:
        decided = owner.decide(state, pending, rng)
        if decided is not None:
            return decided
    if "consistent" in data:  # drunk or poisoned information, the Spy's grimoire
        return int(data["consistent"])
    if pending.topic == "traveller_alignment":
        evil = rng.random() < evil_traveller_chance(state)
        return pending.options.index("evil" if evil else "good")
    if pending.truth is None:
        return rng.randrange(len(pending.options))
    if pending.topic == "info":
        if data.get("reason") == "choice" or len(pending.options) == 1:
            return pending.truth  # sober, with several true answers: the one suggested
        if data.get("reason") != "registration":  # impaired, with no consistent lie offered
            return rng.randrange(1, len(pending.options))
        if rng.random() < misregister_chance(state):
            return rng.randrange(1, len(pending.options))
        return pending.truth
    if pending.topic == "registration":
        p = misregister_chance(state)
        return 1 - pending.truth if rng.random() < p else pending.truth
    return pending.truth
