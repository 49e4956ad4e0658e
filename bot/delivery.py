"""Turns engine effects into channel messages and DMs, and delivers them from the outbox.

``Delivery.compose`` renders an accepted action's effects into *parcels* (one Discord message
for one destination each) which the session layer stores in the same transaction as the action.
``Courier.flush`` then sends a game's parcels in order and settles each one, so a crash between
saving and sending is finished after the restart, in order, and nothing reaches anyone twice:

- each message is sent with a nonce derived from its parcel and Discord's ``enforce_nonce``, so
  Discord itself returns the first message when the same parcel is sent again within minutes;
- after a restart, the one parcel per game that may have gone out unrecorded (its first waiting
  one) is first looked for among the bot's messages sent since the game's newest known message
  (same text, same buttons) and, if found, recorded instead of sent;
- edits of a kept message (a lobby list, a vote tally) are idempotent and simply redone.

Messages are stored rendered (``pack``), not as effects: what goes out after a restart is what
the game said when the action was accepted (rendered against the state right after it), and the
stored form does not depend on the engine's effect types. Buttons and menus are stored as the
components Discord receives; their custom_ids carry the game id, so clicks reach the game
through the persistent ``DynamicItem`` templates whichever process sent them.

A DM that Discord refuses (Forbidden, 50007: the player's DMs are closed) is never swallowed:
once an action's messages are out, the channel is told, without the secret, and the player can
press "Show my secret" to see it ephemerally. When the very fact that a player was written to is
a secret (a message marked ``discreet``: whoever wakes at night, whoever learns something), the
channel is not told; ``flush`` returns those players so the game can help them another way.

Discord allows 2,000 characters a message: longer text goes out as several messages, split at
line breaks.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import aiohttp
import discord

from bot.interactions import LIMIT, split_text
from bot.sessions import Outbox, Reply, Session, SessionManager
from bot.store import games as game_store
from bot.store.games import GameRow
from bot.store.outbox import Parcel
from bot.views import GameButton
from engine.core import Effect, GameOver, Private, Prompt, Public

log = logging.getLogger(__name__)

SECRET = "secret"  # the component kind of the "Show my secret" button
RETRY = 30.0  # seconds before delivering again after Discord could not take a message
SEARCH = 50  # messages looked through for one that may already have gone out


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
Handler = Callable[
    [Any, Session[Any], Namer], Rendered
]  # a renderer's method for one kind of effect


@dataclass(frozen=True)
class Answered:
    """How the shell acknowledges an answer to a question: ``reply`` to the one who answered,
    and ``settled``, a note for the menu's own message when answering closed it for them (its
    menu is then taken away)."""

    reply: Reply
    settled: str | None = None


class Renderer(Protocol):
    def render(self, effect: Effect, session: Session[Any], name: Namer) -> Rendered:
        """The message(s) for an effect, or None when it needs no message of its own."""
        ...

    def lobby(self, session: Session[Any], closed: str = "") -> Outgoing:
        """The lobby message (slot ``lobby``); ``closed``: why it is closed, its buttons
        disabled (the game started, or ended)."""
        ...

    def acknowledge(
        self, question: type[Prompt], action: Any, session: Session[Any], name: Namer
    ) -> Answered:
        """What to say to whoever answers a ``question`` with ``action`` (before it is applied:
        ``session`` holds the state it answers)."""
        ...


def _pieces(message: Outgoing) -> list[Outgoing]:
    """A message as several, if its text is too long: buttons and file go with the last one."""
    texts = split_text(message.content)
    if len(texts) == 1:
        return [message]
    bare = replace(message, embed=None, view=None, file=None, slot=None, remember=None)
    return [replace(bare, content=t) for t in texts[:-1]] + [replace(message, content=texts[-1])]


def _kwargs(message: Outgoing) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"content": message.content or None}
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


# Messages as data --------------------------------------------------------------------------------
class SentView(discord.ui.View):
    """Buttons and menus exactly as they were first rendered, for a message sent from the outbox.
    Nothing is registered for dispatch: clicks reach the game through the DynamicItem templates,
    which read the game id from the custom_id."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.components

    def is_dispatchable(self) -> bool:
        return False


