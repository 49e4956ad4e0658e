"""Headless self-play: the bot storyteller and simulated players, for whole games.

``table`` decides each next action (players who talk and reason, ``talk`` what they say, and
``naive`` the simpler heuristics kept for scripts the reasoning model does not cover); ``games``
plays whole games and counts many. The point is twofold: exercising every rule, and seeing how
a script plays at a decent table.
"""

from engine.clocktower.selfplay.games import MAX_DAYS, Outcome, play, setup_game, simulate
from engine.clocktower.selfplay.naive import public_talk, suspicion
from engine.clocktower.selfplay.table import Player

__all__ = [
    "MAX_DAYS",
    "Outcome",
    "Player",
    "play",
    "public_talk",
    "setup_game",
    "simulate",
    "suspicion",
]
