"""Settings from environment variables (all listed in README.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from bot.heartbeat import DEFAULT_PATH as DEFAULT_HEARTBEAT


@dataclass(frozen=True)
class Config:
    token: str
    database: str = "ravenswood.sqlite3"
    sync_guild: int | None = None  # sync commands to one server at once (handy in development)
    log_level: str = "INFO"
    roles_json: str = ""  # an official roles.json: show its ability texts instead of ours
    shards: str = ""  # RAVENSWOOD_SHARDS, e.g. 0-3/16 (bot.shards.parse_shards); empty: all
    heartbeat: str = DEFAULT_HEARTBEAT  # the file the bot's pulse goes to (bot.heartbeat)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Config:
        env = os.environ if environ is None else environ
        guild = env.get("RAVENSWOOD_SYNC_GUILD", "").strip()
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            database=env.get("RAVENSWOOD_DB", "").strip() or cls.database,
            sync_guild=int(guild) if guild.isdigit() else None,
            log_level=env.get("RAVENSWOOD_LOG_LEVEL", "").strip().upper() or cls.log_level,
            roles_json=env.get("RAVENSWOOD_ROLES_JSON", "").strip(),
            shards=env.get("RAVENSWOOD_SHARDS", "").strip(),
            heartbeat=env.get("RAVENSWOOD_HEARTBEAT", "").strip() or cls.heartbeat,
        )
