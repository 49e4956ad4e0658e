"""/voice: link a game to a voice channel, unlink it, listen as a spectator, the storyteller's
visits; and the listeners that keep every linked game's rooms right (``bot.voice_rooms``).

One command group for both games, since voice works the same in each (and ``/clocktower``
already holds the 25 commands Discord allows a group). A game can also be linked when it is
opened: ``/clocktower new voice:`` and ``/traitors new voice:``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ravenswood
from bot.errors import NoGameHere, Refusal, answering
from bot.interactions import can_manage, channel_id, reply
from bot.sessions import Session

NOT_LINKED = "This game isn't played in voice; link a voice channel with `/voice link`."


class VoiceCog(commands.GroupCog, group_name="voice", group_description="Play a game in voice"):
    def __init__(self, bot: Ravenswood) -> None:
        self.bot = bot

    def game_here(self, interaction: discord.Interaction) -> Session[object]:
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None:
            raise NoGameHere("There's no game in this channel; open one first.")
        return session

    def require_host(self, interaction: discord.Interaction, session: Session[object]) -> None:
        """The one who opened the game (a human storyteller, a bot game's opener, the Traitors'
        host) or a server manager."""
        if interaction.user.id != session.game.host_id and not can_manage(interaction.user):
            raise Refusal(
                "Only whoever opened this game (or a server manager) can change its voice."
            )

    @staticmethod
    def started(session: Session[object]) -> bool:
        return str(getattr(session.state, "phase", "lobby")) != "lobby"

    @app_commands.command(name="link", description="Play this channel's game in a voice channel")
    @app_commands.describe(channel="The town square (Clocktower) or round table (Traitors)")
    @app_commands.guild_only()
    async def link(self, interaction: discord.Interaction, channel: discord.VoiceChannel) -> None:
        async with answering(interaction):
            session = self.game_here(interaction)
            self.require_host(interaction, session)
            if self.started(session):
                people = set(session.rules.players(session.state))
                problem = self.bot.voice.problems(session, people, channel.id)
                if problem is not None:  # under way: checked now rather than at the start
                    raise Refusal(problem)
            await self.bot.voice.link(session, channel.id)
            await reply(interaction, f"This game is played in {channel.mention} now.")
            await self.bot.voice.follow(session)

    @app_commands.command(name="unlink", description="Stop playing this channel's game in voice")
    @app_commands.guild_only()
    async def unlink(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            session = self.game_here(interaction)
            self.require_host(interaction, session)
            if self.bot.voice.links.get(session.game.id) is None:
                raise Refusal(NOT_LINKED)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.bot.voice.unlink(session)
            await reply(interaction, "Voice is off for this game; its rooms will be deleted.")

    @app_commands.command(
        name="visits", description="Storyteller: be moved to each woken player's cottage at night"
    )
    @app_commands.describe(on="On (the default) or off")
    @app_commands.guild_only()
    async def visits(self, interaction: discord.Interaction, on: bool) -> None:
        async with answering(interaction):
            session = self.game_here(interaction)
            self.require_host(interaction, session)
            link = self.bot.voice.links.get(session.game.id)
            if link is None:
                raise Refusal(NOT_LINKED)
            link.follow = on
            await self.bot.voice.link(session, link.square_id)
            state = "moved to each woken player" if on else "left in your own cottage"
            await reply(interaction, f"At night you will be {state}.")
            await self.bot.voice.follow(session)

    @app_commands.command(name="spectate", description="Listen to this game from its voice channel")
    @app_commands.guild_only()
    async def spectate(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            session = self.game_here(interaction)
            if interaction.user.id in session.rules.players(session.state):
                raise Refusal("You play in this game; you are let into its voice already.")
            square = await self.bot.voice.spectate(session, interaction.user.id)
            if square is None:
                raise Refusal(NOT_LINKED)
            await reply(
                interaction, f"You may join <#{square}> to listen; no private room opens to you."
            )

    @commands.Cog.listener()
    async def on_voice_state_update(
        self, member: discord.Member, before: discord.VoiceState, after: discord.VoiceState
    ) -> None:
        if before.channel != after.channel and self.bot.voice.links:
            await self.bot.voice.moved(member, before, after)

    @commands.Cog.listener()
    async def on_games_restored(self) -> None:
        await self.bot.voice.restored()


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(VoiceCog(bot))
