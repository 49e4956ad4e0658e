"""One shell for every game: what each game's cog does, done once.

A game's cog (``/traitors``, ``/clocktower``) subclasses ``GameCog`` and adds its commands and
buttons. The base owns the path every click takes, the same for every game:

- **defer first**: the interaction is acknowledged before the rules run, so delivering many
  messages never passes Discord's three seconds;
- the action is applied under the game's lock and saved with its messages (the outbox); joining
  goes through the session manager's enrolment lock, so nobody plays two games in one server;
- the messages are delivered, and the player gets their acknowledgement (also saved, so a click
  the bot died answering is answered when pressed again);
- refusals are raised and answered in one place (``bot.errors.answering``, ``bot.views``).

The lobby is posted through the outbox too, so a Join pressed at once edits it rather than
posting a second one; it says when the game has started and when it has ended (the renderers'
``lobby(session, closed=...)``), with its buttons disabled.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

import discord
from discord.ext import commands

from bot.app import Ravenswood
from bot.delivery import SECRET, Delivery, Renderer
from bot.errors import NoGameHere, StaleComponent, answering
from bot.interactions import channel_id, guild_id, reply
from bot.sessions import GameRules, Reply, Session
from bot.views import QUESTION
from engine.core import Prompt, RuleError, answer

log = logging.getLogger(__name__)

S = TypeVar("S")  # the game's state

MakeAction = Callable[[Session[S]], Any | Awaitable[Any]]


class GameCog(commands.GroupCog, Generic[S]):
    """What every game's cog shares: the path of a click, the lobby, secrets; ``S`` is the
    game's state."""

    kind: ClassVar[str]  # the game kind the session layer knows
    title: ClassVar[str]  # its name in sentences: "Clocktower"
    command: ClassVar[str]  # its slash command group: "/clocktower"

    questions: ClassVar[Mapping[str, type[Prompt]]]  # the game's vocabulary of questions, by kind
    # Menus sent before questions had keys: their kind, and the question and token of a value
    # (None: the menu cannot be dated, so it is refused rather than taken for today's).
    legacy: ClassVar[Mapping[str, Callable[[str], tuple[str, str] | None]]] = {}

    def __init__(self, bot: Ravenswood, rules: GameRules[S], renderer: Renderer) -> None:
        self.bot = bot
        self.renderer = renderer
        self.delivery = Delivery(bot.courier, renderer)
        bot.games.register(rules, self.delivery.compose)
        bot.component_handlers[self.kind] = self.on_component

    # The path of a click ------------------------------------------------------------------------
    def session_here(self, interaction: discord.Interaction) -> Session[S]:
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != self.kind:
            raise NoGameHere(
                f"There's no {self.title} game in this channel. Open one with `{self.command} new`."
            )
        return session

    async def act(
        self,
        interaction: discord.Interaction,
        session: Session[S],
        action: Any,
        ack: Reply,
        *,
        enrols: bool = False,
    ) -> None:
        """Defer, apply (saved with its messages), deliver, acknowledge. A refusal raises and
        changes nothing. ``enrols``: the action adds the user to the game."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user.id
        accepted = await self.bot.games.act(session, action, user, ack, enrols=enrols)
        await self.deliver(session, accepted.step.effects)
        await interaction.followup.send(accepted.reply, ephemeral=True)
        await self.bot.games.answered(session, accepted)

    async def run(
        self,
        interaction: discord.Interaction,
        make_action: MakeAction[S],
        ack: Reply,
        *,
        enrols: bool = False,
    ) -> None:
        """Apply the action ``make_action(session)`` makes (it may be a coroutine function) to
        this channel's game; a refusal is answered with its sentence."""
        async with answering(interaction):
            session = self.session_here(interaction)
            action = make_action(session)
            if inspect.isawaitable(action):
                action = await action
            await self.act(interaction, session, action, ack, enrols=enrols)

    async def deliver(self, session: Session[S], effects: Any) -> None:
        """Deliver what the game owes, then put voice right. A game's cog extends this (its
        clock, its notices)."""
        await self.delivery.flush(session)
        await self.bot.voice.follow(session)

    # The lobby --------------------------------------------------------------------------------
    async def open_lobby(
        self,
        interaction: discord.Interaction,
        options: dict[str, Any],
        voice: discord.VoiceChannel | None = None,
    ) -> None:
        """Open a game in this channel and post its lobby (through the outbox); ``voice``: the
        voice channel it is played in (``bot.voice_rooms``)."""
        async with answering(interaction):
            session = await self.bot.games.open(
                self.kind,
                guild_id(interaction),
                channel_id(interaction),
                interaction.user.id,
                options,
            )
            if voice is not None:
                await self.bot.voice.link(session, voice.id)
            lobby = self.delivery.parcels(self.renderer.lobby(session))
            await self.bot.games.enqueue(session, lobby)
            await reply(interaction, "The lobby is open below.")
            await self.deliver(session, ())

    # Buttons and menus --------------------------------------------------------------------------
    async def on_component(
        self, interaction: discord.Interaction, session: Session[S], kind: str, value: str
    ) -> None:
        """A question's answer (``bot.views.QuestionItem``), the buttons every game has (Show my
        secret, Join, Leave), then the game's own (a storyteller's tools) and, last, menus sent
        before questions had keys."""
        user = interaction.user.id
        if kind == QUESTION:
            key, _, token = value.partition(":")
            await self.answer(interaction, session, key, token)
        elif kind == SECRET:
            await self.show_secret(interaction, session)
        elif kind == "join":
            action, ack = self.join_action(user, value)
            await self.act(interaction, session, action, ack, enrols=True)
        elif kind == "leave":
            await self.act(interaction, session, self.leave_action(user), "You left the lobby.")
        elif not await self.component(interaction, session, kind, value):
            translate = self.legacy.get(kind)
            if translate is None:
                raise StaleComponent(
                    "That button is from an older version of the bot; use the slash commands."
                )
            question = translate(value)
            if question is None:
                raise StaleComponent(
                    "That menu was sent before the bot was updated; press **Show my secret** or "
                    f"use `{self.command} me` for the current one."
                )
            await self.answer(interaction, session, *question)

    async def answer(
        self, interaction: discord.Interaction, session: Session[S], key: str, token: str
    ) -> None:
        """A press on a question's button or menu: ``question.answer(user, token)``, applied;
        the engine refuses it if that question is no longer open. The renderer words the
        acknowledgement and, for a menu answered once and for all, settles its message."""
        action = answer(self.questions, key, interaction.user.id, token)
        question = self.questions[key.partition(".")[0]]
        said = self.renderer.acknowledge(question, action, session, self.delivery.namer(session))
        await self.act(interaction, session, action, said.reply)
        if said.settled is not None:
            await settle_menu(interaction, said.settled)

    async def show_secret(self, interaction: discord.Interaction, session: Session[S]) -> None:
        digest = self.delivery.digest(session, interaction.user.id)
        await reply(interaction, digest.content, view=digest.view)

    async def voice_ready(
        self, session: Session[S], people: set[int], use_voice: bool, start: str
    ) -> None:
        """Before the first night of a linked game: voice off if asked (``use_voice``), else
        a refusal in one sentence if the bot lacks what voice needs, so that a night never
        fails halfway; ``start``: the start command, to offer starting without voice."""
        if session.game.id not in self.bot.voice.links:
            return
        if not use_voice:
            await self.bot.voice.unlink(session)
            return
        problem = self.bot.voice.problems(session, people)
        if problem is not None:
            raise RuleError(f"{problem} Or start without voice: `{start} voice: False`.")

    def join_action(self, user: int, value: str) -> tuple[Any, str]:
        """The game's Join action for ``user`` (``value``: the button's), and its answer."""
        raise NotImplementedError

    def leave_action(self, user: int) -> Any:
        raise NotImplementedError

    async def component(
        self, interaction: discord.Interaction, session: Session[S], kind: str, value: str
    ) -> bool:
        """Handle the game's own buttons and menus; False when ``kind`` is none of them."""
        return False


async def settle_menu(interaction: discord.Interaction, note: str) -> None:
    """A menu once answered: its message says what was chosen, and loses its menu."""
    message = interaction.message
    if message is None:
        return
    try:
        await message.edit(content=f"{message.content}\n{note}", view=None)
    except discord.HTTPException:
        log.info("could not mark the menu %s as answered", message.id)
