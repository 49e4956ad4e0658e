"""The Baron: two more Outsiders in play. Its setup modifier is catalogue data
(``SetupModifier.outsiders``), which the deal and the bag already apply; nothing else to do."""

from __future__ import annotations

from engine.clocktower.game.roles import Role


class Baron(Role):
    id = "baron"
    reasoned = True
