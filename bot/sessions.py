"""Running games: load and replay, one lock per game, apply an action, persist it with its messages.

A game is its seed plus its log of accepted actions. ``apply`` runs the pure engine under the
game's lock and writes, in one transaction, the action, a checksum of the game's fingerprint
after it, and the messages it causes (the *outbox*, rendered by the game's composer); only then
does it update memory. So a crash loses nothing that was accepted, not even what the table was
about to be told: ``bot.delivery.Courier`` delivers each game's outbox in order, and after a
restart delivers what is still waiting before anything new.

Several processes may share one (PostgreSQL) database: a game's log entries are numbered, and
an entry's number can be written once, so a process whose copy of a game is stale cannot append
over another's step (``StaleGame``); it reloads the log and tries the action again on the game as
it now stands, where the rules accept or refuse it (optimistic concurrency). Before it even
validates an action, a process compares its copy with the log (``_current``, one indexed query)
and catches up if another process wrote since, so an action is never judged on a stale state; a
game another process opened is read on its first touch (a DM press reaches any process). Each
outbox message is claimed by the one process that delivers it (``delivering``).

Replaying a log checks each stored checksum, so a game whose rules changed under it (a new rules
version that plays its log differently) is closed with an explanation instead of silently
rewritten.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from bot.errors import GameConflict, Refusal
from bot.store import games as game_store
from bot.store import outbox as outbox_store
from bot.store.database import Connection, Database, Duplicate
from bot.store.games import GameRow, LogEntry, StaleGame
from bot.store.outbox import Parcel
from bot.store.results import Result, insert_result
from engine.core import (
    Effect,
    GameOver,
    Private,
    Prompt,
    RuleError,
    Step,
    checksum,
    decode_action,
    encode_action,
)

log = logging.getLogger(__name__)

S = TypeVar("S")  # a game's state


class GameRules(Protocol[S]):
    """What the shell needs to know about one kind of game, whose state is ``S``."""

    @property
    def kind(self) -> str: ...

    @property
    def actions(self) -> Mapping[str, type]: ...

    @property
    def version(self) -> int:
        """The engine's RULES_VERSION, stored with every game it opens."""
        ...

    def new_state(self, game: GameRow) -> S: ...

    def apply(self, state: S, action: Any) -> Step[S]: ...

    def fingerprint(self, state: S) -> Any:
        """What the game means, as plain data; its checksum is stored with each action."""
        ...

    def players(self, state: S) -> Iterable[int]:
        """Everyone taking part (for the one-game-per-server rule)."""
        ...

    def open_prompts(self, state: S) -> Iterable[Prompt]:
        """The menus waiting for answers now (derived from the state, so valid after a restart)."""
        ...

    def secrets(self, state: S, player: int) -> Sequence[Private]:
        """What ``player`` privately knows now, for "Show my secret" and the games' `me`: the
        game says what still holds (a Traitor's living teammates; a Clocktower player's every
        piece of information)."""
        ...

    def result(self, state: S, game: GameRow, over: GameOver) -> Result | None:
        """The result to record when the game ends, or None when it was abandoned."""
        ...


@dataclass
class Outbox:
    """A game's messages that are saved but not yet delivered, oldest first; one deliverer at a
    time. ``closed``: per log entry still being delivered, the players whose DMs were closed (the
    channel is told once the entry's messages are out). ``newest``: the newest Discord message the
    game made, so a message in doubt after a restart is only looked for after it."""

    game: GameRow
    parcels: deque[Parcel] = field(default_factory=deque)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closed: dict[int, list[int]] = field(default_factory=dict)
    newest: int | None = None


@dataclass(frozen=True)
class Turn:
    """A turn to deliver an outbox's first parcel (``SessionManager.delivering``). ``claim``:
    on a shared database, the transaction that claimed the parcel, in which it is settled."""

    claim: Connection | None = None


@dataclass
class Session(Generic[S]):
    """One running game in memory, whose state is ``S``."""

    game: GameRow
    rules: GameRules[S]
    state: S
    seq: int = 0  # rows in the log, undo markers included
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The actions in effect, oldest first (the log less what was undone).
    actions: list[Any] = field(default_factory=list)
    outbox: Outbox = None  # type: ignore[assignment]  # set in __post_init__
    # Per player, the acknowledgement of their last accepted click if they never saw it.
    unanswered: dict[int, Parcel] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.outbox is None:
            self.outbox = Outbox(self.game)


