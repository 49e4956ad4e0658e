"""/clocktower: Blood on the Clocktower on Discord, a thin shell on engine.clocktower.game.

Lobby in the channel; characters, night choices and information by DM; nominations and the vote
going round the circle in the channel; storyteller rulings by DM with the true answer marked.
``cog`` holds the commands and buttons, ``clock`` the reminders and timeouts that keep a game
moving, ``rules`` the engine as the session layer sees it, ``text`` the longer answers.
"""

from __future__ import annotations

from bot.app import Ravenswood
from bot.cogs.clocktower.cog import ClocktowerCog


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(ClocktowerCog(bot))
