"""The Savant: each day, may visit the storyteller (``Visit``: ``/clocktower savant``) to learn two
things in private, one true and one false, in an order that does not tell which.

A human storyteller writes any two lines (the ruling's two ``text`` parts), or takes one of the
suggested pairs of statements the engine judged from the grimoire (``statements.invent``); the
bot storyteller takes the first suggestion. Drunk or poisoned, the Savant may get two true things
or two false ones (offered too); while the Vortox lives, both are false. A pair of the engine's
statements that is not one true and one false worked abnormally (``abnormal``). Once a day (twice
with the Barista's help)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.info import impaired, misinformed
from engine.clocktower.game.actions import Visit
from engine.clocktower.game.characters._sv import day_info, visitor
from engine.clocktower.game.day import day_key
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import refuse_unless
from engine.clocktower.game.model import Field, Form, State, marks_of, put_mark
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.statements import from_plain, invent, plain, said, sure
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard
from engine.core import seeded_rng

VISITS = 0.5  # how often a simulated Savant visits the storyteller on a day


def visits_today(state: State, player: int) -> int:
    return sum(m.until == state.night + 1 for m in marks_of(state, "visited", player))


def allowed_visits(state: State, player: int) -> int:
    twice = any(m.kind == "twice" and m.target == player for m in state.marks)
    return 2 if twice else 1


class Savant(Role):
    id = "savant"
    policy = (
        "One true and one false statement invented by the engine; drunk or poisoned, two true "
        "or two false at random; under the Vortox, two false."
    )
    day_action = Visit
    reminders = {"visited": "visited the storyteller today"}
    command = DayCommand(
        "savant",
        "Savant: visit the storyteller to learn two things, one true and one false",
        "",
        "",
        "You visit the storyteller; what you learn comes privately.",
        shape="none",
    )

    def request(self, by: int, target: Any) -> Visit:
        return Visit(by)

    def day(self, state: State, action: Visit) -> Result:
        me = visitor(state, action.by, self.id, "Only the Savant visits the storyteller for that.")
        done = visits_today(state, me.player)
        refuse_unless(
            done < allowed_visits(state, me.player), "You have visited the storyteller today."
        )
        key = day_key(state) + f":savant{me.player}:{done}"
        state = put_mark(state, "visited", me.player, me.player, dusks=1, keep=True)
        return self.learn(state, me.player, key)

    def learn(self, state: State, player: int, key: str) -> Result:
        rng = seeded_rng(state.seed, key)
        t1, t2 = (plain(invent(state, rng, True)) for _ in range(2))
        f1, f2 = (plain(invent(state, rng, False)) for _ in range(2))
        data: dict[str, Any] = {"player": player, "character": self.id, "players": ()}
        truth: int | None = 0
        if misinformed(state, player):
            options: tuple[Any, ...] = ((f1, f2),)
            truth, data["reason"] = None, "vortox"
        elif works(state, player):
            options, data["reason"] = ((t1, f1), (t2, f2), (t1, f2)), "choice"
        else:
            options, data["reason"] = ((t1, f1), (t1, t2), (f1, f2)), impaired(state, player)
        form = Form((Field("text", ()), Field("text", ())))
        got = rule(state, key, "info", options, truth=truth, form=form, **data)
        trues = [sure(state, from_plain(x)) for x in got if not isinstance(x, str)]
        if len(trues) == 2 and trues.count(True) != 1:
            state = abnormal.mark(state, player)
        told = tuple(got)
        if len(trues) == 2:
            told = tuple(rng.sample(told, 2))
        return day_info(state, player, self.id, told)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        things = "; ".join(words.strong(f"“{said(x, words)}”") for x in info["answer"])
        return f"one of these is true and one false: {things}."

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight | None:
        """The engine's two statements (each surely true or surely false as invented): sober,
        one of each; impaired, one of each, both true or both false, a third each; under the
        Vortox both false. A storyteller's own lines are not weighed."""
        if len(heard.answer) != 2 or any(isinstance(x, str) for x in heard.answer):
            return None
        (true_a, false_a), (true_b, false_b) = (now.statement(*x) for x in heard.answer)
        one_each = true_a * false_b + false_a * true_b
        return Weight(one_each, 1 / 3, false=false_a * false_b)

    def day_move(self, table: Table, state: State) -> Visit | None:
        for s in state.seats:
            if s.alive and s.shown == self.id and table.once("savant", state.day, s.player):
                if visits_today(state, s.player) == 0 and table.rng.random() < VISITS:
                    return Visit(s.player)
        return None