# The messages an accepted action causes, rendered against the game as it stands after it.
Compose = Callable[[Session[Any], Sequence[Effect]], list[Parcel]]
Reply = str | Callable[[Step[Any]], str]


@dataclass(frozen=True)
class Accepted:
    """An action a player's click caused, and the acknowledgement they are owed. ``parcel`` is
    that acknowledgement as stored: settled once they have seen it (``SessionManager.answered``),
    so that after a crash their next click on the same thing shows it instead of a refusal."""

    step: Step[Any]
    reply: str
    parcel: Parcel | None = None


class Diverged(Exception):
    """Replaying a log gave a different game than the one that was played."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"the game differs from its record at log entry {seq + 1}")
        self.seq = seq


@dataclass(frozen=True)
class Unrestorable:
    game: GameRow
    reason: str


class SessionManager:
    def __init__(self, db: Database, rules: Iterable[GameRules[Any]]) -> None:
        self.db = db
        self.rules = {r.kind: r for r in rules}
        self.composers: dict[str, Compose] = {}
        self.sessions: dict[int, Session[Any]] = {}
        # Outboxes of games no longer running that still owe messages (found after a restart).
        self.leftovers: dict[int, Outbox] = {}
        # One lock per server around "is this user free?" and the action that enrols them, so
        # two clicks at once in two channels cannot put one user in two games.
        self.enrolment: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # Games whose log could not be replayed at start-up: closed, their log kept for study.
        self.unrestorable: list[Unrestorable] = []
        # After a restart: what was owed, the games still to rebuild (id -> row and log), those
        # being rebuilt now, and whether the logs are read and all games back.
        self.owed: outbox_store.Backlog | None = None
        self.unrestored: dict[int, tuple[GameRow, list[LogEntry]]] = {}
        self.rebuilding: dict[int, asyncio.Future[None]] = {}
        self.reading: asyncio.Future[None] | None = None
        self.restored = asyncio.Event()

    def register(self, rules: GameRules[Any], compose: Compose | None = None) -> None:
        """A kind of game, and how its effects become messages (none: nothing is sent)."""
        self.rules[rules.kind] = rules
        if compose is not None:
            self.composers[rules.kind] = compose

    def get(self, game_id: int) -> Session[Any] | None:
        return self.sessions.get(game_id)

    def in_channel(self, channel_id: int) -> Session[Any] | None:
        return next((s for s in self.sessions.values() if s.game.channel_id == channel_id), None)

    def game_of(self, guild_id: int, user_id: int) -> Session[Any] | None:
        """The running game in this server that the user takes part in, if any."""
        for session in self.sessions.values():
            if session.game.guild_id == guild_id and user_id in session.rules.players(
                session.state
            ):
                return session
        return None

    def waiting(self) -> list[Outbox]:
        """Every outbox with messages still to deliver."""
        boxes = [s.outbox for s in self.sessions.values()] + list(self.leftovers.values())
        return [box for box in boxes if box.parcels]

    async def open(
        self,
        kind: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        options: dict[str, Any],
        seed: int | None = None,
    ) -> Session[Any]:
        await self.rebuilt_in(guild=guild_id)  # after a restart, every game here counts
        async with self.enrolment[guild_id]:
            if self.in_channel(channel_id):
                raise GameConflict("A game is already running in this channel.")
            self._refuse_if_busy(guild_id, host_id, None)
            seed = secrets.randbits(62) if seed is None else seed
            rules = self.rules[kind]
            try:
                game = await game_store.create_game(
                    self.db, kind, guild_id, channel_id, host_id, seed, options, rules.version
                )
            except Duplicate:
                raise GameConflict("A game is already running in this channel.") from None
            session = Session(game, rules, rules.new_state(game))
            self.sessions[game.id] = session
            return session

    async def enqueue(self, session: Session[Any], parcels: Sequence[Parcel]) -> None:
        """Messages the game owes that no action caused (its lobby, when it opens): saved to
        its outbox, before whatever the next action says."""
        async with session.lock, self.db.transaction() as connection:
            await outbox_store.put(connection, session.game.id, session.seq, list(parcels))
        session.outbox.parcels.extend(parcels)

    def _refuse_if_busy(self, guild_id: int, user_id: int, joining: Session[Any] | None) -> None:
        other = self.game_of(guild_id, user_id)
        if other is not None and other is not joining:
            raise GameConflict(f"You are already in a game in <#{other.game.channel_id}>.")

    async def apply(self, session: Session[S], action: Any) -> Step[S]:
        """Validate, persist (with its messages), then adopt one action. Raises RuleError,
        leaving all unchanged.

        An action that changes nothing and says nothing (a double click, a repeated vote) is
        accepted silently and not logged, so it can never be counted twice.
        """
        async with session.lock:
            await self._current(session)
            for _ in range(ATTEMPTS):
                step = self._validate(session, action)
                if _no_op(session, step):
                    return step
                try:
                    await self._commit(session, action, step)
                    return step
                except StaleGame:
                    await self._catch_up(session)
            raise RuleError(MOVED_ON)

    async def act(
        self, session: Session[Any], action: Any, by: int, reply: Reply, *, enrols: bool = False
    ) -> Accepted:
        """Apply a player's click, storing the acknowledgement they are owed with it.

        ``reply`` is the acknowledgement, or a function of the step that words it. If the rules
        refuse the very action whose acknowledgement ``by`` never saw (the bot died while
        answering them), the click is the same click again: they get that acknowledgement, not
        a refusal. ``enrols``: the action adds ``by`` to the game, so it is refused if they play
        in another game in this server; the check and the action happen under one lock.
        """
        if enrols:
            await self.rebuilt_in(guild=session.game.guild_id)
            async with self.enrolment[session.game.guild_id]:
                self._refuse_if_busy(session.game.guild_id, by, session)
                return await self._act(session, action, by, reply)
        return await self._act(session, action, by, reply)

    async def _act(self, session: Session[Any], action: Any, by: int, reply: Reply) -> Accepted:
        async with session.lock:
            await self._current(session)
            for _ in range(ATTEMPTS):
                try:
                    return await self._act_once(session, action, by, reply)
                except StaleGame:
                    await self._catch_up(session)
            raise RuleError(MOVED_ON)

    async def _act_once(
        self, session: Session[Any], action: Any, by: int, reply: Reply
    ) -> Accepted:
        """``_act`` against the game as this process knows it; StaleGame if another process
        wrote the game's next log entry first."""
        owed = session.unanswered.get(by)
        again = owed is not None and self._same(session, owed, action)
        try:
            step = self._validate(session, action)
        except RuleError:
            if again:
                assert owed is not None
                return Accepted(Step(session.state), owed.body["content"], owed)
            raise
        if _no_op(session, step):  # nothing new; if it is the unanswered click, answer it
            return (
                Accepted(step, owed.body["content"], owed)
                if again and owed
                else (Accepted(step, reply(step) if callable(reply) else reply))
            )
        text = reply(step) if callable(reply) else reply
        parcel = Parcel("reply", by, {"content": text, "action": encode_action(action)})
        await self._commit(session, action, step, parcel)
        return Accepted(step, text, parcel)

    @staticmethod
    def _same(session: Session[Any], owed: Parcel, action: Any) -> bool:
        try:
            return bool(decode_action(owed.body["action"], session.rules.actions) == action)
        except (ValueError, TypeError):
            return False

    async def answered(self, session: Session[Any], accepted: Accepted) -> None:
        """The player has seen the acknowledgement: settle it."""
        parcel = accepted.parcel
        if parcel is None:
            return
        async with self.db.transaction() as connection:
            await outbox_store.settle(connection, parcel.id, "sent")
        if parcel.recipient is not None and session.unanswered.get(parcel.recipient) is parcel:
            del session.unanswered[parcel.recipient]

    def _validate(self, session: Session[S], action: Any) -> Step[S]:
        if self.sessions.get(session.game.id) is not session:
            raise RuleError("This game has already ended.")
        return session.rules.apply(session.state, action)

    async def _commit(
        self, session: Session[S], action: Any, step: Step[S], reply: Parcel | None = None
    ) -> None:
        """Write the action, its checksum and its messages in one transaction, then adopt it."""
        over = next((e for e in step.effects if isinstance(e, GameOver)), None)
        compose = self.composers.get(session.game.kind)
        parcels = compose(replace(session, state=step.state), step.effects) if compose else []
        by = reply.recipient if reply is not None else None
        owed = session.unanswered.get(by) if by is not None else None
        digest = checksum(session.rules.fingerprint(step.state))
        async with self.db.transaction() as connection:
            await game_store.append_action(
                connection, session.game.id, session.seq, encode_action(action), digest
            )
            await outbox_store.put(
                connection, session.game.id, session.seq, parcels + ([reply] if reply else [])
            )
            if owed is not None:
                await outbox_store.settle(connection, owed.id, "superseded")
            if over is not None:
                result = session.rules.result(step.state, session.game, over)
                await game_store.end_game(
                    connection, session.game.id, "finished" if result else "abandoned"
                )
                if result is not None:
                    await insert_result(connection, result)
        session.state = step.state
        session.seq += 1
        session.actions.append(action)
        session.outbox.parcels.extend(parcels)
        if reply is not None and by is not None:
            session.unanswered[by] = reply
        if over is not None:
            del self.sessions[session.game.id]

    async def undo(self, session: Session[S]) -> Step[S]:
        """Take back the last action in effect (a storyteller's undo).

        The log stays append-only: an ``Undo`` marker is written, and the game is rebuilt from
        the actions still in effect, so everything said privately since is forgotten too, and
        acknowledgements still owed no longer apply.
        """
        async with session.lock:  # no version check: a stale copy's undo is refused below
            if self.sessions.get(session.game.id) is not session:
                raise RuleError("This game has already ended.")
            if not session.actions:
                raise RuleError("There is nothing to undo.")
            rebuilt = fold(session.game, session.rules, session.actions[:-1])
            digest = checksum(session.rules.fingerprint(rebuilt.state))
            try:
                async with self.db.transaction() as connection:
                    await game_store.append_action(
                        connection, session.game.id, session.seq, UNDO, digest
                    )
                    for owed in session.unanswered.values():
                        await outbox_store.settle(connection, owed.id, "superseded")
            except StaleGame:  # which action is the last changed meanwhile: look again first
                await self._catch_up(session)
                raise RuleError(MOVED_ON) from None
            session.state, session.actions = rebuilt.state, rebuilt.actions
            session.unanswered.clear()
            session.seq += 1
            return Step(session.state)

    async def _current(self, session: Session[Any]) -> None:
        """On a shared database, before acting on the game in memory: the version check (one
        indexed query). If another process has written to its log since, or ended it, this copy
        catches up first, so it never validates an action against a stale state (and a
        refusal is the rules' answer to the game as it stands, not to an old copy of it)."""
        if not self.db.shared:
            return
        found = await game_store.log_length(self.db, session.game.id)
        if found != ("running", session.seq):
            await self._catch_up(session)

    async def refresh(self, session: Session[Any]) -> bool:
        """The version check, for work of the process's own (a timer about to act): whether
        the game moved on or ended elsewhere since ``session`` was last current."""
        seq = session.seq
        async with session.lock:
            await self._current(session)
        return session.seq != seq or self.sessions.get(session.game.id) is not session

    async def _catch_up(self, session: Session[Any]) -> None:
        """Another process (sharing a PostgreSQL database) played this game on: adopt its log,
        and the acknowledgements it owes. A game that ended there is no longer running here."""
        found = await game_store.game_and_log(self.db, session.game.id)
        if found is None or found[1] != "running":
            if self.sessions.get(session.game.id) is session:
                del self.sessions[session.game.id]
            return
        game, _, entries = found
        fresh = replay(game, session.rules, entries)
        session.state, session.actions, session.seq = fresh.state, fresh.actions, fresh.seq
        session.unanswered = await outbox_store.unanswered(self.db, game.id)

    async def _adopt(self, game_id: int) -> None:
        """A game this process has not read (opened, or played on, by another process sharing
        the database since this one started): read it and rebuild it here. Its waiting messages
        are claimed from the database when its outbox is delivered (``delivering``)."""
        found = await game_store.game_and_log(self.db, game_id)
        if found is None or found[1] != "running" or found[0].kind not in self.rules:
            self.rebuilding.pop(game_id, None)
            return
        game, _, entries = found
        try:
            session = replay(game, self.rules[game.kind], entries)
            session.unanswered = await outbox_store.unanswered(self.db, game_id)
            self.sessions.setdefault(game_id, session)
        finally:
            self.rebuilding.pop(game_id, None)

    async def outbox_of(self, game_id: int) -> Outbox:
        """The outbox of a game, whatever this process knows of it (to deliver what another
        process left owed: on a shared database, ``delivering`` claims from the table)."""
        session = self.sessions.get(game_id)
        if session is not None:
            return session.outbox
        box = self.leftovers.get(game_id)
        if box is None:
            (game,) = await game_store.games_by_id(self.db, [game_id])
            box = self.leftovers[game_id] = Outbox(game)
        return box

    async def follow(self, games: set[int] | None = None) -> list[Session[Any]]:
        """On a shared database, bring the games in memory in line with the log (all, or those
        of ``games``; the lease holder's round, ``bot.cluster``): games opened elsewhere are
        read, games played on elsewhere caught up, games ended elsewhere let go. The sessions
        that changed."""
        if not self.db.shared:
            return []
        await self.read()
        lengths = await game_store.running_lengths(
            self.db, None if games is None else sorted(games)
        )
        changed = []
        for game_id, session in list(self.sessions.items()):
            if games is not None and game_id not in games:
                continue
            if lengths.get(game_id) != session.seq and await self.refresh(session):
                changed.append(session)
        for game_id in sorted(lengths.keys() - self.sessions.keys() - self.unrestored.keys()):
            if games is not None and game_id not in games:
                continue
            try:
                adopted = await self.rebuilt(game_id)
            except Refusal:  # logged; tried again on the next round
                continue
            if adopted is not None:
                changed.append(adopted)
        return changed

    @asynccontextmanager
    async def delivering(self, box: Outbox) -> AsyncIterator[Turn | None]:
        """A turn to deliver the first parcel of ``box``; None when there is none to deliver.

        The SQLite bot is the only process: the turn is simply the box's first parcel, settled
        in a transaction of its own. On a shared (PostgreSQL) database the turn is a transaction
        that claims the game's first waiting parcel (``outbox.claim``), the connection yielded to
        settle it with: so exactly one process delivers each message, in order, once; a process
        that finds another delivering the game stands back, and the other delivers what waits.
        """
        if not self.db.shared:
            yield Turn() if box.parcels else None
            return
        async with self.db.transaction() as connection:
            claimed, waiting = await outbox_store.claim(connection, box.game.id)
            if claimed is None:
                if not waiting:  # all delivered, by whichever process
                    box.parcels.clear()
                    self.leftovers.pop(box.game.id, None)
                yield None
                return
            ours = next((p for p in box.parcels if p.id == claimed.id), None)
            if ours is None:  # another process's message, or one it may have half sent
                claimed.in_doubt = True
            # Every parcel of the game before the claimed one is settled, here or elsewhere.
            first = outbox_store.delivery_order(claimed)
            later = [p for p in box.parcels if outbox_store.delivery_order(p) > first]
            box.parcels = deque([ours or claimed, *sorted(later, key=outbox_store.delivery_order)])
            yield Turn(connection)

    async def settle(
        self,
        box: Outbox,
        outcome: str,
        message_id: int | None = None,
        *,
        slot: str | None = None,
        notice: Parcel | None = None,
        turn: Turn | None = None,
    ) -> None:
        """The first waiting parcel of ``box`` is delivered (or given up): record how, with the
        message it became under ``slot``, and queue ``notice`` next (all in one transaction:
        the ``turn``'s claim, from ``delivering``, or one of its own)."""
        parcel = box.parcels[0]
        if turn is None or turn.claim is None:
            async with self.db.transaction() as connection:
                await self._settled(connection, box, parcel, outcome, message_id, slot, notice)
        else:
            await self._settled(turn.claim, box, parcel, outcome, message_id, slot, notice)
        box.parcels.popleft()
        if notice is not None:
            box.parcels.appendleft(notice)
        if message_id is not None:
            box.newest = max(box.newest or 0, message_id)
        if not box.parcels:
            self.leftovers.pop(box.game.id, None)

    @staticmethod
    async def _settled(
        connection: Connection,
        box: Outbox,
        parcel: Parcel,
        outcome: str,
        message_id: int | None,
        slot: str | None,
        notice: Parcel | None,
    ) -> None:
        await outbox_store.settle(connection, parcel.id, outcome, message_id)
        if slot is not None and message_id is not None:
            await game_store.remember(
                connection, box.game.id, slot, box.game.channel_id, message_id
            )
        if notice is not None:
            await outbox_store.put(connection, box.game.id, parcel.seq, [notice])

    async def _load(self) -> None:
        """Read, without replaying anything, every unfinished game's log and what is still owed:
        the games are then rebuilt by ``restore``, each at once when something touches it first
        (``rebuilt``), so a restarted bot answers before it has replayed every game."""
        owed = await outbox_store.backlog(self.db)
        for game, entries in await game_store.running_games(self.db):
            self.unrestored[game.id] = (game, entries)
        self.owed = owed
        # what games that had ended before the stop still owe, settled once here: a game that
        # ends while the others are rebuilt keeps its owed parcels in its session's outbox
        finished = [g for g in owed.waiting if g not in self.unrestored]
        for game in await game_store.games_by_id(self.db, finished) if finished else []:
            self.leftovers[game.id] = self._owed_box(Outbox(game))

    async def read(self) -> None:
        """Wait until the logs are read (reading them if nobody has started to)."""
        if self.reading is None:
            self.reading = asyncio.ensure_future(self._load())
        await asyncio.shield(self.reading)

    def waiting_for(self, game_id: int) -> bool:
        """Whether the game may still be to rebuild after a restart (all may, until the logs
        are read)."""
        loading = self.owed is None
        return loading or game_id in self.unrestored or game_id in self.rebuilding

    async def rebuilt(self, game_id: int) -> Session[Any] | None:
        """The running game ``game_id``, rebuilt now if it is still waiting to be."""
        await self.read()
        pending = self.unrestored.pop(game_id, None)
        if pending is not None:
            self.rebuilding[game_id] = asyncio.ensure_future(self._rebuild(*pending))
        elif self.db.shared and game_id not in self.sessions and game_id not in self.rebuilding:
            self.rebuilding[game_id] = asyncio.ensure_future(self._adopt(game_id))
        task = self.rebuilding.get(game_id)
        if task is not None:
            try:
                await asyncio.shield(task)
            except Exception as error:  # a fault of ours: the game waits for the next touch
                log.error("game %s could not be rebuilt", game_id, exc_info=error)
                raise Refusal(
                    "That game could not be rebuilt after the restart; try again in a moment."
                ) from error
        return self.sessions.get(game_id)

    async def rebuilt_in(self, *, channel: int | None = None, guild: int | None = None) -> None:
        """Rebuild now the waiting games of a channel or a server (before looking them up)."""
        await self.read()
        for game, _ in list(self.unrestored.values()):
            if game.channel_id == channel or game.guild_id == guild:
                await self.rebuilt(game.id)
        for game_id in list(self.rebuilding):
            await self.rebuilt(game_id)

    async def player_game(self, guild_id: int, user_id: int) -> Session[Any] | None:
        """The game a member plays in this server, its server's games rebuilt first."""
        await self.rebuilt_in(guild=guild_id)
        return self.game_of(guild_id, user_id)

    async def restore(self) -> list[Session[Any]]:
        """Rebuild every unfinished game by replaying its log, and load what is still owed.

        The games are rebuilt one at a time, other work (a press on one of them, which rebuilds
        it at once) running in between. A game whose log no longer replays (its kind is gone, a
        rule changed under it, or a checksum differs) is marked abandoned, so its channel is free
        again, and told why in its channel (through its outbox, after whatever it still owed);
        its log stays in the database. Nothing else is affected.
        """
        await self.read()
        restored = []
        for game_id in list(self.unrestored):
            try:
                session = await self.rebuilt(game_id)
            except Refusal:  # logged; the others go on, and a press on it tries again
                continue
            if session is not None:
                restored.append(session)
            await asyncio.sleep(0)
        await self.rebuilt_in()
        self.restored.set()
        return restored

    async def _rebuild(self, game: GameRow, entries: list[LogEntry]) -> None:
        """Replay one game's log; one that no longer replays is closed, with a message why."""
        try:
            try:
                session = replay(game, self.rules[game.kind], entries)
            except (KeyError, RuleError, ValueError, TypeError, IndexError, Diverged) as exc:
                log.error("game %s (%s) could not be replayed: %r", game.id, game.kind, exc)
                explanation = Parcel("post", None, {"content": self._why(game, exc)})
                async with self.db.transaction() as connection:
                    await game_store.end_game(connection, game.id, "abandoned")
                    await outbox_store.put(connection, game.id, len(entries), [explanation])
                box = self._owed_box(Outbox(game))
                box.parcels.append(explanation)
                self.leftovers[game.id] = box
                self.unrestorable.append(Unrestorable(game, str(exc)))
                return
            assert self.owed is not None
            session.unanswered = self.owed.replies.get(game.id, {})
            self._owed_box(session.outbox)
            self.sessions[game.id] = session
        except Exception:
            self.unrestored.setdefault(game.id, (game, entries))  # to try again when touched
            raise
        finally:
            self.rebuilding.pop(game.id, None)

    def _owed_box(self, box: Outbox) -> Outbox:
        """``box`` with what its game still owed when the bot stopped."""
        assert self.owed is not None
        game_id = box.game.id
        box.parcels.extend(self.owed.waiting.get(game_id, []))
        box.closed = {
            seq: list(players) for seq, players in self.owed.closed.get(game_id, {}).items()
        }
        box.newest = self.owed.newest.get(game_id)
        return box

    def _why(self, game: GameRow, problem: Exception) -> str:
        rules = self.rules.get(game.kind)
        if isinstance(problem, Diverged) and rules is not None:
            then = game.rules_version if game.rules_version is not None else "an older one"
            return (
                f"⚠️ I have been upgraded: this game began under version {then} of the "
                f"{game.kind} rules and I now play version {rules.version}. Replayed from its "
                f"record with the new rules, the game would no longer be the one you played "
                f"(it changes at step {problem.seq + 1}), so it is closed; its record is "
                "kept. Sorry — please start a new one."
            )
        return (
            "⚠️ After a restart I could not rebuild the game that was running in this channel, "
            "so it is closed (its record is kept). Sorry — please start a new one."
        )


