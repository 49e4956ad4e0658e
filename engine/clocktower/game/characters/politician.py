"""The Politician: if they were the player most responsible for their team losing, they change
alignment and win, even if dead.

As the game ends (``Role.overturn``, after the Heretic has turned the result round), a sober
Politician on the losing team asks the storyteller whether they were the most responsible
(``politician``, yes or no: the judgement is the storyteller's alone). If so they take the
winning alignment, and the recorded result counts them among the winners. The bot
storyteller judges by what the whole table saw: the Politician is most responsible when the
game ended by the day's execution and they were the executee or nominated them. Jinx: an evil
player the Pit-Hag made the Politician cannot turn good by it (``change.made_evil``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.abilities.change import change_alignment, made_evil
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Pending, Phase, Seat, State
from engine.clocktower.game.roles import Role, Words
from engine.clocktower.game.working import sober
from engine.core import Effect, Event, Public


@dataclass(frozen=True)
class SidesChanged(Event, Public):
    """The Politician, most responsible for their team's loss, joins the winners."""

    event = "politician_won"
    player: int
    winner: str


def ending_execution(state: State) -> tuple[int | None, int | None]:
    """(executee, their nominator) when the game ends by today's execution, else Nones."""
    if state.phase is not Phase.DAY or state.executed is None:
        return None, None
    nominated = [
        n.nominator
        for n in state.history
        if n.day == state.day and n.nominee == state.executed and not n.exile
    ]
    return state.executed, (nominated[-1] if nominated else None)


class Politician(Role):
    id = "politician"
    events = (SidesChanged,)
    overturn_stage = 1
    topics = {"politician": "whether the Politician was the most responsible for their team losing"}
    policy: ClassVar[str] = (
        "Most responsible only when the game ends by the day's execution and the Politician "
        "was the executee or nominated them."
    )

    def overturn(
        self, state: State, seat: Seat, winner: str, key: str
    ) -> tuple[State, str, list[Effect]]:
        if seat.alignment == winner or not sober(state, seat.player):
            return state, winner, []
        if winner == "good" and made_evil(state, seat.player, self.id):
            return state, winner, []  # the Pit-Hag's jinx: they cannot turn good by it
        executee, nominator = ending_execution(state)
        guilty = rule(
            state,
            key,
            "politician",
            ("no", "yes"),
            truth=None,
            player=seat.player,
            executee=executee,
            nominator=nominator,
        )
        if guilty != "yes":
            return state, winner, []
        state, told = change_alignment(state, seat.player, winner)
        return state, winner, [*told, SidesChanged(seat.player, winner)]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        """Most responsible: the executee, or their nominator, of the execution that ended the
        game (read from the ruling: ``decide`` sees the state from before the step)."""
        data = dict(pending.data)
        return int(data["player"] in (data["executee"], data["nominator"]))

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🎩 {words.player(event.player)}, the {words.character(self.id)}, did the most "
            f"to make their team lose: they change sides and win with {event.winner}."
        )
