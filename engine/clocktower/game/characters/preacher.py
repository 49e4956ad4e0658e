"""The Preacher: each night chooses a player; a Minion chosen learns it (``Preached``), and every
Minion the Preacher has chosen has no ability while the Preacher's works (``Role.strips_ability``:
``working.active``), so it neither wakes nor acts, its reminders lapse and a Spy no longer
misregisters. Should the Preacher die, or be drunk or poisoned, they have their abilities back.
A Spy or Recluse who may register as a Minion is the storyteller's ruling (``registration``);
the bot storyteller's policy is the general one for registrations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Seat, State, put_mark, seat
from engine.clocktower.game.registration import registers_as
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected
from engine.clocktower.game.working import works


@dataclass(frozen=True)
class Preached(Told):
    """To a Minion the Preacher chose: they have no ability while the Preacher's works."""

    event = "preached"
    night: int


class Preacher(Role):
    id = "preacher"
    events = (Preached,)
    reminders = {"preached": "chosen by the Preacher: no ability"}
    policy: ClassVar[str] = (
        "No rulings of its own: a Spy or Recluse registers by the general policy."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key, player, self.id, everyone)
        state, effects = aim(state, player, target, key)
        if not works(state, player) or target == player:
            return state, effects
        if not registers_as(state, key + ":minion", target, "minion", self.id):
            return state, effects
        state = put_mark(state, "preached", player, target, keep=True)
        state, told = tell(state, Preached(target, night=state.night))
        return state, [*effects, told]

    def strips_ability(self, state: State, seat_: Seat, target: int) -> bool:
        chose = any(
            m.kind == "preached" and m.source == seat_.player and m.target == target
            for m in state.marks
        )
        return chose and seat(state, target).team == "minion" and works(state, seat_.player)

    def says(self, event: Any, words: Words) -> str:
        return (
            f"⛪ Night {event.night}: the {words.character(self.id)} chose you. You have no "
            "ability while theirs works."
        )

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return most_suspected(table, state, player, [p for p in options if p != player], pick)
