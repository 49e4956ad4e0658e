"""The Evil Twin: paired with a player of the other alignment (the storyteller's choice, topic
``twin``; the bot storyteller: at random), the two know each other and each other's character.
If the good one of the pair is executed, evil wins; good cannot win while both live. A dead,
drunk or poisoned Evil Twin has no ability. The pair lasts while the twins are of different
alignments; when a change makes them alike (or makes a new Evil Twin), the storyteller pairs the
Evil Twin anew (``Role.after_change``), and both learn it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Info
from engine.clocktower.game.model import Mark, Seat, State, alive, marks_of, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.working import works
from engine.core import Effect

KNOWN = 50.0  # how much a simulated good twin suspects the Evil Twin they met


class EvilTwin(Role):
    id = "eviltwin"
    reasoned = True
    keeps_game = (
        True  # the reasoning model: its twin is not known, so it keeps the game while it lives
    )
    policy = "The twin is a random player of the other alignment."
    topics = {"twin": "who the Evil Twin's twin is"}
    endings = {"evil_twin": "the good twin was executed"}
    reminders = {"twin": "the Evil Twin's twin"}

    def twin(self, state: State, holder: int) -> int | None:
        """The Evil Twin's twin, while their alignments differ."""
        mine = seat(state, holder).alignment
        for m in marks_of(state, "twin", holder):
            if seat(state, m.target).alignment != mine:
                return m.target
        return None

    def night(self, state: State, player: int, key: str) -> Result:
        return self._pair(state, seat(state, player), key)

    def after_change(self, state: State, seat_: Seat, key: str) -> Result:
        if seat_.character != self.id:
            return state, []
        return self._pair(state, seat_, key + f":twin{seat_.player}")

    def _pair(self, state: State, holder: Seat, key: str) -> Result:
        if self.twin(state, holder.player) is not None:
            return state, []
        others = tuple(
            s.player
            for s in state.seats
            if s.alignment != holder.alignment and s.team != "traveller"
        )
        if not others:
            return state, []
        twin = rule(state, key + ":twin", "twin", others, truth=None, player=holder.player)
        state = put_mark(state, "twin", holder.player, twin)
        effects: list[Effect] = []
        for me, other, cid in (
            (holder.player, twin, seat(state, twin).character),
            (twin, holder.player, self.id),
        ):
            state, told = tell(
                state,
                Info(
                    me, character=self.id, night=state.night, answer=(other, cid), players=(other,)
                ),
            )
            effects.append(told)
        return state, effects

    def holds(self, state: State, mark: Mark) -> bool:
        return seat(state, mark.source).character == mark.character

    def execution(self, state: State, seat_: Seat, executee: int) -> tuple[str, str] | None:
        twin = self.twin(state, seat_.player)
        pair = (seat_.player, twin)
        if twin is None or executee not in pair or not works(state, seat_.player):
            return None
        return ("evil", "evil_twin") if seat(state, executee).alignment == "good" else None

    def prevents(self, state: State, seat_: Seat, winner: str) -> bool:
        if winner != "good" or not seat_.alive or not works(state, seat_.player):
            return False
        twin = self.twin(state, seat_.player)
        return twin is not None and alive(state, twin)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        other, cid = info["answer"]
        return (
            f"you are twinned with {words.strong(words.player(other))}, the "
            f"{words.strong(words.character(cid))}."
        )

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        other, cid = info["answer"]
        if cid == self.id:
            score[other] += KNOWN * weight
