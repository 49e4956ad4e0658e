"""The discord.py Bot: opens the database, loads the cogs, restores games, syncs commands."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import secrets
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cluster import Steward
from bot.config import Config
from bot.delivery import Courier
from bot.errors import SORRY, Refusal, answer_refusal
from bot.heartbeat import Heartbeat
from bot.interactions import reply
from bot.sessions import Session, SessionManager
from bot.shards import ShardSlice
from bot.store import leases as lease_store
from bot.store.connect import open_database
from bot.store.database import Database
from bot.views import ComponentHandler, GameButton, GameSelect, QuestionItem
from bot.voice_rooms import VoiceRooms
from engine.clocktower.catalogue import OfficialText, official_texts

log = logging.getLogger(__name__)

COGS = (
    "bot.cogs.traitors",
    "bot.cogs.scripts",
    "bot.cogs.ratings",
    "bot.cogs.cluedo",
    "bot.cogs.clocktower",
    "bot.cogs.voice",
)


class Ravenswood(commands.Bot):
    """The bot, one process of it. Several processes may share a PostgreSQL database (each
    running a slice of the gateway shards, ``ShardedRavenswood``): each keeps its own copy of the
    games it touches, checked against the log before every action (``SessionManager``); the
    timers, and what a restart owes the table, run on the one holding the ``clocks`` lease
    (``bot.cluster``); slash commands are synced by one of them."""

    # The file the bot's pulse goes to, for `ravenswood health` (bot.heartbeat): set by
    # `ravenswood run`; None (the tests' bots) writes none.
    heartbeat_file: str | None = None

    def __init__(self, database: str, sync_guild: int | None = None, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.members = True  # to notice players who leave the server mid-game
        intents.voice_states = True  # where players are in voice (a default intent, kept on)
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, **options
        )
        self.database_path = database
        self.sync_guild = sync_guild
        # Set up in setup_hook, before any cog or event can use them.
        self.db: Database
        self.games: SessionManager
        self.courier: Courier
        self.voice: VoiceRooms
        # The operator's official character texts (RAVENSWOOD_ROLES_JSON), else none: our own.
        self.official: dict[str, OfficialText] = {}
        # Game kind -> the cog method that handles its buttons and menus.
        self.component_handlers: dict[str, ComponentHandler] = {}
        # The custom_id patterns of every persistent component; anything else is unknown to us.
        self.component_templates: list[re.Pattern[str]] = []
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.restoring: asyncio.Task[None]
        self.steward: Steward
        # Whether this process has done, since it took the clocks lease, what a restart owes
        # the table (``games_restored``: clocks back, fresh vote boards, voice rooms).
        self.caught_up = False
        self.heartbeat: Heartbeat | None = None

    async def setup_hook(self) -> None:
        logging.getLogger("discord").setLevel(logging.NOTSET)  # logged in: its logs are wanted
        self.db = await open_database(self.database_path)
        self.games = SessionManager(self.db, [])
        self.courier = Courier(self, self.games)
        self.steward = Steward(
            self.games,
            self.courier.flush,
            taken=self.take_up_games,
            dropped=self.drop_games,
            changed=self.games_changed,
        )
        self.voice = VoiceRooms(self, self.db)
        self.official = await asyncio.to_thread(load_official, Config.from_env().roles_json)
        if self.heartbeat_file:
            self.heartbeat = Heartbeat(self, Path(self.heartbeat_file))
            self.heartbeat.start()
        for name in COGS:
            await self.load_extension(name)
        # The games are read and rebuilt in the background, each at once when an interaction
        # touches it first (``rebuild_first``, ``bot.views.dispatch``): connecting never waits.
        self.restoring = asyncio.create_task(self.restore())
        self.tree.interaction_check = self.rebuild_first  # type: ignore[method-assign]
        # Persistent components: their custom_id carries the game id, so old buttons keep working.
        self.add_dynamic_items(GameButton, GameSelect, QuestionItem)
        self.steward.start()
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync the slash commands with Discord; on a shared database once per version of the
        commands, by whichever process comes first (a one-shot lease named by their digest)."""
        guild = discord.Object(self.sync_guild) if self.sync_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        if self.db.shared:
            mark = f"commands:{self.sync_guild or 'global'}:{command_digest(self.tree, guild)}"
            holder = secrets.token_hex(8)  # this start of this process
            if not await lease_store.acquire(self.db, mark, holder, lease_store.FOREVER):
                log.info("slash commands: already synced by another process")
                return
            try:
                await self.tree.sync(guild=guild)
            except BaseException:
                await lease_store.release(self.db, mark, holder)  # for the next one to try
                raise
            return
        await self.tree.sync(guild=guild)

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.component_templates += [item.__discord_ui_compiled_template__ for item in items]

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button or menu that no template claims (from an older bot, or forged) gets a reply
        instead of Discord's bare "This interaction failed"."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if any(template.fullmatch(custom_id) for template in self.component_templates):
            return
        await reply(interaction, "That button is no longer in use; the slash commands still work.")

    async def restore(self) -> None:
        restored = await self.games.restore()
        log.info("restored %d running game(s)", len(restored))

    async def rebuild_first(self, interaction: discord.Interaction) -> bool:
        """A command or its completion in a channel whose game is still to be rebuilt after a
        restart rebuilds that game first (one replay: milliseconds), never waiting for the
        others."""
        if interaction.channel_id is not None:
            try:
                await self.games.rebuilt_in(channel=interaction.channel_id)
            except Refusal as refusal:  # answered by on_app_command_error, as any check is
                raise app_commands.CheckFailure(str(refusal)) from refusal
        return True

    async def on_ready(self) -> None:
        """Once every game is back: what games still owed when the bot stopped goes out first,
        each game in order; then the games' own catching up (``on_games_restored``)."""
        await asyncio.shield(self.restoring)
        await self.deliver_owed()
        if self.steward.holds:
            self.catch_up_games()

    def catch_up_games(self) -> None:
        """What a restart owes the table, done by the process holding the clocks lease."""
        if not self.caught_up:
            self.caught_up = True
            self.dispatch("games_restored")

    async def take_up_games(self) -> None:
        """This process took the clocks lease (at start, or from a process that died): once
        the games are read, it delivers what waits and restarts every game's clock."""
        if self.is_ready() and self.restoring.done():
            await self.games.follow()  # games opened elsewhere since this process started
            await self.deliver_owed()
            self.catch_up_games()

    async def drop_games(self) -> None:
        """Another process holds the clocks now: this one's timers stop."""
        self.caught_up = False
        self.dispatch("clocks_dropped")

    async def games_changed(self, sessions: list[Session[Any]]) -> None:
        """Games another process played on, opened or ended: their clocks are set again."""
        self.dispatch("games_changed", sessions)

    async def deliver_owed(self) -> None:
        waiting = self.games.waiting()
        if waiting:
            log.info("delivering what %d game(s) still owe", len(waiting))
            outcomes = await asyncio.gather(
                *(self.courier.flush(box) for box in waiting), return_exceptions=True
            )
            for box, outcome in zip(waiting, outcomes, strict=True):
                if isinstance(outcome, BaseException):
                    log.error("game %s: delivery failed", box.game.id, exc_info=outcome)

    async def close(self) -> None:
        if hasattr(self, "restoring"):
            self.restoring.cancel()
        if hasattr(self, "steward"):
            await self.steward.stop()
        if self.heartbeat is not None:
            await self.heartbeat.stop()
        await super().close()
        if hasattr(self, "db"):
            await self.db.close()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The one place a command's failure is answered: a refusal (the engine's or the
        shell's, ``bot.errors``) as its sentence; anything else logged, with an apology. No
        traceback ever reaches a user."""
        original = getattr(error, "original", error)  # what the command itself raised
        if isinstance(error, app_commands.CheckFailure):
            await reply(interaction, str(error) or "You can't use this command here.")
        elif not await answer_refusal(interaction, original):
            log.exception(
                "command %s failed",
                interaction.command and interaction.command.name,
                exc_info=error,
            )
            await reply(interaction, SORRY)


class ShardedRavenswood(Ravenswood, commands.AutoShardedBot):
    """The bot running a slice of the gateway's shards (``RAVENSWOOD_SHARDS``)."""


def create_bot(
    database: str, sync_guild: int | None = None, shards: ShardSlice | None = None
) -> Ravenswood:
    """One process of the bot: all of it, or the shards ``shards`` names."""
    if shards is None:
        return Ravenswood(database, sync_guild)
    return ShardedRavenswood(
        database, sync_guild, shard_ids=list(shards.ids), shard_count=shards.count
    )


def command_digest(tree: app_commands.CommandTree[Any], guild: discord.Object | None) -> str:
    """A digest of the slash commands as Discord is sent them: a new version, a new sync."""
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps(payload, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def load_official(path: str) -> dict[str, OfficialText]:
    """The operator's official roles.json, if configured; a bad file is logged and ignored."""
    if not path:
        return {}
    try:
        texts = official_texts(Path(path).read_bytes())
    except OSError as exc:
        log.warning("RAVENSWOOD_ROLES_JSON: cannot read %s (%s); using our summaries", path, exc)
        return {}
    if not texts:
        log.warning("RAVENSWOOD_ROLES_JSON: %s has no usable characters; using our summaries", path)
    else:
        log.info("showing official texts for %d characters from %s", len(texts), path)
    return texts
