"""One bot process of the multi-process test (tests/bot/test_processes.py), above Discord.

Why not SimCord: a SimCord environment is one simulated Discord around one bot (its own
backend, its own ids), so two SimCord bots in two processes cannot share a gateway, a channel or
a DM. A ``Node`` is what a bot process is above Discord: its own connection pool, its own
``SessionManager`` (its own copies of the games), its own courier, its own ``Steward`` holding or
waiting for the ``clocks`` lease, and the real Clocktower ``Clock``. The sharded gateway itself
is tested in SimCord (tests/bot/test_shards.py).

Discord is shared by every process and must outlive any of them, so it is tables in the same
PostgreSQL database (``DISCORD``): the messages it shows, one per nonce as Discord's
``enforce_nonce`` keeps them; the clock's direct messages and posts; the presses each process
accepted and the actions each process's timers took. The test reads them after a kill -9.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

import engine.clocktower.game as ct
from bot.cluster import Steward
from bot.cogs.clocktower.clock import Clock, Timings
from bot.cogs.clocktower.rules import ClocktowerRules
from bot.delivery import Courier, Outgoing
from bot.editions import base_script
from bot.sessions import Outbox, Session, SessionManager
from bot.store.database import Database
from bot.store.outbox import Parcel
from engine.core import Effect, RuleError

TTL = 1.5  # the clocks lease's life: a takeover within about two seconds of a kill
TIMES = Timings(remind=0.4, timeout=0.8, vote=0.8, day=1.2, pace=0.1)
SERVERS, PLAYERS = 4, 7

# What Discord saw, as tables (PostgreSQL): ``sent`` holds one message per nonce (the outbox
# parcel's id, as the real courier's ``rw{id}``), numbered in the order they appeared;
# ``repeats`` counts the sends Discord answered with the message it already had. A press or a
# timer's action names the log entry it wrote (its place in the game's log, from 0).
DISCORD = """
CREATE TABLE discord_sent (
    nonce BIGINT PRIMARY KEY, message BIGSERIAL UNIQUE, process TEXT NOT NULL,
    content TEXT NOT NULL, repeats INTEGER NOT NULL DEFAULT 0, at DOUBLE PRECISION NOT NULL
);
CREATE TABLE discord_said (
    id BIGSERIAL PRIMARY KEY, process TEXT NOT NULL, place BIGINT NOT NULL,
    content TEXT NOT NULL, at DOUBLE PRECISION NOT NULL
);
CREATE TABLE discord_pressed (
    id BIGSERIAL PRIMARY KEY, process TEXT NOT NULL, game_id BIGINT NOT NULL,
    entry INTEGER NOT NULL, player BIGINT NOT NULL, at DOUBLE PRECISION NOT NULL
);
CREATE TABLE discord_timed (
    id BIGSERIAL PRIMARY KEY, process TEXT NOT NULL, game_id BIGINT NOT NULL,
    entry INTEGER NOT NULL, player BIGINT, at DOUBLE PRECISION NOT NULL
);
"""


async def make_discord(db: Database) -> None:
    """The shared Discord's tables, made once by the test before any process starts."""
    async with db.transaction() as connection:
        for statement in filter(str.strip, DISCORD.split(";")):
            await connection.execute(statement)


def compose(session: Session[Any], effects: Sequence[Effect]) -> list[Parcel]:
    """One channel post per effect, named by game, log entry and place (the messages' text is
    not the subject here; that each goes out once is)."""
    return [
        Parcel(
            "post", None, {"content": f"g{session.game.id}:{session.seq}:{i}:{type(e).__name__}"}
        )
        for i, e in enumerate(effects)
    ]


class TableCourier(Courier):
    """A courier whose Discord is the ``discord_sent`` table, keeping one message per nonce:
    a parcel sent again by another process after its sender died unsettled becomes no second
    message. ``paused``: sends wait (the test's way to kill a process that owes messages)."""

    def __init__(self, name: str, games: SessionManager) -> None:
        super().__init__(client=None, games=games)  # type: ignore[arg-type]
        self.name = name
        self.free = asyncio.Event()
        self.free.set()

    async def transmit(self, box: Outbox, parcel: Parcel) -> tuple[str, int | None]:
        await self.free.wait()
        async with self.games.db.transaction() as connection:
            row = await connection.fetchone(
                "INSERT INTO discord_sent (nonce, process, content, at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (nonce) DO NOTHING RETURNING message",
                (parcel.id, self.name, parcel.body["content"], time.time()),
            )
            if row is not None:
                return "sent", int(row["message"])
            row = await connection.fetchone(  # Discord returns the first message
                "UPDATE discord_sent SET repeats = repeats + 1 WHERE nonce = ? RETURNING message",
                (parcel.id,),
            )
            assert row is not None
            return "found", int(row["message"])


