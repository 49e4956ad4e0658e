"""The Exorcist: each night after the first chooses a player other than last night's; a Demon so
chosen learns who the Exorcist is and does not wake tonight (a Pukka's earlier poison still
kills). A Lunatic so chosen is treated the same, to keep up its belief that it is the Demon;
the real Demon then wakes as usual.

The reasoning model reads no evidence from it: it learns nothing, and a night the Demon did not
wake is read only through the night's death count."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.abilities.targeting import aim, choice_made, chosen_on, last_choice
from engine.clocktower.game.cast import char
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Seat, State, seat
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected
from engine.clocktower.game.working import works


def believes_demon(state: State, player: int) -> bool:
    """A Demon, or a Lunatic believing it is one."""
    s = seat(state, player)
    return s.team == "demon" or char(state, s.shown).team == "demon"


@dataclass(frozen=True)
class Exorcised(Told):
    event = "exorcised"
    exorcist: int
    night: int


class Exorcist(Role):
    id = "exorcist"
    events = (Exorcised,)
    reminders = {"exorcised": "chosen by the Exorcist"}

    def night(self, state: State, player: int, key: str) -> Result:
        before = last_choice(state, "exorcised", player)
        options = tuple(s.player for s in state.seats if s.player != before)
        (target,) = choose(state, key, player, self.id, options)
        state, effects = aim(state, player, target, key)
        worked = works(state, player)
        state = choice_made(state, "exorcised", player, target, worked)
        if worked and believes_demon(state, target):
            state, told = tell(state, Exorcised(target, exorcist=player, night=state.night))
            effects.append(told)
        return state, effects

    def keeps_asleep(self, state: State, seat: Seat, player: int) -> bool:
        chosen = chosen_on(state, "exorcised", seat.player, state.night)
        return chosen == player and believes_demon(state, player)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return most_suspected(table, state, player, options, pick)

    def says(self, event: Any, words: Words) -> str:
        return (
            f"✝️ Night {event.night}: the Exorcist, {words.strong(words.player(event.exorcist))}, "
            "has chosen you. You do not wake tonight."
        )