def pack(message: Outgoing) -> dict[str, Any]:
    """A rendered message as JSON-ready data, for the outbox; ``unpack`` gives it back."""
    if message.file is not None:
        raise ValueError("a message with a file cannot wait in the outbox")
    body: dict[str, Any] = {"content": message.content}
    if message.embed is not None:
        body["embed"] = message.embed.to_dict()
    if message.view is not None:
        body["components"] = message.view.to_components()
    if not message.public:
        body["public"] = False
    for flag in ("discreet", "final"):
        if getattr(message, flag):
            body[flag] = True
    for name in ("slot", "remember"):
        if getattr(message, name):
            body[name] = getattr(message, name)
    return body


def unpack(body: Mapping[str, Any]) -> Outgoing:
    return Outgoing(
        content=body.get("content", ""),
        embed=discord.Embed.from_dict(body["embed"]) if "embed" in body else None,
        view=SentView(body["components"]) if "components" in body else None,
        public=body.get("public", True),
        slot=body.get("slot"),
        discreet=body.get("discreet", False),
        final=body.get("final", False),
        remember=body.get("remember"),
    )


def _custom_ids(components: Sequence[Any]) -> list[str]:
    """The custom_ids of a message's buttons and menus (as dicts, or as discord.py objects)."""
    found = []
    for row in components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for item in children:
            custom_id = item.get("custom_id") if isinstance(item, dict) else item.custom_id
            if custom_id:
                found.append(custom_id)
    return found


def _same(sent: discord.Message, message: Outgoing) -> bool:
    """Whether a message Discord holds is this rendered message (text, embed title, buttons)."""
    if (sent.content or "").strip() != message.content.strip():
        return False
    if message.embed is not None and (
        not sent.embeds or sent.embeds[0].title != message.embed.title
    ):
        return False
    wanted = _custom_ids(message.view.to_components()) if message.view is not None else []
    return _custom_ids(sent.components) == wanted


# Delivering the outbox ---------------------------------------------------------------------------
class Unavailable(Exception):
    """Discord could not take a message now (an outage, a timeout): deliver it later."""


