"""The Artist: once per game, by day, privately asks the storyteller any yes/no question
(``Question``: ``/clocktower artist``).

With a human storyteller the question may be free text, answered yes, no or "I don't know"
(a ruling with no true answer marked: the storyteller knows it; the reason says when the Artist
is drunk, poisoned or the Vortox lives). Any storyteller may be asked a statement built of a
player (or two), a claim and a value (``statements``: "is Alice the Witch?", "is one of Bob and
Cat a Minion?"), which the engine answers from the grimoire (``learn``: the truth, the
storyteller's ruling when a Spy or Recluse may register either way, false while the Vortox
lives, anything when the Artist is drunk or poisoned). The bot storyteller takes statements only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import impaired, learn, misinformed
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.actions import Question
from engine.clocktower.game.characters._sv import day_info, visitor
from engine.clocktower.game.day import day_key
from engine.clocktower.game.decisions import MAX_TEXT, rule
from engine.clocktower.game.guards import refuse_unless
from engine.clocktower.game.model import State, living
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.statements import (
    Statement,
    checked,
    from_plain,
    judge,
    plain,
    said,
)
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard

ANSWERS = ("yes", "no", "I don't know")
ASKS = 0.3  # how often, on a given day, a simulated Artist asks their question


class Artist(Role):
    id = "artist"
    policy = (
        "Judges the question's statement truly (falsely when drunk, poisoned or under the "
        "Vortox); free-text questions are left to a human storyteller."
    )
    day_action = Question
    command = DayCommand(
        "artist",
        "Artist: ask the storyteller one yes/no question, privately",
        "question",
        "Your question in words (human storyteller), or build it from player, claim and value",
        "Your question goes to the storyteller; the answer comes privately.",
        shape="question",
    )

    def request(self, by: int, target: Any) -> Question:
        text, statement = target
        if statement is None:
            return Question(by, text=text)
        kind, players, value = plain(statement)
        return Question(by, kind=kind, players=players, value=value)

    def day(self, state: State, action: Question) -> Result:
        me = visitor(state, action.by, self.id, "Only the Artist asks the storyteller a question.")
        refuse_unless(not spent(state, me.player), "The Artist asks only once per game.")
        key = day_key(state) + f":artist{me.player}"
        if action.kind:
            statement = checked(state, Statement(action.kind, tuple(action.players), action.value))
            return self._judged(spend(state, me.player), me.player, statement, key)
        text = " ".join(action.text.split())
        refuse_unless(
            not state.bot,
            "The bot storyteller answers questions built from a player, a claim and a value.",
        )
        refuse_unless(0 < len(text) <= MAX_TEXT, f"Ask in 1 to {MAX_TEXT} characters.")
        return self._free(spend(state, me.player), me.player, text, key)

    def _judged(self, state: State, player: int, statement: Statement, key: str) -> Result:
        possible = judge(state, statement)
        question = plain(statement)
        return learn(
            state,
            player,
            self.id,
            key,
            possible[0],
            possible[1:],
            [not possible[0]],
            question=question,
            day=state.day,
        )

    def _free(self, state: State, player: int, text: str, key: str) -> Result:
        reason = (
            "vortox"
            if misinformed(state, player)
            else ""
            if works(state, player)
            else impaired(state, player)
        )
        got = rule(
            state, key, "artist", ANSWERS, truth=None, player=player, question=text, reason=reason
        )
        return day_info(state, player, self.id, got, question=text)

    topics = {"artist": "the answer to the Artist's question"}

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        answer, question = info["answer"], info["question"]
        if isinstance(answer, bool):
            answer = "yes" if answer else "no"
        if isinstance(question, str):
            return f"you asked “{question}”: {words.strong(answer)}."
        return f"you asked whether {said(question, words)}: {words.strong(answer)}."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        question = info["question"]
        if isinstance(question, str) or not isinstance(info["answer"], bool):
            return
        statement = from_plain(question)
        if statement.kind != "character" and statement.value in ("minion", "demon", "evil"):
            for p in statement.players:
                score[p] += weight * (3.0 if info["answer"] else -1.0) / len(statement.players)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight | None:
        """A statement's answer: yes where it may be true, no where it may be false (a Spy or
        Recluse either way); impaired, either evenly; under the Vortox the other one. Free
        text is the storyteller's to judge, and not weighed."""
        question = heard.question
        if question is None or isinstance(question, str) or not isinstance(heard.answer, bool):
            return None
        sure, never = now.statement(*question)
        sober, false = (1.0 - never, never) if heard.answer else (1.0 - sure, sure)
        return Weight(sober, 1 / 2, false=false)

    def day_move(self, table: Table, state: State) -> Question | None:
        for s in state.seats:
            if (
                s.alive
                and s.shown == self.id
                and not s.used
                and table.once("artist", state.day, s.player)
            ):
                if table.rng.random() < ASKS:
                    others = [p for p in living(state) if p != s.player]
                    if others:
                        target = table.ranked(state, s.player, others)[0]
                        return Question(s.player, kind="team", players=(target,), value="demon")
        return None
