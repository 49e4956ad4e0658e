"""The Thief (Traveller): each night, chooses a player whose vote counts negatively tomorrow."""

from __future__ import annotations

from engine.clocktower.game.characters._vote_weight import WeighsAVote


class Thief(WeighsAVote):
    id = "thief"
    mark = "negative"
    factor = -1
    reminders = {"negative": "their vote counts negatively"}
