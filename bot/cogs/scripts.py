"""/script: score a Clocktower script, print its night order, deal a balanced bag, save scripts.

A script comes from exactly one of: JSON pasted as text, an attached file (up to 1 MB), or a name
(a base edition or a script saved on this server). An invalid script is answered privately with
every problem at once, and nothing is saved. The bag is the storyteller's secret: always private.
With ``RAVENSWOOD_ROLES_JSON`` pointing at an official roles.json, its ability texts and night
reminders are shown instead of our summaries (read once, at start-up).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ravenswood
from bot.editions import base_code, base_script, for_players
from bot.errors import Refusal
from bot.interactions import can_manage, guild_id, reply
from bot.parsing import quoted, safe
from bot.render.scripts import (
    bag_embed,
    character_embed,
    characters_embed,
    house_rules,
    night_embed,
    night_file,
    problems_embed,
    saved_list_embed,
    score_embed,
    score_file,
)
from bot.store import scripts as store
from engine.clocktower.bag import MAX_TRAVELLERS, BagError, balanced_bag
from engine.clocktower.catalogue import (
    BASE_EDITIONS,
    Character,
    OfficialText,
    characters,
    find,
    normalise_id,
    search,
    suggest,
)
from engine.clocktower.nightorder import night_order
from engine.clocktower.script import (
    MAX_BYTES,
    Problem,
    Script,
    ScriptError,
    load_script,
)
from stats.balance import script_report

log = logging.getLogger(__name__)

CHOICES = 25
MAX_SLASH_GAMES = 200  # self-played games a /script score may ask for (a minute at most)
# Above this many players the players' worlds are searched and sampled, and a game takes
# seconds (0.5 games/s at 15 players), so a slash command plays at most MAX_LARGE_GAMES there
# to answer within its minute; `ravenswood script score --games` plays as many as asked.
LARGE_TABLE = 12
MAX_LARGE_GAMES = 24
SOURCE_HELP = (
    "paste its JSON in `json`, attach it as `file`, or give the `name` of a saved script "
    "(or tb, bmr, snv)"
)
SOURCE_OPTIONS = {
    "json": "The script's JSON, pasted",
    "file": "The script as a .json file (up to 1 MB)",
    "name": "A saved script, or tb / bmr / snv",
}


async def read_file(interaction: discord.Interaction, file: discord.Attachment) -> bytes:
    """The attachment's bytes, acknowledging the interaction first (privately) because a
    download may take longer than Discord waits; too big is a script problem, a failed
    download a refusal."""
    if file.size > MAX_BYTES:
        raise ScriptError(
            [
                Problem(
                    f"file {file.filename}",
                    f"is {file.size:,} bytes, over the 1 MB limit.",
                    "Remove unused items, or attach the plain JSON.",
                )
            ]
        )
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        return await file.read()
    except discord.HTTPException:
        raise Refusal("I couldn't download that file; please attach it again.") from None


def slash_games(players: int | None, games: int | None) -> tuple[int | None, str | None]:
    """The self-played games a /script score plays (None: the quick run) at ``players`` (None:
    the default table of 10), and a sentence saying so when that is fewer than ``games``."""
    if games is None or players is None or players <= LARGE_TABLE or games <= MAX_LARGE_GAMES:
        return games, None
    return MAX_LARGE_GAMES, (
        f"Above {LARGE_TABLE} players each game takes seconds, so this plays "
        f"{MAX_LARGE_GAMES} of the {games} asked; `ravenswood script score --games` plays more."
    )


async def publish(interaction: discord.Interaction, note: str, **message: Any) -> None:
    """A public answer. After a private defer (a file was downloading), the private message
    becomes a short ``note`` and the answer follows in public."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=note)
        await interaction.followup.send(**message)
    else:
        await interaction.response.send_message(**message)


