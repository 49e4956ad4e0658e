"""Refusals: what the shell says no to, as one readable sentence each, handled in one place.

The engine refuses with ``engine.core.RuleError``; the shell's own refusals are ``Refusal``s.
Commands and buttons just raise either: ``bot.app`` (slash commands) and ``bot.views`` (buttons
and menus) turn them into an ephemeral sentence (``answer_refusal``), and everything else into
an apology with the error logged. So no cog catches and words them itself.
"""

from __future__ import annotations

import discord

from bot.interactions import reply
from engine.core import RuleError


class Refusal(Exception):
    """One sentence telling the user what to do instead."""


class GameConflict(Refusal):
    """A game cannot be opened or joined here (one per channel, one per player per server)."""


class NoGameHere(Refusal):
    """The channel has no game of the command's kind."""


class StaleComponent(Refusal):
    """A button or menu from an earlier round, an older bot, or a finished vote."""


SORRY = "Something went wrong on my side; nothing was lost. Please try again."


def refusal_text(error: BaseException) -> str | None:
    """The sentence for a refusal (the engine's or the shell's), or None for anything else."""
    if isinstance(error, (RuleError, Refusal)):
        return str(error)
    return None


async def answer_refusal(interaction: discord.Interaction, error: BaseException) -> bool:
    """Answer a refusal ephemerally; False when ``error`` is no refusal (the caller apologises
    and logs it)."""
    text = refusal_text(error)
    if text is None:
        return False
    await reply(interaction, text)
    return True
