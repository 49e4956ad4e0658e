"""The Bureaucrat (Traveller): each night, chooses a player whose vote counts as three tomorrow."""

from __future__ import annotations

from engine.clocktower.game.characters._vote_weight import WeighsAVote


class Bureaucrat(WeighsAVote):
    id = "bureaucrat"
    mark = "triple"
    factor = 3
    reminders = {"triple": "their vote counts three times"}
