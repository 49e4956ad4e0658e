"""Turns engine effects into channel messages and DMs.

Public effects go to the game's channel, private ones by DM. A DM that Discord refuses
(Forbidden, 50007: the player's DMs are closed) is never swallowed: the channel is told, without
the secret, and the player gets a "Show my secret" button that answers ephemerally.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.sessions import Session
from bot.store import games as game_store
from bot.views import GameButton
from engine.core import Announce, Effect, GameOver, Prompt, Tell

log = logging.getLogger(__name__)

SECRET = "secret"  # the component kind of the "Show my secret" button


@dataclass
class Outgoing:
    """One rendered message. ``slot`` names a message to edit in place (lobby list, tally)."""

    content: str = ""
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    public: bool = True
    slot: str | None = None
    file: Callable[[], discord.File] | None = None


Namer = Callable[[int], str]


class Renderer(Protocol):
    def render(self, effect: Effect, session: Session, name: Namer) -> Outgoing | None:
        """The message for an effect, or None when it needs no message of its own."""
        ...


async def send_dm(user: discord.abc.User, message: Outgoing) -> bool:
    """DM a user; False when Discord refuses (closed DMs), so the caller can fall back."""
    try:
        await user.send(**_kwargs(message))
    except discord.Forbidden:
        return False
    return True


def _kwargs(message: Outgoing) -> dict:
    kwargs: dict = {"content": message.content or None}
    if message.embed is not None:
        kwargs["embed"] = message.embed
    if message.view is not None:
        kwargs["view"] = message.view
    if message.file is not None:
        kwargs["file"] = message.file()
    return kwargs


class Delivery:
    def __init__(self, client: discord.Client, renderer: Renderer) -> None:
        self.client = client
        self.renderer = renderer

    def namer(self, session: Session) -> Namer:
        guild = self.client.get_guild(session.game.guild_id)

        def name(user_id: int) -> str:
            member = guild.get_member(user_id) if guild else None
            return member.display_name if member else f"player {user_id}"

        return name

    async def deliver(self, session: Session, effects: Sequence[Effect]) -> None:
        name = self.namer(session)
        closed: list[int] = []
        for effect in effects:
            message = self.renderer.render(effect, session, name)
            if message is None:
                continue
            if isinstance(effect, (Announce, GameOver)) or (
                isinstance(effect, Prompt) and message.public
            ):
                await self.post(session, message)
            else:
                targets = (effect.to,) if isinstance(effect, Tell) else effect.to
                for user_id in targets:
                    if not await self.dm(user_id, message) and user_id not in closed:
                        closed.append(user_id)
        if closed:
            await self.post(session, closed_dm_notice(session, closed))

    async def dm(self, user_id: int, message: Outgoing) -> bool:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        except discord.HTTPException:
            return False
        return await send_dm(user, message)

    async def post(self, session: Session, message: Outgoing) -> None:
        """Post in the game channel (or edit the slot's message); failures are logged, not fatal."""
        channel = self.client.get_channel(session.game.channel_id)
        if channel is None:
            log.warning("game %s: channel %s is gone", session.game.id, session.game.channel_id)
            return
        try:
            if message.slot and await self._edit_slot(session, channel, message):
                return
            sent = await channel.send(**_kwargs(message))
            if message.slot:
                await game_store.remember_message(
                    self.client.db, session.game.id, message.slot, channel.id, sent.id
                )
        except discord.HTTPException:
            log.exception("game %s: could not post in channel %s", session.game.id, channel.id)

    async def _edit_slot(self, session: Session, channel, message: Outgoing) -> bool:
        known = await game_store.recall_message(self.client.db, session.game.id, message.slot)
        if known is None or known[0] != channel.id:
            return False
        edit = {"content": message.content}
        if message.embed is not None:
            edit["embed"] = message.embed
        if message.view is not None:
            edit["view"] = message.view
        try:
            await channel.get_partial_message(known[1]).edit(**edit)
        except discord.NotFound:
            return False
        return True


def closed_dm_notice(session: Session, players: Sequence[int]) -> Outgoing:
    who = ", ".join(f"<@{p}>" for p in players)
    return Outgoing(
        content=(
            f"I couldn't send a private message to {who}: direct messages from this server are "
            "closed. Press **Show my secret** (only you will see it) or use the `me` command."
        ),
        view=_secret_view(session.game.id),
    )


def _secret_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameButton(game_id, SECRET, label="Show my secret", style=discord.ButtonStyle.primary)
    )
    return view


def private_digest(
    session: Session, player: int, open_prompts: Sequence[Prompt], renderer: Renderer, name: Namer
) -> Outgoing:
    """Everything a player has been told privately, plus the menu still waiting for them."""
    told = [renderer.render(e, session, name) for e in session.private_for(player)]
    asked = [renderer.render(p, session, name) for p in open_prompts if player in p.to]
    lines = [m.content for m in told + asked if m and m.content]
    view = next((m.view for m in reversed(asked) if m and m.view), None)
    return Outgoing(
        content="\n\n".join(lines) or "You have not been told anything secret yet.",
        view=view,
        public=False,
    )