class ScriptsCog(commands.GroupCog, group_name="script", group_description="Clocktower scripts"):
    def __init__(self, bot: Ravenswood) -> None:
        self.bot = bot

    @property
    def official(self) -> dict[str, OfficialText]:
        """The operator's official texts, loaded once by the bot (``bot.app.load_official``)."""
        return self.bot.official

    # Finding the script ----------------------------------------------------------------------
    async def source(
        self,
        interaction: discord.Interaction,
        json: str | None,
        file: discord.Attachment | None,
        name: str | None,
    ) -> str | bytes | Script:
        """The one script source given: raw text/bytes to import, or an already valid script."""
        given = [x for x in (json, file, name) if x is not None]
        if len(given) != 1:
            many = "Give only one script: " if given else "Give a script: "
            raise Refusal(many + SOURCE_HELP + ".")
        if file is not None:
            return await read_file(interaction, file)
        if json is not None:
            return json
        assert name is not None  # exactly one source was given
        code = base_code(name)
        if code is not None:
            return base_script(code)
        saved = None
        if interaction.guild_id is not None:
            saved = await store.get_script(self.bot.db, interaction.guild_id, name)
        if saved is None:
            raise Refusal(
                f"No saved script is called “{quoted(name)}”; see `/script list`, "
                "or use tb, bmr or snv."
            )
        return saved.json

    async def script(
        self,
        interaction: discord.Interaction,
        json: str | None,
        file: discord.Attachment | None,
        name: str | None,
        players: int | None = None,
    ) -> Script:
        found = await self.source(interaction, json, file, name)
        if isinstance(found, Script):
            return for_players(found, players)
        return load_script(found, players)

    async def run(
        self, interaction: discord.Interaction, outcome: str, work: Callable[[], Awaitable[None]]
    ) -> None:
        """Run a command body; a refusal or an invalid script is answered privately."""
        try:
            await work()
        except Refusal as refusal:
            await reply(interaction, str(refusal))
        except ScriptError as error:
            problems = [p.to_dict() for p in error.problems]
            await reply(interaction, "", embed=problems_embed(problems, outcome))

    # Autocomplete ----------------------------------------------------------------------------
    async def complete_name(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        key = normalise_id(typed)
        choices = [
            app_commands.Choice(name=f"{title} (base edition)", value=code)
            for code, title in BASE_EDITIONS.items()
            if key in normalise_id(title) or key in code
        ]
        if interaction.guild_id is not None:
            names = await store.matching_names(self.bot.db, interaction.guild_id, typed, CHOICES)
            choices += [app_commands.Choice(name=n, value=n) for n in names]
        return choices[:CHOICES]

    async def complete_saved(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        names = await store.matching_names(self.bot.db, interaction.guild_id, typed, CHOICES)
        return [app_commands.Choice(name=n, value=n) for n in names]

    async def complete_character(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=f"{c.name} ({c.team})", value=c.id)
            for c in search(typed, limit=CHOICES)
        ]

    # Commands --------------------------------------------------------------------------------
    @app_commands.command(name="score", description="How hard a script is, and how it plays")
    @app_commands.describe(
        **SOURCE_OPTIONS,
        players="Score and simulate for this many players (default 10)",
        games=(
            "Self-played games for the balance (default: a quick run; at most 24 above 12 players)"
        ),
    )
    @app_commands.autocomplete(name=complete_name)
    async def score(
        self,
        interaction: discord.Interaction,
        json: app_commands.Range[str, 1, 6000] | None = None,
        file: discord.Attachment | None = None,
        name: str | None = None,
        players: app_commands.Range[int, 5, 15] | None = None,
        games: app_commands.Range[int, 1, MAX_SLASH_GAMES] | None = None,
    ) -> None:
        async def work() -> None:
            script = await self.script(interaction, json, file, name, players)
            downloaded = interaction.response.is_done()  # deferred privately for a file
            if not downloaded:  # simulating takes seconds: acknowledge in public first
                await interaction.response.defer(thinking=True)
            played, capped = slash_games(players, games)
            report = await asyncio.to_thread(script_report, script, players, played)
            embed = score_embed(report, script.bootlegger)
            message: dict[str, Any] = {"embed": embed, "file": score_file(report)}
            if capped is not None:
                message["content"] = capped
            if downloaded:
                note = f"Scored {safe(script.name)}: posted below."
                await publish(interaction, note, **message)
            else:
                await interaction.followup.send(**message)

        await self.run(interaction, "it was not scored.", work)

    @app_commands.command(name="nightorder", description="Who wakes when, first night and after")
    @app_commands.describe(
        **SOURCE_OPTIONS,
    )
    @app_commands.autocomplete(name=complete_name)
    async def nightorder(
        self,
        interaction: discord.Interaction,
        json: app_commands.Range[str, 1, 6000] | None = None,
        file: discord.Attachment | None = None,
        name: str | None = None,
    ) -> None:
        async def work() -> None:
            script = await self.script(interaction, json, file, name)
            order = night_order(script, self.official)
            await publish(
                interaction,
                f"The night order of {safe(script.name)}: posted below.",
                embed=house_rules(night_embed(order), script.bootlegger),
                file=night_file(order),
            )

        await self.run(interaction, "no night order.", work)

    @app_commands.command(name="bag", description="Storyteller: a balanced set of characters")
    @app_commands.describe(
        players="How many players (5–15), not counting travellers",
        **SOURCE_OPTIONS,
        seed="The same seed deals the same bag (default: a random one)",
        travellers="How many travellers join (0–5)",
    )
    @app_commands.autocomplete(name=complete_name)
    async def bag(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[int, 5, 15],
        json: app_commands.Range[str, 1, 6000] | None = None,
        file: discord.Attachment | None = None,
        name: str | None = None,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
        travellers: app_commands.Range[int, 0, MAX_TRAVELLERS] = 0,
    ) -> None:
        async def work() -> None:
            script = await self.script(interaction, json, file, name, players)
            chosen = random.randrange(1_000_000) if seed is None else seed
            try:
                dealt = balanced_bag(script, players, chosen, travellers)
            except BagError as error:
                raise Refusal(str(error)) from None
            known = {c.id: c for c in characters()} | {c.id: c for c in script.characters}
            embed = house_rules(bag_embed(dealt, known), script.bootlegger)
            await reply(interaction, "", embed=embed)

        await self.run(interaction, "no bag was dealt.", work)

    @app_commands.command(name="save", description="Save a script to this server by name")
    @app_commands.describe(
        name="The name to save it under (saving under an existing name replaces it)",
        json=SOURCE_OPTIONS["json"],
        file=SOURCE_OPTIONS["file"],
    )
    @app_commands.autocomplete(name=complete_saved)
    @app_commands.guild_only()
    async def save(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, store.MAX_NAME],
        json: app_commands.Range[str, 1, 6000] | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        async def work() -> None:
            shown = store.clean_name(name)
            if not shown:
                raise Refusal("Give the script a name with at least one letter.")
            if base_code(shown) is not None:
                raise Refusal(f"“{safe(shown)}” is a base edition's name; pick another.")
            if json is None and file is None:
                raise Refusal("Give the script to save: paste its JSON in `json` or attach it.")
            script = await self.script(interaction, json, file, None)
            normal = script.to_json()
            if len(normal.encode()) > MAX_BYTES:
                raise Refusal("That script is over 1 MB once tidied; remove unused items.")
            old = await store.get_script(self.bot.db, guild_id(interaction), shown)
            if old and old.author_id != interaction.user.id and not can_manage(interaction.user):
                raise Refusal(
                    f"“{safe(old.name)}” was saved by <@{old.author_id}>; only they or someone "
                    "with Manage Server may replace it. Pick another name."
                )
            replaced = await store.save_script(
                self.bot.db, guild_id(interaction), shown, normal, interaction.user.id
            )
            what = "Replaced the earlier" if replaced else "Saved the"
            await reply(
                interaction,
                f"{what} script **{safe(shown)}** ({len(script.characters)} characters, "
                f"{safe(script.name)}). Use it with `name:` in `/script score`, `nightorder` and `bag`.",
            )

        await self.run(interaction, "nothing was saved.", work)

    @app_commands.command(name="list", description="The scripts saved on this server")
    @app_commands.guild_only()
    async def list_(self, interaction: discord.Interaction) -> None:
        saved = await store.list_scripts(self.bot.db, guild_id(interaction))
        await reply(interaction, "", embed=saved_list_embed(saved))

    @app_commands.command(name="delete", description="Delete a saved script (its saver or admins)")
    @app_commands.describe(name="The saved script to delete")
    @app_commands.autocomplete(name=complete_saved)
    @app_commands.guild_only()
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        saved = await store.get_script(self.bot.db, guild_id(interaction), name)
        if saved is None:
            await reply(interaction, f"No saved script is called “{quoted(name)}”.")
            return
        if saved.author_id != interaction.user.id and not can_manage(interaction.user):
            await reply(
                interaction,
                f"Only <@{saved.author_id}>, who saved “{safe(saved.name)}”, or someone with "
                "Manage Server may delete it.",
            )
            return
        await store.delete_script(self.bot.db, guild_id(interaction), name)
        await reply(interaction, f"Deleted the saved script **{safe(saved.name)}**.")

    @app_commands.command(name="characters", description="Look up an official character")
    @app_commands.describe(query="A character's name or part of it")
    @app_commands.autocomplete(query=complete_character)
    async def characters_(
        self, interaction: discord.Interaction, query: app_commands.Range[str, 1, 100]
    ) -> None:
        exact = find(query)
        if exact is not None:
            names = {c.id: c.name for c in characters()}
            await reply(interaction, "", embed=character_embed(exact, names, self.official))
            return
        found: list[Character] = search(query)
        if found:
            await reply(interaction, "", embed=characters_embed(found, query, self.official))
            return
        close = [c.name for c in map(find, suggest(query)) if c is not None]
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        await reply(interaction, f"No character matches “{quoted(query)}”.{hint}")


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(ScriptsCog(bot))
