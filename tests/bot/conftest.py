"""SimCord fixtures: the real bot against a simulated Discord, with a database per test on each
backend (``database`` in tests/conftest.py: an SQLite file, a PostgreSQL schema)."""

from __future__ import annotations

from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import pytest

from bot.app import Ravenswood
from bot.store.connect import open_database
from bot.store.database import Database


@pytest.fixture
def db_path(database):
    return database


@pytest.fixture(autouse=True)
def one_process_lease(monkeypatch):
    """A SimCord bot is the only process on its database: its clocks lease is renewed every
    ten minutes, not every five seconds, since each renewal is a wake-up that SimCord settles
    while it advances virtual time (the lease's own tests set their TTL)."""
    monkeypatch.setenv("RAVENSWOOD_LEASE_TTL", "1800")


class Raw:
    """Statements straight on a test's database, whichever its backend (to look at or tamper
    with what the bot stored); each one its own transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def execute_fetchall(self, sql: str, params=()) -> list[tuple]:
        async with self.db.transaction() as connection:
            return [tuple(row) for row in await connection.fetchall(sql, params)]

    async def execute(self, sql: str, params=()) -> None:
        async with self.db.transaction() as connection:
            await connection.execute(sql, params)

    async def commit(self) -> None:
        """Each statement is already committed."""


@asynccontextmanager
async def raw(target: str):
    db = await open_database(target)
    try:
        yield Raw(db)
    finally:
        await db.close()


@pytest.fixture
def simcord_bot(db_path):
    return Ravenswood(db_path)


@dataclass
class Table:
    """A server with one channel and some players: users (for DMs) and members (for the channel)."""

    env: object
    db_path: str
    guild: object
    channel: object
    users: list = field(default_factory=list)
    members: list = field(default_factory=list)

    @property
    def bot(self) -> Ravenswood:
        return self.env.bot

    def add(self, name: str):
        user = self.env.create_user(name)
        self.users.append(user)
        self.members.append(self.guild.add_member(user))
        return self.members[-1]

    def member(self, user_id: int):
        return next(m for m in self.members if m.id == user_id)

    def user(self, user_id: int):
        return next(u for u in self.users if u.id == user_id)

    def session(self, channel=None):
        return self.bot.games.in_channel((channel or self.channel).id)

    def public_texts(self, channel=None) -> list[str]:
        texts = []
        for message in (channel or self.channel).history():
            texts.append(message.content or "")
            texts.extend(f"{e.title} {e.description}" for e in message.embeds)
        return texts

    def last_dm(self, user_id: int):
        return self.user(user_id).dm_channel.last_message

    def dm_texts(self, user_id: int) -> list[str]:
        return [m.content for m in self.user(user_id).dm_channel.history()]

    async def restart(self) -> None:
        await self.env.restart_bot(Ravenswood(self.db_path))

    def close_dms(self, user_id: int) -> None:
        self.env.inject_error(
            "POST",
            f"/channels/{self.user(user_id).dm_channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )


@pytest.fixture
async def table(simcord_env, db_path) -> Table:
    guild = simcord_env.create_guild()
    return Table(simcord_env, db_path, guild, guild.create_text_channel("great-hall"))