# How often an action is tried again on the game reloaded after another process wrote first,
# and what the player is told if the game keeps moving on under them.
ATTEMPTS = 3
MOVED_ON = "The game moved on while you were choosing; look again and try once more."
UNDO = {"type": "Undo"}  # a log entry that takes back the last action still in effect


def _no_op(session: Session[S], step: Step[S]) -> bool:
    return bool(step.state == session.state) and not step.effects


def rebuild(
    game: GameRow, rules: GameRules[S], entries: Iterable[tuple[Any, str | None]]
) -> Session[S]:
    """A session rebuilt from its creation record and its log: (action or ``UNDO``, checksum or
    None) pairs. Raises ``Diverged`` where the game's fingerprint no longer matches a checksum."""
    start = rules.new_state(game)
    kept: list[tuple[Any, S]] = []  # (action, state after it)
    count = 0
    for count, (action, digest) in enumerate(entries, start=1):
        if action is UNDO:
            kept.pop()
        else:
            step = rules.apply(kept[-1][1] if kept else start, action)
            kept.append((action, step.state))
        state = kept[-1][1] if kept else start
        if digest is not None and checksum(rules.fingerprint(state)) != digest:
            raise Diverged(count - 1)
    session = Session(game, rules, kept[-1][1] if kept else start)
    session.actions = [action for action, _ in kept]
    session.seq = count
    return session


def fold(game: GameRow, rules: GameRules[S], actions: list[Any]) -> Session[S]:
    """A session after applying ``actions`` in order to a new game."""
    return rebuild(game, rules, ((action, None) for action in actions))


def replay(game: GameRow, rules: GameRules[S], entries: list[LogEntry]) -> Session[S]:
    """A session rebuilt from stored log entries, checking their checksums."""
    return rebuild(
        game,
        rules,
        (
            (UNDO if e.action == UNDO else decode_action(e.action, rules.actions), e.checksum)
            for e in entries
        ),
    )
