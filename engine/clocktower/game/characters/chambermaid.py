"""The Chambermaid: each night chooses two other living players and learns how many of them woke
tonight for their own ability (drunk or poisoned ones count; being woken for Minion or Demon
info, or by another's ability, does not). Not woken unless two others live.

The reasoning model reads the count against each world's characters for the two (``weigh``):
whether each woke is a chance per character (``_woke``), so the count's likelihood is the sum
over the four ways the two may have woken."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abilities.targeting import aim_all
from engine.clocktower.game.abilities.wake import woke_tonight
from engine.clocktower.game.characters._woke import count_chance, wakes
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Field, Seat, State
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard


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

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """How likely the count is, each chosen player waking as their character in the world
        wakes tonight (``_woke.wakes``; a Traveller never counted); impaired, 0, 1 or 2 alike;
        under the Vortox, one of the two other counts alike."""
        night = (heard.moment + 1) // 2
        seats = [now.seat(p) for p in heard.players if now.resident(p)]
        chances = wakes(now.worlds.setup.chars, night)[now.worlds.char[:, seats]]
        told = heard.answer  # (counts above it do not matter: ``count_chance`` stops there)
        sober = count_chance(chances, told)[:, told] if 0 <= told <= 2 else np.zeros(len(chances))
        return Weight(sober, 1 / 3, false=(1.0 - sober) / 2)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        count = info["answer"]
        return (
            f"{words.strong(count)} of {words.players(info['players'])} "
            f"woke tonight for their ability."
        )
