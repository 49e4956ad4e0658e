"""The Flowergirl: each night after the first, learns whether a Demon voted today (any vote for
an execution, dead Demons' too; a Demon that changed players tonight is still the one who
voted)."""

from __future__ import annotations

from engine.clocktower.game.characters._voted import DidToday
from engine.clocktower.game.model import State


class Flowergirl(DidToday):
    id = "flowergirl"
    team = "demon"
    deed = "voted"

    def doers(self, state: State) -> tuple[int, ...]:
        voters = [p for n in state.history if n.day == state.day and not n.exile for p in n.yes]
        return tuple(dict.fromkeys(voters))
