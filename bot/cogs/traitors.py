"""/traitors: lobby, roles by DM, night murders, round-table votes — a thin shell on engine.traitors."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine.traitors as tg
from bot import layouts
from bot.app import Ravenswood
from bot.cogs.game import GameCog
from bot.errors import answering
from bot.interactions import channel_id, guild_id, reply
from bot.render.odds import odds_embed
from bot.render.traitors import TraitorsRenderer, mentions, waiting_message
from bot.sessions import Session
from bot.store import games as game_store
from bot.store.results import Result, Seat, user_key
from engine.core import GameOver, Private, Prompt, RuleError
from engine.traitors.questions import QUESTIONS, Ballot
from stats.charts.odds import odds_chart
from stats.odds import check_request, odds_report, suggest_traitor_count

KIND = "traitors"


class TraitorsRules:
    """engine.traitors as the session layer sees it."""

    kind = KIND
    actions = tg.ACTIONS
    version = tg.RULES_VERSION
    fingerprint = staticmethod(tg.fingerprint)

    def new_state(self, game: game_store.GameRow) -> tg.State:
        return tg.new_game(game.host_id, game.seed, recruit=bool(game.options.get("recruit")))

    apply = staticmethod(tg.apply)

    def players(self, state: tg.State) -> tuple[int, ...]:
        return state.players

    def open_prompts(self, state: tg.State) -> tuple[Prompt, ...]:
        return tg.open_prompts(state)

    def secrets(self, state: tg.State, player: int) -> tuple[Private, ...]:
        """Their role and the Traitors still in the game, as it stands (not every night's
        message again), and for a Traitor what the others have chosen so far tonight."""
        if state.phase is tg.Phase.LOBBY:
            return ()
        return (tg.briefing(state, player), *tg.choices_so_far(state, player))

    def result(self, state: tg.State, game: game_store.GameRow, over: GameOver) -> Result | None:
        outcome = over.outcome
        if over.winner not in ("traitors", "faithful") or not isinstance(outcome, tg.Outcome):
            return None
        seats = [Seat(user_key(p), "evil", "Traitor") for p in outcome.traitors]
        seats += [Seat(user_key(p), "good", "Faithful") for p in outcome.faithful]
        return Result(
            guild_id=game.guild_id,
            kind=KIND,
            winner="evil" if over.winner == "traitors" else "good",
            seats=tuple(seats),
            storyteller=user_key(game.host_id),
            game_id=game.id,
        )


def legacy_question(kind: str) -> Callable[[str], tuple[str, str] | None]:
    """A menu sent before questions had keys: a ballot named its vote (round and re-vote), so
    it still answers that vote's question; the night's and the recruitment's menus named no
    round, so they cannot be dated and are refused."""

    def translate(value: str) -> tuple[str, str] | None:
        if kind != Ballot.kind or value.count("-") != 2:
            return None
        round_, revote, target = value.split("-")
        return f"{Ballot.kind}.{round_}.{revote}", target

    return translate


class TraitorsCog(GameCog[tg.State], group_name="traitors", group_description="Play The Traitors"):
    kind = KIND
    title = "Traitors"
    command = "/traitors"
    questions = QUESTIONS
    legacy = {kind: legacy_question(kind) for kind in QUESTIONS}

    def __init__(self, bot: Ravenswood) -> None:
        super().__init__(bot, TraitorsRules(), TraitorsRenderer())
        bot.voice.register(KIND, lambda s, link, pairs: layouts.traitors(s.state, s.game.seed))

    async def deliver(self, session: Session[tg.State], effects: Any) -> None:
        """Deliver what the game owes; a Faithful offered a place among the Traitors whose DMs
        are closed is told, without being singled out, that a private message awaits."""
        unreached = await self.delivery.flush(session)
        state = session.state
        if state.phase is tg.Phase.RECRUIT and state.offer in unreached:
            await self.delivery.post(session, waiting_message(session))
        await self.bot.voice.follow(session)

    # Commands --------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a Traitors lobby in this channel")
    @app_commands.describe(
        recruit="When a Traitor is banished, the others may recruit a Faithful",
        voice="A voice channel to play in: the round table (rooms and a turret at night)",
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        recruit: bool = False,
        voice: discord.VoiceChannel | None = None,
    ) -> None:
        async with answering(interaction):
            await self.open_lobby(interaction, {"recruit": recruit}, voice)

    @app_commands.command(name="start", description="Host: deal the roles and begin")
    @app_commands.describe(
        traitors="How many Traitors (default: the count closest to a fair game)",
        voice="A game linked to voice: play in it (the default) or start without voice",
    )
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction,
        traitors: app_commands.Range[int, 1, 15] | None = None,
        voice: bool = True,
    ) -> None:
        async def action(session: Session[tg.State]) -> tg.Action:
            if interaction.user.id == session.state.host:
                people = set(session.state.players)
                await self.voice_ready(session, people, voice, "/traitors start")
            count = traitors or suggest_traitor_count(
                max(len(session.state.players), tg.MIN_PLAYERS)
            )
            return tg.Start(by=interaction.user.id, traitors=count)

        await self.run(interaction, action, "The roles are out.")

    @app_commands.command(name="vote", description="Host: open the round-table vote")
    @app_commands.guild_only()
    async def vote(self, interaction: discord.Interaction) -> None:
        await self.run(
            interaction, lambda s: tg.OpenVote(by=interaction.user.id), "The vote is open."
        )

    @app_commands.command(
        name="close", description="Host: stop waiting — close the vote or the night"
    )
    @app_commands.guild_only()
    async def close(self, interaction: discord.Interaction) -> None:
        def action(session: Session[tg.State]) -> tg.Action:
            if session.state.phase is tg.Phase.VOTE:
                return tg.CloseVote(by=interaction.user.id)
            return tg.CloseNight(by=interaction.user.id)

        await self.run(interaction, action, "Closed.")

    @app_commands.command(name="end", description="Host: abandon the game (no result is recorded)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, lambda s: tg.Abort(by=interaction.user.id), "The game is over.")

    @app_commands.command(
        name="status", description="Who is still in, the phase, whose answer is awaited"
    )
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            state = self.session_here(interaction).state
            lines = [f"Phase: **{state.phase.value}**, round {state.round}. Host: <@{state.host}>."]
            if state.phase is tg.Phase.LOBBY:
                lines.append(f"In the lobby: {mentions(state.players)}")
            else:
                lines.append(f"Still in the game: {mentions(tg.living(state))}")
                gone = [f"<@{p}> ({fate.value} on day {r})" for p, fate, r in state.fates]
                lines.append("Out: " + (", ".join(gone) or "nobody yet"))
                if state.phase is tg.Phase.VOTE:
                    lines.append(f"Votes awaited from: {mentions(tg.awaiting(state))}")
            await reply(interaction, "\n".join(lines))

    @app_commands.command(
        name="me", description="Your role and anything waiting for you (only you see it)"
    )
    @app_commands.guild_only()
    async def me(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            session = self.bot.games.in_channel(channel_id(interaction))
            if session is None or session.game.kind != KIND:  # asked elsewhere in the server
                session = await self.bot.games.player_game(
                    guild_id(interaction), interaction.user.id
                )
            if session is None or session.game.kind != KIND:
                await reply(interaction, "You aren't in a Traitors game in this server.")
                return
            await self.show_secret(interaction, session)

    @app_commands.command(
        name="odds", description="How likely the Traitors are to win, exactly and simulated"
    )
    @app_commands.describe(
        players="Number of players (3–1000)",
        traitors="Number of Traitors",
        faithful_strategy="How the Faithful vote",
        traitor_strategy="How the Traitors vote",
        punish="Faithful who vote-left punish anyone seen deviating",
        rule="When the Traitors win: parity (at least as many) or majority (more)",
        games="How many games to simulate",
    )
    @app_commands.choices(
        faithful_strategy=[app_commands.Choice(name=n, value=n) for n in ("random", "vote-left")],
        traitor_strategy=[
            app_commands.Choice(name=n, value=n) for n in ("random", "collude", "vote-left")
        ],
        rule=[app_commands.Choice(name=n, value=n) for n in ("parity", "majority")],
    )
    async def odds(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 3, 1000],
        traitors: app_commands.Range[int, 1, 999],
        faithful_strategy: str = "random",
        traitor_strategy: str = "random",
        punish: bool = False,
        rule: str = "parity",
        games: app_commands.Range[int, 1, 200_000] | None = None,
    ) -> None:
        strategies: dict[str, Any] = {
            "faithful": faithful_strategy,
            "traitors_play": traitor_strategy,
            "punish": punish,
            "rule": rule,
        }
        try:
            games = check_request(players, traitors, games=games, **strategies)
        except ValueError as error:
            await reply(interaction, str(error))
            return
        await interaction.response.defer(thinking=True)  # a simulation may take a second or two
        report = await asyncio.to_thread(odds_report, players, traitors, games=games, **strategies)
        png = await asyncio.to_thread(odds_chart, players, traitors, simulated=report, **strategies)
        await interaction.followup.send(
            embed=odds_embed(report), file=discord.File(io.BytesIO(png), "odds.png")
        )

    # Components ------------------------------------------------------------------------------
    def join_action(self, user: int, value: str) -> tuple[tg.Join, str]:
        return tg.Join(player=user), "You're in."

    def leave_action(self, user: int) -> tg.Leave:
        return tg.Leave(player=user)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member who leaves the server leaves their game too, so nobody waits for them."""
        session = await self.bot.games.player_game(payload.guild_id, payload.user.id)
        if session is None or session.game.kind != KIND:
            return
        state = session.state
        action = (
            tg.Leave(player=payload.user.id)
            if state.phase is tg.Phase.LOBBY
            else tg.Depart(player=payload.user.id)
        )
        try:
            step = await self.bot.games.apply(session, action)
        except RuleError:
            return  # already out of the game
        await self.deliver(session, step.effects)


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(TraitorsCog(bot))
