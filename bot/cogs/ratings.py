"""/ratings: record and import results, and show the Bayesian skill ratings — a shell on stats.ratings.

Ratings are per server and per game kind. Results come from the results store: games the bot
ran (kind 'traitors': Faithful = good, Traitors = evil), tabletop games recorded here, and
imported files. Fitting runs in a worker thread after deferring; the last fit per server and
kind is kept, so chart, model and player questions about unchanged data answer at once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ravenswood, reply
from bot.render.ratings import (
    Namer,
    chart_embed,
    chart_title,
    humanise,
    kind_title,
    model_embed,
    player_embed,
    recorded_text,
    shown_players,
    too_few_text,
)
from bot.store.results import Result, Seat, load_results, record_results, user_key
from stats.charts.ratings import ratings_chart
from stats.ratings import (
    GameRecord,
    RatingFit,
    fit_ratings,
    games_to_csv,
    parse_games,
    prob_better,
    ratings_report,
    validate_game,
)

KINDS = ("clocktower", "traitors")
KIND_CHOICES = [app_commands.Choice(name=kind_title(k), value=k) for k in KINDS]
MIN_FIT_GAMES = 3  # fewer games than this say nothing worth a chart
RANK_GAMES = 5  # the games a player needs to be ranked in /ratings player
RIVALS = 3  # players compared on each side in /ratings player
MAX_UPLOAD_BYTES = 2_000_000  # checked on Attachment.size, before downloading
_MENTION = re.compile(r"<@!?(\d+)>")
_OTHER_MARKUP = re.compile(r"<(@&|#|a?:\w+:)\d+>")


@dataclass(frozen=True)
class Ratings:
    """One fit of one server's games of one kind: the report (every player) and the posterior."""

    games: tuple[GameRecord, ...]
    report: dict
    fit: RatingFit


def compute_ratings(games: tuple[GameRecord, ...]) -> Ratings:
    """Slow (seconds for big data): run in a worker thread."""
    return Ratings(games, ratings_report(games, min_games=0), fit_ratings(games))


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


def parse_players(text: str, guild: discord.Guild) -> list[str]:
    """Member mentions become 'user:<id>'; the rest are plain names.

    Names are separated by commas if the text has any (so a name may contain spaces), else by
    spaces. Raises ValueError for a mention of someone not in the server, a role or a channel.
    """
    if _OTHER_MARKUP.search(text):
        raise ValueError("only members and plain names can play, not roles, channels or emoji")
    pieces = _MENTION.split(text)  # plain text, id, plain text, id, ...
    separator = "," if "," in text else None
    players: list[str] = []
    for index, piece in enumerate(pieces):
        if index % 2:
            if guild.get_member(int(piece)) is None:
                raise ValueError(f"<@{piece}> isn't a member of this server")
            players.append(user_key(int(piece)))
        else:
            players.extend(n.strip() for n in piece.split(separator) if n.strip())
    return players


def namer_for(guild: discord.Guild | None) -> Namer:
    """Display names for members' keys ("player <id>" for those gone); plain names as they are."""

    def name(key: str) -> str:
        if key.startswith("user:") and key[5:].isdigit():
            member = guild.get_member(int(key[5:])) if guild else None
            return member.display_name if member else f"player {key[5:]}"
        return key

    return name


def game_counts(games: Sequence[GameRecord]) -> Counter[str]:
    return Counter(p for g in games for p in (*g.good, *g.evil))


def rivals_of(players: list[dict], key: str) -> tuple[int | None, int, list[str]]:
    """The player's rank among those with RANK_GAMES games, and the players ranked around them.

    An unranked player is compared with their neighbours among everyone, ranked or not.
    """
    ranked = [p["name"] for p in players if p["games"] >= RANK_GAMES]
    rank = ranked.index(key) + 1 if key in ranked else None
    order = ranked if rank else [p["name"] for p in players]
    at = order.index(key)
    return rank, len(ranked), order[max(0, at - RIVALS) : at] + order[at + 1 : at + 1 + RIVALS]


