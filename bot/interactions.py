"""Small helpers for answering Discord interactions, shared by every cog and by the buttons.

They know Discord only: nothing here imports the bot, so ``bot.app``, ``bot.delivery`` and
``bot.views`` can all use them without importing one another in a circle.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

import discord
from discord import app_commands

LIMIT = 2000  # Discord's limit on a message's content
CHOICES = 25  # Discord's limit on autocomplete choices


def split_text(text: str, limit: int = LIMIT) -> list[str]:
    """Text in pieces of at most ``limit`` characters, cut at line breaks where possible."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            pieces.append(current)
            joined = line
        current = joined
    pieces.append(current)
    return [p for p in pieces if p.strip()] or [""]


def guild_id(interaction: discord.Interaction) -> int:
    """The server of a command that only works in one (Discord sends those from servers only)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage("This command works in a server's channels.")
    return interaction.guild_id


def guild_of(interaction: discord.Interaction) -> discord.Guild:
    if interaction.guild is None:
        raise app_commands.NoPrivateMessage("This command works in a server's channels.")
    return interaction.guild


def channel_id(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None:
        raise app_commands.NoPrivateMessage("This command works in a server's channels.")
    return interaction.channel_id


def can_manage(user: discord.abc.User) -> bool:
    """A server manager (Manage Server) may end others' games and remove others' records."""
    return isinstance(user, discord.Member) and user.guild_permissions.manage_guild


async def reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged. Text over
    Discord's 2,000 characters goes out as several messages; the view and files with the last."""
    kwargs = {key: value for key, value in kwargs.items() if value is not None}  # view=None
    pieces = split_text(content)
    for index, piece in enumerate(pieces):
        extra = kwargs if index == len(pieces) - 1 else {}
        if interaction.response.is_done():
            await interaction.followup.send(piece, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(piece, ephemeral=True, **extra)


def matching(pairs: Iterable[tuple[str, str]], typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: the (label, value) pairs whose label contains what was typed, at most the
    25 Discord shows."""
    key = typed.casefold()
    found = (
        app_commands.Choice(name=label[:100], value=value[:100])
        for label, value in pairs
        if key in label.casefold()
    )
    return list(islice(found, CHOICES))
