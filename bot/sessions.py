"""Running games: load and replay, one lock per game, apply an action, persist it.

A game is its seed plus its log of accepted actions. ``apply`` runs the pure engine under the
game's lock, writes the action (and, at the end, the result) in one transaction, and only then
updates memory, so a crash between the two loses nothing that was acknowledged.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.store import games as game_store
from bot.store.database import Database
from bot.store.results import Result, insert_result
from engine.core import (
    Effect,
    GameOver,
    Prompt,
    RuleError,
    Step,
    Tell,
    decode_action,
    encode_action,
)

log = logging.getLogger(__name__)


class GameRules(Protocol):
    """What the shell needs to know about one kind of game."""

    kind: str
    actions: Mapping[str, type]

    def new_state(self, game: game_store.GameRow) -> Any: ...

    def apply(self, state: Any, action: Any) -> Step: ...

    def players(self, state: Any) -> Iterable[int]:
        """Everyone taking part (for the one-game-per-server rule)."""
        ...

    def open_prompts(self, state: Any) -> Iterable[Prompt]:
        """The menus waiting for answers now (derived from the state, so valid after a restart)."""
        ...

    def result(self, state: Any, game: game_store.GameRow, over: GameOver) -> Result | None:
        """The result to record when the game ends, or None when it was abandoned."""
        ...


@dataclass
class Session:
    """One running game in memory."""

    game: game_store.GameRow
    rules: GameRules
    state: Any
    seq: int = 0  # rows in the log, undo markers included
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The actions in effect, oldest first (the log less what was undone).
    actions: list[Any] = field(default_factory=list)
    # Everything each player has been told privately, so they can ask again (closed DMs, /me).
    inbox: dict[int, list[Tell]] = field(default_factory=lambda: defaultdict(list))

    def absorb(self, effects: Iterable[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, Tell):
                self.inbox[effect.to].append(effect)

    def private_for(self, player: int) -> list[Tell]:
        return list(self.inbox.get(player, ()))


class GameConflict(RuleError):
    """A game cannot be opened or joined here (one per channel, one per player per server)."""


class SessionManager:
    def __init__(self, db: Database, rules: Iterable[GameRules]) -> None:
        self.db = db
        self.rules = {r.kind: r for r in rules}
        self.sessions: dict[int, Session] = {}
        # One lock per server around "is this user free?" and the action that enrols them, so
        # two clicks at once in two channels cannot put one user in two games.
        self.enrolment: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # Games whose log could not be replayed at start-up: closed, their log kept for study.
        self.unrestorable: list[game_store.GameRow] = []

    def get(self, game_id: int) -> Session | None:
        return self.sessions.get(game_id)

    def in_channel(self, channel_id: int) -> Session | None:
        return next((s for s in self.sessions.values() if s.game.channel_id == channel_id), None)

    def game_of(self, guild_id: int, user_id: int) -> Session | None:
        """The running game in this server that the user takes part in, if any."""
        for session in self.sessions.values():
            if session.game.guild_id == guild_id and user_id in session.rules.players(
                session.state
            ):
                return session
        return None

    async def open(
        self,
        kind: str,
        guild_id: int,
        channel_id: int,
        host_id: int,
        options: dict[str, Any],
        seed: int | None = None,
    ) -> Session:
        async with self.enrolment[guild_id]:
            if self.in_channel(channel_id):
                raise GameConflict("A game is already running in this channel.")
            self._refuse_if_busy(guild_id, host_id, None)
            seed = secrets.randbits(62) if seed is None else seed
            try:
                game = await game_store.create_game(
                    self.db, kind, guild_id, channel_id, host_id, seed, options
                )
            except sqlite3.IntegrityError:
                raise GameConflict("A game is already running in this channel.") from None
            rules = self.rules[kind]
            session = Session(game, rules, rules.new_state(game))
            self.sessions[game.id] = session
            return session

    async def enrol(self, session: Session, user_id: int, action: Any) -> Step:
        """Apply an action that adds ``user_id`` to a game, unless they play elsewhere here."""
        async with self.enrolment[session.game.guild_id]:
            self._refuse_if_busy(session.game.guild_id, user_id, session)
            return await self.apply(session, action)

    def _refuse_if_busy(self, guild_id: int, user_id: int, joining: Session | None) -> None:
        other = self.game_of(guild_id, user_id)
        if other is not None and other is not joining:
            raise GameConflict(f"You are already in a game in <#{other.game.channel_id}>.")

    async def apply(self, session: Session, action: Any) -> Step:
        """Validate, persist, then adopt one action. Raises RuleError, leaving all unchanged.

        An action that changes nothing and says nothing (a double click, a repeated vote) is
        accepted silently and not logged, so it can never be counted twice.
        """
        async with session.lock:
            if self.sessions.get(session.game.id) is not session:
                raise RuleError("This game has already ended.")
            step = session.rules.apply(session.state, action)
            if step.state == session.state and not step.effects:
                return step
            over = next((e for e in step.effects if isinstance(e, GameOver)), None)
            async with self.db.transaction() as connection:
                await game_store.append_action(
                    connection, session.game.id, session.seq, encode_action(action)
                )
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
            session.absorb(step.effects)
            if over is not None:
                del self.sessions[session.game.id]
            return step

    async def undo(self, session: Session) -> Step:
        """Take back the last action in effect (a storyteller's undo).

        The log stays append-only: an ``Undo`` marker is written, and the game is rebuilt from
        the actions still in effect, so everything said privately since is forgotten too.
        """
        async with session.lock:
            if self.sessions.get(session.game.id) is not session:
                raise RuleError("This game has already ended.")
            if not session.actions:
                raise RuleError("There is nothing to undo.")
            rebuilt = fold(session.game, session.rules, session.actions[:-1])
            async with self.db.transaction() as connection:
                await game_store.append_action(connection, session.game.id, session.seq, UNDO)
            session.state, session.inbox, session.actions = (
                rebuilt.state,
                rebuilt.inbox,
                rebuilt.actions,
            )
            session.seq += 1
            return Step(session.state)

    async def restore(self) -> list[Session]:
        """Rebuild every unfinished game by replaying its log.

        A game whose log no longer replays (its kind is gone, or a rule changed under it) is
        marked abandoned, so its channel is free again, and listed in ``unrestorable`` for the
        bot to explain; its log stays in the database. Nothing else is affected.
        """
        restored = []
        for game, log_entries in await game_store.running_games(self.db):
            try:
                rules = self.rules[game.kind]
                session = replay(game, rules, log_entries)
            except (KeyError, RuleError, ValueError, TypeError, IndexError) as exc:
                log.error("game %s (%s) could not be replayed: %r", game.id, game.kind, exc)
                async with self.db.transaction() as connection:
                    await game_store.end_game(connection, game.id, "abandoned")
                self.unrestorable.append(game)
                continue
            self.sessions[game.id] = session
            restored.append(session)
        return restored


UNDO = {"type": "Undo"}  # a log entry that takes back the last action still in effect


def replay(game: game_store.GameRow, rules: GameRules, entries: list[dict[str, Any]]) -> Session:
    """A session rebuilt from its creation record and its log (actions and undo markers)."""
    actions: list[Any] = []
    for entry in entries:
        if entry == UNDO:
            actions.pop()
        else:
            actions.append(decode_action(entry, rules.actions))
    session = fold(game, rules, actions)
    session.seq = len(entries)
    return session


def fold(game: game_store.GameRow, rules: GameRules, actions: list[Any]) -> Session:
    """A session after applying ``actions`` in order to a new game."""
    session = Session(game, rules, rules.new_state(game))
    for action in actions:
        step = rules.apply(session.state, action)
        session.state = step.state
        session.absorb(step.effects)
        session.actions.append(action)
    session.seq = len(actions)
    return session
