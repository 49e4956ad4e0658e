"""/ratings: record and import results, and show the Bayesian skill ratings — a shell on stats.ratings.

Ratings are per server and per game kind. Results come from the results store: games the bot
ran (kind 'traitors': Faithful = good, Traitors = evil), tabletop games recorded here, and
imported files. Any member may record or import; both are announced in the channel, and each
is an entry that the member who made it, or anyone with Manage Server, can undo whole. A file
whose games (or whose first games) were already imported here is refused, so nothing counts
twice.

Fitting runs in a worker thread after deferring. The last fit per server and kind is kept, so
chart and player questions about unchanged data answer at once; the model comparisons (many
more fits) are computed only for /ratings model, within MODEL_SECONDS (a comparison that would
take longer is named with the reason instead), and kept too. One lock per server and kind
stops two commands fitting the same data at once. Names are printed through
stats.ratings.names.shown, so a display name cannot carry terminal escapes or reversed text.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import io
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ravenswood
from bot.interactions import can_manage, guild_id, guild_of, reply
from bot.parsing import mention_id
from bot.render.ratings import (
    Namer,
    already_imported_text,
    already_on_record_text,
    caution,
    chart_embed,
    chart_title,
    entry_text,
    games_text,
    humanise,
    imported_text,
    kind_title,
    model_embed,
    player_embed,
    recorded_text,
    shown_players,
    too_few_text,
    unknown_members_text,
)
from bot.store.result_entries import add_entry, get_entry, live_entries, undo_entry
from bot.store.results import Result, Seat, load_results, user_key
from stats.charts.ratings import ratings_chart
from stats.ratings import (
    GameRecord,
    RatingFit,
    RatingsReport,
    fit_ratings,
    games_to_csv,
    parse_games,
    prob_better,
    ratings_report,
    validate_game,
)
from stats.ratings.budget import Budget
from stats.ratings.names import shown
from stats.ratings.report import PlayerRating

KINDS = ("clocktower", "traitors")
KIND_CHOICES = [app_commands.Choice(name=kind_title(k), value=k) for k in KINDS]
MIN_FIT_GAMES = 3  # fewer games than this say nothing worth a chart
RANK_GAMES = 5  # the games a player needs to be ranked in /ratings player
RIVALS = 3  # players compared on each side in /ratings player
MAX_UPLOAD_BYTES = 2_000_000  # checked on Attachment.size, before downloading
MODEL_SECONDS = 60.0  # for the model comparisons: Discord's follow-up lasts 15 minutes, people less
CHOICES = 25  # Discord shows at most 25 autocomplete choices
SHOWN_UNKNOWN = 3  # unknown members named in an import refusal
CHECK_FAILED = (
    "I couldn't ask Discord who is a member of this server; nothing was saved. Try again."
)
_MENTION = re.compile(r"<@!?([0-9]+)>")
_OTHER_MARKUP = re.compile(r"<(@&|#|a?:\w+:)\d+>")


@dataclass(frozen=True)
class Ratings:
    """One fit of one server's games of one kind: the posterior and its report (every player,
    no model comparisons)."""

    games: tuple[GameRecord, ...]
    fit: RatingFit
    report: RatingsReport


def compute_ratings(games: tuple[GameRecord, ...]) -> Ratings:
    """A few seconds for 100,000 games: run in a worker thread."""
    fit = fit_ratings(games)
    return Ratings(games, fit, ratings_report(games, fit, min_games=0, comparisons=False))


def compute_model_report(ratings: Ratings) -> RatingsReport:
    """The report with the model comparisons that fit in MODEL_SECONDS: run in a worker thread."""
    return ratings_report(ratings.games, ratings.fit, min_games=0, budget=Budget(MODEL_SECONDS))


def record_of(result: Result) -> GameRecord:
    return GameRecord(
        good=tuple(s.player for s in result.seats if s.team == "good"),
        evil=tuple(s.player for s in result.seats if s.team == "evil"),
        winner=result.winner,
        storyteller=result.storyteller,
        kind=result.kind,
        script=result.script,
    )


def result_of(game: GameRecord, guild_id: int, source: str) -> Result:
    seats = [Seat(p, "good") for p in game.good] + [Seat(p, "evil") for p in game.evil]
    return Result(
        guild_id=guild_id,
        kind=game.kind,
        winner=game.winner,
        seats=tuple(seats),
        storyteller=game.storyteller,
        script=game.script,
        source=source,
    )


async def is_member(guild: discord.Guild, user_id: int) -> bool:
    """Whether the user is in the server. The member cache can lag (start-up chunking, someone
    who just joined), so a miss is asked of Discord, and only its "no such member" is a no."""
    if guild.get_member(user_id) is not None:
        return True
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    return True


async def parse_players(text: str, guild: discord.Guild) -> list[str]:
    """Member mentions become 'user:<id>'; the rest are plain names.

    Commas and mentions separate players, so a plain name may contain spaces: "Dora Smith" is
    one player, "Dora, Eve" two. Raises ValueError for a mention of someone not in the server,
    a role or a channel.
    """
    if _OTHER_MARKUP.search(text):
        raise ValueError("only members and plain names can play, not roles, channels or emoji")
    pieces = _MENTION.split(text)  # plain text, id, plain text, id, ...
    players: list[str] = []
    for index, piece in enumerate(pieces):
        if index % 2:
            member = mention_id(piece)
            if member is None:
                raise ValueError("a mention there is longer than any member's id")
            if not await is_member(guild, member):
                raise ValueError(f"<@{piece}> isn't a member of this server")
            players.append(user_key(member))
        else:
            players.extend(" ".join(n.split()) for n in piece.split(",") if n.strip())
    return players


def prefix_digests(games: Sequence[GameRecord]) -> list[str]:
    """sha256 of the first k games as exported CSV rows, for k = 1..n: the last identifies the
    games, and the others find an earlier import that this file merely extends."""
    digest = hashlib.sha256()
    out = []
    for row in games_to_csv(games).splitlines()[1:]:  # one line per game: names have no breaks
        digest.update(row.encode() + b"\n")
        out.append(digest.hexdigest())
    return out


async def unknown_members(games: Sequence[GameRecord], guild: discord.Guild) -> list[str]:
    """Players given as 'user:<id>' who are not members of the server, in first-seen order;
    the search stops once SHOWN_UNKNOWN + 1 are found (enough to refuse and name them)."""
    keys = dict.fromkeys(p for g in games for p in (*g.good, *g.evil) if p.startswith("user:"))
    unknown: list[str] = []
    for key in keys:
        if len(unknown) > SHOWN_UNKNOWN:
            break
        member = mention_id(key[5:])
        if member is None or not await is_member(guild, member):
            unknown.append(key)
    return unknown


def namer_for(guild: discord.Guild | None) -> Namer:
    """Display names for members' keys ("player <id>" for those gone); plain names as they are;
    either safe to print."""

    def name(key: str) -> str:
        member_id = mention_id(key[5:]) if key.startswith("user:") else None
        if member_id is not None:
            member = guild.get_member(member_id) if guild else None
            return shown(member.display_name) if member else f"player {member_id}"
        return shown(key)

    return name


def game_counts(games: Sequence[GameRecord]) -> Counter[str]:
    return Counter(p for g in games for p in (*g.good, *g.evil))


def rivals_of(players: Sequence[PlayerRating], key: str) -> tuple[int | None, int, list[str]]:
    """The player's rank among those with RANK_GAMES games, and the players ranked around them.

    An unranked player is compared with their neighbours among everyone, ranked or not.
    """
    ranked = [p.name for p in players if p.games >= RANK_GAMES]
    rank = ranked.index(key) + 1 if key in ranked else None
    order = ranked if rank else [p.name for p in players]
    at = order.index(key)
    return rank, len(ranked), order[max(0, at - RIVALS) : at] + order[at + 1 : at + 1 + RIVALS]


class RatingsCog(
    commands.GroupCog, group_name="ratings", group_description="Skill ratings from finished games"
):
    def __init__(self, bot: Ravenswood) -> None:
        self.bot = bot
        self.fits: dict[tuple[int, str], Ratings] = {}
        self.models: dict[tuple[int, str], tuple[Ratings, RatingsReport]] = {}
        self.locks: defaultdict[tuple[int, str], asyncio.Lock] = defaultdict(asyncio.Lock)

    async def games(self, guild_id: int, kind: str) -> tuple[GameRecord, ...]:
        return tuple(record_of(r) for r in await load_results(self.bot.db, guild_id, kind))

    async def ratings(self, guild_id: int, games: tuple[GameRecord, ...], kind: str) -> Ratings:
        """The fit for these games, reusing the last one if nothing changed since."""
        async with self.locks[guild_id, kind]:
            cached = self.fits.get((guild_id, kind))
            if cached is None or cached.games != games:
                cached = await asyncio.to_thread(compute_ratings, games)
                self.fits[guild_id, kind] = cached
            return cached

    async def model_report(
        self, guild_id: int, games: tuple[GameRecord, ...], kind: str
    ) -> RatingsReport:
        """The report with the model comparisons for these games, kept like the fit."""
        ratings = await self.ratings(guild_id, games, kind)
        async with self.locks[guild_id, kind]:
            cached = self.models.get((guild_id, kind))
            if cached is None or cached[0] is not ratings:
                cached = (ratings, await asyncio.to_thread(compute_model_report, ratings))
                self.models[guild_id, kind] = cached
            return cached[1]

    # Data in and out -------------------------------------------------------------------------
    @app_commands.command(name="record", description="Record a tabletop game you ran")
    @app_commands.describe(
        good="Good players: @mentions and/or names, separated by commas",
        evil="Evil players: @mentions and/or names, separated by commas",
        winner="Which team won",
        storyteller="Who ran it: an @mention or a name (default: you)",
        script="The script or edition played",
        game="Which ratings the game counts for",
    )
    @app_commands.choices(
        winner=[app_commands.Choice(name=n.title(), value=n) for n in ("good", "evil")],
        game=KIND_CHOICES,
    )
    @app_commands.guild_only()
    async def record(
        self,
        interaction: discord.Interaction,
        good: str,
        evil: str,
        winner: str,
        storyteller: str | None = None,
        script: str | None = None,
        game: str = "clocktower",
    ) -> None:
        guild = guild_of(interaction)
        namer = namer_for(guild)
        try:
            teller = (
                await parse_players(storyteller, guild)
                if storyteller
                else [user_key(interaction.user.id)]
            )
            if len(teller) != 1:
                raise ValueError("name one storyteller")
            record = validate_game(
                await parse_players(good, guild),
                await parse_players(evil, guild),
                winner,
                storyteller=teller[0],
                kind=game,
                script=script,
            )
        except ValueError as error:
            await reply(interaction, f"Not recorded: {humanise(str(error), namer)}")
            return
        except discord.HTTPException:
            await reply(interaction, CHECK_FAILED)
            return
        entry = await add_entry(
            self.bot.db,
            guild_id(interaction),
            interaction.user.id,
            "record",
            None,
            prefix_digests([record])[-1],
            [result_of(record, guild_id(interaction), "record")],
        )
        await interaction.response.send_message(
            recorded_text(record, entry.id, namer), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="import", description="Import games from a YAML or CSV file")
    @app_commands.describe(
        file="Clocktower IQ YAML (storyteller, edition, good, evil, winner) or CSV",
        game="Count every game for these ratings (default: the file's kind column, else Clocktower)",
    )
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def import_(
        self, interaction: discord.Interaction, file: discord.Attachment, game: str | None = None
    ) -> None:
        filename = shown(file.filename)
        if file.size > MAX_UPLOAD_BYTES:
            await reply(
                interaction,
                f"{filename} is {file.size:,} bytes; I import files of up to "
                f"{MAX_UPLOAD_BYTES:,} bytes. Split it and import the parts.",
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text = (await file.read()).decode("utf-8-sig")
        except UnicodeDecodeError:
            await reply(interaction, f"{filename} isn't a text file; send YAML or CSV.")
            return
        except discord.HTTPException:
            await reply(interaction, f"I couldn't download {filename}; please try again.")
            return
        namer = namer_for(guild_of(interaction))
        try:
            games = await asyncio.to_thread(parse_games, text, file.filename)
            games = [dataclasses.replace(g, kind=game) for g in games] if game else games
            for number, g in enumerate(games, start=1):
                if g.kind not in KINDS:
                    raise ValueError(
                        f"{filename}, game {number}: the kind {g.kind!r} is neither "
                        "clocktower nor traitors"
                    )
            digests = prefix_digests(games)
        except ValueError as error:
            await reply(interaction, f"Nothing was imported. {humanise(str(error), namer)}")
            return
        try:
            unknown = await unknown_members(games, guild_of(interaction))
        except discord.HTTPException:
            await reply(interaction, CHECK_FAILED)
            return
        if unknown:
            await reply(interaction, unknown_members_text(filename, unknown, SHOWN_UNKNOWN))
            return
        repeat = await self.already_here(guild_id(interaction), games, digests, filename, namer)
        if repeat is not None:
            await reply(interaction, repeat)
            return
        entry = await add_entry(
            self.bot.db,
            guild_id(interaction),
            interaction.user.id,
            "import",
            file.filename,
            digests[-1],
            [result_of(g, guild_id(interaction), "import") for g in games],
        )
        kinds = Counter(g.kind for g in games)
        summary = ", ".join(f"{n} {kind_title(k)}" for k, n in sorted(kinds.items()))
        await reply(interaction, f"Imported {games_text(entry.games)} ({summary}).")
        await interaction.followup.send(
            imported_text(entry, summary, namer), allowed_mentions=discord.AllowedMentions.none()
        )

    async def already_here(
        self,
        guild_id: int,
        games: Sequence[GameRecord],
        digests: list[str],
        filename: str,
        namer: Namer,
    ) -> str | None:
        """Why importing these games would count some twice, or None.

        Refused: a file whose games, or whose first games, are an earlier import here; and a
        file of one kind whose games are this server's first games of that kind (an export).
        """
        by_digest = {
            e.digest: e for e in await live_entries(self.bot.db, guild_id, source="import")
        }
        earlier = next((by_digest[d] for d in reversed(digests) if d in by_digest), None)
        if earlier is not None:
            return already_imported_text(filename, len(games), earlier, namer)
        kinds = {g.kind for g in games}
        if len(kinds) == 1:
            on_record = set(prefix_digests(await self.games(guild_id, kinds.pop())))
            if digests[-1] in on_record:
                return already_on_record_text(filename, len(games))
        return None

    @app_commands.command(name="export", description="Download this server's games as CSV")
    @app_commands.describe(game="Which game's results")
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction, game: str = "clocktower") -> None:
        games = await self.games(guild_id(interaction), game)
        if not games:
            await reply(interaction, f"There are no {kind_title(game)} games on record here.")
            return
        data = games_to_csv(games).encode()
        await reply(
            interaction,
            f"{len(games)} {kind_title(game)} game{'s' if len(games) != 1 else ''}. Members appear "
            "as user:<id>, so the file imports back unchanged.",
            file=discord.File(io.BytesIO(data), f"{game}_games.csv"),
        )

    @app_commands.command(name="undo", description="Remove a recorded game or an import")
    @app_commands.describe(
        entry="Which record or import (default: your latest); Manage Server may pick anyone's"
    )
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction, entry: int | None = None) -> None:
        namer = namer_for(guild_of(interaction))
        if entry is None:
            mine = await live_entries(self.bot.db, guild_id(interaction), interaction.user.id)
            if not mine:
                await reply(interaction, "You have no recorded or imported games here to undo.")
                return
            chosen = mine[0]
        else:
            found = await get_entry(self.bot.db, guild_id(interaction), entry)
            if found is None:
                await reply(interaction, f"There is no entry #{entry} on this server.")
                return
            chosen = found
        if chosen.user_id != interaction.user.id and not can_manage(interaction.user):
            await reply(
                interaction,
                f"Entry #{chosen.id} was made by {namer(user_key(chosen.user_id))}; only they or "
                "someone with Manage Server can undo it.",
            )
            return
        if not await undo_entry(self.bot.db, chosen, interaction.user.id):
            await reply(interaction, f"Entry #{chosen.id} was already undone.")
            return
        await interaction.response.send_message(
            f"{shown(interaction.user.display_name)} undid entry {entry_text(chosen, namer)}. "
            "Its games no longer count.",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @undo.autocomplete("entry")
    async def complete_entry(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        """The caller's live entries, newest first (everyone's for Manage Server)."""
        if interaction.guild_id is None:
            return []
        user = None if can_manage(interaction.user) else interaction.user.id
        namer = namer_for(guild_of(interaction))
        lines = [
            (e.id, entry_text(e, namer)[:100])
            for e in await live_entries(self.bot.db, guild_id(interaction), user)
        ]
        wanted = typed.strip().lstrip("#").casefold()
        return [
            app_commands.Choice(name=line, value=entry_id)
            for entry_id, line in lines
            if wanted in line.casefold()
        ][:CHOICES]

    # Ratings ---------------------------------------------------------------------------------
    @app_commands.command(name="chart", description="Post everyone's rating with its uncertainty")
    @app_commands.describe(
        game="Which game", min_games="Show players with at least this many games"
    )
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def chart(
        self,
        interaction: discord.Interaction,
        game: str = "clocktower",
        min_games: app_commands.Range[int, 1, 10_000] = 5,
    ) -> None:
        games = await self.games(guild_id(interaction), game)
        if len(games) < MIN_FIT_GAMES:
            await reply(interaction, too_few_text(game, len(games), MIN_FIT_GAMES))
            return
        most = max(game_counts(games).values())
        if most < min_games:
            await reply(
                interaction,
                f"Nobody has played {min_games} {kind_title(game)} games here yet (the most is "
                f"{most}); try `min_games:{most}`.",
            )
            return
        await interaction.response.defer(thinking=True)
        ratings = await self.ratings(guild_id(interaction), games, game)
        listed = shown_players(ratings.report, min_games, namer_for(guild_of(interaction)))
        title = chart_title(game, listed, min_games)
        png = await asyncio.to_thread(ratings_chart, listed.players, listed.games, title)
        await interaction.followup.send(
            embed=chart_embed(game, listed, min_games, "ratings.png"),
            file=discord.File(io.BytesIO(png), "ratings.png"),
        )

    @app_commands.command(name="model", description="What the games say: evidence and side bias")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def model(self, interaction: discord.Interaction, game: str = "clocktower") -> None:
        games = await self.games(guild_id(interaction), game)
        if len(games) < MIN_FIT_GAMES:
            await reply(interaction, too_few_text(game, len(games), MIN_FIT_GAMES))
            return
        await interaction.response.defer(thinking=True)
        report = await self.model_report(guild_id(interaction), games, game)
        await interaction.followup.send(embed=model_embed(game, report))

    @app_commands.command(name="player", description="A member's rating (only you see it)")
    @app_commands.describe(member="Whose rating", game="Which game")
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def player(
        self, interaction: discord.Interaction, member: discord.Member, game: str = "clocktower"
    ) -> None:
        games = await self.games(guild_id(interaction), game)
        key = user_key(member.id)
        if key not in game_counts(games):
            await reply(
                interaction,
                f"{shown(member.display_name)} has no {kind_title(game)} games on record here.",
            )
            return
        if len(games) < MIN_FIT_GAMES:
            await reply(interaction, too_few_text(game, len(games), MIN_FIT_GAMES))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        ratings = await self.ratings(guild_id(interaction), games, game)
        players = ratings.report.players
        row = next(p for p in players if p.name == key)
        rank, ranked, rivals = rivals_of(players, key)
        namer = namer_for(guild_of(interaction))
        odds = [(namer(other), prob_better(ratings.fit, key, other)) for other in rivals]
        await interaction.followup.send(
            embed=player_embed(
                game,
                shown(member.display_name),
                row,
                rank,
                ranked,
                RANK_GAMES,
                odds,
                caution(ratings.report),
            ),
            ephemeral=True,
        )


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(RatingsCog(bot))
