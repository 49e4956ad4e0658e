"""Nobody stalls a Clocktower game for ever: reminders, timeouts and the bot storyteller's dusk.

Whatever the game waits for (derived from its state) runs on a clock:

- a night choice: the player is reminded by DM after ``remind``; after ``timeout`` the bot
  storyteller applies the engine's ``timeout_action`` (the prompt's default: the first living
  players other than the chooser), while a human storyteller is told, and told again every
  ``remind``, and acts for the player (`/clocktower wake`) or skips them (`/clocktower skip`): a
  human game never guesses;
- a storyteller ruling or a storyteller-run wake (a panel): the storyteller is reminded by DM
  every ``remind``;
- a vote: a hand set in advance is counted after the game's pace (the storyteller's
  ``/clocktower pace``, else ``pace``); a voter the count has reached who set no hand is reminded
  in the channel after half of ``vote``, and after ``vote`` the bot storyteller counts a "no",
  while a human storyteller is told by DM (they vote for the player with the buttons);
- the day, between votes: the bot storyteller warns shortly before ``day`` has passed since dawn
  and then ends the day (a running vote finishes first); a human storyteller gets a DM.

A player who has left the server is not waited for: with the bot storyteller their turn passes
at once, and a human storyteller is told at once. No reminder ever names a waking player in the
channel. The day's clock starts at the dawn message, whose id says when it was sent, so it
survives a restart; any other wait starts afresh when the bot restarts.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

import discord

import engine.clocktower.game as ct
from bot.app import Ravenswood
from bot.delivery import Delivery, Outgoing
from bot.render.clocktower import char_name
from bot.sessions import Session
from bot.store import games as game_store
from engine.clocktower.game.questions import (
    NightMenu,
    NominationMenu,
    Panel,
    Question,
    Ruling,
    VoteBoard,
)
from engine.core import RuleError

log = logging.getLogger(__name__)

Play = Callable[[Session[ct.State], object], Awaitable[object]]


@dataclass(frozen=True)
class Timings:
    """Seconds; from ``RAVENSWOOD_CLOCKTOWER_REMIND``, ``_TIMEOUT``, ``_VOTE``, ``_DAY`` and
    ``_PACE`` (the count's wait on a hand set in advance, until the storyteller sets another)."""

    remind: float = 300.0
    timeout: float = 900.0
    vote: float = 60.0
    day: float = 1800.0
    pace: float = 2.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Timings:
        env = os.environ if env is None else env
        values = {}
        for name in ("remind", "timeout", "vote", "day", "pace"):
            raw = env.get(f"RAVENSWOOD_CLOCKTOWER_{name.upper()}", "").strip()
            try:
                value = float(raw) if raw else getattr(cls, name)
            except ValueError:
                log.warning("RAVENSWOOD_CLOCKTOWER_%s=%r is not a number", name.upper(), raw)
                value = getattr(cls, name)
            values[name] = max(value, 0.0 if name == "pace" else 1.0)
        return cls(**values)

    @property
    def warning(self) -> float:
        """How long before the bot storyteller's dusk the channel is warned."""
        return min(300.0, self.day / 6)


@dataclass(frozen=True)
class Wait:
    """What a game waits for: ``kind`` (night_choice, ruling, panel, vote, count or day), ``key``
    telling one wait from the next, and ``who`` is awaited (None for the day or the count)."""

    kind: str
    key: tuple[object, ...]
    who: int | None = None
    prompt: Question | None = None


def waiting(state: ct.State) -> Wait | None:
    if state.phase not in (ct.Phase.SETUP, ct.Phase.NIGHT, ct.Phase.DAY):
        return None
    prompt = next((p for p in ct.open_prompts(state) if not isinstance(p, NominationMenu)), None)
    if prompt is None:
        return Wait("day", ("day", state.day)) if state.phase is ct.Phase.DAY else None
    who = prompt.to[0] if prompt.to else None
    if isinstance(prompt, VoteBoard):
        assert state.vote is not None  # a vote board asks of the running vote
        key = ("vote", len(state.history), state.vote.index)
        if who in dict(state.vote.hands):  # set in advance: counted at the game's pace
            return Wait("count", key, None, prompt)
        return Wait("vote", key, who, prompt)
    return Wait(prompt.kind, (prompt.kind, prompt.decision), who, prompt)


Step = Callable[[Session[ct.State], Wait], Awaitable[None]]


@dataclass(frozen=True)
class Plan:
    """Steps at offsets (seconds from the start of the wait); the last may repeat."""

    steps: tuple[tuple[float, Step], ...]
    repeat: float | None = None


def elapsed(since: datetime) -> float:
    return (discord.utils.utcnow() - since).total_seconds()


class Clock:
    """One timer task per game, restarted whenever the game changes."""

    def __init__(
        self, client: Ravenswood, delivery: Delivery, timings: Timings, play: Play
    ) -> None:
        self.client = client
        self.delivery = delivery
        self.timings = timings
        self.play = play  # apply an action as the game itself, deliver it, reschedule
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.since: dict[int, tuple[tuple[object, ...], datetime]] = {}

    def stop(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    def schedule(self, session: Session[ct.State]) -> None:
        """(Re)start the timer for whatever the game now waits for."""
        game = session.game.id
        old = self.tasks.pop(game, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if self.client.games.get(game) is not session:
            self.since.pop(game, None)
            return
        if not self.client.steward.holds:  # another process runs the timers
            return
        wait = waiting(session.state)
        if wait is not None:
            self.tasks[game] = asyncio.create_task(self._run(session, wait, session.seq))

    async def _started(self, session: Session[ct.State], wait: Wait) -> datetime:
        known = self.since.get(session.game.id)
        if known is not None and known[0] == wait.key:
            return known[1]
        started = discord.utils.utcnow()
        if wait.kind == "day":
            dawn = await game_store.recall_message(
                self.client.db, session.game.id, f"dawn:{session.state.day}"
            )
            if dawn is not None:
                started = discord.utils.snowflake_time(dawn[1])
        self.since[session.game.id] = (wait.key, started)
        return started

    async def _run(self, session: Session[ct.State], wait: Wait, seq: int) -> None:
        async def unchanged() -> bool:
            """Still this process's timer (a stopped bot's, or one whose lease is gone, never
            acts) and still the game it was set for, as the log has it now: a game another
            process played on meanwhile gets its clock set again instead."""
            live = not self.client.is_closed() and self.client.steward.holds
            if not (live and self.client.games.get(session.game.id) is session):
                return False
            if session.seq == seq and await self.client.games.refresh(session):
                self.schedule(session)
                return False
            return session.seq == seq

        try:
            started = await self._started(session, wait)
            plan = await self.plan(session, wait)
            for index, (offset, step) in enumerate(plan.steps):
                delay = offset - elapsed(started)
                if delay < 0 and index < len(plan.steps) - 1:
                    continue  # missed while the bot was away, and the next step is due too
                await asyncio.sleep(max(delay, 0))
                if not await unchanged():
                    return
                await step(session, wait)
            while plan.repeat and await unchanged():
                await asyncio.sleep(plan.repeat)
                if await unchanged():
                    await plan.steps[-1][1](session, wait)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the clock of game %s failed", session.game.id)

    async def present(self, session: Session[ct.State], user: int | None) -> bool:
        """Still a member of the game's server; asked of Discord when the member cache does
        not know (after a restart it may be incomplete). In doubt, present."""
        guild = self.client.get_guild(session.game.guild_id)
        if user is None or guild is None or guild.get_member(user) is not None:
            return True
        try:
            await guild.fetch_member(user)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True
        return True

    async def plan(self, session: Session[ct.State], wait: Wait) -> Plan:
        t, bot = self.timings, session.state.bot
        here = await self.present(session, wait.who)
        if wait.kind == "night_choice":
            if bot:
                steps = ((t.remind, self.remind_player), (t.timeout, self.time_out))
                return Plan(steps if here else ((0, self.time_out),))
            steps = ((t.remind, self.remind_player), (t.timeout, self.tell_idle_chooser))
            return Plan(steps if here else ((0, self.tell_idle_chooser),), repeat=t.remind)
        if wait.kind in ("ruling", "panel"):
            return Plan(((t.remind, self.remind_storyteller),), repeat=t.remind)
        if wait.kind == "count":
            pace = session.state.pace
            return Plan(((t.pace if pace is None else pace, self.count),))
        if wait.kind == "vote":
            last = self.time_out if bot else self.tell_idle_voter
            steps = ((t.vote / 2, self.remind_voter), (t.vote, last))
            return Plan(steps if here else ((0, last),), repeat=None if bot else t.remind)
        if bot:
            return Plan(((t.day - t.warning, self.warn_dusk), (t.day, self.time_out)))
        return Plan(((t.day, self.tell_long_day),))

    # What the clock does --------------------------------------------------------------------
    def channel(self, session: Session[ct.State]) -> str:
        return f"<#{session.game.channel_id}>"

    async def to_storyteller(self, session: Session[ct.State], text: str) -> None:
        """A DM to the human storyteller; if their DMs are closed, nothing is said in public
        (it could tell the table what the storyteller is busy with)."""
        teller = session.state.storyteller
        if teller is not None and not await self.delivery.dm(teller, Outgoing(text, public=False)):
            log.info("game %s: the storyteller's DMs are closed", session.game.id)

    async def remind_player(self, session: Session[ct.State], wait: Wait) -> None:
        text = (
            f"⏰ Reminder: the Clocktower game in {self.channel(session)} is waiting for your "
            "night choice."
        )
        assert wait.who is not None
        if not await self.delivery.dm(wait.who, Outgoing(text, public=False)):
            await self.unreachable(session, [wait.who])

    async def unreachable(self, session: Session[ct.State], players: list[int]) -> None:
        """Players whose private messages failed while that itself is secret: a human
        storyteller is told; with the bot storyteller the timeout will answer for them."""
        if session.state.bot:
            return
        name = self.delivery.namer(session)
        who = ", ".join(name(p) for p in players)
        await self.to_storyteller(
            session,
            f"📪 In {self.channel(session)} I couldn't send a private message to {who}: their "
            "DMs are closed. They can read it with **Show my secret** or `/clocktower me`; you "
            "may act for them if they are stuck.",
        )

    async def remind_storyteller(self, session: Session[ct.State], wait: Wait) -> None:
        assert isinstance(wait.prompt, (Panel, Ruling))
        await self.to_storyteller(
            session,
            f"⏰ Reminder: the Clocktower game in {self.channel(session)} is waiting for your "
            f"{'panel' if wait.kind == 'panel' else 'decision'} #{wait.prompt.decision} (see the "
            "message above, or `/clocktower me`).",
        )

    async def tell_idle_chooser(self, session: Session[ct.State], wait: Wait) -> None:
        assert wait.who is not None and isinstance(wait.prompt, NightMenu)
        name = self.delivery.namer(session)
        gone = "" if await self.present(session, wait.who) else " (they have left the server)"
        pending = session.state.pending  # the menu hides the character a Tor player holds
        cid = wait.prompt.character or (pending.topic if pending is not None else "")
        role = char_name(cid, session.state)
        await self.to_storyteller(
            session,
            f"⏰ In {self.channel(session)}, {name(wait.who)}{gone} has not made their night "
            f"choice as the {role}. The game waits for them, or for you: `/clocktower wake` "
            "chooses for them, `/clocktower skip` passes over them.",
        )

    async def remind_voter(self, session: Session[ct.State], wait: Wait) -> None:
        state = session.state
        teller = "" if state.bot else f" <@{state.storyteller}> may vote for them."
        await self.delivery.post(
            session, Outgoing(f"⏰ <@{wait.who}>, the vote waits for your hand.{teller}")
        )

    async def tell_idle_voter(self, session: Session[ct.State], wait: Wait) -> None:
        assert wait.who is not None
        name = self.delivery.namer(session)
        gone = "" if await self.present(session, wait.who) else " (they have left the server)"
        await self.to_storyteller(
            session,
            f"⏰ In {self.channel(session)} the vote waits for {name(wait.who)}{gone}: vote for "
            "them with the buttons on the board.",
        )

    async def warn_dusk(self, session: Session[ct.State], wait: Wait) -> None:
        minutes = max(round(self.timings.warning / 60), 1)
        await self.delivery.post(
            session,
            Outgoing(f"⏳ Dusk falls in about {minutes} minute(s): nominate now if you mean to."),
        )

    async def tell_long_day(self, session: Session[ct.State], wait: Wait) -> None:
        minutes = round(self.timings.day / 60)
        await self.to_storyteller(
            session,
            f"⏰ The day in {self.channel(session)} has lasted {minutes} minute(s); end it with "
            "`/clocktower endday` when the talk is done.",
        )

    async def time_out(self, session: Session[ct.State], wait: Wait) -> None:
        """The bot storyteller's documented default (``ct.timeout_action``): the night choice's
        default targets, a "no" vote, or the end of the day. None (a human storyteller, or
        nothing to time out) keeps the game waiting."""
        action = ct.timeout_action(session.state)
        if action is None:
            return
        if isinstance(action, ct.EndDay):
            await self.delivery.post(session, Outgoing("🌇 Time is up: the day ends."))
        await self.act(session, action)

    async def count(self, session: Session[ct.State], wait: Wait) -> None:
        """The count moves on over a hand set in advance, at the game's pace."""
        await self.act(session, ct.CountHand(ct.SYSTEM))

    async def act(self, session: Session[ct.State], action: ct.Action) -> None:
        """Apply an action for the bot storyteller; a refusal (the game moved on meanwhile)
        still leaves the timer running for whatever the game now waits for."""
        try:
            await self.play(session, action)
        except RuleError as error:
            log.info("game %s: timeout action %r refused: %s", session.game.id, action, error)
            self.schedule(session)
