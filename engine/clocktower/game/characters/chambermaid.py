"""The Chambermaid: each night chooses two other living players and learns how many of them woke
tonight for their own ability (drunk or poisoned ones count; being woken for Minion or Demon
info, or by another's ability, does not). Not woken unless two others live."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abilities.targeting import aim_all
from engine.clocktower.game.abilities.wake import woke_tonight
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Field, Seat, State
from engine.clocktower.game.roles import Result, Role, Words


class Chambermaid(Role):
    id = "chambermaid"

    def wakes(self, state: State, seat: Seat) -> bool:
        others = sum(s.alive and s.player != seat.player for s in state.seats)
        return seat.alive and others >= 2

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.alive and s.player != player)
        chosen = choose(state, key + ":pick", player, self.id, others, pick=2)
        state, effects = aim_all(state, player, chosen, key)
        woke = woke_tonight(state)
        truth = sum(p in woke for p in chosen)
        false = [n for n in range(3) if n != truth]
        fields = (Field("number", (0, 1, 2)),)
        state, more = learn(
            state, player, self.id, key, truth, (), false, tuple(chosen), fields=fields
        )
        return state, effects + more

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        return (
            f"{words.strong(count)} of {words.players(info['players'])} "
            f"woke tonight for their ability."
        )
