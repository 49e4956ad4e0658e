"""The Duchess (Fabled): each day up to three players may visit; that night each visitor
learns how many of the visitors are evil, but one of them is told a false number.

A visit is a day command (``/clocktower use duchess``), once a day per player, three a day. At
the Duchess' place each night after the first (the storyteller's turn), every visitor of the
day before is told the count of evil visitors, except the one the storyteller picks, who is told
another number (0 to 3). The count is by true alignment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Info
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import SYSTEM, State, living, put_marks, seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words, in_force
from engine.core import Effect

VISITOR = "duchess_visitor"
MOST = 3  # visitors a day
VISITS = 0.3  # the chance a simulated player visits, each time the day is asked


@dataclass(frozen=True)
class DuchessVisit:
    """A player's visit to the Duchess (the log decodes it by its name)."""

    by: int


def visitors(state: State, day: int) -> tuple[int, ...]:
    return tuple(m.target for m in state.marks if m.kind == VISITOR and m.note == str(day))


class Duchess(Role):
    id = "duchess"
    policy = "The visitor told a false number is a random one; the number, a random other one."
    topics = {
        "duchess_false": "which visitor of the Duchess is told a false number",
        "duchess_count": "the false number of evil visitors that visitor is told",
    }
    reminders = {VISITOR: "visited the Duchess"}
    day_action = DuchessVisit
    command = DayCommand(
        "duchess",
        "Visit the Duchess (three visitors a day learn tonight how many of them are evil)",
        "",
        "",
        "You visit the Duchess; tonight you learn how many of her visitors are evil.",
        shape="none",
    )

    def request(self, by: int, target: Any) -> DuchessVisit:
        return DuchessVisit(by)

    def day(self, state: State, action: DuchessVisit) -> Result:
        refuse_unless(in_force(state, self.id), "The Duchess is not in this game.")
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only players may visit the Duchess.")
        today = visitors(state, state.day)
        refuse_unless(action.by not in today, "You have already visited the Duchess today.")
        refuse_unless(len(today) < MOST, "The Duchess has had her three visitors today.")
        note = str(state.day)
        return put_marks(
            state, VISITOR, SYSTEM, (action.by,), character=self.id, note=note, keep=True
        ), []

    def night(self, state: State, player: int, key: str) -> Result:
        guests = visitors(state, state.day)
        if state.night == 1 or not guests:
            return state, []
        evil = sum(seat(state, p).alignment == "evil" for p in guests)
        liar = rule(state, f"{key}:false", "duchess_false", guests, truth=None)
        lies = tuple(n for n in range(MOST + 1) if n != evil)
        false = rule(state, f"{key}:count", "duchess_count", lies, truth=None, player=liar)
        effects: list[Effect] = []
        for p in guests:
            told = Info(
                p,
                character=self.id,
                night=state.night,
                answer=false if p == liar else evil,
                players=guests,
            )
            state, effect = tell(state, told)
            effects.append(effect)
        return state, effects

    def day_move(self, table: Table, state: State) -> DuchessVisit | None:
        if not in_force(state, self.id):
            return None
        today = visitors(state, state.day)
        callers = [p for p in living(state) if p not in today]
        if len(today) < MOST and callers and table.once("duchess", state.day, len(today)):
            if table.rng.random() < VISITS:
                return DuchessVisit(table.rng.choice(callers))
        return None

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        return (
            f"The {words.strong('Duchess')}: {words.strong(count)} of her visitors "
            f"({words.players(info['players'])}) {'is' if count == 1 else 'are'} evil "
            "(one visitor is told a false number)."
        )
