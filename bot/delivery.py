"""Turns engine effects into channel messages and DMs.

Public effects go to the game's channel, private ones by DM. A DM that Discord refuses
(Forbidden, 50007: the player's DMs are closed) is never swallowed: the channel is told, without
the secret, and the player gets a "Show my secret" button that answers ephemerally. When the very
fact that a player was written to is a secret (a message marked ``discreet``: whoever wakes at
night, whoever learns something), the channel is not told; ``deliver`` returns those players so
the game can help them another way.

Discord allows 2,000 characters a message: longer text goes out as several messages, split at
line breaks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

import discord

from bot.sessions import Session
from bot.store import games as game_store
from bot.views import GameButton
from engine.core import Announce, Effect, GameOver, Prompt, Tell

log = logging.getLogger(__name__)

SECRET = "secret"  # the component kind of the "Show my secret" button
LIMIT = 2000  # Discord's limit on a message's content


@dataclass
class Outgoing:
    """One rendered message. ``slot`` names a message to edit in place (lobby list, tally);
    ``final`` removes the buttons of that message when it is edited (a finished vote);
    ``remember`` records a new message under a name without editing an earlier one (its id
    says when it was sent); ``discreet``: a refused DM is not announced in the channel."""

    content: str = ""
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None
    public: bool = True
    slot: str | None = None
    file: Callable[[], discord.File] | None = None
    discreet: bool = False
    final: bool = False
    remember: str | None = None


Namer = Callable[[int], str]
Rendered = Outgoing | Sequence[Outgoing] | None


class Renderer(Protocol):
    def render(self, effect: Effect, session: Session, name: Namer) -> Rendered:
        """The message(s) for an effect, or None when it needs no message of its own."""
        ...


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


def _pieces(message: Outgoing) -> list[Outgoing]:
    """A message as several, if its text is too long: buttons and file go with the last one."""
    texts = split_text(message.content)
    if len(texts) == 1:
        return [message]
    bare = replace(message, embed=None, view=None, file=None, slot=None, remember=None)
    return [replace(bare, content=t) for t in texts[:-1]] + [replace(message, content=texts[-1])]


async def send_dm(user: discord.abc.User, message: Outgoing) -> bool:
    """DM a user; False when Discord refuses (closed DMs) or fails, so the caller can fall back."""
    try:
        for piece in _pieces(message):
            await user.send(**_kwargs(piece))
    except discord.Forbidden:
        return False
    except discord.HTTPException:  # an outage or a rejected message: the player still needs it
        log.exception("could not DM user %s", user.id)
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


def _rendered(rendered: Rendered) -> list[Outgoing]:
    if rendered is None:
        return []
    return [rendered] if isinstance(rendered, Outgoing) else list(rendered)


class Delivery:
    def __init__(self, client: discord.Client, renderer: Renderer) -> None:
        self.client = client
        self.renderer = renderer

    def namer(self, session: Session) -> Namer:
        guild = self.client.get_guild(session.game.guild_id)

        def name(user_id: int) -> str:
            # Someone who left the server is no member, but the client may still know the user.
            person = (guild.get_member(user_id) if guild else None) or self.client.get_user(user_id)
            return person.display_name if person else f"player {user_id}"

        return name

    async def deliver(self, session: Session, effects: Sequence[Effect]) -> list[int]:
        """Post and send the effects' messages; return the players whose discreet messages
        could not be delivered (their DMs are closed), which nobody else is told."""
        name = self.namer(session)
        closed: list[int] = []
        unreached: list[int] = []
        for effect in effects:
            for message in _rendered(self.renderer.render(effect, session, name)):
                if isinstance(effect, (Announce, GameOver)) or (
                    isinstance(effect, Prompt) and message.public
                ):
                    if closed:  # said before the table moves on (before night falls, say)
                        await self.post(session, closed_dm_notice(session, closed))
                        closed = []
                    await self.post(session, message)
                    continue
                targets = (effect.to,) if isinstance(effect, Tell) else effect.to
                for user_id in targets:
                    if await self.dm(user_id, message):
                        continue
                    missed = unreached if message.discreet else closed
                    if user_id not in missed:
                        missed.append(user_id)
        if closed:
            await self.post(session, closed_dm_notice(session, closed))
        return unreached

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
            for piece in _pieces(message):
                sent = await channel.send(**_kwargs(piece))
                if piece.slot or piece.remember:
                    await game_store.remember_message(
                        self.client.db,
                        session.game.id,
                        piece.slot or piece.remember,
                        channel.id,
                        sent.id,
                    )
        except discord.HTTPException:
            log.exception("game %s: could not post in channel %s", session.game.id, channel.id)

    async def _edit_slot(self, session: Session, channel, message: Outgoing) -> bool:
        known = await game_store.recall_message(self.client.db, session.game.id, message.slot)
        if known is None or known[0] != channel.id:
            return False
        edit = {"content": message.content[:LIMIT]}
        if message.embed is not None:
            edit["embed"] = message.embed
        if message.view is not None or message.final:
            edit["view"] = message.view
        try:
            await channel.get_partial_message(known[1]).edit(**edit)
        except discord.NotFound:
            return False
        return True

    def digest(self, session: Session, player: int) -> Outgoing:
        """Everything a player has been told privately, plus the menu still waiting for them:
        the "Show my secret" button and the games' `me` commands."""
        if player not in session.rules.players(session.state):
            return Outgoing("You aren't playing in this game.", public=False)
        name = self.namer(session)
        told = [
            m
            for e in session.private_for(player)
            for m in _rendered(self.renderer.render(e, session, name))
        ]
        asked = [
            m
            for p in session.rules.open_prompts(session.state)
            if player in p.to
            for m in _rendered(self.renderer.render(p, session, name))
        ]
        lines = [m.content for m in told + asked if m.content]
        view = next((m.view for m in reversed(asked) if m.view), None)
        return Outgoing(
            content="\n\n".join(lines) or "You have not been told anything secret yet.",
            view=view,
            public=False,
        )


def closed_dm_notice(session: Session, players: Sequence[int]) -> Outgoing:
    who = ", ".join(f"<@{p}>" for p in players)
    return Outgoing(
        content=(
            f"I couldn't send a private message to {who}: direct messages from this server are "
            "closed. Press **Show my secret** (only you will see it) or use the `me` command."
        ),
        view=secret_view(session.game.id),
    )


def secret_view(game_id: int) -> discord.ui.View:
    """The "Show my secret" button: a player's private messages, answered ephemerally."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameButton(game_id, SECRET, label="Show my secret", style=discord.ButtonStyle.primary)
    )
    return view
