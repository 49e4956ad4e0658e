"""The Puzzlemaster: one player is drunk for the whole game, even once the Puzzlemaster has
died; once per game the Puzzlemaster may publicly guess who: right, they learn the Demon
player; wrong, they learn false information (a player who is not the Demon).

The puzzle drunk is a setup ruling (``puzzle_drunk``: any other player); their drunkenness
holds whatever becomes of the Puzzlemaster (``holds``). The guess (``PuzzleGuess``:
``/clocktower use puzzle player``) is public and its answer private, at once. A drunk or poisoned
Puzzlemaster's right guess may be answered with anyone (``abilities.info.learn``). Anyone may
make the gesture (a bluff): only the real, living Puzzlemaster's is answered, and it is spent."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.characters._sv import day_info
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import (
    Mark,
    Pending,
    Seat,
    State,
    demons,
    living,
    mark_target,
    put_mark,
    seat,
)
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import active
from engine.core import Effect, Event, Public

GUESSES = 0.2  # how often a simulated Puzzlemaster spends the guess on a given day (from day 2)


@dataclass(frozen=True)
class PuzzleGuess:
    """A public guess of who the Puzzlemaster's drunk is."""

    by: int
    target: int


@dataclass(frozen=True)
class PuzzleGuessed(Event, Public):
    event = "puzzle_guess"
    by: int
    target: int


class Puzzlemaster(Role):
    id = "puzzlemaster"
    events = (PuzzleGuessed,)
    day_action = PuzzleGuess
    reminders = {"drunk": "drunk"}
    topics = {
        "puzzle_drunk": "who the Puzzlemaster's drunk is",
        "puzzle_false": "the false Demon a wrong Puzzlemaster guess is shown",
    }
    command = DayCommand(
        "puzzle",
        "Puzzlemaster: publicly guess (once) who is drunk; the answer comes in private",
        "player",
        "Who you guess is drunk",
        "Your guess is made in public.",
    )
    policy: ClassVar[str] = (
        "The drunk is a random Townsfolk; a wrong guess is shown a random non-Demon player."
    )

    def setup(self, state: State, seat: Seat) -> State:
        others = tuple(
            s.player for s in state.seats if s.player != seat.player and s.team != "traveller"
        )
        drunk = rule(state, f"setup:puzzle:{seat.player}", "puzzle_drunk", others, truth=None)
        return put_mark(state, "drunk", seat.player, drunk)

    def holds(self, state: State, mark: Mark) -> bool | None:
        return True  # "even if you die": the drunk stays drunk

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic == "puzzle_drunk":
            townsfolk = [
                i for i, p in enumerate(pending.options) if seat(state, p).team == "townsfolk"
            ]
            return rng.choice(townsfolk or list(range(len(pending.options))))
        return rng.randrange(len(pending.options))

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return tuple(s.player for s in state.seats)

    def day(self, state: State, action: PuzzleGuess) -> Result:
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only players in this game can guess.")
        refuse_unless(action.target in state.players, "Guess a player in this game.")
        me = seat(state, action.by)
        real = me.character == self.id and active(state, action.by)
        refuse_unless(not (real and spent(state, action.by)), "You have already guessed.")
        effects: list[Effect] = [PuzzleGuessed(action.by, action.target)]
        if not real:
            return state, effects
        state = spend(state, action.by)
        key = f"d{state.day}:puzzle:{action.by}"
        found = demons(state)
        if action.target == mark_target(state, "drunk", action.by) and found:
            state, told = learn(
                state,
                action.by,
                self.id,
                key,
                found[0],
                false=[p for p in state.players if p not in found],
                also_true=found,
            )
            return state, effects + told
        others = tuple(p for p in state.players if p not in found)
        shown = rule(state, key, "puzzle_false", others, truth=None, player=action.by)
        state, told = day_info(state, action.by, self.id, shown)
        return state, effects + told

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"{words.strong(words.player(info['answer']))} is the Demon."

    def day_move(self, table: Table, state: State) -> PuzzleGuess | None:
        """From day 2, now and then, a living believed Puzzlemaster guesses the player the
        town finds least trustworthy among those who claimed information (likely drunk)."""
        for s in state.seats:
            if s.shown != self.id or not s.alive or state.day < 2 or s.used:
                continue
            if table.once("puzzle", state.day) and table.rng.random() < GUESSES:
                others = [p for p in living(state) if p != s.player]
                if others:
                    return PuzzleGuess(s.player, table.ranked(state, s.player, others)[0])
        return None

    def says(self, event: Any, words: Words) -> str:
        return f"🧩 {words.player(event.by)} guesses that {words.player(event.target)} is drunk."
