"""The Librarian: on the first night, learns that one of two players is a particular
Outsider."""

from __future__ import annotations

from engine.clocktower.game.characters._learners import OneOfTwo


class Librarian(OneOfTwo):
    id = "librarian"
    team = "outsider"
    suspicion = -0.5
