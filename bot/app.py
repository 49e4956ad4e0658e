"""The discord.py Bot: opens the database, loads the cogs, restores games, syncs commands."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.sessions import SessionManager
from bot.store.database import Database
from bot.views import GameButton, GameSelect

log = logging.getLogger(__name__)

COGS = (
    "bot.cogs.traitors",
    "bot.cogs.scripts",
    "bot.cogs.ratings",
    "bot.cogs.cluedo",
    "bot.cogs.clocktower",
)

ComponentHandler = Callable[[discord.Interaction, object, str, str], Awaitable[None]]


class Ravenswood(commands.Bot):
    def __init__(self, database: str, sync_guild: int | None = None) -> None:
        intents = discord.Intents.default()
        intents.members = True  # to notice players who leave the server mid-game
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.database_path = database
        self.sync_guild = sync_guild
        self.db: Database | None = None
        self.games: SessionManager | None = None
        # Game kind -> the cog method that handles its buttons and menus.
        self.component_handlers: dict[str, ComponentHandler] = {}
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.database_path)
        self.games = SessionManager(self.db, [])
        for name in COGS:
            await self.load_extension(name)
        restored = await self.games.restore()
        log.info("restored %d running game(s)", len(restored))
        # Persistent components: their custom_id carries the game id, so old buttons keep working.
        self.add_dynamic_items(GameButton, GameSelect)
        if self.sync_guild:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        await super().close()
        if self.db is not None:
            await self.db.close()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """No traceback ever reaches a user: log it, apologise in one ephemeral sentence."""
        if isinstance(error, app_commands.CheckFailure):
            message = str(error) or "You can't use this command here."
        else:
            log.exception(
                "command %s failed",
                interaction.command and interaction.command.name,
                exc_info=error,
            )
            message = "Something went wrong on my side; nothing was lost. Please try again."
        await reply(interaction, message)


async def reply(interaction: discord.Interaction, content: str, **kwargs) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)
