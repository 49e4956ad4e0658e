"""Carrying out the voice plan on Discord: rooms made and recorded, moves throttled and durable.

``VoiceRooms`` is the one voice shell both games use. After every accepted action a game's cog
calls ``follow``: the game's layout (``bot.layouts``) is read from its state, the rooms it needs
are made (each recorded before it is created, so none outlives its game even across a crash), the
plan (``bot.voice.plan``) is computed from where everyone is, and its moves are stored (the
mover's intent) before they run. The moves of one server run one at a time in the background,
at most ``MEMBER_EDITS`` per ``WINDOW`` (Discord's per-server limit on member edits), so a dusk
never trips Discord's rate limit and never blocks the interaction that caused it.

A move Discord refuses (the player left voice: 40032; missing permission) is recorded as refused
and never retried in a loop: the next reconciliation plans afresh from where people are. After
a restart every linked game is reconciled (``restored``): whoever is out of place is moved, the
intent a crash interrupted is superseded by that plan, and the channels of games that ended are
deleted.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.sessions import Session
from bot.store import voice as store
from bot.store.database import Database
from bot.store.voice import Link
from bot.voice import (
    BOT_ALLOW,
    EVERYONE_DENY,
    MEMBER_ALLOW,
    SQUARE,
    Layout,
    Overwrite,
    Room,
    overwrite_changes,
    overwrites,
    plan,
    whisper_key,
)

log = logging.getLogger(__name__)

MEMBER_EDITS = 10  # member edits (moves) Discord allows per server in one window
WINDOW = 10.0  # seconds: that window
CATEGORY = "category"  # the room key of a game's category

# A game's layout now: from its session, its link and its open whisper pairs.
LayoutOf = Callable[[Session[Any], Link, list[tuple[int, int]]], Layout | None]

PERMISSIONS = (
    ("move_members", "Move Members"),
    ("manage_channels", "Manage Channels"),
    ("manage_roles", "Manage Permissions"),
)


class Throttle:
    """At most ``limit`` calls in any ``window`` seconds: ``wait`` returns when one may go."""

    def __init__(
        self,
        limit: int = MEMBER_EDITS,
        window: float = WINDOW,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.limit, self.window = limit, window
        self.clock = clock or (lambda: asyncio.get_running_loop().time())  # the loop's clock
        self.sleep = sleep
        self.sent: deque[float] = deque()

    async def wait(self) -> None:
        while True:
            now = self.clock()
            while self.sent and self.sent[0] <= now - self.window:
                self.sent.popleft()
            if len(self.sent) < self.limit:
                self.sent.append(now)
                return
            await self.sleep(self.sent[0] + self.window - now)


@dataclass
class Job:
    """One stored move (``row``), or (``member`` None) the game's sweep after its moves: empty
    rooms it no longer needs are deleted, all of them once it is over."""

    game_id: int
    row: int = 0
    member: int | None = None
    channel: int = 0
    plan: int = 0  # the game's plan it belongs to: a newer plan makes it moot


def missing_permissions(guild: discord.Guild, square: discord.abc.GuildChannel | None) -> list[str]:
    """What the bot lacks to run voice in ``guild`` with ``square`` as the public room."""
    me = guild.me
    lacking = [label for flag, label in PERMISSIONS if not getattr(me.guild_permissions, flag)]
    if square is None:
        lacking.append("the linked voice channel, which no longer exists")
    else:
        here = square.permissions_for(me)
        if not (here.view_channel and here.connect):
            lacking.append(f"View Channel and Connect in {square.mention}")
    return lacking


def outranking(guild: discord.Guild, people: set[int]) -> list[int]:
    """The people the bot cannot move because their highest role is not below the bot's."""
    me = guild.me
    found = []
    for person in sorted(people):
        member = guild.get_member(person)
        if member is not None and member.id != guild.owner_id and member.top_role >= me.top_role:
            found.append(person)
    return found


def discord_overwrite(wanted: Overwrite) -> discord.PermissionOverwrite:
    return discord.PermissionOverwrite.from_pair(
        discord.Permissions(**dict.fromkeys(wanted.allow, True)),
        discord.Permissions(**dict.fromkeys(wanted.deny, True)),
    )


