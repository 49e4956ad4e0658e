"""The Town Crier: each night after the first, learns whether a Minion nominated today (calls for
a Traveller's exile are no nominations)."""

from __future__ import annotations

from engine.clocktower.game.characters._voted import DidToday
from engine.clocktower.game.model import State


class TownCrier(DidToday):
    id = "towncrier"
    team = "minion"
    deed = "nominated"

    def doers(self, state: State) -> tuple[int, ...]:
        nominators = [n.nominator for n in state.history if n.day == state.day and not n.exile]
        return tuple(dict.fromkeys(nominators))