class Reminders:
    """The clock's direct messages (reminders, the day's warnings), as Discord received them."""

    def __init__(self, node: Node) -> None:
        self.node = node

    async def _said(self, place: int, content: str) -> None:
        async with self.node.db.transaction() as connection:
            await connection.execute(
                "INSERT INTO discord_said (process, place, content, at) VALUES (?, ?, ?, ?)",
                (self.node.name, place, content, time.time()),
            )

    async def dm(self, user: int, message: Outgoing) -> bool:
        await self._said(user, message.content)
        return True

    async def post(self, session: Session[Any], message: Outgoing) -> None:
        await self._said(session.game.channel_id, message.content)

    def namer(self, session: Session[Any]) -> Any:
        return lambda player: f"<@{player}>"


class Node:
    """One bot process (see the module's docstring)."""

    def __init__(self, name: str, db: Database, *, ttl: float = TTL) -> None:
        self.name, self.db = name, db
        self.quiet = False  # the test's load has stopped: the clocks no longer act
        self.games = SessionManager(db, [])
        self.games.register(ClocktowerRules(), compose)
        self.courier = TableCourier(name, self.games)
        self.clock = Clock(self, Reminders(self), TIMES, self.play)  # type: ignore[arg-type]
        self.steward = Steward(
            self.games,
            self.courier.flush,
            taken=self.taken,
            dropped=self.dropped,
            changed=self.changed,
            holder=name,
            ttl=ttl,
        )

    # What the Clock asks of its bot.
    def is_closed(self) -> bool:
        return self.quiet

    def get_guild(self, guild_id: int) -> None:
        return None  # nobody has left: the clock assumes present

    async def play(self, session: Session[ct.State], action: Any) -> None:
        """The clock's own action (a timeout), as the Clocktower cog plays it."""
        await self.games.apply(session, action)
        await self._record("discord_timed", session.game.id, session.seq - 1, None)
        await self.courier.flush(session.outbox)
        self.clock.schedule(session)

    async def _record(self, table: str, game_id: int, entry: int, player: int | None) -> None:
        """That this process wrote ``game_id``'s log entry ``entry`` (read as soon as it was
        written: another task may write the next one meanwhile)."""
        async with self.db.transaction() as connection:
            await connection.execute(
                f"INSERT INTO {table} (process, game_id, entry, player, at) VALUES (?, ?, ?, ?, ?)",
                (self.name, game_id, entry, player, time.time()),
            )

    # The steward's hooks, as the bot's.
    async def taken(self) -> None:
        await self.games.restore()
        await self.games.follow()
        for box in self.games.waiting():
            await self.courier.flush(box)
        for session in list(self.games.sessions.values()):
            self.clock.schedule(session)

    async def dropped(self) -> None:
        self.clock.stop()

    async def changed(self, sessions: list[Session[Any]]) -> None:
        for session in sessions:
            self.clock.schedule(session)

    async def choose(self, game_id: int) -> tuple[Session[ct.State], int] | None:
        """``game_id``'s player answering their night wake in a DM handed to this process by
        Discord: the game with their choice accepted (its messages not yet delivered) and the
        log entry it wrote, or None if no night choice was open or the game moved on first."""
        session = await self.games.rebuilt(game_id)
        if session is None:
            return None
        await self.games.refresh(session)  # what the player's menu shows is the game as it is
        pending = session.state.pending
        if pending is None or pending.kind != "night_choice":
            return None
        action = ct.NightChoice(pending.to, tuple(pending.default))
        try:
            accepted = await self.games.act(session, action, pending.to, "Your choice is in.")
        except RuleError:  # the clock, or another process, got there first
            return None
        entry = session.seq - 1
        await self._record("discord_pressed", game_id, entry, pending.to)
        await self.games.answered(session, accepted)
        return session, entry

    async def press(self, game_id: int) -> bool:
        """A night choice pressed in a DM, answered as the cog answers it; whether accepted."""
        chosen = await self.choose(game_id)
        if chosen is None:
            return False
        session, _ = chosen
        await self.courier.flush(session.outbox)
        self.clock.schedule(session)  # as the cog does: only the lease holder's clock runs
        return True

    async def stop(self) -> None:
        """A clean shutdown: the lease given up, the timers stopped, the connections closed."""
        self.quiet = True
        await self.steward.stop()
        self.clock.stop()
        await self.db.close()


async def open_games(node: Node) -> list[int]:
    """Games in ``SERVERS`` servers with the bot storyteller, all started."""
    script = base_script("tb")
    ids = []
    for server in range(1, SERVERS + 1):
        options = {"script": list(script.ids), "bot": True}
        session = await node.games.open("clocktower", server, 100 + server, 1000 * server, options)
        for seat in range(1, PLAYERS):
            await node.games.apply(session, ct.Join(1000 * server + seat))
        await node.games.apply(session, ct.Start(1000 * server))
        await node.courier.flush(session.outbox)
        ids.append(session.game.id)
    return ids


def nights(state: ct.State) -> int:
    return state.day + (state.phase is ct.Phase.NIGHT)
