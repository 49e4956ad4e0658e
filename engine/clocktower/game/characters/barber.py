"""The Barber: if they died today or tonight, that night the Demon may choose two players (not
another Demon; themself allowed, dead players too) to swap characters, alignments kept; each
learns their new character. The Demon may choose nobody. With several Demons alive the
storyteller picks which one chooses (``barber``; the bot storyteller: at random). Drunk or
poisoned when they die, there are no haircuts (abnormally).

The reasoning model reads no evidence from it: it learns nothing, and the swap its death allows
is in no world."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import settle_changes, swap
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import Mark, Phase, Seat, State, demons, marks_of, put_mark
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import sober

SWAPS = 0.4  # how often a simulated Demon takes the haircuts


class Barber(Role):
    id = "barber"
    policy = "When more than one Demon lives, a random one of them chooses the haircuts."
    topics = {"barber": "which Demon may swap two players' characters"}
    reminders = {"haircuts": "haircuts tonight"}

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if not sober(state, seat.player):
            return abnormal.mark(state, seat.player), []
        dusks = 1 if state.phase is Phase.NIGHT else 2
        return put_mark(state, "haircuts", seat.player, seat.player, dusks=dusks), []

    def holds(self, state: State, mark: Mark) -> bool | None:
        return mark.kind == "haircuts" or super().holds(state, mark)

    def wakes(self, state: State, seat: Seat) -> bool:
        tonight = [
            m for m in marks_of(state, "haircuts", seat.player) if m.until == state.night + 1
        ]
        return bool(tonight) and bool(demons(state))

    def night(self, state: State, player: int, key: str) -> Result:
        living = demons(state)
        demon = living[0]
        if len(living) > 1:
            demon = rule(state, key + ":demon", "barber", living, truth=None, player=player)
        options = tuple(s.player for s in state.seats if s.team != "demon" or s.player == demon)
        chosen = choose(
            state, key + ":pick", demon, self.id, options, pick=2, optional=True, because=self.id
        )
        if not chosen:
            return state, []
        a, b = chosen
        state, effects = swap(state, a, b)
        state, more = settle_changes(state, key)
        return state, effects + more

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return words.strong(info["answer"])

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """The Demon's haircuts: now and then two other players it does not trust."""
        others = [p for p in options if p != player]
        if len(others) < 2 or table.rng.random() >= SWAPS:
            return ()
        return tuple(table.rng.sample(others, 2))

    def asks(self, menu: Any, words: Words) -> str | None:
        return (
            f"🌙 Night {menu.night}: the {words.strong('Barber')} died, so you may choose "
            f"{menu.pick} players to swap characters."
        )
