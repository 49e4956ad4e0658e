"""The Snake Charmer: each night, chooses a living player; if it is a Demon, the two swap
characters and alignments, and the old Demon, now the Snake Charmer, is poisoned for the rest of
the game. The charm needs a true Demon (misregistration does not make a Recluse swap). A Snake
Charmer whose ability fails (drunk, poisoned) choosing the Demon works abnormally. The new
Demon wakes in the Demon's place later tonight (``change``).

The reasoning model reads no evidence from it: it learns only that it became the Demon, which is
private, and the swap is in no world."""

from __future__ import annotations

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import settle_changes, swap
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Mark, State, put_mark, seat
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works

BOLD = 0.5  # how often a simulated Snake Charmer tries the player they suspect most


class SnakeCharmer(Role):
    id = "snakecharmer"
    reminders = {"poisoned": "poisoned (charmed)"}

    def night(self, state: State, player: int, key: str) -> Result:
        living = tuple(s.player for s in state.seats if s.alive)
        (target,) = choose(state, key + ":pick", player, self.id, living)
        if seat(state, target).team != "demon" or target == player:
            return state, []
        if not works(state, player):
            return abnormal.mark(state, player), []
        state, effects = swap(state, player, target, alignments=True)
        state = put_mark(state, "poisoned", target, target)
        state, more = settle_changes(state, key)
        return state, effects + more

    def holds(self, state: State, mark: Mark) -> bool | None:
        return mark.kind == "poisoned" or super().holds(state, mark)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        others = [p for p in options if p != player]
        if not others:
            return None
        if table.rng.random() < BOLD:
            return (table.ranked(state, player, others)[0],)
        return (table.rng.choice(others),)
