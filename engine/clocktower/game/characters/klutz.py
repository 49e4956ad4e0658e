"""The Klutz: when they learn that they died (by day once the step that killed them is announced,
an execution before the night falls: ``Role.owes_choice``; at dawn after a night death), they must
publicly choose a living player, and the game waits for it (a human storyteller may choose for an absent player; the bot storyteller's timeout takes
the prompt's default). If that player is evil (as they register: a ruling when a Spy or Recluse
may go either way), the Klutz's team loses at once. A Klutz drunk or poisoned when choosing
changes nothing. Any other dead player may make the same gesture in public, once
(``KlutzChoice``: ``/clocktower klutz player``, a bluff), and it changes nothing.

The reasoning model reads no evidence from it: its choice is not on the public record (a Klutz
who chose evil ends the game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.actions import KlutzChoice
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.ending import conclude, prevented
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import Phase, Seat, State, living, marks_of, put_mark
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import sober
from engine.core import Effect, Event, Public


@dataclass(frozen=True)
class KlutzChose(Event, Public):
    event = "klutz"
    by: int
    target: int


class Klutz(Role):
    id = "klutz"
    policy = (
        "The chosen player is evil as they register, a Spy or Recluse misregistering 10-50% of "
        "the time (more when good is ahead)."
    )
    events = (KlutzChose,)
    day_action = KlutzChoice
    endings = {"klutz": "the Klutz chose an evil player"}
    reminders = {"fumbled": "has chosen"}
    command = DayCommand(
        "klutz",
        "Klutz (dead): publicly choose a living player; if evil, your team loses",
        "player",
        "The living player you choose",
        "Your choice is made in public.",
    )

    def owes_choice(self, state: State, seat: Seat) -> bool:
        return (
            not seat.alive
            and seat.player in state.died_today
            and not marks_of(state, "fumbled", seat.player)
        )

    def choose_owed(self, state: State, seat: Seat, key: str) -> Result:
        return self._choose(state, seat, key, "day")

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        if seat.player not in state.died_tonight or seat.alive:
            return state, []
        return self._choose(state, seat, key, "dawn")

    def _choose(self, state: State, seat: Seat, key: str, when: str) -> Result:
        """The Klutz's choice, awaited; then, if the chosen player registers as evil and the
        Klutz is sober, their team loses."""
        others = living(state)
        if not others or state.phase is Phase.OVER:
            return state, []
        (target,) = choose(state, key, seat.player, self.id, others, when=when)
        state = put_mark(state, "fumbled", seat.player, target)
        effects: list[Effect] = [KlutzChose(seat.player, target)]
        evil = "evil" == rule(
            state,
            key + ":evil",
            "registration",
            alignments(state, target),
            player=target,
            alignment="evil",
            cause=self.id,
        )
        if not evil:
            return state, effects
        if not sober(state, seat.player):
            return abnormal.mark(state, seat.player), effects
        winner = "evil" if seat.alignment == "good" else "good"
        if prevented(state, winner):
            return state, effects
        state, more = conclude(state, winner, "klutz")
        return state, effects + more

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return living(state)

    def day(self, state: State, action: KlutzChoice) -> Result:
        """A dead player's public gesture: the real Klutz chose when they learned they died, so
        this one changes nothing."""
        require_day_between_votes(state)
        me = next((s for s in state.seats if s.player == action.by), None)
        refuse_unless(me is not None and not me.alive, "Only a dead player makes that choice.")
        assert me is not None
        refuse_unless(not marks_of(state, "fumbled", me.player), "You have already chosen.")
        refuse_unless(action.target in living(state), "Choose a living player.")
        state = put_mark(state, "fumbled", me.player, action.target)
        return state, [KlutzChose(me.player, action.target)]

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        """A simulated Klutz chooses the player it trusts most."""
        return (table.ranked(state, player, options)[-1],) if options else None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🫢 {words.player(event.by)}, the Klutz (so they say), chooses "
            f"{words.player(event.target)}."
        )

    def asks(self, menu: Any, words: Words) -> str | None:
        when = "You have died" if menu.details.get("when") == "day" else "You died in the night"
        return f"🌙 {when}; in public, as the {words.strong('Klutz')}: choose a player."
