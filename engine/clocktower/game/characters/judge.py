"""The Judge (Traveller): once per game, right after a vote on a nomination someone else made (and
before the next nomination), may force that execution to pass (the nominee goes on the block)
or fail (the nominee does not). A drunk or poisoned Judge's verdict is spent to no effect."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.actions import Verdict
from engine.clocktower.game.guards import NOT_DAY, refuse_unless, require_phase
from engine.clocktower.game.model import Nomination, Phase, State, evolve, with_seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

RULES = 0.3  # how often a simulated Judge gives a verdict when it may


def judged_nomination(state: State, judge: int) -> Nomination | None:
    """The nomination a Judge may rule on now: today's last, not an exile, made by another."""
    if state.vote is not None or not state.history:
        return None
    last = state.history[-1]
    ok = last.day == state.day and not last.exile and last.nominator != judge
    return last if ok and state.executed is None else None


@dataclass(frozen=True)
class Judged(Event, Public):
    """The Judge rules that the execution of ``nominee`` passes or fails."""

    event = "verdict"
    by: int
    nominee: int
    passes: bool


class Judge(Role):
    id = "judge"
    events = (Judged,)
    day_action = Verdict
    command = DayCommand(
        "judge",
        "Judge: force the last nomination's execution to pass or fail",
        "verdict",
        "pass: the nominee goes on the block; fail: they do not",
        "Your verdict is given.",
        choices=("pass", "fail"),
    )

    def request(self, by: int, target: str) -> Verdict:
        return Verdict(by, target == "pass")

    def day(self, state: State, action: Verdict) -> Result:
        require_phase(state, Phase.DAY, NOT_DAY)
        judge = next((s for s in state.seats if s.player == action.by), None)
        refuse_unless(
            judge is not None and judge.character == self.id and judge.alive and not judge.used,
            "Only a living Judge who has not yet given a verdict can do that.",
        )
        last = judged_nomination(state, action.by)
        refuse_unless(
            last is not None,
            "The Judge rules right after a vote on a nomination someone else made.",
        )
        assert last is not None
        state = with_seat(state, action.by, used=True)
        effects: list[Effect] = [Judged(action.by, last.nominee, action.passes)]
        if not works(state, action.by):
            return state, effects
        if action.passes:
            state = evolve(
                state, block=last.nominee, block_votes=max(state.block_votes, last.votes)
            )
        elif state.block == last.nominee:
            state = evolve(state, block=None, block_votes=0)
        return state, effects

    def day_move(self, table: Table, state: State) -> Verdict | None:
        for s in state.seats:
            if s.character != self.id or not s.alive or s.used:
                continue
            last = judged_nomination(state, s.player)
            if last is not None and table.once("verdict", state.day, len(state.history)):
                if table.rng.random() < RULES:
                    suspected = table.ranked(state, s.player, [last.nominee, s.player])[0]
                    return Verdict(s.player, suspected == last.nominee)
        return None

    def says(self, event: Any, words: Words) -> str:
        outcome = "passes: they are about to die" if event.passes else "fails"
        return (
            f"⚖️ {words.player(event.by)} the Judge rules: the execution of "
            f"{words.player(event.nominee)} {outcome}."
        )
