"""Refusals: what the shell says no to, as one readable sentence each, handled in one place.

The engine refuses with ``engine.core.RuleError``; the shell's own refusals are ``Refusal``s.
Code just raises either. A slash command's body runs inside ``answering(interaction)``, and a
button's inside ``bot.views.dispatch``: both answer a refusal with its sentence, ephemerally
(``answer_refusal``), so no cog words them itself. Anything else escapes to ``bot.app``'s error
handler, which logs it and apologises (refusals reaching it are answered there too).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

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


@asynccontextmanager
async def answering(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Run a command's body; a refusal inside it becomes its sentence, ephemerally."""
    try:
        yield
    except (RuleError, Refusal) as error:
        await reply(interaction, str(error))
