"""The Klutz: when they learn that they died (that day, or the dawn after a night death, until
the next dusk), they must publicly choose a living player (``KlutzChoice``: ``/clocktower klutz
player``); if that player is evil (as they register: a ruling when a Spy or Recluse may go either
way), the Klutz's team loses. Anyone dead may make such a choice in public, once; only a real
Klutz's counts, and only if sober when choosing. Choosing is the player's duty, not the game's:
the game does not wait for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.actions import KlutzChoice
from engine.clocktower.game.day import day_key
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.ending import finish, prevented
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import Mark, Seat, State, living, marks_of, put_mark
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words, has_ability
from engine.clocktower.game.working import sober
from engine.core import Effect, Event, Public


@dataclass(frozen=True)
class KlutzChose(Event, Public):
    event = "klutz"
    by: int
    target: int


class Klutz(Role):
    id = "klutz"
    events = (KlutzChose,)
    day_action = KlutzChoice
    endings = {"klutz": "the Klutz chose an evil player"}
    reminders = {"fumbling": "must choose a player", "fumbled": "has chosen"}
    command = DayCommand(
        "klutz",
        "Klutz (dead): publicly choose a living player; if evil, your team loses",
        "player",
        "The living player you choose",
        "Your choice is made in public.",
    )

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        return put_mark(state, "fumbling", seat.player, seat.player, dusks=1), []

    def holds(self, state: State, mark: Mark) -> bool | None:
        return mark.kind in ("fumbling", "fumbled") or super().holds(state, mark)

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return living(state)

    def day(self, state: State, action: KlutzChoice) -> Result:
        require_day_between_votes(state)
        me = next((s for s in state.seats if s.player == action.by), None)
        refuse_unless(me is not None and not me.alive, "Only a dead player makes that choice.")
        assert me is not None
        refuse_unless(not marks_of(state, "fumbled", me.player), "You have already chosen.")
        refuse_unless(action.target in living(state), "Choose a living player.")
        state = put_mark(state, "fumbled", me.player, action.target)
        effects: list[Effect] = [KlutzChose(me.player, action.target)]
        if not has_ability(state, me, self.id) or not marks_of(state, "fumbling", me.player):
            return state, effects
        sides = alignments(state, action.target)
        evil = "evil" == rule(
            state,
            day_key(state) + f":klutz{me.player}",
            "registration",
            sides,
            player=action.target,
            alignment="evil",
            cause=self.id,
        )
        if not evil:
            return state, effects
        if not sober(state, me.player):
            return abnormal.mark(state, me.player), effects
        winner = "evil" if me.alignment == "good" else "good"
        if prevented(state, winner):
            return state, effects
        state, more = finish(state, winner, "klutz")
        return state, effects + more

    def day_move(self, table: Table, state: State) -> KlutzChoice | None:
        for s in state.seats:
            if s.alive or s.shown != self.id or not marks_of(state, "fumbling", s.player):
                continue
            if marks_of(state, "fumbled", s.player) or not table.once("klutz", s.player):
                continue
            others = list(living(state))
            if others:
                trusted = table.ranked(state, s.player, others)[-1]
                return KlutzChoice(s.player, trusted)
        return None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🫢 {words.player(event.by)}, the Klutz (so they say), chooses "
            f"{words.player(event.target)}."
        )
