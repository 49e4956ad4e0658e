"""The Vigormortis: each night after the first, chooses a player who dies. A Minion it kills keeps
their ability in death, and poisons one of their nearest Townsfolk (the storyteller's choice of
the clockwise or counterclockwise one, alive or dead; topic ``vigormortis``, the bot storyteller
at random), for as long as the Vigormortis' ability works and they remain a Minion. [-1
Outsider]"""

from __future__ import annotations

from engine.clocktower.game.characters._sv import KillsNightly, townsfolk_neighbours
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Mark, Seat, State, alive, marks_of, put_mark, seat
from engine.clocktower.game.roles import Result
from engine.clocktower.game.working import works

MINION_KILLS = 0.15  # how often a simulated Vigormortis attacks one of its Minions


class Vigormortis(KillsNightly):
    id = "vigormortis"
    reasoned = True
    policy = "The poisoned neighbour of a kept Minion is a random one of its Townsfolk neighbours."
    kills_minion = MINION_KILLS
    topics = {"vigormortis": "which Townsfolk the Minion killed by the Vigormortis poisons"}
    reminders = {"kept": "keeps their ability", "poisoned": "poisoned (the Vigormortis)"}

    def attack(self, state: State, player: int, target: int, key: str) -> Result:
        was_alive = alive(state, target)
        state, effects = super().attack(state, player, target, key)
        minion = seat(state, target)
        if not (
            was_alive and not minion.alive and minion.team == "minion" and works(state, player)
        ):
            return state, effects
        state = put_mark(state, "kept", player, target, keep=True)
        near = townsfolk_neighbours(state, target)
        if near:
            poisoned = rule(state, key + ":vigor", "vigormortis", near, truth=None, player=target)
            state = put_mark(state, "poisoned", player, poisoned, note=str(target), keep=True)
        return state, effects

    def holds(self, state: State, mark: Mark) -> bool | None:
        if mark.kind == "poisoned":
            return works(state, mark.source) and seat(state, int(mark.note)).team == "minion"
        return super().holds(state, mark)

    def grants_ability(self, state: State, seat_: Seat, target: int) -> bool:
        kept = [m for m in marks_of(state, "kept", seat_.player) if m.target == target]
        return bool(kept) and seat(state, target).team == "minion" and works(state, seat_.player)