class RatingsCog(
    commands.GroupCog, group_name="ratings", group_description="Skill ratings from finished games"
):
    def __init__(self, bot: Ravenswood) -> None:
        self.bot = bot
        self.fits: dict[tuple[int, str], Ratings] = {}

    async def games(self, guild_id: int, kind: str) -> tuple[GameRecord, ...]:
        return tuple(record_of(r) for r in await load_results(self.bot.db, guild_id, kind))

    async def ratings(self, guild_id: int, games: tuple[GameRecord, ...], kind: str) -> Ratings:
        """The fit for these games, reusing the last one if nothing changed since."""
        cached = self.fits.get((guild_id, kind))
        if cached is None or cached.games != games:
            cached = await asyncio.to_thread(compute_ratings, games)
            self.fits[(guild_id, kind)] = cached
        return cached

    # Data in and out -------------------------------------------------------------------------
    @app_commands.command(name="record", description="Record a tabletop game you ran")
    @app_commands.describe(
        good="Good players: @mentions and/or names, separated by commas or spaces",
        evil="Evil players: @mentions and/or names, separated by commas or spaces",
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
        guild = interaction.guild
        namer = namer_for(guild)
        try:
            teller = (
                parse_players(storyteller, guild)
                if storyteller
                else [user_key(interaction.user.id)]
            )
            if len(teller) != 1:
                raise ValueError("name one storyteller")
            record = validate_game(
                parse_players(good, guild),
                parse_players(evil, guild),
                winner,
                storyteller=teller[0],
                kind=game,
                script=script,
            )
        except ValueError as error:
            await reply(interaction, f"Not recorded: {humanise(str(error), namer)}")
            return
        await record_results(self.bot.db, [result_of(record, interaction.guild_id, "record")])
        await interaction.response.send_message(
            recorded_text(record, namer), allowed_mentions=discord.AllowedMentions.none()
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
        if file.size > MAX_UPLOAD_BYTES:
            await reply(
                interaction,
                f"{file.filename} is {file.size:,} bytes; I import files of up to "
                f"{MAX_UPLOAD_BYTES:,} bytes. Split it and import the parts.",
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text = (await file.read()).decode("utf-8-sig")
        except UnicodeDecodeError:
            await reply(interaction, f"{file.filename} isn't a text file; send YAML or CSV.")
            return
        except discord.HTTPException:
            await reply(interaction, f"I couldn't download {file.filename}; please try again.")
            return
        try:
            games = await asyncio.to_thread(parse_games, text, file.filename)
            games = [dataclasses.replace(g, kind=game) for g in games] if game else games
            for number, g in enumerate(games, start=1):
                if g.kind not in KINDS:
                    raise ValueError(
                        f"{file.filename}, game {number}: the kind {g.kind!r} is neither "
                        "clocktower nor traitors"
                    )
        except ValueError as error:
            namer = namer_for(interaction.guild)
            await reply(interaction, f"Nothing was imported. {humanise(str(error), namer)}")
            return
        count = await record_results(
            self.bot.db, [result_of(g, interaction.guild_id, "import") for g in games]
        )
        kinds = Counter(g.kind for g in games)
        summary = ", ".join(f"{n} {kind_title(k)}" for k, n in sorted(kinds.items()))
        await reply(interaction, f"Imported {count} game{'s' if count != 1 else ''} ({summary}).")

    @app_commands.command(name="export", description="Download this server's games as CSV")
    @app_commands.describe(game="Which game's results")
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction, game: str = "clocktower") -> None:
        games = await self.games(interaction.guild_id, game)
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
        games = await self.games(interaction.guild_id, game)
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
        ratings = await self.ratings(interaction.guild_id, games, game)
        shown = shown_players(ratings.report, min_games, namer_for(interaction.guild))
        png = await asyncio.to_thread(ratings_chart, shown, chart_title(game, shown, min_games))
        await interaction.followup.send(
            embed=chart_embed(game, shown, min_games, "ratings.png"),
            file=discord.File(io.BytesIO(png), "ratings.png"),
        )

    @app_commands.command(name="model", description="What the games say: evidence and side bias")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def model(self, interaction: discord.Interaction, game: str = "clocktower") -> None:
        games = await self.games(interaction.guild_id, game)
        if len(games) < MIN_FIT_GAMES:
            await reply(interaction, too_few_text(game, len(games), MIN_FIT_GAMES))
            return
        await interaction.response.defer(thinking=True)
        ratings = await self.ratings(interaction.guild_id, games, game)
        await interaction.followup.send(embed=model_embed(game, ratings.report))

    @app_commands.command(name="player", description="A member's rating (only you see it)")
    @app_commands.describe(member="Whose rating", game="Which game")
    @app_commands.choices(game=KIND_CHOICES)
    @app_commands.guild_only()
    async def player(
        self, interaction: discord.Interaction, member: discord.Member, game: str = "clocktower"
    ) -> None:
        games = await self.games(interaction.guild_id, game)
        key = user_key(member.id)
        if key not in game_counts(games):
            await reply(
                interaction,
                f"{member.display_name} has no {kind_title(game)} games on record here.",
            )
            return
        if len(games) < MIN_FIT_GAMES:
            await reply(interaction, too_few_text(game, len(games), MIN_FIT_GAMES))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        ratings = await self.ratings(interaction.guild_id, games, game)
        players = ratings.report["players"]
        row = next(p for p in players if p["name"] == key)
        rank, ranked, rivals = rivals_of(players, key)
        namer = namer_for(interaction.guild)
        odds = [(namer(other), prob_better(ratings.fit, key, other)) for other in rivals]
        await interaction.followup.send(
            embed=player_embed(game, member.display_name, row, rank, ranked, RANK_GAMES, odds),
            ephemeral=True,
        )


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(RatingsCog(bot))
