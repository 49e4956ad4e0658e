"""The Pope (Loric): there are duplicate good characters in play, and they might also be bluffs.

At setup, after the deal, the storyteller swaps Townsfolk for duplicates of good characters in
play (``pope``): a Townsfolk player becomes a copy of another Townsfolk or of an Outsider in
play (a duplicate Outsider may leave an unusual Outsider count; a duplicate Townsfolk cannot),
then may do so again for other Townsfolk until they stop (``pope_more``: "none" first). Never
the Drunk or a Marionette, nor a copy of what they are: they are not what they think. Each
player made a copy is told it as their character, and from then on every copy holds it: each
wakes in turn at its place, each has its ability (the engine takes no character to be one
seat's). The duplicated characters may also be among the Demon's bluffs: each copy carries a
``bluffable`` reminder (``setup.BLUFFABLE``) that the bluffs ruling offers besides the
characters not in play.

Bot storyteller: one random Townsfolk becomes a copy of a random other good character in play;
a second copy is made in a quarter of games (then no more); the bluffs as usual, drawn from the
characters not in play and the duplicated ones alike."""

from __future__ import annotations

import random

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, put_mark, with_seat
from engine.clocktower.game.roles import REGISTRY, Role
from engine.clocktower.game.setup import BLUFFABLE

GOOD = ("townsfolk", "outsider")
NONE = "none"  # the storyteller makes no more duplicates
MORE_CHANCE = 0.25  # how often the bot storyteller makes a second duplicate


def duplicates(state: State) -> tuple[tuple[int, str], ...]:
    """Every (player, character) the storyteller may make now: a Townsfolk player not yet a
    copy given the character of another good player in play (a Townsfolk's or an Outsider's;
    no one who is, or thinks they are, not what they are: the Drunk, a Marionette)."""
    unreal = REGISTRY.having("always_drunk")
    copied = {m.target for m in state.marks if m.kind == BLUFFABLE}
    good = [
        s
        for s in state.seats
        if s.team in GOOD and s.character not in unreal and s.shown == s.character
    ]
    characters = tuple(dict.fromkeys(s.character for s in good))
    return tuple(
        (s.player, cid)
        for s in good
        if s.team == "townsfolk" and s.player not in copied
        for cid in characters
        if cid != s.character
    )


class Pope(Role):
    id = "pope"
    policy = (
        "A random Townsfolk becomes a copy of another good character in play; a second copy in "
        "a quarter of games; copies may be bluffed."
    )
    topics = {
        "pope": "which Townsfolk player becomes a copy of which good character in play",
        "pope_more": "another Townsfolk made a duplicate, or none",
    }
    reminders = {BLUFFABLE: "a duplicate: the Demon may bluff it"}

    def setup(self, state: State, seat: Seat) -> State:
        options: tuple[object, ...] = duplicates(state)
        n = 0
        while options:
            topic = "pope" if n == 0 else "pope_more"
            picked = rule(state, f"setup:pope:{n}", topic, options, truth=None)
            if picked == NONE:
                break
            player, cid = picked
            state = with_seat(state, player, character=cid, shown=cid)
            state = put_mark(state, BLUFFABLE, SYSTEM, player, note=cid, keep=True)
            n += 1
            more = duplicates(state)
            options = (NONE, *more) if more else ()
        return state

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic == "pope_more":
            if pending.key != "setup:pope:1" or rng.random() >= MORE_CHANCE:
                return 0  # none
            return 1 + rng.randrange(len(pending.options) - 1)
        return rng.randrange(len(pending.options))