class Courier:
    """Delivers each game's outbox in order, one parcel at a time, settling each as it goes."""

    def __init__(self, client: discord.Client, games: SessionManager) -> None:
        self.client = client
        self.games = games
        self.retries: dict[int, asyncio.Task[None]] = {}

    async def flush(self, box: Outbox) -> list[int]:
        """Deliver everything waiting in ``box``; return the players whose discreet DMs could
        not be delivered. If Discord is unavailable the rest waits, and is tried again later."""
        unreached: list[int] = []
        async with box.lock:
            while True:
                async with self.games.delivering(box) as turn:
                    if turn is None:
                        break
                    parcel = box.parcels[0]
                    try:
                        outcome, message_id = await self.transmit(box, parcel)
                    except Unavailable as problem:
                        log.warning("game %s: delivery paused: %s", box.game.id, problem)
                        self._retry_later(box)
                        break
                    except Exception:  # our own bug: give this message up, not the game behind
                        log.exception(
                            "game %s: parcel %s could not be sent", box.game.id, parcel.id
                        )
                        outcome, message_id = "failed", None
                    if outcome in ("closed", "unreached"):
                        assert parcel.recipient is not None
                        missed = (
                            box.closed.setdefault(parcel.seq, [])
                            if outcome == "closed"
                            else unreached
                        )
                        if parcel.recipient not in missed:
                            missed.append(parcel.recipient)
                    await self.games.settle(
                        box,
                        outcome,
                        message_id,
                        slot=_slot(parcel, outcome),
                        notice=self._notice(box, parcel),
                        turn=turn,
                    )
        return unreached

    def _notice(self, box: Outbox, parcel: Parcel) -> Parcel | None:
        """The closed-DM notice if any of an action's DMs was refused, sent before the table
        moves on: after the action's last message, or before its next post in the channel
        (before night falls, say)."""
        following = box.parcels[1] if len(box.parcels) > 1 else None
        due = following is None or following.seq != parcel.seq or following.kind == "post"
        closed = box.closed.get(parcel.seq)
        if not due or not closed or parcel.kind == "notice":
            return None
        del box.closed[parcel.seq]
        return Parcel("notice", None, pack(closed_dm_notice(box.game, closed)))

    def _retry_later(self, box: Outbox) -> None:
        if box.game.id in self.retries:
            return

        async def again() -> None:
            await asyncio.sleep(RETRY)
            del self.retries[box.game.id]
            if not self.client.is_closed():
                await self.flush(box)

        self.retries[box.game.id] = asyncio.create_task(again())

    async def transmit(self, box: Outbox, parcel: Parcel) -> tuple[str, int | None]:
        """Send one parcel: its outcome and the message it became. Raises Unavailable."""
        message = unpack(parcel.body)
        nonce = f"rw{parcel.id}" if parcel.id else secrets.token_hex(8)
        try:
            if parcel.kind == "dm":
                assert parcel.recipient is not None
                return await self._dm(box, parcel, message, nonce)
            return await self.post(box, message, nonce, parcel.in_doubt)
        except (TimeoutError, aiohttp.ClientError, OSError) as problem:
            raise Unavailable(repr(problem)) from problem
        except discord.HTTPException as problem:
            if problem.status >= 500 or problem.status == 429:
                raise Unavailable(str(problem)) from problem
            log.exception("game %s: parcel %s was refused by Discord", box.game.id, parcel.id)
            return "failed", None

    async def post(
        self, box: Outbox, message: Outgoing, nonce: str, in_doubt: bool = False
    ) -> tuple[str, int | None]:
        """Post in the game's channel, or edit the slot's message in place."""
        found_channel = self.client.get_channel(box.game.channel_id)
        channel = (
            found_channel
            if isinstance(found_channel, discord.abc.Messageable)
            else self.client.get_partial_messageable(box.game.channel_id)
        )
        if message.slot:
            edited = await self._edit_slot(box.game, channel, message)
            if edited is not None:
                return "edited", edited
        if in_doubt:
            found = await self._find(channel, box, message)
            if found is not None:
                return "found", found
        sent = await channel.send(**_kwargs(message), nonce=nonce)
        return "sent", sent.id

    async def _dm(
        self, box: Outbox, parcel: Parcel, message: Outgoing, nonce: str
    ) -> tuple[str, int | None]:
        refused = "unreached" if message.discreet else "closed"
        try:
            user = self.client.get_user(parcel.recipient or 0) or await self.client.fetch_user(
                parcel.recipient or 0
            )
            channel = user.dm_channel or await user.create_dm()
            if parcel.in_doubt:
                found = await self._find(channel, box, message)
                if found is not None:
                    return "found", found
            sent = await channel.send(**_kwargs(message), nonce=nonce)
        except (discord.Forbidden, discord.NotFound):
            return refused, None
        return "sent", sent.id

    async def _find(
        self, channel: discord.abc.Messageable, box: Outbox, message: Outgoing
    ) -> int | None:
        """The id of this message if the bot already sent it here since the game's newest
        known message (the crash came after Discord took it), else None."""
        me = self.client.user
        after = discord.Object(box.newest) if box.newest else None
        async for sent in channel.history(limit=SEARCH, after=after):
            if me is not None and sent.author.id == me.id and _same(sent, message):
                return sent.id
        return None

    async def _edit_slot(
        self, game: GameRow, channel: discord.abc.Messageable, message: Outgoing
    ) -> int | None:
        """Edit the message kept under the slot; None if there is none (or it was deleted)."""
        assert message.slot is not None
        known = await game_store.recall_message(self.games.db, game.id, message.slot)
        if (
            known is None
            or known[0] != game.channel_id
            or not hasattr(channel, "get_partial_message")
        ):
            return None
        edit: dict[str, Any] = {"content": message.content[:LIMIT]}
        if message.embed is not None:
            edit["embed"] = message.embed
        if message.view is not None or message.final:
            edit["view"] = message.view
        try:
            await channel.get_partial_message(known[1]).edit(**edit)
        except discord.NotFound:
            return None
        return known[1]


def _slot(parcel: Parcel, outcome: str) -> str | None:
    """The name a newly sent (or found) message is kept under, if any."""
    if outcome not in ("sent", "found"):
        return None
    return parcel.body.get("slot") or parcel.body.get("remember")


