"""The Moonchild: when they learn they died (at once by day, at dawn after a night), they choose
a living player in public; tonight, if that player is good, they die. The choice is the
player's (the storyteller may choose for an absent one); whether a player who may register
either way (a Spy, a Recluse) counts as good is the storyteller's ruling. A Moonchild drunk or
poisoned when choosing kills no one.

The reasoning model reads no evidence from it: its choice is not on the public record; the death
it causes is one of the night's other deaths (``OTHER_DEATHS``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import Phase, Seat, State, drop_marks, mark_target, put_mark
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected
from engine.clocktower.game.working import sober
from engine.core import Effect, Event, Public


@dataclass(frozen=True)
class MoonchildChose(Event, Public):
    event = "moonchild"
    player: int
    target: int


class Moonchild(Role):
    id = "moonchild"
    policy = (
        "The chosen player dies if they register as good, a Spy or Recluse misregistering "
        "10-50% of the time (more when good is ahead)."
    )
    events = (MoonchildChose,)
    reminders = {"moonchild": "chosen by the Moonchild"}

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if state.phase is not Phase.DAY:
            return state, []  # they learn it at dawn
        return self._choose(state, seat, key + ":moonchild", "day")

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        if seat.player not in state.died_tonight or seat.alive:
            return state, []
        return self._choose(state, seat, key, "dawn")

    def _choose(self, state: State, seat: Seat, key: str, when: str) -> Result:
        living = tuple(s.player for s in state.seats if s.alive)
        if not living:
            return state, []
        (target,) = choose(state, key, seat.player, self.id, living, when=when)
        effects: list[Effect] = [MoonchildChose(seat.player, target)]
        if sober(state, seat.player):
            state = put_mark(state, "moonchild", seat.player, target)
        return state, effects

    def wakes(self, state: State, seat: Seat) -> bool:
        return mark_target(state, "moonchild", seat.player) is not None

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller's turn: the Moonchild is dead

    def night(self, state: State, player: int, key: str) -> Result:
        target = mark_target(state, "moonchild", player)
        assert target is not None
        state = drop_marks(state, "moonchild", source=player)
        sides = alignments(state, target)
        good = rule(
            state,
            key,
            "registration",
            tuple(a == "good" for a in sides),
            player=target,
            cause=self.id,
        )
        return die(state, target, "moonchild", key) if good else (state, [])

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return most_suspected(table, state, player, options, pick)

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🌘 {words.player(event.player)}, the Moonchild, chooses {words.player(event.target)}."
        )

    def asks(self, menu: Any, words: Words) -> str | None:
        when = "You have died" if menu.details.get("when") == "day" else "You died in the night"
        return f"🌙 {when}; in public, as the {words.strong('Moonchild')}: choose a player."
