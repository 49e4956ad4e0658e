"""The Gnome (Traveller): the storyteller picks the Gnome's amigo, another player of the Gnome's
alignment (``gnome_amigo``), and everyone is told who it is: at the first dawn when the Gnome
starts in the game, at once when it arrives later (``after_change``: an arrival changes who is
in play). From the amigo's nomination until the next nomination, the Gnome may kill its
nominator (``/clocktower traveller gnome``, the vote still goes on), as often as the amigo is
nominated; nobody prompts the Gnome, as the rules say. A drunk or poisoned Gnome's kill does
nothing; the amigo changing alignment changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.day import day_key
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import NOT_DAY, refuse_unless, require_phase
from engine.clocktower.game.model import (
    Phase,
    Seat,
    State,
    alive,
    drop_marks,
    mark_target,
    marks_of,
    put_mark,
)
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

KILLS = 0.5  # how often a simulated Gnome kills its amigo's nominator


@dataclass(frozen=True)
class GnomeKill:
    """The day action: the Gnome kills whoever nominated its amigo (the log decodes it)."""

    by: int


@dataclass(frozen=True)
class AmigoNamed(Event, Public):
    """Everyone learns the Gnome's amigo, a player of the Gnome's alignment."""

    event = "gnome_amigo"
    gnome: int
    amigo: int


@dataclass(frozen=True)
class GnomeStruck(Event, Public):
    event = "gnome_kill"
    by: int
    target: int


def amigo(state: State, gnome: int) -> int | None:
    return mark_target(state, "amigo", gnome)


def nominator_of_amigo(state: State, gnome: int) -> int | None:
    """The living player who nominated the Gnome's amigo, while that nomination is today's
    latest (its vote running or done, no nomination since); None otherwise."""
    friend = amigo(state, gnome)
    if friend is None or state.phase is not Phase.DAY:
        return None
    if state.vote is not None:
        nominator, nominee = state.vote.nominator, state.vote.nominee
    else:
        last = state.history[-1] if state.history else None
        if last is None or last.day != state.day or last.exile:
            return None
        nominator, nominee = last.nominator, last.nominee
    if nominee != friend or nominator not in state.players or not alive(state, nominator):
        return None
    return nominator


class Gnome(Role):
    id = "gnome"
    policy = "The amigo is a random other player of the Gnome's alignment."
    topics = {"gnome_amigo": "who the Gnome's amigo is (a player of its alignment)"}
    events = (AmigoNamed, GnomeStruck)
    day_action = GnomeKill
    reminders = {"amigo": "the Gnome's amigo", "struck": "killed by the Gnome today"}
    command = DayCommand(
        "gnome",
        "Gnome: kill the player who just nominated your amigo",
        "",
        "",
        "You strike.",
        shape="none",
    )

    def setup(self, state: State, seat_: Seat) -> State:
        return self._pick(state, seat_)

    def _pick(self, state: State, seat_: Seat) -> State:
        if amigo(state, seat_.player) is not None:
            return state
        same = tuple(
            s.player
            for s in state.seats
            if s.player != seat_.player and s.alignment == seat_.alignment
        )
        if not same:
            return state
        key = f"setup:amigo:{seat_.player}"
        friend = rule(state, key, "gnome_amigo", same, truth=None, player=seat_.player)
        return put_mark(state, "amigo", seat_.player, int(friend))

    def _announce(self, state: State, seat_: Seat) -> Result:
        """The amigo picked (if not yet) and told to everyone (once)."""
        state = self._pick(state, seat_)
        marks = marks_of(state, "amigo", seat_.player)
        if not marks or marks[0].note == "told":
            return state, []
        friend = marks[0].target
        state = drop_marks(state, "amigo", seat_.player)
        state = put_mark(state, "amigo", seat_.player, friend, note="told")
        return state, [AmigoNamed(seat_.player, friend)]

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        return self._announce(state, seat_)

    def after_change(self, state: State, seat_: Seat, key: str) -> Result:
        if state.phase is not Phase.DAY or seat_.character != self.id:
            return state, []
        return self._announce(state, seat_)

    def request(self, by: int, target: Any) -> GnomeKill:
        return GnomeKill(by)

    def day(self, state: State, action: GnomeKill) -> Result:
        require_phase(state, Phase.DAY, NOT_DAY)
        me = next((s for s in state.seats if s.player == action.by), None)
        refuse_unless(
            me is not None and me.character == self.id and me.alive,
            "Only a living Gnome can do that.",
        )
        target = nominator_of_amigo(state, action.by)
        refuse_unless(
            target is not None,
            "The Gnome kills the living player who nominated its amigo, before the next "
            "nomination.",
        )
        assert target is not None
        refuse_unless(
            target not in [m.target for m in marks_of(state, "struck", action.by)],
            "You have already struck at that nominator today.",
        )
        state = put_mark(state, "struck", action.by, target, dusks=1)
        effects: list[Effect] = [GnomeStruck(action.by, target)]
        if not works(state, action.by):
            return abnormal.mark(state, action.by), effects
        state, more = die(state, target, "gnome", f"{day_key(state)}:gnome:{action.by}")
        return state, effects + more

    def day_move(self, table: Table, state: State) -> GnomeKill | None:
        for s in state.seats:
            if s.character != self.id or not s.alive:
                continue
            target = nominator_of_amigo(state, s.player)
            struck = [m.target for m in marks_of(state, "struck", s.player)]
            if target is None or target in struck or target == s.player:
                continue
            if table.once("gnome", state.day, len(state.history)):
                if table.rng.random() < KILLS:
                    return GnomeKill(s.player)
        return None

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, AmigoNamed):
            return (
                f"🍄 The {words.strong('Gnome')} {words.player(event.gnome)}'s amigo is "
                f"{words.player(event.amigo)}: they share the Gnome's alignment."
            )
        return f"🍄 {words.player(event.by)} the Gnome kills {words.player(event.target)}."