# Rendering ---------------------------------------------------------------------------------------
class Delivery:
    """One game kind's renderer, turned into parcels (``compose``), plus direct messages that
    need no durability (reminders, a re-shown board) and the private digest."""

    def __init__(self, courier: Courier, renderer: Renderer) -> None:
        self.courier = courier
        self.client = courier.client
        self.renderer = renderer

    def namer(self, session: Session[Any]) -> Namer:
        guild = self.client.get_guild(session.game.guild_id)

        def name(user_id: int) -> str:
            # Someone who left the server is no member, but the client may still know the user.
            person = (guild.get_member(user_id) if guild else None) or self.client.get_user(user_id)
            return person.display_name if person else f"player {user_id}"

        return name

    def compose(self, session: Session[Any], effects: Sequence[Effect]) -> list[Parcel]:
        """The parcels for an action's effects, in order: public ones for the channel, private
        ones one per recipient. ``session`` holds the state right after the action. When the
        game ends, its lobby message says so too, for every game alike."""
        name = self.namer(session)
        parcels = []
        for effect in effects:
            for message in _rendered(self.renderer.render(effect, session, name)):
                for piece in _pieces(message):
                    body = pack(piece)
                    if isinstance(effect, (Public, GameOver)) or (
                        isinstance(effect, Prompt) and piece.public
                    ):
                        parcels.append(Parcel("post", None, body))
                    elif isinstance(effect, (Private, Prompt)):
                        targets = (effect.to,) if isinstance(effect, Private) else effect.to
                        parcels += [Parcel("dm", user, body) for user in targets]
        if any(isinstance(e, GameOver) for e in effects):
            parcels += self.parcels(self.renderer.lobby(session, closed="This game has ended."))
        return parcels

    @staticmethod
    def parcels(message: Outgoing) -> list[Parcel]:
        """A message for the game's channel as parcels for its outbox."""
        return [Parcel("post", None, pack(piece)) for piece in _pieces(message)]

    async def flush(self, session: Session[Any]) -> list[int]:
        """Deliver what the game's accepted actions still owe (see ``Courier.flush``)."""
        return await self.courier.flush(session.outbox)

    async def deliver(self, session: Session[Any], effects: Sequence[Effect]) -> list[int]:
        """Send effects at once, without the outbox: for showing again what is already saved
        (a reopened menu after an undo). Returns the players whose discreet DMs failed."""
        box = Outbox(session.game)
        closed: list[int] = []
        unreached: list[int] = []
        for parcel in self.compose(session, effects):
            if parcel.kind != "dm" or parcel.recipient is None:
                await self.post(session, unpack(parcel.body))
                continue
            try:
                outcome, _ = await self.courier.transmit(box, parcel)
            except Unavailable:
                log.warning("game %s: could not show a message again", session.game.id)
                continue
            missed = {"closed": closed, "unreached": unreached}.get(outcome)
            if missed is not None and parcel.recipient not in missed:
                missed.append(parcel.recipient)
        if closed:
            await self.post(session, closed_dm_notice(session.game, closed))
        return unreached

    async def dm(self, user_id: int, message: Outgoing) -> bool:
        """A DM now; False when Discord refuses (closed DMs) or fails, so the caller can fall back."""
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            for piece in _pieces(message):
                await user.send(**_kwargs(piece))
        except discord.Forbidden:
            return False
        except discord.HTTPException:  # an outage or a rejected message: the player still needs it
            log.exception("could not DM user %s", user_id)
            return False
        return True

    async def post(self, session: Session[Any], message: Outgoing) -> None:
        """Post in the game channel now (or edit the slot's message); failures are logged."""
        box = Outbox(session.game)
        try:
            for piece in _pieces(message):
                nonce = secrets.token_hex(8)  # a message sent now, once
                outcome, message_id = await self.courier.post(box, piece, nonce)
                name = piece.slot or piece.remember
                if outcome == "sent" and name and message_id is not None:
                    await game_store.remember_message(
                        self.courier.games.db,
                        session.game.id,
                        name,
                        session.game.channel_id,
                        message_id,
                    )
        except discord.HTTPException:
            log.exception("game %s: could not post in its channel", session.game.id)

    def digest(self, session: Session[Any], player: int) -> Outgoing:
        """What a player privately knows now (``GameRules.secrets``), plus the menu still
        waiting for them: the "Show my secret" button and the games' `me` commands."""
        if player not in session.rules.players(session.state):
            return Outgoing("You aren't playing in this game.", public=False)
        name = self.namer(session)
        told = [
            m
            for e in session.rules.secrets(session.state, player)
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


def closed_dm_notice(game: GameRow, players: Sequence[int]) -> Outgoing:
    who = ", ".join(f"<@{p}>" for p in players)
    return Outgoing(
        content=(
            f"I couldn't send a private message to {who}: direct messages from this server are "
            f"closed. Press **Show my secret** (only you will see it) or use `/{game.kind} me`."
        ),
        view=secret_view(game.id),
    )


def secret_view(game_id: int) -> discord.ui.View:
    """The "Show my secret" button: a player's private messages, answered ephemerally."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        GameButton(game_id, SECRET, label="Show my secret", style=discord.ButtonStyle.primary)
    )
    return view
