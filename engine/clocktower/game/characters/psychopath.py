"""The Psychopath: each day, before the first nomination, may publicly choose a player, who dies.
If executed, they die only if they lose roshambo (rock-paper-scissors) against their nominator.

Anyone living may claim the kill in public (``PsychopathKill``), once a day before nominations:
only a real Psychopath's can kill, and its one use a day is spent even when drunk or poisoned.
Executed with the ability working, the storyteller records the roshambo's result (``roshambo``);
the bot storyteller, which cannot watch hands, draws it as a fair game with replays on a draw:
even odds. Jinx with Lil' Monsta: a babysitting Psychopath (``model.demon_by_reminder``, shared
with the Vizier's jinx) dies when executed, with no roshambo."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.characters._sv import prey
from engine.clocktower.game.day import day_key
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import (
    refuse_unless,
    require_day_between_votes,
    require_living_player,
)
from engine.clocktower.game.model import (
    Seat,
    State,
    demon_by_reminder,
    living,
    marks_of,
    put_mark,
    seat,
)
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

USED = "psychopath_used"
KILLS = 0.35  # how often a simulated Psychopath kills on a given day
LOST, WON = "lost", "won"


@dataclass(frozen=True)
class PsychopathKill:
    """A public claim of the Psychopath's kill (the log decodes it by its name)."""

    by: int
    target: int


@dataclass(frozen=True)
class PsychopathStruck(Event, Public):
    event = "psychopath"
    by: int
    target: int
    died: bool


def nominations_begun(state: State) -> bool:
    return bool(state.nominators) or any(n.day == state.day for n in state.history)


class Psychopath(Role):
    id = "psychopath"
    reasoned = True  # the reasoning model: its day kills are read as any day death
    policy = "Roshambo at execution is a fair draw: the Psychopath survives half the time."
    topics = {"roshambo": "who won the executed Psychopath's roshambo against their nominator"}
    reminders = {USED: "has chosen today"}
    events = (PsychopathStruck,)
    day_action = PsychopathKill
    command = DayCommand(
        "psychopath",
        "Claim the Psychopath's kill of a player, in public, before nominations",
        "player",
        "Who you choose",
        "Your choice is made in public.",
    )

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return tuple(living(state))

    def day(self, state: State, action: PsychopathKill) -> Result:
        require_day_between_votes(state)
        require_living_player(state, action.by, "Only living players can use that ability.")
        refuse_unless(action.target in state.players, "Choose a player in this game.")
        refuse_unless(
            not nominations_begun(state), "The Psychopath chooses before nominations begin."
        )
        refuse_unless(
            not marks_of(state, USED, action.by), "You have already chosen a player today."
        )
        kills = (
            seat(state, action.by).character == self.id
            and works(state, action.by)
            and seat(state, action.target).alive
        )
        state = put_mark(state, USED, action.by, action.by, dusks=1)
        effects: list[Effect] = [PsychopathStruck(action.by, action.target, kills)]
        if kills:
            state, more = die(state, action.target, "struck", day_key(state))
            effects += more
        return state, effects

    def spares(
        self, state: State, seat_: Seat, target: int, cause: str, key: str
    ) -> tuple[State, bool]:
        if target != seat_.player or cause != "execution" or not works(state, target):
            return state, False
        if demon_by_reminder(state, target):
            return state, False  # babysitting Lil' Monsta: the jinx
        nominator = next(
            (n.nominator for n in reversed(state.history) if n.nominee == target), None
        )
        won = rule(
            state, key + ":roshambo", "roshambo", (LOST, WON), truth=None, nominator=nominator
        )
        return state, won == WON

    def day_move(self, table: Table, state: State) -> PsychopathKill | None:
        if nominations_begun(state):
            return None
        for p in living(state):
            s = seat(state, p)
            if s.character == self.id and not marks_of(state, USED, p):
                if table.once("psychopath", state.day, p) and table.rng.random() < KILLS:
                    targets = prey(table, state, p, [q for q in living(state) if q != p])
                    if targets:
                        return PsychopathKill(p, table.rng.choice(targets))
        return None

    def says(self, event: Any, words: Words) -> str:
        outcome = "and they fall dead" if event.died else "but nothing happens"
        return (
            f"🔪 {words.player(event.by)} claims the Psychopath's kill on "
            f"{words.player(event.target)}… {outcome}."
        )
