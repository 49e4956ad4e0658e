"""The Sentinel (Fabled): there might be one more or one fewer Outsider than the setup table says.

A setup modifier and nothing else, so it is data: the catalogue's ``SetupModifier`` (Outsiders
-1, 0 or +1), which ``counts.legal_counts`` and the bag read from the script's Fabled. The unit
exists so the bot storyteller runs scripts with it and its policy is on record.
"""

from __future__ import annotations

from engine.clocktower.game.roles import Role


class Sentinel(Role):
    id = "sentinel"
    policy = (
        "The bag deals the setup table's Outsiders, one fewer or one more, each a third of the "
        "time before it balances the deal."
    )
