"""The Amnesiac: has an ability they are not told; the storyteller chooses it at setup
(``amnesiac``). Each day the Amnesiac may privately guess it once (``/clocktower use amnesiac``
with a character's name): they learn how accurate the guess is (``amnesiac_guess``): ``correct``
(that character's ability), ``close`` (a character of the same team and kind, by the catalogue's
first tag: protection, information, …) or ``far``.

At a table the storyteller may invent any ability. The engine can only give abilities it runs,
and one that wakes the Amnesiac would name itself in its night menu, so the offer is limited:
the abilities of official Townsfolk the engine runs that are not in play and need no setup,
day action or gained abilities of their own; the passive ones (which never wake: the Soldier,
the Mayor, the Tea Lady, the Fool, the Pacifist, the Virgin, the Minstrel, the Farmer) first.
A human storyteller may pick any of them; the bot storyteller picks a random passive one.
The ability is gained (``Role.gained``): its hooks apply to the Amnesiac as to its holder."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from engine.clocktower.catalogue import characters
from engine.clocktower.game.cast import char, find_char
from engine.clocktower.game.characters._gains import Gains
from engine.clocktower.game.characters._sv import day_info, visitor
from engine.clocktower.game.day import day_key
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import refuse_unless
from engine.clocktower.game.model import (
    Pending,
    Seat,
    State,
    marks_of,
    put_mark,
    put_marks,
)
from engine.clocktower.game.roles import REGISTRY, DayCommand, Result, Table, Words
from engine.clocktower.game.working import works

HELD = "amnesiac"  # on the Amnesiac: the character whose ability they have (unknown to them)
GUESSED = "amnesiac_guessed"  # today's guess is made (lapses at dusk)
ACCURACY = ("correct", "close", "far")
UNFIT = ("day_action", "setup", "gained", "briefed_as", "wakes_at", "always_drunk", "owes_choice")
GUESSES = 0.6  # how often a simulated Amnesiac guesses on a given day


@dataclass(frozen=True)
class AmnesiacGuess:
    """The day action: the Amnesiac privately guesses their ability (a character's name)."""

    by: int
    text: str


@cache
def offered() -> tuple[str, ...]:
    """The Townsfolk abilities the engine can give an Amnesiac, the passive ones first."""
    unfit = {c for hook in UNFIT for c in REGISTRY.having(hook)}
    fit = [
        c.id
        for c in characters()
        if c.team == "townsfolk" and c.id in REGISTRY and c.id not in unfit and not c.setup
    ]
    wakes = REGISTRY.having("night")
    return tuple(sorted(fit, key=lambda c: c in wakes))


def accuracy(state: State, guess: str, ability: str) -> str:
    """How close ``guess`` is to the ability: the same, the same team and kind, or neither."""
    if guess == ability:
        return "correct"
    mine, theirs = char(state, ability), char(state, guess)
    same_kind = mine.tags[:1] == theirs.tags[:1] and bool(mine.tags)
    return "close" if mine.team == theirs.team and same_kind else "far"


class Amnesiac(Gains):
    id = "amnesiac"
    topics = {
        "amnesiac": "the ability the Amnesiac has without knowing it",
        "amnesiac_guess": "how accurate the Amnesiac's guess of their ability is",
    }
    reminders = {HELD: "has, unknowingly, the ability of", GUESSED: "guessed today"}
    day_action = AmnesiacGuess
    command = DayCommand(
        "amnesiac",
        "Amnesiac: privately guess your ability (a character's name), once a day",
        "question",
        "The character whose ability you think you have",
        "Your guess goes to the storyteller; the answer comes privately.",
        shape="question",
    )
    policy: ClassVar[str] = (
        "Gives a random passive Townsfolk ability the engine runs (Soldier, Mayor, Tea Lady, …); "
        "answers each guess truly: correct, close (same team and kind) or far."
    )

    def setup(self, state: State, seat: Seat) -> State:
        return self._give(state, seat, f"setup:amnesiac:{seat.player}")

    def after_change(self, state: State, seat: Seat, key: str) -> Result:
        """A player who became the Amnesiac in play (the Pit-Hag's) is given an ability too."""
        if seat.character != self.id or self.held(state, seat.player) is not None:
            return state, []
        return self._give(state, seat, key + f":amnesiac{seat.player}"), []

    def _give(self, state: State, seat: Seat, key: str) -> State:
        in_play = {s.character for s in state.seats}
        pool = tuple(c for c in offered() if c not in in_play)
        if not pool:
            return state
        cid = rule(state, key, "amnesiac", pool, truth=None)
        return put_marks(state, HELD, seat.player, (seat.player,), note=cid, character=self.id)

    def held(self, state: State, player: int) -> str | None:
        return next((m.note for m in marks_of(state, HELD, player)), None)

    def gained(self, state: State, seat: Seat) -> tuple[str, ...]:
        cid = self.held(state, seat.player)
        return () if cid is None else (cid,)

    def request(self, by: int, target: Any) -> AmnesiacGuess:
        text, _statement = target
        return AmnesiacGuess(by, text or "")

    def day(self, state: State, action: AmnesiacGuess) -> Result:
        me = visitor(state, action.by, self.id, "Only the Amnesiac guesses their ability.")
        ability = self.held(state, me.player)
        refuse_unless(ability is not None, "The storyteller gave you no ability to guess.")
        assert ability is not None
        refuse_unless(not marks_of(state, GUESSED, me.player), "You have guessed today already.")
        found = find_char(state, action.text.strip()) if action.text.strip() else None
        refuse_unless(found is not None, "Name a character to guess, such as Soldier.")
        assert found is not None
        truth = accuracy(state, found.id, ability)
        options = (truth, *(a for a in ACCURACY if a != truth))
        reason = "" if works(state, me.player) else "impaired"
        got = rule(
            state,
            day_key(state) + f":amnesiac{me.player}",
            "amnesiac_guess",
            options,
            player=me.player,
            guess=found.id,
            reason=reason,
        )
        state = put_mark(state, GUESSED, me.player, me.player, dusks=1)
        return day_info(state, me.player, self.id, got, question=found.id)

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int:
        if pending.topic == "amnesiac":
            passive = [
                i for i, c in enumerate(pending.options) if c not in REGISTRY.having("night")
            ]
            return rng.choice(passive or range(len(pending.options)))
        impaired = dict(pending.data).get("reason") == "impaired"
        return rng.randrange(1, len(pending.options)) if impaired else 0

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        guess = words.strong(words.character(info["question"]))
        return f"your guess, the {guess}, is {words.strong(info['answer'])}."

    def day_move(self, table: Table, state: State) -> AmnesiacGuess | None:
        for s in state.seats:
            if (
                s.character == self.id
                and s.alive
                and self.held(state, s.player) is not None
                and not marks_of(state, GUESSED, s.player)
                and table.once("amnesiac", state.day, s.player)
                and table.rng.random() < GUESSES
            ):
                return AmnesiacGuess(s.player, char(state, table.rng.choice(offered())).name)
        return None
