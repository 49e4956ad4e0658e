"""Persistent buttons and select menus: the game id lives in the custom_id.

Any button or menu the bot ever posted keeps working after a restart: discord.py matches its
custom_id against these templates and hands the click to the cog of that game's kind.

A game's question (``engine.core.Prompt``) is answered through one item, ``QuestionItem``:
``rw:q:{game}:{question}:{token}``, the question's key and the option's token, both the
question's own wire format; the cog turns the press into ``question.answer(user, token)`` and
the engine says whether the question is still open. A menu's options are tokens, its custom_id
holds ``~{part}`` where a button's holds the token. ``GameButton`` and ``GameSelect`` carry the
rest (Join, Leave, Show my secret, a storyteller's tools) and the menus sent before questions had
keys (their cog translates what it can, see ``GameCog.legacy``).
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
from engine.core import Prompt

ComponentHandler = Callable[[discord.Interaction, Any, str, str], Awaitable[None]]


class GameHost(Protocol):
    """What a click needs of the bot: its running games and each kind's handler."""

    games: SessionManager
    component_handlers: dict[str, ComponentHandler]


log = logging.getLogger(__name__)

MAX_OPTIONS = 25  # Discord's limit per select menu
MAX_LABEL = 80  # Discord's limit per button label


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
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
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), match["kind"], match["value"], label=label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.game_id, self.kind, self.value)


class GameSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
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
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> GameSelect:
        return cls(int(match["game"]), match["kind"], int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.game_id, self.kind, self.item.values[0])


async def dispatch(interaction: discord.Interaction, game_id: int, kind: str, value: str) -> None:
    """Hand a click to its game's cog; a refusal becomes one ephemeral sentence."""
    client = cast(GameHost, interaction.client)
    if client.games.waiting_for(game_id):  # just restarted: answer first, then rebuild it
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        session = await client.games.rebuilt(game_id)
        if session is None:
            await reply(interaction, "That game has ended, so this button no longer does anything.")
            return
        handler = client.component_handlers.get(session.game.kind)
        if handler is None:
            await reply(interaction, "That game can't be played on this version of the bot.")
            return
        await handler(interaction, session, kind, value)
    except Exception as error:
        if not await answer_refusal(interaction, error):
            log.exception("component %s of game %s failed", kind, game_id)
            await reply(interaction, SORRY)


QUESTION = "question"  # the kind under which a question's press reaches the cog
MENU = "~"  # a menu's token slot: ``~{part}``, the chosen values being the tokens


class QuestionItem(
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=r"rw:q:(?P<game>\d+):(?P<question>[a-z_]+\.[\d.]+):(?P<token>[\w~-]*)",
):
    """A button or menu answering a question: a button carries its option's token, a menu
    offers tokens as its values (several, joined by ``-``, when it takes more than one)."""

    def __init__(
        self, game_id: int, key: str, item: discord.ui.Button[Any] | discord.ui.Select[Any]
    ) -> None:
        super().__init__(item)
        self.game_id, self.key = game_id, key

    @staticmethod
    def id_for(game_id: int, key: str, token: str) -> str:
        return f"rw:q:{game_id}:{key}:{token}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> QuestionItem:
        if isinstance(item, discord.ui.Select):
            rebuilt: discord.ui.Button[Any] | discord.ui.Select[Any] = discord.ui.Select(
                custom_id=item.custom_id,
                options=item.options,
                min_values=item.min_values,
                max_values=item.max_values,
            )
        else:
            label = item.label if isinstance(item, discord.ui.Button) else None
            rebuilt = discord.ui.Button(custom_id=match.string, label=label)
        return cls(int(match["game"]), match["question"], rebuilt)

    @property
    def token(self) -> str:
        if isinstance(self.item, discord.ui.Select):
            return "-".join(self.item.values)
        return self.custom_id.rpartition(":")[2]

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.game_id, QUESTION, f"{self.key}:{self.token}")


def question_buttons(
    game_id: int,
    question: Prompt,
    buttons: Sequence[tuple[Any, str, discord.ButtonStyle]],
) -> list[QuestionItem]:
    """Buttons answering ``question``, given as (option, label, style)."""
    return [
        QuestionItem(
            game_id,
            question.key,
            discord.ui.Button(
                label=label[:MAX_LABEL],
                style=style,
                custom_id=QuestionItem.id_for(game_id, question.key, question.token(option)),
            ),
        )
        for option, label, style in buttons
    ]


def question_menus(
    game_id: int,
    question: Prompt,
    choices: Sequence[tuple[str, Any]],
    placeholder: str,
    pick: int = 1,
) -> list[QuestionItem]:
    """Menus answering ``question``, offering (label, option) choices 25 to a menu (Discord's
    limit); ``pick``: how many one menu takes at once (a menu of more than one is not split)."""
    size = MAX_OPTIONS if pick == 1 else max(len(choices), 1)
    menus = []
    for part, start in enumerate(range(0, len(choices), size)):
        chunk = choices[start : start + size]
        options = [
            discord.SelectOption(label=label[:100], value=question.token(option))
            for label, option in chunk
        ]
        suffix = f" ({part + 1})" if len(choices) > size else ""
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=QuestionItem.id_for(game_id, question.key, f"{MENU}{part}"),
            options=options or [discord.SelectOption(label="-")],
            placeholder=(placeholder + suffix) or None,
            min_values=pick,
            max_values=pick,
        )
        menus.append(QuestionItem(game_id, question.key, select))
    return menus


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A persistent view holding ``items``."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
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
