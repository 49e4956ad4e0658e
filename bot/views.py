"""Persistent buttons and select menus: the game id lives in the custom_id.

Any button or menu the bot ever posted keeps working after a restart: discord.py matches its
custom_id against these templates and hands the click to the cog of that game's kind.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, cast

import discord

from bot.errors import SORRY, answer_refusal
from bot.interactions import reply
from bot.sessions import SessionManager

ComponentHandler = Callable[[discord.Interaction, Any, str, str], Awaitable[None]]


class GameHost(Protocol):
    """What a click needs of the bot: its running games and each kind's handler."""

    games: SessionManager
    component_handlers: dict[str, ComponentHandler]


log = logging.getLogger(__name__)

MAX_OPTIONS = 25  # Discord's limit per select menu


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"rw:b:(?P<game>\d+):(?P<kind>[a-z_]+):(?P<value>[\w-]*)",
):
    def __init__(
        self,
        game_id: int,
        kind: str,
        value: str = "",
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or kind,
                style=style,
                custom_id=f"rw:b:{game_id}:{kind}:{value}",
                disabled=disabled,
            )
        )
        self.game_id, self.kind, self.value = game_id, kind, value

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> GameButton:
        return cls(int(match["game"]), match["kind"], match["value"], label=item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.game_id, self.kind, self.value)


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"rw:s:(?P<game>\d+):(?P<kind>[a-z_]+):(?P<part>\d+)",
):
    def __init__(
        self,
        game_id: int,
        kind: str,
        part: int = 0,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rw:s:{game_id}:{kind}:{part}",
                options=list(options) or [discord.SelectOption(label="-")],
                placeholder=placeholder or None,
            )
        )
        self.game_id, self.kind = game_id, kind

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> GameSelect:
        return cls(int(match["game"]), match["kind"], int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.game_id, self.kind, self.item.values[0])


async def dispatch(interaction: discord.Interaction, game_id: int, kind: str, value: str) -> None:
    """Hand a click to its game's cog; a refusal becomes one ephemeral sentence."""
    client = cast(GameHost, interaction.client)
    if client.games.waiting_for(game_id):  # just restarted: answer first, then rebuild it
        await interaction.response.defer(ephemeral=True, thinking=True)
    session = await client.games.rebuilt(game_id)
    if session is None:
        await reply(interaction, "That game has ended, so this button no longer does anything.")
        return
    handler = client.component_handlers.get(session.game.kind)
    if handler is None:
        await reply(interaction, "That game can't be played on this version of the bot.")
        return
    try:
        await handler(interaction, session, kind, value)
    except Exception as error:
        if not await answer_refusal(interaction, error):
            log.exception("component %s of game %s failed", kind, game_id)
            await reply(interaction, SORRY)


def choice_view(
    game_id: int, kind: str, choices: Sequence[tuple[str, str]], placeholder: str
) -> discord.ui.View:
    """Select menus offering (label, value) choices, split 25 to a menu (Discord's limit)."""
    view = discord.ui.View(timeout=None)
    for part, start in enumerate(range(0, len(choices), MAX_OPTIONS)):
        chunk = choices[start : start + MAX_OPTIONS]
        options = [discord.SelectOption(label=label[:100], value=value) for label, value in chunk]
        suffix = f" ({part + 1})" if len(choices) > MAX_OPTIONS else ""
        view.add_item(GameSelect(game_id, kind, part, options, placeholder + suffix))
    return view


def button_view(
    game_id: int,
    buttons: Sequence[tuple[str, str, str, discord.ButtonStyle]],
    disabled: bool = False,
) -> discord.ui.View:
    """Buttons given as (kind, value, label, style); ``disabled``: shown, but closed."""
    view = discord.ui.View(timeout=None)
    for kind, value, label, style in buttons:
        view.add_item(GameButton(game_id, kind, value, label=label, style=style, disabled=disabled))
    return view
