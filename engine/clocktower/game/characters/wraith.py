"""The Wraith: may open their eyes at night, and wakes whenever other evil players do.

Online there is no table to look round, so the night is told to the Wraith at dawn: which other
evil players woke for their abilities tonight (the Wraith woke with them), and, on a night it
chose at its place to open its eyes (``yes``), every player who woke. The price of looking is
being seen: each good player who woke on such a night is told at dawn that the Wraith's player
had their eyes open (by the rules that has no effect but what they make of it). A Wraith drunk,
poisoned or dead sees nothing (a drunk or poisoned one is told it may not open its eyes). What
the woken players chose is not told: the Wraith sees who is up, not what the storyteller shows
them.

Jinxes: an Alchemist may have the Wraith's ability only while the Wraith is in play, and it is
no ability (the Alchemist's unit; its public guess of the Wraith after an execution, which
makes the Demon choose the Wraith, is left to a human storyteller, as is the Magician's);
a storyteller gaining the Wraith's ability by the Plague Doctor gives it to a Minion, who
learns it (the Plague Doctor's unit).

Bot storyteller: no rulings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Seat, State, marks_of, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect

OPEN = "eyes_open"  # on the Wraith tonight (note: the night)
PEEKS = 0.5  # how often a simulated Wraith opens its eyes


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
    events = (WraithSaw, WraithSeen)
    reminders = {OPEN: "eyes open tonight"}
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

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return ("yes",) if table.rng.random() < PEEKS else ("no",)

    def says(self, event: Any, words: Words) -> str:
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
