"""The Bounty Hunter: starts knowing an evil player; each time the player they know dies, they
learn another evil player that night (one they were not shown before). At setup one Townsfolk
(not the Bounty Hunter) is evil (``bounty_convert``: the storyteller's pick; that player is told
they are evil, and learns no more than that). Information goes through ``learn``: a Spy may be
missed, a Recluse or the Lycanthrope's faux paw shown; drunk or poisoned, anyone. The player
shown is remembered (a ``bounty`` reminder), and the Bounty Hunter wakes again when they die.

Jinx with the Philosopher: a Philosopher who gains this ability may make a Townsfolk evil,
when first woken with it (``bounty_convert`` again, with "nobody" among the options). Anyone
else who comes to have the ability (a Drunk who thinks they are the Bounty Hunter, an
Apprentice) turns nobody evil.

The reasoning model's worlds hold the evil Townsfolk (``worlds.converter``: its setup's
``evil_townsfolk``) where the Bounty Hunter is in play; what it learns is not weighed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.abilities.change import change_alignment
from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import (
    NOBODY,
    Field,
    Pending,
    Seat,
    State,
    lives,
    marks_of,
    put_mark,
    seat,
    with_seat,
)
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import Result, Role, Words, gained
from engine.core import Effect, seeded_rng

BOUNTY = "bounty"
PHILOSOPHER = "philosopher"  # the jinx: only a Philosopher who gains the ability may convert
CONVERTS = 0.5  # how often the bot storyteller lets a jinxed Philosopher convert nobody


def townsfolk(state: State, besides: int) -> tuple[int, ...]:
    """The good Townsfolk players other than ``besides``."""
    return tuple(
        s.player
        for s in state.seats
        if s.team == "townsfolk" and s.alignment == "good" and s.player != besides
    )


def known(state: State, player: int) -> tuple[int, ...]:
    """The players the Bounty Hunter ``player`` has been shown, in order."""
    return tuple(m.target for m in marks_of(state, BOUNTY, player))


class BountyHunter(Role):
    id = "bountyhunter"
    topics = {"bounty_convert": "the Townsfolk who is evil (the Bounty Hunter)"}
    reminders = {BOUNTY: "known to the Bounty Hunter"}
    policy: ClassVar[str] = (
        "The evil Townsfolk is a random Townsfolk; the evil player shown is a random one not "
        "shown before; a Philosopher who gains the ability converts a random Townsfolk half the "
        "time."
    )

    def setup(self, state: State, seat_: Seat) -> State:
        options = townsfolk(state, seat_.player)
        if not options:
            return state
        key = f"setup:bounty:{seat_.player}"
        convert = rule(state, key, "bounty_convert", options, truth=None, player=seat_.player)
        return with_seat(state, convert, alignment="evil")

    def wakes(self, state: State, seat_: Seat) -> bool:
        shown = known(state, seat_.player)
        return lives(state, seat_.player) and (not shown or not lives(state, shown[-1]))

    def night(self, state: State, player: int, key: str) -> Result:
        effects: list[Effect] = []
        me = seat(state, player)
        if (
            me.character == PHILOSOPHER
            and self.id in gained(state, me)
            and not known(state, player)
        ):
            state, effects = self._jinxed(state, player, key)
        shown = known(state, player)
        others = [s.player for s in state.seats if s.player != player and s.player not in shown]
        evil = [p for p in others if alignments(state, p)[0] == "evil"]
        registered = [p for p in others if "evil" in alignments(state, p)[1:]]
        if not evil and not registered:
            return state, effects
        rng = seeded_rng(state.seed, key)
        truth = rng.choice(evil) if evil else registered[0]
        good = [p for p in others if p not in evil]
        state, more = learn(
            state,
            player,
            self.id,
            key,
            truth,
            [p for p in registered if p != truth],
            false=rng.sample(good, min(3, len(good))),
            fields=(Field("player", tuple(others)),),
            also_true=evil,
        )
        shown_now = state.told[-1].data["answer"]  # ``learn`` tells last
        state = put_mark(state, BOUNTY, player, shown_now, keep=True)
        return state, effects + more

    def _jinxed(self, state: State, player: int, key: str) -> Result:
        """A Philosopher with the Bounty Hunter's ability may make a Townsfolk evil."""
        options = (NOBODY, *townsfolk(state, player))
        convert = rule(
            state, key + ":convert", "bounty_convert", options, truth=None, player=player
        )
        if convert == NOBODY:
            return state, []
        return change_alignment(state, convert, "evil")

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        """The jinx's "might": as likely a random Townsfolk turns evil as nobody does."""
        if pending.topic != "bounty_convert" or NOBODY not in pending.options:
            return None
        if len(pending.options) == 1 or rng.random() < CONVERTS:
            return 0
        return rng.randrange(1, len(pending.options))

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"{words.strong(words.player(info['answer']))} is evil."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        score[info["answer"]] += weight
