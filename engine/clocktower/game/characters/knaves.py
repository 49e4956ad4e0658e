"""The Knaves (Loric): two storytellers, the Knave of Hearts and the Knave of Spades; one lies,
one tells the truth, and once per game, at a dusk, they may swap.

At setup the storyteller rules which Knave lies (``knaves_liar``). Each time a player learns
something through an ability they pick which Knave tells them (``Role.tellers``: a choice asked
as they learn, by day too), and the information names that Knave (the ``teller`` reminder,
``abilities.info``). The liar's information is false (``Role.misinforms``, as under the
Vortox); a drunk or poisoned player may be told anything by either. At a dawn the storyteller
may rule that the Knaves swap at that day's dusk (``knaves_switch``), once. Rules, nominations
and the evil team's own info are always true: only abilities' information goes through a
Knave."""

from __future__ import annotations

import random
from typing import Any

from engine.clocktower.game.abilities.info import TELLER, teller
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import NOBODY, SYSTEM, Pending, Seat, State, put_marks
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import sober

KNAVES = ("the Knave of Hearts", "the Knave of Spades")
LIAR = "knaves_liar"
SWITCH = "knaves_switch"
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
        "The liar is picked at random (each player picks their own Knave as they learn); they "
        "swap at a quarter of dusks until they have."
    )
    topics = {
        LIAR: "which Knave lies",
        SWITCH: "whether the Knaves swap, liar and truth-teller, at this dusk (once per game)",
    }
    reminders = {
        LIAR: "this Knave lies",
        SWITCH: "the Knaves swapped at this day's dusk",
        TELLER: "the Knave who tells this player",
    }

    def setup(self, state: State, seat: Seat) -> State:
        first = str(rule(state, "setup:knaves", LIAR, KNAVES, truth=None))
        return put_marks(state, LIAR, SYSTEM, (NOBODY,), character=self.id, note=first)

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        if _note(state, SWITCH) is None and rule(
            state, key + ":knaves", SWITCH, (False, True), truth=None
        ):
            note = str(state.day)
            state = put_marks(state, SWITCH, SYSTEM, (NOBODY,), character=self.id, note=note)
        return state, []

    def tellers(self, state: State, seat: Seat) -> tuple[str, ...]:
        return KNAVES

    def misinforms(self, state: State, seat: Seat, learner: int) -> bool:
        return teller(state, learner) == liar(state) and sober(state, learner)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic == SWITCH:
            return pending.options.index(rng.random() < SWAPS)
        return rng.randrange(len(pending.options))

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return (table.rng.choice(options),)  # nobody knows which Knave lies: a blind pick

    def asks(self, menu: Any, words: Words) -> str | None:
        return "🃏 Which Knave tells you what you learn now? One of them lies."
