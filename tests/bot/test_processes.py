"""Several bot processes on one PostgreSQL database (issue 23): games in several servers, DM
presses handled by whichever process Discord hands them to, and the process holding the clocks
killed mid-night; another takes the lease and carries its games on. Nothing is lost or done
twice: every outbox row is delivered once, every accepted press is in its game's log, and the
timers acted on one process at a time.

Why in-process bots and not SimCord processes: a SimCord environment is one simulated Discord
around one bot (its own backend, its own ids), so two SimCord bots cannot share a gateway, a
channel or a DM. Each "process" here is what a bot process is above Discord: its own connection
pool, its own ``SessionManager`` (its own copies of the games), its own courier (Discord is a
shared list, ``Recording``), its own ``Steward`` holding or waiting for the clocks lease, and the
real Clocktower ``Clock``. A kill cancels every task of the process at once and cuts its
connections without a word to the database (no lease given up, no transaction finished): what
the database sees of a kill -9. The sharded gateway itself is tested in SimCord
(tests/bot/test_shards.py).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

import engine.clocktower.game as ct
from bot import cluster
from bot.cluster import Steward
from bot.cogs.clocktower.clock import Clock, Timings
from bot.cogs.clocktower.rules import ClocktowerRules
from bot.delivery import Outgoing
from bot.editions import base_script
from bot.sessions import Session, SessionManager, replay
from bot.store import games as game_store
from bot.store.connect import open_database
from bot.store.database import Database
from bot.store.outbox import Parcel
from engine.core import Effect, RuleError
from tests.bot.test_outbox_claim import Recording

TTL = 1.5  # the clocks lease's life: a takeover within about two seconds of a kill
TIMES = Timings(remind=0.4, timeout=0.8, vote=0.8, day=1.2, pace=0.1)
SERVERS, PLAYERS = 4, 7


def compose(session: Session[Any], effects: Sequence[Effect]) -> list[Parcel]:
    """One channel post per effect, named by game, log entry and place (the messages' text is
    not the subject here; that each goes out once is)."""
    return [
        Parcel(
            "post", None, {"content": f"g{session.game.id}:{session.seq}:{i}:{type(e).__name__}"}
        )
        for i, e in enumerate(effects)
    ]


class Courier(Recording):
    """A courier whose Discord keeps one message per nonce, as Discord's ``enforce_nonce``
    does for the nonce the real courier derives from each parcel (``rw{id}``): a parcel sent
    again by another process after its sender died unsettled becomes no second message."""

    def __init__(self, name: str, games: SessionManager, world: World) -> None:
        super().__init__(name, games, world.attempts)
        self.world = world

    async def transmit(self, box: Any, parcel: Parcel) -> tuple[str, int | None]:
        outcome, message_id = await super().transmit(box, parcel)
        if parcel.id in self.world.messages:  # Discord returns the first message
            return "found", self.world.messages[parcel.id]
        assert message_id is not None
        self.world.messages[parcel.id] = message_id
        self.world.sent.append((self.name, parcel.id, parcel.body["content"]))
        return outcome, message_id


class Reminders:
    """The clock's direct messages (reminders, the day's warnings), as Discord received them."""

    def __init__(self, node: Node) -> None:
        self.node = node

    async def dm(self, user: int, message: Outgoing) -> bool:
        self.node.said.append((self.node.name, user, message.content))
        return True

    async def post(self, session: Session[Any], message: Outgoing) -> None:
        self.node.said.append((self.node.name, session.game.channel_id, message.content))

    def namer(self, session: Session[Any]) -> Any:
        return lambda player: f"<@{player}>"


class Node:
    """One bot process (see the module's docstring)."""

    def __init__(self, name: str, db: Database, world: World) -> None:
        self.name, self.db, self.world = name, db, world
        self.dead = False
        self.quiet = False  # the test's load has stopped: the clocks no longer act
        self.games = SessionManager(db, [])
        self.games.register(ClocktowerRules(), compose)
        self.courier = Courier(name, self.games, world)
        self.said = world.said
        self.clock = Clock(self, Reminders(self), TIMES, self.play)  # type: ignore[arg-type]
        self.steward = Steward(
            self.games,
            self.courier.flush,
            taken=self.taken,
            dropped=self.dropped,
            changed=self.changed,
            holder=name,
            ttl=TTL,
        )

    # What the Clock asks of its bot.
    def is_closed(self) -> bool:
        return self.dead or self.quiet

    def get_guild(self, guild_id: int) -> None:
        return None  # nobody has left: the clock assumes present

    async def play(self, session: Session[ct.State], action: Any) -> None:
        """The clock's own action (a timeout), as the Clocktower cog plays it."""
        seq = session.seq
        await self.games.apply(session, action)
        self.world.timed.append((self.name, session.game.id, seq, time.monotonic()))
        await self.courier.flush(session.outbox)
        self.clock.schedule(session)

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

    async def press(self, game_id: int, player: int) -> bool:
        """A player's press in a DM (their night choice), handed to this process by Discord;
        whether the game accepted it."""
        session = await self.games.rebuilt(game_id)
        if session is None:
            return False
        await self.games.refresh(session)  # what the player's menu shows is the game as it is
        pending = session.state.pending
        if pending is None or pending.kind != "night_choice" or pending.to != player:
            return False
        action = ct.NightChoice(player, tuple(pending.default))
        try:
            accepted = await self.games.act(session, action, player, "Your choice is in.")
        except RuleError:
            return False
        self.world.pressed.append((self.name, game_id, action))
        await self.courier.flush(session.outbox)
        await self.games.answered(session, accepted)
        self.clock.schedule(session)  # as the cog does: only the lease holder's clock runs
        return True

    async def kill(self) -> None:
        """kill -9: every task of this process stops where it is; its connections are cut."""
        self.dead = True
        tasks = [
            self.steward.lease._task,
            self.steward.lease._hooking,
            self.steward._rounds,
            self.steward._following,
            *self.clock.tasks.values(),
            *self.courier.retries.values(),
        ]
        for task in tasks:
            if task is not None:
                task.cancel()
        await asyncio.gather(*(t for t in tasks if t is not None), return_exceptions=True)
        self.db.pool.terminate()  # type: ignore[attr-defined]


class World:
    """What Discord saw: messages delivered (by process), the clock's messages, and what was
    played and by whom."""

    def __init__(self) -> None:
        self.attempts: list[tuple[str, int, str]] = []  # every send, by process
        self.messages: dict[int, int] = {}  # the message each parcel became (by its nonce)
        self.sent: list[tuple[str, int, str]] = []  # the messages, in the order they appeared
        self.said: list[tuple[str, int, str]] = []
        self.pressed: list[tuple[str, int, Any]] = []
        self.timed: list[tuple[str, int, int, float]] = []


@pytest.fixture
async def cluster_of_three(postgres_server, monkeypatch):
    monkeypatch.setattr(cluster, "ORPHANED", 1.0)  # a dead process's messages, after a second
    target = postgres_server.fresh()
    world = World()
    nodes = [Node(name, await open_database(target), world) for name in ("a", "b", "c")]
    yield nodes, world
    for node in nodes:
        if not node.dead:
            await node.steward.stop()
            node.clock.stop()
            await node.db.close()


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


async def test_three_processes_a_kill_mid_night_and_nothing_lost_or_done_twice(
    cluster_of_three,
):
    nodes, world = cluster_of_three
    a, b, c = nodes
    for node in nodes:
        node.steward.start()
        await asyncio.sleep(0.05)  # a starts first: it holds the clocks
    game_ids = await open_games(b)  # opened on b; the clocks on a learn of them by NOTIFY
    rng = random.Random(23)
    await asyncio.sleep(0.3)
    assert a.steward.holds and not b.steward.holds and not c.steward.holds
    assert set(a.clock.tasks) == set(game_ids), "the holder runs every game's clock"
    assert not b.clock.tasks and not c.clock.tasks

    async def presses_for(seconds: float, alive: list[Node]) -> int:
        """Players answer their night wakes in DMs, each press reaching any process (most
        often not the one that opened the game); the rest time out on the holder's clock."""
        accepted, until = 0, time.monotonic() + seconds
        while time.monotonic() < until:
            game_id = rng.choice(game_ids)
            node = rng.choice(alive)
            session = await node.games.rebuilt(game_id)
            if session is not None:
                await node.games.refresh(session)
                pending = session.state.pending
                if pending is not None and pending.kind == "night_choice" and rng.random() < 0.6:
                    accepted += await node.press(game_id, pending.to)
            await asyncio.sleep(0.02)
        return accepted

    await presses_for(4.0, nodes)
    # Mid-night in some game: a (the clocks' holder) accepts a press and dies before
    # delivering what it caused.
    victim = None
    while victim is None:
        for game_id in game_ids:
            session = await a.games.rebuilt(game_id)
            if session is None:
                continue
            await a.games.refresh(session)
            pending = session.state.pending
            if pending is None or pending.kind != "night_choice":
                continue
            choice = ct.NightChoice(pending.to, tuple(pending.default))
            try:
                await a.games.act(session, choice, pending.to, "Your choice is in.")
            except RuleError:  # its clock got there first
                continue
            world.pressed.append(("a", game_id, choice))
            owed = [p.id for p in session.outbox.parcels]
            if owed:  # else its clock, delivering the game meanwhile, took them too
                victim = session
                break
        await asyncio.sleep(0.02)
    states = {g: await a.games.rebuilt(g) for g in game_ids}
    progress = {g: nights(s.state) for g, s in states.items() if s is not None}
    await a.kill()
    killed = time.monotonic()

    while not (b.steward.holds or c.steward.holds):
        await asyncio.sleep(0.05)
        assert time.monotonic() - killed < TTL + TTL / 3 + 1, "no process took the clocks"
    took_over = time.monotonic() - killed
    heir = b if b.steward.holds else c
    await presses_for(6.0, [b, c])

    # The games went on: each has seen another night or day since the kill, or ended.
    for game_id in game_ids:
        found = await game_store.game_and_log(heir.db, game_id)
        assert found is not None
        game, status, entries = found
        now = replay(game, ClocktowerRules(), entries).state
        assert status != "running" or nights(now) > progress.get(game_id, 0), game_id

    # Every outbox row was delivered, each as one message, in order per game; what a left
    # owed too, by another process.
    rows = await heir.db.fetchall(
        "SELECT id, game_id, outcome FROM outbox WHERE kind <> 'reply' ORDER BY id"
    )
    sent_ids = [parcel_id for _, parcel_id, _ in world.sent]
    assert len(sent_ids) == len(set(sent_ids)), "a message went out twice"
    # (A parcel may reach Discord twice, when its sender dies, or its clock is restarted,
    # between Discord taking it and settling it: the nonce makes it one message.)
    waiting = [r["id"] for r in rows if r["outcome"] is None]
    assert not waiting, f"messages never delivered: {waiting}"
    assert {r["id"] for r in rows} == set(sent_ids)
    assert set(owed) <= set(sent_ids)
    assert all(name != "a" for name, i, _ in world.sent if i in owed)
    for game_id in game_ids:
        ours = [i for _, i, text in world.sent if text.startswith(f"g{game_id}:")]
        assert ours == sorted(ours), f"game {game_id}'s messages out of order"

    # Every accepted press is in its game's log; presses reached every process.
    for _, game_id, action in world.pressed:
        found = await game_store.game_and_log(heir.db, game_id)
        assert found is not None and any(
            e.action.get("by") == action.by and e.action.get("type") == "NightChoice"
            for e in found[2]
        )
    assert {name for name, _, _ in world.pressed} == {"a", "b", "c"}

    # The timers acted on the holder alone: a before the kill, the heir after it.
    assert world.timed, "no timer ever acted"
    assert {name for name, *_, at in world.timed if at < killed} <= {"a"}
    assert {name for name, *_, at in world.timed if at > killed} == {heir.name}
    assert {name for name, *_ in world.said} <= {"a", heir.name}
    print(f"lease taken over {took_over:.2f} s after the kill")
