"""The Pope (Loric): there are duplicate good characters in play, and they might also be bluffs.

At setup, after the deal, the storyteller makes a good player the same character as another good
player of the same team (``pope``: a Townsfolk a copy of another Townsfolk, an Outsider of
another Outsider, so the setup counts hold; never the Drunk, who is not what they think). The
player is told the copy as their character, and from then on both hold it: each wakes in turn at
its place, each has its ability (the engine takes no character to be one seat's). One copy is
made (the rule says "duplicates": a human storyteller wanting more deals them by hand); the
evil team's bluffs stay characters not in play, so the "might also be bluffs" half is left out
(the bluffs ruling's range is the usual one).

Bot storyteller: a random good player becomes a copy of a random other good player's character of
their team."""

from __future__ import annotations

import random

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, Seat, State, with_seat
from engine.clocktower.game.roles import REGISTRY, Role

GOOD = ("townsfolk", "outsider")


def duplicates(state: State) -> tuple[tuple[int, str], ...]:
    """Every (player, character) the storyteller may make: a good player of a team given the
    character of another good player of that team (no one who is or thinks they are the Drunk)."""
    drunk = REGISTRY.having("always_drunk")
    good = [
        s
        for s in state.seats
        if s.team in GOOD and s.character not in drunk and s.shown == s.character
    ]
    return tuple(
        (s.player, o.character)
        for s in good
        for o in good
        if o.team == s.team and o.character != s.character
    )


class Pope(Role):
    id = "pope"
    policy = (
        "A random good player becomes the character of a random other good player of their team."
    )
    topics = {"pope": "which good player is made a copy of which other good player's character"}

    def setup(self, state: State, seat: Seat) -> State:
        options = duplicates(state)
        if not options:
            return state
        player, cid = rule(state, "setup:pope", "pope", options, truth=None)
        return with_seat(state, player, character=cid, shown=cid)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))
