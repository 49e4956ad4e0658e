"""`ravenswood run`: start the bot with the settings from the environment."""

from __future__ import annotations

import argparse
import base64
import binascii
import logging

import aiohttp
import discord

from bot.cli.common import CliError
from bot.config import Config
from bot.shards import ShardSpecError, parse_shards
from bot.store.database import StoreError, describe
from bot.store.migrations import DatabaseTooNew


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("run")
    parser.set_defaults(handler=run)


def looks_like_token(token: str) -> bool:
    """A bot token is three dot-separated parts, the first the base64 of the bot's numeric id."""
    parts = token.split(".")
    if len(parts) != 3 or not all(parts):
        return False
    try:
        first = base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4))
    except (binascii.Error, ValueError):
        return False
    return first.isdigit()


def run(args: argparse.Namespace) -> int:
    from bot.app import create_bot

    config = Config.from_env()
    try:
        shards = parse_shards(config.shards)
    except ShardSpecError as exc:
        raise CliError(str(exc)) from None
    if not config.token:
        raise CliError(
            "DISCORD_TOKEN is not set; copy your bot's token from the Discord developer portal "
            "and export it."
        )
    if not looks_like_token(config.token):
        raise CliError(
            "DISCORD_TOKEN does not look like a bot token; copy it again from the Bot page of "
            "the Discord developer portal."
        )
    level = logging.getLevelName(config.log_level)
    if not isinstance(level, int):
        raise CliError(
            f"RAVENSWOOD_LOG_LEVEL is {config.log_level!r}; use DEBUG, INFO, WARNING or ERROR."
        )
    logging.getLogger().setLevel(level)
    # discord.py's start-up chatter (voice support, "logging in") would precede the one sentence
    # a refused token gets; the bot turns its logs back on once logged in (setup_hook).
    logging.getLogger("discord").setLevel(logging.ERROR)
    try:
        bot = create_bot(config.database, config.sync_guild, shards)
        bot.heartbeat_file = config.heartbeat
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        raise CliError(
            "Discord refused the token in DISCORD_TOKEN; reset it in the portal."
        ) from None
    except discord.PrivilegedIntentsRequired:
        raise CliError(
            "Enable the Server Members intent for the bot in the Discord developer portal."
        ) from None
    except (aiohttp.ClientError, OSError) as exc:
        raise CliError(
            f"Could not reach Discord ({exc}); check the network and try again."
        ) from None
    except DatabaseTooNew as exc:
        raise CliError(str(exc)) from None
    except StoreError as exc:
        raise CliError(f"Cannot open the database {describe(config.database)}: {exc}.") from None
    return 0
