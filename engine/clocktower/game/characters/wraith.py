"""The Wraith: may open their eyes at night, and wakes whenever other evil players do.

Online there is no table to look round, so the night is told to the Wraith at dawn: which other
evil players woke for their abilities tonight (the Wraith woke with them), and, on a night it
chose at its place to open its eyes (``yes``), every player who woke. The price of looking is
being seen: each good player who woke on such a night is told at dawn that the Wraith's player
had their eyes open (by the rules that has no effect but what they make of it). A Wraith drunk,
poisoned or dead sees nothing (a drunk or poisoned one is told it may not open its eyes). What
the woken players chose is not told: the Wraith sees who is up, not what the storyteller shows
them.

Jinxes: after each execution, the living Magician (and a living Alchemist given the Wraith's
ability, which is no ability: the Alchemist's unit offers it only with the Wraith in play) may
publicly guess a living player as the Wraith (``GuessWraith``: ``/clocktower use wraith``, once
an execution); if right, the Demon must choose the Wraith the coming night (``Role.narrows``: a
Demon choosing one player is offered only the Wraith). Since the engine's day ends with its
execution, the guess about an execution at the end of a day is made the next day (one made
after a Vizier's decree the same day), and the Demon's forced choice is the night after it. A storyteller gaining the Wraith's ability by
the Plague Doctor gives it to a Minion, who learns it (the Plague Doctor's unit).

Bot storyteller: no rulings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.cast import char
from engine.clocktower.game.characters.alchemist import HELD
from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import (
    SYSTEM,
    Seat,
    State,
    living,
    marks_of,
    put_mark,
    seat,
)
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

OPEN = "eyes_open"  # on the Wraith tonight (note: the night)
FOUND = "wraith_found"  # on the Wraith guessed right (note: the night the Demon must choose it)
GUESSED = "wraith_guessed"  # by SYSTEM on the guesser (note: the day of the execution)
EXECUTED = "wraith_execution"  # by the Wraith on an executee who died (note: the day)
GUESSERS = ("magician",)  # jinxed: these may guess the Wraith (and an Alchemist-Wraith)
PEEKS = 0.5  # how often a simulated Wraith opens its eyes


@dataclass(frozen=True)
class GuessWraith:
    """After an execution, a guess in public of who is the Wraith (decoded by its name)."""

    by: int
    target: int


@dataclass(frozen=True)
class WraithGuessed(Event, Public):
    event = "wraith_guess"
    by: int
    target: int


@dataclass(frozen=True)
class WraithSaw(Told):
    """What the Wraith saw last night: the evil players who woke, everyone who woke (eyes
    open), or nothing (``barred``: drunk or poisoned, it could not open its eyes)."""

    event = "wraith_saw"
    night: int
    evil: tuple[int, ...]
    everyone: tuple[int, ...]
    barred: bool = False


@dataclass(frozen=True)
class WraithSeen(Told):
    """To a good player who woke last night: ``wraith`` had their eyes open."""

    event = "wraith_seen"
    night: int
    wraith: int


class Wraith(Role):
    id = "wraith"
    reasoned = True  # the reasoning model: nothing it sees is public
    events = (WraithSaw, WraithSeen, WraithGuessed)
    reminders = {
        OPEN: "eyes open tonight",
        FOUND: "the Demon must choose them",
        GUESSED: "guessed the Wraith",
        EXECUTED: "executed (a guess of the Wraith may follow)",
    }
    day_action = GuessWraith
    command = DayCommand(
        "wraith",
        "Magician: after an execution, guess in public which living player is the Wraith",
        "player",
        "The living player you guess is the Wraith",
        "Your guess is made in public.",
    )
    policy: ClassVar[str] = "No rulings: the Wraith is told at dawn who woke, as its choice allows."

    def night(self, state: State, player: int, key: str) -> Result:
        peek = choose_value(state, key + ":eyes", player, self.id, ("yes", "no"), "yesno")
        if peek == "yes":
            state = put_mark(state, OPEN, player, player, dusks=1, note=str(state.night))
        return state, []

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        night = state.night
        if not seat_.alive or not state.woke and not marks_of(state, OPEN, seat_.player):
            return state, []
        if not works(state, seat_.player):
            state, told = tell(state, WraithSaw(seat_.player, night, (), (), barred=True))
            return state, [told]
        woke = tuple(p for p in state.woke if p != seat_.player)
        evil = tuple(p for p in woke if seat(state, p).alignment == "evil")
        eyes = any(m.note == str(night) for m in marks_of(state, OPEN, seat_.player))
        state, told = tell(state, WraithSaw(seat_.player, night, evil, woke if eyes else ()))
        effects: list[Effect] = [told]
        for p in woke if eyes else ():
            if seat(state, p).alignment == "good":
                state, seen = tell(state, WraithSeen(p, night, seat_.player))
                effects.append(seen)
        return state, effects

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return tuple(p for p in living(state) if p != by)

    def day(self, state: State, action: GuessWraith) -> Result:
        require_day_between_votes(state)
        me = seat(state, action.by) if action.by in state.players else None
        refuse_unless(
            me is not None and me.alive and _may_guess(state, me),
            "Only the living Magician guesses the Wraith.",
        )
        days = {m.note for m in state.marks if m.kind == EXECUTED}
        after = next((d for d in (str(state.day), str(state.day - 1)) if d in days), None)
        refuse_unless(after is not None, "Guess after an execution (that day or the next).")
        guesses = {m.note for m in state.marks if m.kind == GUESSED and m.target == action.by}
        refuse_unless(after not in guesses, "You have guessed after that execution already.")
        refuse_unless(action.target in living(state), "Guess a living player.")
        state = put_mark(state, GUESSED, SYSTEM, action.by, note=str(after), keep=True)
        if seat(state, action.target).character == self.id:
            state = put_mark(state, FOUND, action.target, action.target, note=str(state.night + 1))
        return state, [WraithGuessed(action.by, action.target)]

    def someone_died(self, state: State, seat_: Seat, dead: int, cause: str, key: str) -> Result:
        if cause != "execution":
            return state, []
        return put_mark(state, EXECUTED, seat_.player, dead, note=str(state.day), keep=True), []

    def narrows(
        self, state: State, seat_: Seat, chooser: int, character: str, options: tuple[Any, ...]
    ) -> tuple[Any, ...] | None:
        tonight = any(m.note == str(state.night) for m in marks_of(state, FOUND, seat_.player))
        if not tonight or seat_.player not in options or chooser not in state.players:
            return None
        if char(state, character).team != "demon" or seat(state, chooser).team != "demon":
            return None
        return (seat_.player,)

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return ("yes",) if table.rng.random() < PEEKS else ("no",)

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, WraithGuessed):
            return (
                f"🔮 {words.player(event.by)} guesses in public that "
                f"{words.strong(words.player(event.target))} is the Wraith."
            )
        if isinstance(event, WraithSeen):
            return (
                f"👁️ Night {event.night}: as you woke, you saw "
                f"{words.strong(words.player(event.wraith))} with their eyes open."
            )
        if event.barred:
            return f"👁️ Night {event.night}: you could not open your eyes."
        evil = words.players(event.evil) if event.evil else "no other evil player"
        text = f"👁️ Night {event.night}: you woke with {evil}."
        if event.everyone:
            text += f" Eyes open, you saw these players wake: {words.players(event.everyone)}."
        return text


def _may_guess(state: State, me: Seat) -> bool:
    """The Magician, or an Alchemist given the Wraith's (no) ability."""
    alchemist = any(m.note == Wraith.id for m in marks_of(state, HELD, me.player))
    return me.character in GUESSERS or alchemist
