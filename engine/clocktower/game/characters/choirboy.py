"""The Choirboy: if the Demon kills the King, the Choirboy (alive then) wakes that night and
learns which player is the Demon. Not if the King dies any other way, nor if the Demon attacks
a player who only believes they are the King (the Drunk). Brings the King into play at setup
(the catalogue's setup modifier: the bag deals the King, and a deal without one is refused to
the bot storyteller and noted to a human one).

A Recluse may register as the Demon (a ruling); a drunk or poisoned Choirboy may be shown
anyone, the consistent lie (their false world's Demon) first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import MAX_FALSE, learn
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import (
    Field,
    Seat,
    State,
    demons,
    lives,
    marks_of,
    put_mark,
)
from engine.clocktower.game.model import (
    seat as seat_of,
)
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard
from engine.core import seeded_rng

KING = "king"


class Choirboy(Role):
    id = "choirboy"
    reminders = {"king_killed": "the King the Demon killed tonight"}
    policy: ClassVar[str] = (
        "Shows the Demon (a Recluse with the usual misregistration chance); drunk or poisoned, "
        "the consistent lie."
    )

    def someone_died(self, state: State, seat: Seat, dead: int, cause: str, key: str) -> Result:
        if cause != "demon" or not lives(state, seat.player):
            return state, []
        if seat_of(state, dead).character != KING:
            return state, []
        return put_mark(state, "king_killed", seat.player, dead, dusks=1), []

    def wakes(self, state: State, seat: Seat) -> bool | None:
        return None if marks_of(state, "king_killed", seat.player) else False

    def night(self, state: State, player: int, key: str) -> Result:
        others = [s.player for s in state.seats if s.player != player]
        found = demons(state) or tuple(s.player for s in state.seats if s.team == "demon")
        if not found:
            return state, []
        rng = seeded_rng(state.seed, key)
        registered = [
            p
            for p in others
            if p not in found and any(r.team == "demon" for r in registrations(state, p))
        ]
        wrong = [p for p in others if p not in found and p not in registered]

        def lie(world: World) -> int:
            return next((p for p in others if world[p].team == "demon"), found[0])

        return learn(
            state,
            player,
            self.id,
            key,
            found[0],
            registered,
            rng.sample(wrong, min(MAX_FALSE, len(wrong))),
            lie=lie,
            fields=(Field("player", tuple(others)),),
        )

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        demon = words.strong(words.player(info["answer"]))
        return f"the Demon killed the King: {demon} is the Demon."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        score[info["answer"]] += 4.0 * weight

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """The Demon (a Recluse may register as it); drunk, anyone else."""
        _surely, maybe = now.demon_among((heard.answer,))
        return Weight(maybe.astype(float), 1 / (len(now.worlds.setup.seats) - 1))
