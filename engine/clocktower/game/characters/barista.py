"""The Barista (Traveller): each night, until dusk, the storyteller picks a player and one of two
gifts, and that player learns which: 1) they are sober and healthy and their information is true
(even with the Vortox: ``working.healthy``), or 2) their ability works twice (their wakes still to
come tonight happen twice, and a once-per-game ability may be used once more: ``once``). The
Barista neither chooses nor learns who. A drunk or poisoned Barista's gift is told but does
nothing (abnormally).

Bot storyteller (``barista``): a random living player of the Barista's alignment, sober and
healthy if drunk or poisoned, else acting twice."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Field, Form, Mark, Pending, State, living, put_mark, seat
from engine.clocktower.game.night import wake_twice
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.working import sober, works
from engine.core import seeded_rng

SOBER, TWICE = 1, 2
SUGGESTED = 4


@dataclass(frozen=True)
class BaristaGift(Told):
    """``gift``: "sober" or "twice"."""

    event = "barista"
    gift: str
    night: int


class Barista(Role):
    id = "barista"
    policy = (
        "Serves a random living player of the Barista's alignment: sober and healthy if drunk "
        "or poisoned, else acting twice."
    )
    events = (BaristaGift,)
    topics = {"barista": "who the Barista serves, and which gift (1: sober and healthy, 2: twice)"}
    reminders = {"healthy": "sober and healthy", "twice": "acts twice", "fresh": "may use again"}

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        rng = seeded_rng(state.seed, key)
        picks = rng.sample(list(living(state)), min(SUGGESTED, len(living(state))))
        options = tuple((p, gift) for p in picks for gift in (SOBER, TWICE))
        form = Form((Field("player", everyone), Field("number", (SOBER, TWICE))))
        target, gift = rule(
            state, key + ":serve", "barista", options, truth=None, form=form, player=player
        )
        state, told = tell(
            state,
            BaristaGift(target, gift="sober" if gift == SOBER else "twice", night=state.night),
        )
        if not works(state, player):
            return abnormal.mark(state, player), [told]
        if gift == SOBER:
            state = put_mark(state, "healthy", player, target, dusks=1)
        else:
            state = put_mark(state, "twice", player, target, dusks=1)
            state = put_mark(state, "fresh", player, target, dusks=1)
            state = wake_twice(state, target)
        return state, [told]

    def holds(self, state: State, mark: Mark) -> bool:
        """A gift given lasts until dusk while the Barista lives (whether it worked was decided
        when it was given; asking sobriety here would go round in circles)."""
        barista = seat(state, mark.source)
        return barista.alive and barista.character == mark.character

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        mine = seat(state, dict(pending.data)["player"]).alignment
        side = [p for p in living(state) if seat(state, p).alignment == mine] or list(living(state))
        target = rng.choice(side)
        gift = SOBER if not sober(state, target) else TWICE
        return pending.options.index((target, gift)) if (target, gift) in pending.options else 0

    def says(self, event: Any, words: Words) -> str:
        gift = (
            "you are sober and healthy, and your information is true"
            if event.gift == "sober"
            else "your ability works twice"
        )
        return f"☕ Night {event.night}, the {words.strong('Barista')}: until dusk, {gift}."
