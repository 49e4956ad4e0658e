"""The Alsaahir: each day, may publicly guess which players are the Minions and which the
Demons: if the guess is right, good wins.

The guess (``AlsaahirGuess``: ``/clocktower use alsaahir demons minions``) names the Demon
players and the Minion players, dead ones included, and must match the grimoire exactly (each
team as a set: the players' true characters, registrations aside). Anyone may make one guess a
day (a bluff); only a living, sober Alsaahir's right guess ends the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.ending import conclude
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import SYSTEM, State, living, marks_of, put_mark, seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

SURE = 0.9  # how sure a simulated Alsaahir must be of each evil player before guessing


@dataclass(frozen=True)
class AlsaahirGuess:
    """A public guess of the evil team: the Demon players and the Minion players."""

    by: int
    demons: tuple[int, ...]
    minions: tuple[int, ...]


@dataclass(frozen=True)
class EvilGuessed(Event, Public):
    """The players someone publicly named as Demons and as Minions (a guess, no secret)."""

    event = "alsaahir"
    by: int
    named_demons: tuple[int, ...]
    named_minions: tuple[int, ...]


def team(state: State, name: str) -> frozenset[int]:
    return frozenset(s.player for s in state.seats if s.team == name)


class Alsaahir(Role):
    id = "alsaahir"
    events = (EvilGuessed,)
    day_action = AlsaahirGuess
    endings = {"alsaahir": "the Alsaahir named every Minion and Demon"}
    reminders = {"alsaahir_guessed": "guessed today"}
    command = DayCommand(
        "alsaahir",
        "Publicly guess which players are the Demons and which the Minions",
        "demons",
        "The Demon players (mentions)",
        "Your guess is made in public.",
        shape="teams",
    )
    policy: ClassVar[str] = "Nothing to decide: the guess is judged against the grimoire."

    def request(self, by: int, target: Any) -> AlsaahirGuess:
        demons, minions = target
        return AlsaahirGuess(by, tuple(demons), tuple(minions))

    def day(self, state: State, action: AlsaahirGuess) -> Result:
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only players in this game can guess.")
        named = (*action.demons, *action.minions)
        refuse_unless(action.demons != (), "Name at least one Demon player.")
        refuse_unless(
            all(p in state.players for p in named) and len(set(named)) == len(named),
            "Name players in this game, each once.",
        )
        today = marks_of(state, "alsaahir_guessed", SYSTEM)  # each lasts until dusk
        refuse_unless(all(m.target != action.by for m in today), "You have already guessed today.")
        state = put_mark(state, "alsaahir_guessed", SYSTEM, action.by, dusks=1, keep=True)
        effects: list[Effect] = [EvilGuessed(action.by, action.demons, action.minions)]
        me = seat(state, action.by)
        right = frozenset(action.demons) == team(state, "demon") and frozenset(
            action.minions
        ) == team(state, "minion")
        if me.character != self.id or not right:
            return state, effects
        if not works(state, action.by):
            return abnormal.mark(state, action.by), effects
        state, more = conclude(state, "good", self.id)
        return state, effects + more

    def day_move(self, table: Table, state: State) -> AlsaahirGuess | None:
        """A living believed Alsaahir guesses once it is near sure of every evil player."""
        for s in state.seats:
            if s.shown != self.id or not s.alive or not table.once("alsaahir", state.day):
                continue
            others = [p for p in living(state) if p != s.player]
            ranked = table.ranked(state, s.player, others)
            size = len(team(state, "demon")) + len(team(state, "minion"))
            if len(ranked) < size or table.demon_chance(state, s.player, ranked[0]) < SURE:
                continue
            return AlsaahirGuess(s.player, (ranked[0],), tuple(ranked[1:size]))
        return None

    def says(self, event: Any, words: Words) -> str:
        minions = words.players(event.named_minions) if event.named_minions else "nobody"
        return (
            f"🔮 {words.player(event.by)} names the Demon: {words.players(event.named_demons)}, "
            f"and the Minions: {minions}."
        )
