"""The Boffin: the Demon has the ability of a good character that is not in play, and both
know which. The storyteller chooses it on the Boffin's first-night wake (topic ``boffin``,
every good character the engine runs that is not in play); it is a reminder on the Demon
(``boffin``, its note the character), and the Demon holds it (``Role.grants``: it wakes in that
character's places, tonight's still to come too, and the character's hooks apply to it) while
the Boffin lives, drunk or poisoned or not: it ends when the Boffin dies. (A Boffin whose
ability another character takes away, the Preacher's, keeps giving it: whether an ability
works is asked through the grants themselves, so the grant cannot ask it.) Whoever is
the Demon holds it (a new Demon after a star pass too). The gift works as the Demon's own
abilities do: a drunk or poisoned Demon's gift fails.

Only the hooks the engine asks of every seat reach a Demon through a grant; those asked of a
player's own character (being executed, nominated, registering) do not, so such characters are
left to a human storyteller's rulings.

Jinxes: the Demon cannot have the Drunk's, the Heretic's, the Ogre's or the Politician's
ability; the Village Idiot's only while one of its tokens is spare; a Demon with the Cult
Leader's or the Goon's cannot turn good by it (``change.made_evil``, ``change.given_evil``); an
Alchemist with the Boffin's ability gives the Demon one but is not told which (the Alchemist's
unit passes the grant on).

Bot storyteller: a random not-in-play good character of the script among those it runs whose
whole ability is a night wake (no setup of its own, no day action); if none, any such
character it runs; else any that may be given."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.catalogue import characters
from engine.clocktower.counts import copies_allowed
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import (
    Pending,
    Seat,
    State,
    demons,
    lives,
    marks_of,
    put_marks,
)
from engine.clocktower.game.night import wake_later
from engine.clocktower.game.roles import REGISTRY, Result, Role, Words, role
from engine.core import Effect

GIFT = "boffin"  # on the Boffin (source), its note the character whose ability the Demon has
NEVER = ("drunk", "heretic", "ogre", "politician")  # jinxed: the Demon cannot have these
GOOD = ("townsfolk", "outsider")


@dataclass(frozen=True)
class BoffinGift(Told):
    """The Demon has ``character``'s ability, by the Boffin; told to the Boffin and the Demon."""

    event = "boffin"
    character: str
    demon: int


def gift(state: State, boffin: int) -> str | None:
    """The character whose ability the Boffin ``boffin`` has given the Demon."""
    return next((m.note for m in marks_of(state, GIFT, boffin)), None)


def offered(state: State) -> tuple[str, ...]:
    """The good characters the Demon may be given: run by the engine, not in play (the
    Village Idiot while a token is spare), not jinxed away."""
    held = [s.character for s in state.seats]
    return tuple(
        c.id
        for c in characters()
        if c.team in GOOD
        and c.id in REGISTRY
        and c.id not in NEVER
        and c.id not in REGISTRY.having("always_drunk")
        and held.count(c.id) < (copies_allowed(c) if c.id in held else 1)
    )


def runs_whole(cid: str) -> bool:
    """Whether a character's whole ability reaches a Demon through a grant: it wakes at night,
    with no setup of its own and no day action."""
    unit = role(cid)
    return cid in REGISTRY.having("night") and not (
        cid in REGISTRY.having("setup") or unit.day_action is not None
    )


class Boffin(Role):
    id = "boffin"
    reasoned = True  # the reasoning model: the Demon's borrowed ability is not modelled
    events = (BoffinGift,)
    topics = {GIFT: "the not-in-play good character whose ability the Demon has"}
    reminders = {GIFT: "the Demon has the ability of"}
    policy: ClassVar[str] = (
        "A random not-in-play good character of the script whose whole ability is a night wake "
        "(else any such one the engine runs)."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        """The storyteller's choice, told to the Boffin and the Demon (an Alchemist with the
        Boffin's ability is not told, by the jinx)."""
        if state.night != 1 or gift(state, player) is not None:
            return state, []
        pool = offered(state)
        found = demons(state)
        if not pool or not found:
            return state, []
        cid = rule(state, key + ":boffin", GIFT, pool, truth=None, boffin=player)
        state = put_marks(state, GIFT, player, (player,), note=cid, character=self.id)
        effects: list[Effect] = []
        told = [*found, player] if _own(state, player) else list(found)
        for to in told:
            state, said = tell(state, BoffinGift(to, character=cid, demon=found[0]))
            effects.append(said)
        for demon in found:
            state = wake_later(state, cid, demon)
        return state, effects

    def grants(self, state: State, seat: Seat) -> tuple[tuple[int, str], ...]:
        cid = gift(state, seat.player)
        if cid is None or not lives(state, seat.player):
            return ()
        return tuple((d, cid) for d in demons(state))

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        options = pending.options
        script = set(state.script_ids)
        for fits in (
            lambda c: c in script and runs_whole(c),
            runs_whole,
            lambda c: True,
        ):
            pool = [i for i, c in enumerate(options) if fits(c)]
            if pool:
                return rng.choice(pool)
        return None

    def reads(self, info: Any, words: Words) -> str:
        return words.character(info["character"])

    def says(self, event: Any, words: Words) -> str:
        name = words.strong(words.character(event.character))
        if event.to == event.demon:
            return f"🧪 By the Boffin's work you, the Demon, also have the ability of the {name}."
        return f"🧪 The Demon ({words.player(event.demon)}) has the ability of the {name}."


def _own(state: State, player: int) -> bool:
    """Whether ``player`` is the Boffin itself (not an Alchemist holding its ability)."""
    return any(s.player == player and s.character == Boffin.id for s in state.seats)
