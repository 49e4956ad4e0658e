"""The Knaves (Loric): two storytellers, the Knave of Hearts and the Knave of Spades; one lies,
one tells the truth, and once per game, at a dusk, they may swap.

At setup the storyteller rules which Knave lies (``knaves_liar``). Whatever a player learns
through an ability comes from one Knave, named with it (the ``teller`` reminder on the player,
``abilities.info``): at setup for the first night, then at each dawn for that day and the night
after, the storyteller rules each player's Knave (``knaves_teller``; by the rules the player
picks, but as nobody knows which Knave lies, a blind pick is what the bot makes for them). The
liar's information is false (``Role.misinforms``, as under the Vortox); a drunk or poisoned
player may be told anything by either. At a dawn the storyteller may rule that the Knaves swap
at that day's dusk (``knaves_switch``), once. Rules, nominations and the evil team's own info
are always true: only abilities' information goes through a Knave."""

from __future__ import annotations

import random

from engine.clocktower.game.abilities.info import TELLER, teller
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import NOBODY, SYSTEM, Pending, Seat, State, drop_marks, put_marks
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import sober

KNAVES = ("the Knave of Hearts", "the Knave of Spades")
LIAR = "knaves_liar"
SWITCH = "knaves_switch"
TELLS = "knaves_teller"
SWAPS = 0.25  # the bot's chance, at each dawn until they have, that the Knaves swap at dusk


def _note(state: State, kind: str) -> str | None:
    return next((m.note for m in state.marks if m.kind == kind), None)


def liar(state: State) -> str:
    """The Knave who lies now: the one ruled at setup, or the other once they have swapped
    (at the dusk of the day noted, so from the night after)."""
    first = _note(state, LIAR) or KNAVES[0]
    swapped = _note(state, SWITCH)
    if swapped is None or state.night <= int(swapped):
        return first
    return KNAVES[1 - KNAVES.index(first)]


class Knaves(Role):
    id = "knaves"
    policy = (
        "The liar and each player's Knave (per night and day) are picked at random; they swap "
        "at a quarter of dusks until they have."
    )
    topics = {
        LIAR: "which Knave lies",
        TELLS: "which Knave tells this player what they learn, until the next dawn",
        SWITCH: "whether the Knaves swap, liar and truth-teller, at this dusk (once per game)",
    }
    reminders = {
        LIAR: "this Knave lies",
        SWITCH: "the Knaves swapped at this day's dusk",
        TELLER: "the Knave who tells this player",
    }

    def setup(self, state: State, seat: Seat) -> State:
        first = str(rule(state, "setup:knaves", LIAR, KNAVES, truth=None))
        state = put_marks(state, LIAR, SYSTEM, (NOBODY,), character=self.id, note=first)
        return self._tellers(state, "setup:knaves")

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        if _note(state, SWITCH) is None and rule(
            state, key + ":knaves", SWITCH, (False, True), truth=None
        ):
            note = str(state.day)
            state = put_marks(state, SWITCH, SYSTEM, (NOBODY,), character=self.id, note=note)
        return self._tellers(state, key), []

    def _tellers(self, state: State, key: str) -> State:
        state = drop_marks(state, TELLER)
        for s in state.seats:
            name = str(
                rule(state, f"{key}:teller{s.player}", TELLS, KNAVES, truth=None, player=s.player)
            )
            state = put_marks(
                state, TELLER, SYSTEM, (s.player,), character=self.id, note=name, keep=True
            )
        return state

    def misinforms(self, state: State, seat: Seat, learner: int) -> bool:
        return teller(state, learner) == liar(state) and sober(state, learner)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic == SWITCH:
            return pending.options.index(rng.random() < SWAPS)
        return rng.randrange(len(pending.options))
