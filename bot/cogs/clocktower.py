"""/clocktower: Blood on the Clocktower — a thin shell on engine.clocktower.game.

Lobby in the channel; characters, night choices and information by DM; nominations and the vote
going round the circle in the channel; storyteller rulings by DM with the true answer marked.

Who may do what:
- A human storyteller (``storyteller:me``) starts the game, ends the day, answers every ruling
  and has the tools (grimoire, adjust, undo, end). They do not play.
- With the bot storyteller the opener takes the first seat and starts the game. The day ends by
  ``/clocktower endday`` from the opener at any time, or from any seated player once nobody can
  nominate any more; the opener may also end (abandon) the game.

Idle players (``RAVENSWOOD_CLOCKTOWER_REMIND`` seconds, default 300, then
``RAVENSWOOD_CLOCKTOWER_TIMEOUT``, default 900): whoever the game waits for is reminded; after the
timeout a night choice takes the prompt's default (the first living players other than the
chooser) and, with the bot storyteller, a vote counts as "no". A human storyteller is reminded of
a waiting vote (they can vote for the player with the buttons) and of their own rulings, which
are never guessed.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib.util
import io
import logging
import os
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

import engine.clocktower.game as ct
from bot.app import Ravenswood, reply
from bot.delivery import SECRET, Delivery, Outgoing, private_digest
from bot.render.clocktower import (
    ClocktowerRenderer,
    MultiSelect,
    char_name,
    lobby,
    mentions,
    vote_message,
)
from bot.sessions import GameConflict, Session
from bot.store import games as game_store
from bot.store import scripts as script_store
from bot.store.results import Result, Seat, user_key
from engine.clocktower.catalogue import BASE_EDITIONS, edition_characters, normalise_id
from engine.clocktower.game.adjust import CHANGES
from engine.clocktower.script import ScriptError, load_script
from engine.core import GameOver, RuleError, Step

log = logging.getLogger(__name__)

KIND = "clocktower"
CHOICES = 25
BOT_ONLY = "The bot is the storyteller in this game; that tool is for a human storyteller."


@dataclass(frozen=True)
class Abandon:
    """The shell's own action: the storyteller (or a bot game's opener) ends the game unplayed."""

    by: int


class ClocktowerRules:
    """engine.clocktower.game as the session layer sees it, plus abandoning a game."""

    kind = KIND
    actions = {**ct.ACTIONS, "Abandon": Abandon}

    def new_state(self, game: game_store.GameRow) -> ct.State:
        bot = bool(game.options["bot"])
        state = ct.new_game(
            None if bot else game.host_id, game.seed, tuple(game.options["script"]), bot
        )
        return ct.apply(state, ct.Join(game.host_id)).state if bot else state

    def apply(self, state: ct.State, action) -> Step:
        if isinstance(action, Abandon):
            if state.phase is ct.Phase.OVER:
                raise RuleError("The game is over.")
            over = dataclasses.replace(state, phase=ct.Phase.OVER, ending="abandoned")
            return Step(over, (GameOver("abandoned"),))
        return ct.apply(state, action)

    def players(self, state: ct.State):
        extra = () if state.storyteller is None else (state.storyteller,)
        return (*state.players, *extra)

    def open_prompts(self, state: ct.State):
        return ct.open_prompts(state)

    def result(self, state: ct.State, game: game_store.GameRow, over: GameOver) -> Result | None:
        if over.winner not in ("good", "evil"):
            return None
        seats = tuple(
            Seat(user_key(s["player"]), s["alignment"], char_name(s["character"]))
            for s in over.data["seats"]
        )
        return Result(
            guild_id=game.guild_id,
            kind=KIND,
            winner=over.winner,
            seats=seats,
            storyteller="bot" if state.bot else user_key(state.storyteller),
            script=game.options.get("script_name"),
            game_id=game.id,
        )


def _seconds(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


def _player_id(text: str) -> int:
    digits = "".join(ch for ch in text if ch.isdigit())
    if not digits:
        raise RuleError("Choose a player from the list.")
    return int(digits)


class ClocktowerCog(
    commands.GroupCog, group_name="clocktower", group_description="Play Blood on the Clocktower"
):
    def __init__(self, bot: Ravenswood) -> None:
        self.bot = bot
        self.renderer = ClocktowerRenderer()
        self.delivery = Delivery(bot, self.renderer)
        self.remind_after = _seconds("RAVENSWOOD_CLOCKTOWER_REMIND", 300)
        self.timeout_after = _seconds("RAVENSWOOD_CLOCKTOWER_TIMEOUT", 900)
        self.timers: dict[int, asyncio.Task] = {}
        bot.games.rules[KIND] = ClocktowerRules()
        bot.component_handlers[KIND] = self.on_component
        bot.add_dynamic_items(MultiSelect)

    async def cog_unload(self) -> None:
        for task in self.timers.values():
            task.cancel()

    # Helpers ---------------------------------------------------------------------------------
    def session_here(self, interaction: discord.Interaction) -> Session:
        session = self.bot.games.in_channel(interaction.channel_id)
        if session is None or session.game.kind != KIND:
            raise RuleError(
                "There's no Clocktower game in this channel. Open one with `/clocktower new`."
            )
        return session

    def require_storyteller(self, session: Session, user: int) -> None:
        state = session.state
        if state.bot:
            raise RuleError(BOT_ONLY)
        if user != state.storyteller:
            raise RuleError("Only the storyteller can do that.")

    async def act(self, interaction: discord.Interaction, session: Session, action, ack: str):
        """Apply (a refusal raises RuleError before anything is sent), deliver, acknowledge."""
        step = await self.bot.games.apply(session, action)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.delivery.deliver(session, step.effects)
        self.schedule(session)
        await interaction.followup.send(ack, ephemeral=True)

    async def run(self, interaction: discord.Interaction, make_action, ack: str) -> None:
        try:
            session = self.session_here(interaction)
            await self.act(interaction, session, make_action(session), ack)
        except RuleError as error:
            await reply(interaction, str(error))

    # Idle players ----------------------------------------------------------------------------
    def schedule(self, session: Session) -> None:
        """(Re)start the idle timer for whatever the game now waits for."""
        old = self.timers.pop(session.game.id, None)
        if old is not None:
            old.cancel()
        if self.bot.games.get(session.game.id) is not session:
            return
        prompts = [p for p in ct.open_prompts(session.state) if p.kind != "nominate"]
        if prompts:
            task = asyncio.create_task(self._idle(session, prompts[0], session.seq))
            self.timers[session.game.id] = task

    async def _idle(self, session: Session, prompt, seq: int) -> None:
        def unchanged() -> bool:
            live = not self.bot.is_closed()  # a timer of a restarted bot never acts
            return live and self.bot.games.get(session.game.id) is session and session.seq == seq

        try:
            await asyncio.sleep(self.remind_after)
            if not unchanged():
                return
            await self.remind(session, prompt)
            if prompt.kind == "ruling":
                while unchanged():  # a ruling is never guessed: remind again, and again
                    await asyncio.sleep(self.remind_after)
                    if unchanged():
                        await self.remind(session, prompt)
                return
            await asyncio.sleep(max(self.timeout_after - self.remind_after, 0))
            if not unchanged():
                return
            await self.time_out(session, prompt)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("idle timer of game %s failed", session.game.id)

    async def remind(self, session: Session, prompt) -> None:
        state = session.state
        if prompt.kind == "vote":
            voter = prompt.to[0]
            teller = "" if state.bot else f" <@{state.storyteller}> may vote for them."
            await self.delivery.post(
                session, Outgoing(f"⏰ <@{voter}>, the vote waits for your hand.{teller}")
            )
            return
        channel = f"<#{session.game.channel_id}>"
        text = (
            f"⏰ Reminder: the Clocktower game in {channel} is waiting for your decision."
            if prompt.kind == "ruling"
            else f"⏰ Reminder: the Clocktower game in {channel} is waiting for your night choice."
        )
        for user in prompt.to:
            if not await self.delivery.dm(user, Outgoing(text, public=False)):
                await self.delivery.post(
                    session, Outgoing(f"⏰ <@{user}>, check `/clocktower me`.")
                )

    async def time_out(self, session: Session, prompt) -> None:
        state = session.state
        if prompt.kind == "night_choice":
            action = ct.NightChoice(prompt.to[0], tuple(prompt.default))
        elif prompt.kind == "vote" and state.bot:
            action = ct.Vote(ct.SYSTEM, False, voter=prompt.to[0])
        else:
            return  # a human storyteller decides for idle voters with the buttons
        try:
            step = await self.bot.games.apply(session, action)
        except RuleError:
            return
        await self.delivery.deliver(session, step.effects)
        self.schedule(session)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Restored games get their idle timers back."""
        for session in list(self.bot.games.sessions.values()):
            if session.game.kind == KIND and session.game.id not in self.timers:
                self.schedule(session)

    # Commands --------------------------------------------------------------------------------
    async def resolve_script(
        self, interaction: discord.Interaction, script: str
    ) -> tuple[str, tuple[str, ...]]:
        key = normalise_id(script)
        for code, title in BASE_EDITIONS.items():
            if key in (code, normalise_id(title)):
                return title, tuple(c.id for c in edition_characters(code))
        saved = await script_store.get_script(self.bot.db, interaction.guild_id, script)
        if saved is None:
            raise RuleError(
                f"No saved script is called “{script[:100]}”; try tb or `/script list`."
            )
        try:
            loaded = load_script(saved.json)
        except ScriptError:
            raise RuleError(f"The saved script “{saved.name}” is no longer valid.") from None
        return saved.name, loaded.ids

    @app_commands.command(name="new", description="Open a Clocktower lobby in this channel")
    @app_commands.describe(
        script="tb (Trouble Brewing) or the name of a script saved with /script save",
        storyteller="me: you run the game and don't play; bot: the bot runs it and you play",
    )
    @app_commands.choices(storyteller=[app_commands.Choice(name=n, value=n) for n in ("bot", "me")])
    @app_commands.guild_only()
    async def new(
        self, interaction: discord.Interaction, script: str = "tb", storyteller: str = "bot"
    ) -> None:
        try:
            name, ids = await self.resolve_script(interaction, script)
            missing = ct.unsupported(ids)
            if missing:
                raise RuleError(
                    "The rules engine cannot run these characters yet: "
                    + ", ".join(char_name(c) for c in missing)
                    + "."
                )
            options = {"script": list(ids), "script_name": name, "bot": storyteller == "bot"}
            session = await self.bot.games.open(
                KIND, interaction.guild_id, interaction.channel_id, interaction.user.id, options
            )
        except (RuleError, GameConflict) as error:
            await reply(interaction, str(error))
            return
        message = lobby(session)
        await interaction.response.send_message(message.content, view=message.view)
        sent = await interaction.original_response()
        await game_store.remember_message(
            self.bot.db, session.game.id, "lobby", sent.channel.id, sent.id
        )

    @new.autocomplete("script")
    async def complete_script(self, interaction: discord.Interaction, typed: str):
        key = normalise_id(typed)
        choices = [
            app_commands.Choice(name=f"{title} (base edition)", value=code)
            for code, title in BASE_EDITIONS.items()
            if code == "tb" and (key in code or key in normalise_id(title))
        ]
        if interaction.guild_id is not None:
            names = await script_store.matching_names(
                self.bot.db, interaction.guild_id, typed, CHOICES
            )
            choices += [app_commands.Choice(name=n, value=n) for n in names]
        return choices[:CHOICES]

    @app_commands.command(name="start", description="Deal the characters and begin the night")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        def action(session: Session):
            if session.state.bot and interaction.user.id != session.game.host_id:
                raise RuleError("Only the player who opened the game can start it.")
            return ct.Start(by=interaction.user.id)

        await self.run(interaction, action, "The characters are dealt.")

    @app_commands.command(name="nominate", description="Nominate a player for execution")
    @app_commands.describe(player="Who you nominate")
    @app_commands.guild_only()
    async def nominate(self, interaction: discord.Interaction, player: str) -> None:
        await self.run(
            interaction,
            lambda s: ct.Nominate(by=interaction.user.id, target=_player_id(player)),
            "Your nomination is made; the vote goes round the circle.",
        )

    @nominate.autocomplete("player")
    async def complete_nominee(self, interaction: discord.Interaction, typed: str):
        return self.complete_players(interaction, typed, nominees=True)

    def complete_players(self, interaction: discord.Interaction, typed: str, nominees=False):
        session = self.bot.games.in_channel(interaction.channel_id)
        if session is None or session.game.kind != KIND:
            return []
        state = session.state
        name = self.delivery.namer(session)
        seats = state.seats or [ct.Seat(p, "", "", "", "") for p in state.players]
        pool = [s.player for s in seats if not nominees or s.player not in state.nominees]
        pool.sort(key=lambda p: not any(s.alive for s in seats if s.player == p))
        found = [p for p in pool if typed.casefold() in name(p).casefold()]
        return [app_commands.Choice(name=name(p)[:100], value=str(p)) for p in found][:CHOICES]

    @app_commands.command(name="endday", description="End the day: the player on the block dies")
    @app_commands.guild_only()
    async def endday(self, interaction: discord.Interaction) -> None:
        def action(session: Session):
            state, user = session.state, interaction.user.id
            if not state.bot:
                self.require_storyteller(session, user)
                return ct.EndDay(by=user)
            nominating = any(p.kind == "nominate" for p in ct.open_prompts(state))
            if user != session.game.host_id and (user not in state.players or nominating):
                raise RuleError(
                    "With the bot storyteller, the opener ends the day, or any player once "
                    "nobody can nominate any more."
                )
            return ct.EndDay(by=ct.SYSTEM)

        await self.run(interaction, action, "The day is over.")

    @app_commands.command(name="end", description="Storyteller: abandon the game (no result)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        def action(session: Session):
            state, user = session.state, interaction.user.id
            allowed = session.game.host_id if state.bot else state.storyteller
            if user != allowed:
                raise RuleError("Only the storyteller (or a bot game's opener) can end the game.")
            return Abandon(by=user)

        await self.run(interaction, action, "The game is over.")

    @app_commands.command(name="me", description="Everything you have been told (only you see it)")
    @app_commands.guild_only()
    async def me(self, interaction: discord.Interaction) -> None:
        try:
            session = self.session_here(interaction)
        except RuleError as error:
            await reply(interaction, str(error))
            return
        await self.show_secret(interaction, session)

    @app_commands.command(name="votes", description="Every nomination and vote so far")
    @app_commands.guild_only()
    async def votes(self, interaction: discord.Interaction) -> None:
        try:
            state = self.session_here(interaction).state
        except RuleError as error:
            await reply(interaction, str(error))
            return
        lines = []
        for n in state.history:
            what = "called for the exile of" if n.exile else "nominated"
            lines.append(
                f"Day {n.day}: <@{n.nominator}> {what} <@{n.nominee}> — {n.votes} vote(s) of "
                f"{n.threshold} needed; hands: {mentions(n.yes)}"
            )
        await reply(interaction, "\n".join(lines) or "No votes yet.")

    @app_commands.command(name="whisper", description="Tell the table you talk privately")
    @app_commands.describe(player="Who you step aside with")
    @app_commands.guild_only()
    async def whisper(self, interaction: discord.Interaction, player: str) -> None:
        try:
            session = self.session_here(interaction)
            other, me = _player_id(player), interaction.user.id
            state = session.state
            if me not in state.players or other not in state.players or other == me:
                raise RuleError("Whispers are between two different players of this game.")
            if state.phase is not ct.Phase.DAY:
                raise RuleError("Players whisper during the day.")
        except RuleError as error:
            await reply(interaction, str(error))
            return
        await interaction.response.send_message(
            f"🤫 <@{me}> and <@{other}> step aside to talk privately.",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @whisper.autocomplete("player")
    async def complete_whisper(self, interaction: discord.Interaction, typed: str):
        return self.complete_players(interaction, typed)

    @app_commands.command(name="status", description="The phase, who lives, what is awaited")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        try:
            session = self.session_here(interaction)
        except RuleError as error:
            await reply(interaction, str(error))
            return
        await reply(interaction, status_text(session))

    # Storyteller tools -----------------------------------------------------------------------
    @app_commands.command(name="grimoire", description="Storyteller: the grimoire (only you)")
    @app_commands.guild_only()
    async def grimoire(self, interaction: discord.Interaction) -> None:
        try:
            session = self.session_here(interaction)
            self.require_storyteller(session, interaction.user.id)
        except RuleError as error:
            await reply(interaction, str(error))
            return
        book = ct.grimoire(session.state)
        name = self.delivery.namer(session)
        names = {seat["player"]: name(seat["player"]) for seat in book["seats"]}
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, png = await asyncio.to_thread(draw_grimoire, book, names)
        kwargs = {}
        if png is not None:
            kwargs["file"] = discord.File(io.BytesIO(png), "grimoire.png")
        await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)

    @app_commands.command(name="adjust", description="Storyteller: change the grimoire")
    @app_commands.describe(
        player="Whose token", change="What to change", value="A character, good/evil, or a note"
    )
    @app_commands.choices(change=[app_commands.Choice(name=c, value=c) for c in CHANGES])
    @app_commands.guild_only()
    async def adjust(
        self, interaction: discord.Interaction, player: str, change: str, value: str = ""
    ) -> None:
        def action(session: Session):
            self.require_storyteller(session, interaction.user.id)
            return ct.Adjust(interaction.user.id, _player_id(player), change, value)

        await self.run(interaction, action, "The grimoire is changed.")

    @adjust.autocomplete("player")
    async def complete_seat(self, interaction: discord.Interaction, typed: str):
        return self.complete_players(interaction, typed)

    @app_commands.command(name="undo", description="Storyteller: take back the last action")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        try:
            session = self.session_here(interaction)
            self.require_storyteller(session, interaction.user.id)
            taken = type(session.actions[-1]).__name__ if session.actions else "nothing"
            await self.bot.games.undo(session)
        except RuleError as error:
            await reply(interaction, str(error))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.delivery.post(session, Outgoing("↩️ The storyteller takes back the last step."))
        await self.redeliver(session)
        self.schedule(session)
        await interaction.followup.send(f"Undone: {taken}.", ephemeral=True)

    async def redeliver(self, session: Session) -> None:
        """After an undo: the running vote and any reopened menu are shown again."""
        name = self.delivery.namer(session)
        running = vote_message(session, name)
        if running is not None:
            await self.delivery.post(session, running)  # the board is edited in place
        await self.delivery.deliver(
            session, [p for p in ct.open_prompts(session.state) if p.kind != "vote"]
        )

    # Components ------------------------------------------------------------------------------
    async def show_secret(self, interaction: discord.Interaction, session: Session) -> None:
        user = interaction.user.id
        if user not in session.rules.players(session.state):
            await reply(interaction, "You aren't playing in this game.")
            return
        digest = private_digest(
            session,
            user,
            ct.open_prompts(session.state),
            self.renderer,
            self.delivery.namer(session),
        )
        kwargs = {"view": digest.view} if digest.view else {}
        await reply(interaction, digest.content[-2000:], **kwargs)

    async def on_component(
        self, interaction: discord.Interaction, session: Session, kind: str, value: str
    ) -> None:
        user = interaction.user.id
        try:
            if kind == SECRET:
                await self.show_secret(interaction, session)
                return
            if kind == "join":
                other = self.bot.games.game_of(session.game.guild_id, user)
                if other is not None and other is not session:
                    raise RuleError(f"You are already in a game in <#{other.game.channel_id}>.")
                await self.act(interaction, session, ct.Join(user), "You have a seat.")
                return
            if kind == "leave":
                await self.act(interaction, session, ct.Leave(user), "You left the lobby.")
                return
            if kind == "night":
                targets = tuple(int(v) for v in value.split("-"))
                await self.act(interaction, session, ct.NightChoice(user, targets), "Noted.")
                return
            if kind == "vote":
                state = session.state
                if not state.bot and user == state.storyteller and state.vote is not None:
                    voter = state.vote.order[state.vote.index]
                    action = ct.Vote(user, value == "yes", voter=voter)
                else:
                    action = ct.Vote(user, value == "yes")
                await self.act(interaction, session, action, "Your vote is counted.")
                return
            if kind == "ruling":
                decision, choice = (int(v) for v in value.split("-"))
                action = ct.StorytellerRuling(user, decision, choice)
                await self.act(interaction, session, action, "Ruled.")
                return
            raise RuleError("That button is from an older version of the bot; use the commands.")
        except RuleError as error:
            await reply(interaction, str(error))

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member who leaves the server gives up their lobby seat; in play, the idle timers
        make sure nobody waits for them for ever."""
        session = self.bot.games.game_of(payload.guild_id, payload.user.id)
        if session is None or session.game.kind != KIND:
            return
        if session.state.phase is not ct.Phase.LOBBY:
            return
        try:
            step = await self.bot.games.apply(session, ct.Leave(payload.user.id))
        except RuleError:
            return
        await self.delivery.deliver(session, step.effects)


def draw_grimoire(book: dict, names: dict[int, str]) -> tuple[str, bytes | None]:
    """The grimoire as text and, when the chart module is installed, as a PNG."""
    if importlib.util.find_spec("stats.charts.grimoire") is None:
        return plain_grimoire(book, names), None
    from stats.charts.grimoire import grimoire_chart, grimoire_text

    return grimoire_text(book, names), grimoire_chart(book, names)


def plain_grimoire(book: dict, names: dict[int, str]) -> str:
    lines = [f"📖 Grimoire — {book['phase']}, day {book['day']}, night {book['night']}"]
    for s in book["seats"]:
        life = "alive" if s["alive"] else ("dead" + ("" if s["ghost_vote"] else ", vote spent"))
        notes = f" — {'; '.join(s['reminders'])}" if s["reminders"] else ""
        lines.append(
            f"{names.get(s['player'], s['player'])}: {char_name(s['character'])} ({s['alignment']}, {life}){notes}"
        )
    if book["bluffs"]:
        lines.append("Bluffs: " + ", ".join(char_name(c) for c in book["bluffs"]))
    return "\n".join(lines)


def status_text(session: Session) -> str:
    """Public facts only: never who wakes at night or what anyone is."""
    state = session.state
    teller = "the bot" if state.bot else f"<@{state.storyteller}>"
    lines = [f"Phase: **{state.phase.value}**, day {state.day}. Storyteller: {teller}."]
    if state.phase is ct.Phase.LOBBY:
        lines.append(f"Seats: {mentions(state.players)}")
        return "\n".join(lines)
    lines.append(f"Alive: {mentions([s.player for s in state.seats if s.alive])}")
    dead = [
        f"<@{s.player}>{'' if s.ghost_vote else ' (vote spent)'}"
        for s in state.seats
        if not s.alive
    ]
    lines.append(f"Dead: {', '.join(dead) or 'nobody'}")
    if state.block is not None:
        lines.append(f"On the block: <@{state.block}> with {state.block_votes} vote(s).")
    for prompt in ct.open_prompts(state):
        if prompt.kind == "ruling":
            lines.append("Waiting for the storyteller's decision.")
        elif prompt.kind == "night_choice":
            lines.append("The night is under way.")
        elif prompt.kind == "vote":
            lines.append(f"Voting: <@{prompt.to[0]}>'s turn.")
        elif prompt.kind == "nominate":
            lines.append(f"May still nominate: {mentions(prompt.to)}")
    return "\n".join(lines)


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(ClocktowerCog(bot))