def as_data(target: int, role: bool, given: discord.PermissionOverwrite) -> Overwrite:
    allow, deny = given.pair()
    return Overwrite(target, role, _names(allow), _names(deny))


def _names(permissions: discord.Permissions) -> frozenset[str]:
    """The flags set, one name per flag (discord.py knows some by two names: ours are kept)."""
    ours = MEMBER_ALLOW | BOT_ALLOW | EVERYONE_DENY
    named: dict[int, str] = {}
    for name, bit in discord.Permissions.VALID_FLAGS.items():
        if permissions.value & bit and (bit not in named or name in ours):
            named[bit] = name
    return frozenset(named.values())


class VoiceRooms:
    """The voice rooms of every linked game (one per bot)."""

    def __init__(self, client: discord.Client, db: Database) -> None:
        self.client = client
        self.db = db
        self.links: dict[int, Link] = {}
        self.layouts: dict[str, LayoutOf] = {}
        self.limit, self.window = MEMBER_EDITS, WINDOW
        self.clock: Callable[[], float] | None = None  # the throttle's clock (None: the loop's)
        self.throttles: dict[int, Throttle] = {}
        self.queues: dict[int, deque[Job]] = {}
        self.workers: dict[int, asyncio.Task[None]] = {}
        self.gates: dict[int, Gate] = {}
        self.plans: dict[int, int] = {}  # per game, the number of its current plan
        self.closing: dict[int, int] = {}  # games whose voice is ending: their square

    def register(self, kind: str, layout: LayoutOf) -> None:
        self.layouts[kind] = layout

    async def load(self) -> None:
        """The links of running games, as stored (a link made since the start is kept)."""
        for link in await store.links(self.db):
            self.links.setdefault(link.game_id, link)

    def gate(self, game_id: int) -> Gate:
        return self.gates.setdefault(game_id, Gate())

    # Linking ---------------------------------------------------------------------------------
    async def link(self, session: Session[Any], square: int) -> Link:
        game = session.game
        link = self.links.get(game.id) or Link(game.id, game.guild_id, square)
        link.square_id = square
        await store.save_link(self.db, link)
        self.links[game.id] = link
        return link

    async def unlink(self, session: Session[Any]) -> None:
        """Voice is no longer used: everyone back to the square, the rooms deleted."""
        if session.game.id not in self.links:
            return
        await self.follow(session, closing=True)
        await store.drop_link(self.db, session.game.id)

    def problems(
        self, session: Session[Any], people: set[int], square_id: int | None = None
    ) -> str | None:
        """One sentence saying what the bot lacks to run this game's voice (in its linked
        channel, or ``square_id``), or None."""
        link = self.links.get(session.game.id)
        guild = self.client.get_guild(session.game.guild_id)
        square_id = square_id or (link.square_id if link else None)
        if square_id is None or guild is None:
            return None
        square = guild.get_channel(square_id)
        lacking = missing_permissions(guild, square)
        above = outranking(guild, people)
        if above:
            who = ", ".join(f"<@{p}>" for p in above)
            lacking.append(f"a role above the highest role of {who} (Server Settings → Roles)")
        if not lacking:
            return None
        return "To run this game in voice I need " + "; ".join(lacking) + "."

    # Following the game ----------------------------------------------------------------------
    async def follow(
        self,
        session: Session[Any],
        *,
        only: int | None = None,
        closing: bool = False,
        summon: dict[int, str] | None = None,
    ) -> None:
        """Plan and queue the moves the game's layout wants now; announce a new phase's moves.
        ``only``: just this member's move (they moved themselves), the rest left queued.
        ``closing``: voice is over for this game (it ended, or was unlinked). ``summon``:
        members sent to a room (a whisper's pair), wherever the layout has them."""
        link = self.links.get(session.game.id)
        guild = self.client.get_guild(session.game.guild_id)
        layout_of = self.layouts.get(session.game.kind)
        if link is None or guild is None or layout_of is None:
            return
        async with self.gate(session.game.id).planning():
            made = await store.channels(self.db, session.game.id)
            whispers = whisper_pairs(made)
            layout = layout_of(session, link, whispers)
            if layout is None and not closing:
                return
            if closing or (layout is not None and layout.phase == "over"):
                closing = True
                people = layout.places if layout is not None else {}
                said = layout.announce if layout is not None else None
                layout = Layout("over", (), dict.fromkeys(people, SQUARE), announce=said)
            elif layout is not None and summon:
                places = {**layout.places, **summon}
                layout = replace(layout, places=places)
            assert layout is not None
            channels = await self._rooms(session, guild, link, layout, made)
            where = self._where(guild, channels)
            seed = session.game.seed ^ zlib.crc32(layout.phase.encode())
            found = plan(layout, where, channels, seed)
            moves = [m for m in found.moves if only is None or m.member == only]
            changed = layout.phase != link.phase
            if changed or moves or closing:
                rows = await store.intend_moves(
                    self.db,
                    session.game.id,
                    layout.phase,
                    [(m.member, m.channel) for m in moves],
                    supersede=only is None,
                )
                link.phase = layout.phase
                jobs = [
                    Job(session.game.id, r, m.member, m.channel)
                    for r, m in zip(rows, moves, strict=True)
                ]
                self._queue(guild.id, session.game.id, jobs, replace=only is None)
                if changed and moves and layout.announce:
                    await self._say(session, layout.announce)
                if changed and found.absent:
                    await self._tell_absent(session, found.absent, layout, channels)
            if closing:
                self.links.pop(session.game.id, None)
                self.closing[session.game.id] = link.square_id

    def _queue(self, guild_id: int, game_id: int, jobs: list[Job], *, replace: bool) -> None:
        queue = self.queues.setdefault(guild_id, deque())
        if replace:  # a new plan supersedes the game's moves still waiting
            self.plans[game_id] = self.plans.get(game_id, 0) + 1
            kept = [j for j in queue if j.game_id != game_id]
            queue.clear()
            queue.extend(kept)
        for job in jobs:
            job.plan = self.plans.get(game_id, 0)
        queue.extend(jobs)
        queue.append(Job(game_id))  # then the sweep
        worker = self.workers.get(guild_id)
        if worker is None or worker.done():
            self.workers[guild_id] = asyncio.create_task(self._work(guild_id))

    async def _work(self, guild_id: int) -> None:
        queue = self.queues[guild_id]
        throttle = self.throttles.setdefault(
            guild_id, Throttle(self.limit, self.window, self.clock)
        )
        under_way: set[asyncio.Task[None]] = set()
        while queue:
            job = queue.popleft()
            try:
                if job.member is None:
                    if not any(j.game_id == job.game_id for j in queue):
                        await asyncio.gather(*under_way)  # the game's moves are over first
                        await self._sweep(guild_id, job.game_id)
                    continue
                moot = await self._before(guild_id, job)
                if moot is not None:
                    await store.settle_move(self.db, job.row, moot)
                    continue
                await throttle.wait()  # the moves start inside the limit and run side by side
                task = asyncio.create_task(self._settled_move(guild_id, job))
                under_way.add(task)
                task.add_done_callback(under_way.discard)
            except Exception:  # our own bug: the job is given up, not the queue behind it
                log.exception("voice job for game %s failed", job.game_id)
        await asyncio.gather(*under_way)

    async def _settled_move(self, guild_id: int, job: Job) -> None:
        try:
            await store.settle_move(self.db, job.row, await self._move(guild_id, job))
        except Exception:
            log.exception("voice move for game %s failed", job.game_id)

    async def _move(self, guild_id: int, job: Job) -> str:
        """One move, once the throttle let it start: refused moves are recorded, never retried."""
        # No plan is made while a move is under way, so none misses where it puts someone.
        async with self.gate(job.game_id).moving():
            if job.plan != self.plans.get(job.game_id, 0):
                return "superseded"  # a newer plan replaced it while the bot waited
            outcome = await self._before(guild_id, job)  # they may have moved meanwhile
            if outcome is not None:
                return outcome
            guild = self.client.get_guild(guild_id)
            member = await _member(guild, job.member or 0) if guild else None
            if guild is None or member is None:
                return "absent"
            try:
                await member.edit(voice_channel=_voice(guild, job.channel))
            except discord.HTTPException as refusal:  # 40032: left voice; 50013: no permission
                log.info("game %s: moving %s refused: %s", job.game_id, member.id, refusal)
                return "refused"
            return "moved"

    async def _before(self, guild_id: int, job: Job) -> str | None:
        """Whether the move is moot already: they are there, or no longer in the game's voice."""
        guild = self.client.get_guild(guild_id)
        member = await _member(guild, job.member or 0) if guild else None
        now = member.voice.channel if member and member.voice else None
        if now is None:
            return "absent"
        if now.id == job.channel:
            return "in place"
        return None

    # Rooms -----------------------------------------------------------------------------------
    def _where(self, guild: discord.Guild, channels: dict[str, int]) -> dict[int, int | None]:
        """Who is in the game's channels now (the only people a plan may move)."""
        where: dict[int, int | None] = {}
        for channel_id in channels.values():
            channel = guild.get_channel(channel_id)
            if isinstance(channel, discord.VoiceChannel | discord.StageChannel):
                where.update(dict.fromkeys(channel.voice_states, channel_id))
        return where

    async def _rooms(
        self,
        session: Session[Any],
        guild: discord.Guild,
        link: Link,
        layout: Layout,
        made: list[store.MadeChannel],
    ) -> dict[str, int]:
        """Every channel of the game by room key (made now if the layout wants it and it is
        missing), the square included; each room's overwrites set as the layout wants."""
        found = {c.room: c for c in made}
        channels = {c.room: c.channel_id for c in made if c.channel_id is not None}
        people = frozenset(layout.places) | frozenset(m for r in layout.rooms for m in r.members)
        if layout.rooms:
            named = Room(CATEGORY, f"Ravenswood game {session.game.id}", frozenset())
            category = await self._made(session, guild, found, named, None)
            if category is not None and link.category_id != category.id:
                link.category_id = category.id
                await store.save_link(self.db, link)
            for room in layout.rooms:
                channel = await self._made(session, guild, found, room, category)
                if channel is None:
                    continue
                channels[room.key] = channel.id
                await self._grant(guild, channel, room, people)
        channels.pop(CATEGORY, None)
        channels[SQUARE] = link.square_id
        return channels

    async def _made(
        self,
        session: Session[Any],
        guild: discord.Guild,
        found: dict[str, store.MadeChannel],
        room: Room,
        category: discord.CategoryChannel | None,
    ) -> Any:
        """The room's channel: the recorded one, one created just before a crash (found by
        name), or a new one (recorded first)."""
        record = found.get(room.key)
        if record is not None and record.channel_id is not None:
            channel = guild.get_channel(record.channel_id)
            if channel is not None:
                return channel
        if record is None:
            row = await store.intend_channel(self.db, session.game.id, room.key, room.name)
        else:
            row = record.id
        parent = category.channels if category is not None else guild.categories
        name = record.name if record is not None else room.name
        channel = next((c for c in parent if c.name == name), None) if record else None
        wanted: dict[Any, discord.PermissionOverwrite] = {
            _target(guild, o.target): discord_overwrite(o)
            for o in overwrites(room, guild.id, guild.me.id).values()
        }
        try:
            if channel is None and room.key == CATEGORY:
                channel = await guild.create_category(name, overwrites=wanted)
            elif channel is None:
                channel = await guild.create_voice_channel(
                    name, category=category, overwrites=wanted
                )
        except discord.HTTPException:
            log.exception("game %s: could not make the room %s", session.game.id, room.key)
            return None
        await store.made_channel(self.db, row, channel.id)
        found[room.key] = store.MadeChannel(row, session.game.id, room.key, room.name, channel.id)
        return channel

    async def _grant(
        self, guild: discord.Guild, channel: Any, room: Room, people: frozenset[int]
    ) -> None:
        """Set the room's overwrites as wanted, touching only the ones the bot makes."""
        current = {
            target.id: as_data(target.id, isinstance(target, discord.Role), given)
            for target, given in channel.overwrites.items()
        }
        put, remove = overwrite_changes(room, current, people, guild.id, guild.me.id)
        if not put and not remove:
            return
        mapping: dict[Any, discord.PermissionOverwrite] = {
            target: given
            for target, given in channel.overwrites.items()
            if target.id not in remove and target.id not in {o.target for o in put}
        }
        for wanted in put:
            mapping[_target(guild, wanted.target)] = discord_overwrite(wanted)
        try:
            await channel.edit(overwrites=mapping)  # one request, whatever the changes
        except discord.HTTPException:
            log.exception("could not set the overwrites of %s", channel.id)

    async def _sweep(self, guild_id: int, game_id: int) -> None:
        """Delete the game's rooms it no longer needs once they are empty; all once it is over."""
        guild = self.client.get_guild(guild_id)
        link = self.links.get(game_id)
        session = self._session(game_id)
        layout = None
        if link is not None and session is not None and guild is not None:
            made = await store.channels(self.db, game_id)
            layout = self.layouts[session.game.kind](session, link, whisper_pairs(made))
        wanted = {r.key for r in layout.rooms} if layout is not None else set()
        if link is not None and layout is not None and layout.phase != "over":
            wanted.add(CATEGORY)
        await self.delete(game_id, keep=wanted, only_empty=link is not None)
        square = self.closing.pop(game_id, None) if link is None else None
        if square is not None and guild is not None:
            await self._unwatch(guild, game_id, square)

    async def delete(
        self, game_id: int | None, keep: set[str] | None = None, *, only_empty: bool = False
    ) -> None:
        """Delete the bot's channels of a game (or, ``None``, of every game no longer running)
        but those in ``keep``; ``only_empty``: leave any that someone is still in."""
        for record in await store.channels(self.db, game_id):
            if keep is not None and record.room in keep:
                continue
            channel = self.client.get_channel(record.channel_id) if record.channel_id else None
            if channel is not None and only_empty:
                if record.room == CATEGORY or getattr(channel, "voice_states", None):
                    continue
            try:
                if isinstance(channel, discord.abc.GuildChannel):
                    await channel.delete()
            except discord.NotFound:
                pass
            except discord.HTTPException:
                log.exception("could not delete channel %s", record.channel_id)
                continue
            await store.deleted_channel(self.db, record.id)

    def _session(self, game_id: int) -> Session[Any] | None:
        games = getattr(self.client, "games", None)
        return games.get(game_id) if games is not None else None

    # Whispers, spectators, people moving themselves -----------------------------------------
    async def whisper(self, session: Session[Any], a: int, b: int) -> None:
        """A temporary room for two players (and a human storyteller): made, and the two moved
        there if they are in the game's voice. It closes at dusk, or once both have left."""
        if session.game.id not in self.links:
            return
        key = whisper_key(a, b)
        made = await store.channels(self.db, session.game.id)
        if all(c.room != key for c in made):
            count = sum(1 for c in made if c.room.startswith("whisper:"))
            await store.intend_channel(self.db, session.game.id, key, f"Whispers {count + 1}")
        await self.follow(session, summon={a: key, b: key})

    async def spectate(self, session: Session[Any], user: int) -> int | None:
        """Let someone who is not playing into the square (its channel id; None: not linked).
        The overwrite is the bot's own, removed when the game ends; they never see a room."""
        link = self.links.get(session.game.id)
        guild = self.client.get_guild(session.game.guild_id)
        square = guild.get_channel(link.square_id) if guild and link else None
        if link is None or square is None:
            return None
        await store.add_spectator(self.db, session.game.id, user)
        member = guild.get_member(user) if guild else None
        if member is not None:
            allowed = discord.PermissionOverwrite(view_channel=True, connect=True)
            await square.set_permissions(member, overwrite=allowed)
        return square.id

    async def _unwatch(self, guild: discord.Guild, game_id: int, square_id: int) -> None:
        square = guild.get_channel(square_id)
        watchers = await store.spectators(self.db, game_id)
        if square is None or not any(t.id in watchers for t in square.overwrites):
            return
        kept = {t: o for t, o in square.overwrites.items() if t.id not in watchers}
        try:
            await square.edit(overwrites=kept)
        except discord.HTTPException:
            log.info("could not remove the spectators of game %s from %s", game_id, square_id)

    async def moved(
        self, member: discord.Member, before: discord.VoiceState, after: discord.VoiceState
    ) -> None:
        """Someone's voice changed: a whisper room both have left closes, and a player who
        walked into the wrong room (back to the square at night) is put back."""
        for link in [k for k in self.links.values() if k.guild_id == member.guild.id]:
            session = self._session(link.game_id)
            if session is None:
                continue
            made = await store.channels(self.db, link.game_id)
            ours = {c.channel_id: c for c in made if c.channel_id is not None}
            left = ours.get(before.channel.id) if before.channel is not None else None
            if left is not None and left.room.startswith("whisper:") and before.channel is not None:
                if not before.channel.voice_states:
                    await self.delete(link.game_id, keep={c.room for c in made if c is not left})
            arrived = after.channel is not None and (
                after.channel.id in ours or after.channel.id == link.square_id
            )
            if arrived and not self._queued(link.game_id, member.id):
                await self.follow(session, only=member.id)

    def _queued(self, game_id: int, member: int) -> bool:
        return any(
            j.game_id == game_id and j.member == member
            for queue in self.queues.values()
            for j in queue
        )

    async def restored(self) -> None:
        """After a restart: the channels of games that ended are deleted, and every linked game
        is reconciled (whoever is out of place moved; a dusk cut short is finished)."""
        await self.load()
        await self.delete(None)
        interrupted = await store.waiting_moves(self.db)
        for link in list(self.links.values()):
            session = self._session(link.game_id)
            if session is None:
                continue
            if interrupted.get(link.game_id):
                log.info(
                    "game %s: finishing %d interrupted moves",
                    link.game_id,
                    interrupted[link.game_id],
                )
            await self.follow(session)

    # Telling people --------------------------------------------------------------------------
    async def _say(self, session: Session[Any], text: str) -> None:
        channel = self.client.get_channel(session.game.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            try:
                await channel.send(text)
            except discord.HTTPException:
                log.exception("game %s: could not announce the moves", session.game.id)

    async def _tell_absent(
        self,
        session: Session[Any],
        absent: tuple[int, ...],
        layout: Layout,
        channels: dict[str, int],
    ) -> None:
        """Players not in the game's voice are never an error: each is told where to go."""
        closed = []
        for player in absent:
            room = channels.get(layout.places[player])
            text = (
                f"The game in <#{session.game.channel_id}> moved on while you were not in its "
                f"voice: your place now is <#{room}>; join it when you are back."
            )
            try:
                user = self.client.get_user(player) or await self.client.fetch_user(player)
                await user.send(text)
            except discord.HTTPException:
                closed.append(player)
        if closed:
            who = ", ".join(f"<@{p}>" for p in closed)
            await self._say(session, f"{who}: your room is waiting for you in the voice channels.")


class Gate:
    """Plans of a game wait for its moves under way, and moves for a plan being made: moves
    run side by side, a plan alone (a reader-writer lock, the plan the writer)."""

    def __init__(self) -> None:
        self.moves = 0
        self.planned = False
        self.changed = asyncio.Condition()

    @asynccontextmanager
    async def moving(self) -> AsyncIterator[None]:
        async with self.changed:
            await self.changed.wait_for(lambda: not self.planned)
            self.moves += 1
        try:
            yield
        finally:
            async with self.changed:
                self.moves -= 1
                self.changed.notify_all()

    @asynccontextmanager
    async def planning(self) -> AsyncIterator[None]:
        async with self.changed:
            await self.changed.wait_for(lambda: not self.planned and not self.moves)
            self.planned = True
        try:
            yield
        finally:
            async with self.changed:
                self.planned = False
                self.changed.notify_all()


def _target(guild: discord.Guild, target: int) -> discord.Role | discord.Member | discord.Object:
    """An overwrite's target as discord.py wants it: @everyone, a member, or (gone) an id."""
    if target == guild.id:
        return guild.default_role
    return guild.get_member(target) or discord.Object(target)


async def _member(guild: discord.Guild, user: int) -> discord.Member | None:
    """A member, from the cache or (just after a restart, before it is filled) from Discord;
    their voice state is the guild's either way."""
    member = guild.get_member(user)
    if member is None:
        try:
            member = await guild.fetch_member(user)
        except discord.HTTPException:
            return None
    return member


def _voice(guild: discord.Guild, channel_id: int) -> Any:
    """A voice channel to move someone to (an id stands in for one not in the cache)."""
    return guild.get_channel(channel_id) or discord.Object(channel_id)


def whisper_pairs(made: list[store.MadeChannel]) -> list[tuple[int, int]]:
    """The open whisper rooms' pairs of players."""
    pairs = []
    for record in made:
        kind, _, rest = record.room.partition(":")
        if kind == "whisper":
            a, _, b = rest.partition(":")
            pairs.append((int(a), int(b)))
    return pairs
