"""The Philosopher: once per game, at night, may choose a good character and gain its ability;
if that character is in play, its player is drunk while the Philosopher's ability works (and
so is whoever becomes that character later).

The gained ability is a reminder on the Philosopher (``ability``, its note the character): they
wake in that character's place, tonight too if it is still to come (a "you start knowing"
ability at once: ``night.wake_later``), and its hooks apply to them (``Role.gained``; the hooks
the engine asks only of a player's own character, such as dying or registering, are passed on
here). They remain the Philosopher, and register as one. A Philosopher whose ability fails when
choosing (drunk, poisoned) spends it for nothing: they wake as that character but are drunk for
it (``pretend``).

The reasoning model reads no evidence from it: the information of the ability it gains is told
as that character's, not the claimed Philosopher's, so it is not read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.characters._gains import Gains
from engine.clocktower.game.characters._sv import GOOD_TEAMS, of_teams
from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Mark, Seat, State, marks_of, put_mark, seat
from engine.clocktower.game.night import wake_later
from engine.clocktower.game.roles import REGISTRY, Result, Table, Words
from engine.clocktower.game.working import active, works

KINDS = ("ability", "pretend")
CHOOSES = 0.5  # how often a simulated Philosopher makes their choice on a given night


@dataclass(frozen=True)
class Gained(Told):
    """The Philosopher gained ``character``'s ability."""

    event = "gained"
    character: str


class Philosopher(Gains):
    id = "philosopher"
    policy = "No ruling of its own: a gained ability's rulings follow that character's policy."
    events = (Gained,)
    reminders = {"ability": "has the ability of", "pretend": "thinks they have the ability of"}

    def wakes(self, state: State, seat: Seat) -> bool:
        return active(state, seat.player) and not spent(state, seat.player)

    def night(self, state: State, player: int, key: str) -> Result:
        goods = tuple(
            c
            for c in of_teams(state, GOOD_TEAMS)
            if c != self.id and c not in REGISTRY.having("always_drunk")
        )
        cid = choose_value(state, key + ":pick", player, self.id, goods, "character", optional=True)
        if cid is None:
            return state, []
        state = spend(state, player)
        kind = "ability" if works(state, player) else "pretend"
        state = put_mark(state, kind, player, player, note=cid)
        state = wake_later(state, cid, player)
        state, told = tell(state, Gained(player, character=cid))
        return state, [told]

    def gained(self, state: State, seat: Seat) -> tuple[str, ...]:
        return tuple(m.note for m in state.marks if m.source == seat.player and m.kind in KINDS)

    def holds(self, state: State, mark: Mark) -> bool:
        return seat(state, mark.source).character == mark.character

    def makes_drunk(self, state: State, seat_: Seat, target: int) -> bool:
        if target == seat_.player:
            return bool(marks_of(state, "pretend", target))
        taken = [m.note for m in marks_of(state, "ability", seat_.player)]
        return bool(taken) and seat(state, target).character in taken and works(state, seat_.player)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return words.strong(info["answer"])

    def claims(self, table: Table, state: State, player: int) -> str | None:
        taken = self.gained(state, seat(state, player))
        return taken[0] if taken and table.rng.random() < 0.5 else None

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """The character to take (options are characters), or nothing yet."""
        return (table.rng.choice(options),) if table.rng.random() < CHOOSES else ()

    def says(self, event: Any, words: Words) -> str:
        return (
            f"📚 You now have the ability of the {words.strong(words.character(event.character))}:"
            f"\n{words.ability(event.character)}"
        )
