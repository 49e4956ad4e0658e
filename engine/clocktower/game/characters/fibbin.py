"""The Fibbin (Fabled): once per game, one good player might get false information.

The storyteller decides at a dawn, for the night to come: nobody yet, or one living good
player, whose information that night is false (``_false_night``). Once a player is named the
Fibbin is spent. (Its use on the first night's information is left out: the engine has no dawn
before it.)
"""

from __future__ import annotations

from engine.clocktower.game.characters._false_night import FalseNight

FIB = "fibbin"


class Fibbin(FalseNight):
    id = "fibbin"
    kind = FIB
    policy = (
        "Spent at a random dawn (half the time each dawn) on a random living good player, "
        "whose information the next night is false."
    )
    topics = {FIB: "whose information tonight is false, once per game (0: nobody yet)"}
    reminders = {FIB: "false information tonight (the Fibbin)"}
