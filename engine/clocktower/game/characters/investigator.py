"""The Investigator: on the first night, learns that one of two players is a particular
Minion."""

from __future__ import annotations

from engine.clocktower.game.characters._learners import OneOfTwo


class Investigator(OneOfTwo):
    id = "investigator"
    team = "minion"
    suspicion = 0.8
