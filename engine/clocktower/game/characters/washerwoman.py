"""The Washerwoman: on the first night, learns that one of two players is a particular
Townsfolk."""

from __future__ import annotations

from engine.clocktower.game.characters._learners import OneOfTwo


class Washerwoman(OneOfTwo):
    id = "washerwoman"
    team = "townsfolk"
    suspicion = -0.5
