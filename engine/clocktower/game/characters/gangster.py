"""The Gangster (Traveller): once a day, by day between votes, may name one of their two living
neighbours (dead seats are skipped) to kill; the living neighbour on the other side is asked,
privately, whether they agree (``decisions.choose_value``: the day waits for the answer). On a
yes the named player dies at once, unless something protects them, and the Gangster's use is spent
for the day even if the kill failed (drunk or poisoned, nobody dies). On a no nothing happens and
the Gangster may still make a deal today (with the other neighbour: a refusal is remembered, so the
same offer is not asked twice). With fewer than three players alive there are no two neighbours
to deal with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.day import day_key
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import State, living, mark_target, neighbours, put_mark
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

OFFERS = 0.25  # how often a simulated Gangster offers a deal on a day it may
AGREES = 0.35  # the suspicion of the named player above which a simulated neighbour agrees


@dataclass(frozen=True)
class Racket:
    """The day action: the Gangster names the neighbour to kill (the log decodes it by name)."""

    by: int
    target: int


@dataclass(frozen=True)
class DealStruck(Event, Public):
    """The Gangster and ``partner`` agreed that ``target`` dies."""

    event = "gangster_deal"
    by: int
    partner: int
    target: int


@dataclass(frozen=True)
class DealRefused(Event, Public):
    event = "gangster_refused"
    by: int
    partner: int
    target: int


def partner_of(state: State, gangster: int, target: int) -> int | None:
    """The living neighbour on the other side of ``target`` (None: not a living neighbour, or
    too few alive for two neighbours)."""
    if len(living(state)) < 3:
        return None
    left, right = neighbours(state, gangster)
    if left == right or target not in (left, right):
        return None
    return right if target == left else left


class Gangster(Role):
    id = "gangster"
    policy = "No rulings: the Gangster and the neighbour they ask decide for themselves."
    events = (DealStruck, DealRefused)
    day_action = Racket
    reminders = {"deal": "made a deal today"}
    command = DayCommand(
        "gangster",
        "Gangster: kill a living neighbour, if your other living neighbour agrees",
        "player",
        "The living neighbour to kill",
        "Your offer is made; your other neighbour decides.",
    )

    def day(self, state: State, action: Racket) -> Result:
        require_day_between_votes(state)
        me = next((s for s in state.seats if s.player == action.by), None)
        refuse_unless(
            me is not None and me.character == self.id and me.alive,
            "Only a living Gangster can do that.",
        )
        refuse_unless(
            mark_target(state, "deal", action.by) is None, "You have already made a deal today."
        )
        partner = partner_of(state, action.by, action.target)
        refuse_unless(
            partner is not None,
            "Name one of your two living neighbours (with three or more players alive).",
        )
        assert partner is not None
        key = f"{day_key(state)}:gangster:{action.by}:{action.target}"
        agreed = choose_value(
            state,
            key,
            partner,
            self.id,
            ("yes", "no"),
            "yesno",
            gangster=action.by,
            target=action.target,
        )
        if agreed != "yes":
            return state, [DealRefused(action.by, partner, action.target)]
        state = put_mark(state, "deal", action.by, action.target, dusks=1)
        effects: list[Effect] = [DealStruck(action.by, partner, action.target)]
        if not works(state, action.by):
            return abnormal.mark(state, action.by), effects
        state, more = die(state, action.target, "gangster", key + ":kill")
        return state, effects + more

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        if len(living(state)) < 3 or by not in living(state):
            return ()
        return tuple(dict.fromkeys(neighbours(state, by)))

    def day_move(self, table: Table, state: State) -> Racket | None:
        for s in state.seats:
            if s.character != self.id or not s.alive or mark_target(state, "deal", s.player):
                continue
            if len(living(state)) < 3 or not table.once("gangster", state.day, s.player):
                continue
            if table.rng.random() < OFFERS:
                target = table.ranked(state, s.player, list(set(neighbours(state, s.player))))[0]
                return Racket(s.player, target)
        return None

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """The asked neighbour agrees when they think the named player likely the Demon."""
        asked = state.pending
        target = dict(asked.data).get("target") if asked is not None else None
        if target is None:
            return None
        sure = table.demon_chance(state, player, target) > AGREES
        return ("yes" if sure else "no",)

    def asks(self, menu: Any, words: Words) -> str | None:
        data = menu.details
        return (
            f"🔪 The {words.strong('Gangster')} {words.player(data['gangster'])} offers to kill "
            f"{words.player(data['target'])}. Do you agree?"
        )

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, DealStruck):
            return (
                f"🔪 {words.player(event.by)} the Gangster and {words.player(event.partner)} "
                f"agree: {words.player(event.target)} is to die."
            )
        return (
            f"🔪 {words.player(event.partner)} refuses the Gangster {words.player(event.by)}'s "
            f"offer to kill {words.player(event.target)}."
        )
