"""The Damsel: all Minions know a Damsel is in play; if a Minion publicly guesses who she is
(one guess between all the Minions), her team loses.

At the Damsel's place each night, every Minion not yet told learns that a Damsel is in play
(the first night; a Minion or a Damsel made later learns it at the next). Anyone may make the
public guess (``DamselGuess``: ``/clocktower use damsel player``): only a Minion's counts, and it
spends the Minions' one guess whatever it names (the Demon's, or anyone else's, spends nothing).
A right guess while the Damsel lives and is sober ends the game; drunk or poisoned, she is
safe and the guess is spent all the same.

Jinxes: while a Spy or a Widow is or has been in play, the Damsel is poisoned (``poisons``); a
Damsel the Pit-Hag makes goes to a player the storyteller chooses (``becomes``: the bot
storyteller picks a random living good player, so the Pit-Hag does not know who)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.characters._sv import of_teams
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.ending import conclude
from engine.clocktower.game.events import Told
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, living, put_mark, seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

POISONED_BY = ("spy", "widow")  # their jinxes: while either is or has been in play
GUESSES = 0.15  # how often a simulated Minion spends the guess on a given day


@dataclass(frozen=True)
class DamselGuess:
    """A public guess of who the Damsel is (the log decodes it by its name)."""

    by: int
    target: int


@dataclass(frozen=True)
class DamselGuessed(Event, Public):
    event = "damsel_guess"
    by: int
    target: int


@dataclass(frozen=True)
class DamselInPlay(Told):
    """To a Minion: a Damsel is in play."""

    event = "damsel_in_play"


def guess_spent(state: State) -> bool:
    return any(m.kind == "damsel_guessed" for m in state.marks)


def ever_in_play(state: State, cids: tuple[str, ...]) -> bool:
    return any(s.character in cids for s in state.seats) or any(
        c.before in cids or c.after in cids for c in state.changes
    )


class Damsel(Role):
    id = "damsel"
    events = (DamselGuessed, DamselInPlay)
    day_action = DamselGuess
    endings = {"damsel": "a Minion guessed the Damsel"}
    reminders = {"damsel_guessed": "the Minions' guess is spent"}
    topics = {"damsel_player": "who becomes the Damsel the Pit-Hag made"}
    command = DayCommand(
        "damsel",
        "Publicly guess who the Damsel is (a Minion's guess, once, can win the game)",
        "player",
        "Who you say is the Damsel",
        "Your guess is made in public.",
    )
    policy: ClassVar[str] = (
        "Tells every Minion at once; a Pit-Hag's Damsel goes to a random living good player."
    )

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller's turn: the Minions learn of her, she does not wake

    def wakes(self, state: State, seat: Seat) -> bool:
        return True  # even dead or drunk: the Minions still learn she is in play

    def night(self, state: State, player: int, key: str) -> Result:
        effects: list[Effect] = []
        for s in state.seats:
            notice = DamselInPlay(s.player)
            if s.team == "minion" and notice not in state.told:
                state, told = tell(state, notice)
                effects.append(told)
        return state, effects

    def poisons(self, state: State, seat: Seat, target: int) -> bool:
        return target == seat.player and ever_in_play(state, POISONED_BY)

    def becomes(self, state: State, target: int, key: str) -> int:
        options = (target, *(p for p in state.players if p != target))
        return int(rule(state, key + ":damsel", "damsel_player", options, truth=None))

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        good = [
            i
            for i, p in enumerate(pending.options)
            if seat(state, p).alignment == "good" and seat(state, p).alive
        ]
        return rng.choice(good) if good else 0

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return tuple(p for p in living(state) if p != by)

    def day(self, state: State, action: DamselGuess) -> Result:
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only players in this game can guess.")
        refuse_unless(
            action.target in state.players and action.target != action.by,
            "Guess another player in this game.",
        )
        effects: list[Effect] = [DamselGuessed(action.by, action.target)]
        if seat(state, action.by).team != "minion" or guess_spent(state):
            return state, effects
        state = put_mark(state, "damsel_guessed", SYSTEM, action.target)
        target = seat(state, action.target)
        if target.character != self.id or not works(state, target.player):
            return state, effects
        loser = target.alignment
        state, more = conclude(state, "evil" if loser == "good" else "good", "damsel")
        return state, effects + more

    def day_move(self, table: Table, state: State) -> DamselGuess | None:
        """A living Minion who was told of a Damsel now and then guesses a living player it
        does not know to be evil, the one the town trusts least among those claiming an
        Outsider first."""
        if not any(s.character == self.id for s in state.seats) or guess_spent(state):
            return None
        if table.rng.random() >= GUESSES:
            return None
        for s in state.seats:
            if s.alive and s.team == "minion" and DamselInPlay(s.player) in state.told:
                known = {x.player for x in state.seats if x.alignment == "evil"}
                pool = [p for p in living(state) if p not in known and p != s.player]
                if pool and table.once("damsel", state.day):
                    return DamselGuess(s.player, table.rng.choice(pool))
        return None

    def claims(self, table: Table, state: State, player: int) -> str | None:
        """A simulated Damsel hides as a Townsfolk of the script (the Minions hunt her)."""
        townsfolk = of_teams(state, ("townsfolk",))
        return table.rng.choice(townsfolk) if townsfolk else None

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, DamselInPlay):
            return f"👸 A {words.character(self.id)} is in play."
        return (  # what a player says in public, as a claim is
            f"🗣️ {words.player(event.by)} guesses in public that {words.player(event.target)} "
            f"is the {words.character(self.id)}."
        )
