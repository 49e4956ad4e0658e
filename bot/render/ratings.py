"""Ratings reports (stats.ratings.ratings_report) as Discord embeds and sentences.

Player keys are 'user:<id>' for Discord members and plain names otherwise; every function here
takes a ``namer`` that turns a key into what people should read, so the report itself never
carries display names (they change; the keys don't).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace

import discord

from bot.store.result_entries import Entry
from stats.charts.ratings import MAX_ROWS
from stats.ratings import Comparison, GameRecord, RatingsReport
from stats.ratings.names import shown
from stats.ratings.report import PlayerRating

Namer = Callable[[str], str]

KIND_TITLES = {"clocktower": "Clocktower", "traitors": "Traitors"}
# Evidence that makes a model at least three times as likely as its alternative counts as a
# lean either way; in between, the data can't tell.
LEAN = 0.75
_USER_KEY = re.compile(r"user:(\d+)")

# For each comparison: (sentence when the data favour the model, when they favour the
# alternative, when they can't tell).
MEANINGS: dict[str, tuple[str, str, str]] = {
    "skill_vs_coin": (
        "Results follow skill: the better team wins more often than chance would allow.",
        "These results look like coin flips; there is no sign yet that skill decides games.",
        "Skill or luck? These games can't tell yet.",
    ),
    "skill_vs_deterministic": (
        "Luck plays a real part: even the stronger team loses sometimes.",
        "The stronger team seems to win every time; luck hardly matters.",
        "It's unclear whether the stronger team always wins.",
    ),
    "bias_vs_no_bias": (
        "One side has an edge, whoever plays it.",
        "Neither side is favoured: the game looks balanced.",
        "Whether one side is favoured can't be told yet.",
    ),
    "storyteller_bias_vs_shared_bias": (
        "Storytellers differ in which side their games favour.",
        "Every storyteller's games lean the same way; who runs the game doesn't tilt it.",
        "Whether storytellers tilt games differently can't be told yet.",
    ),
    "storyteller_noise_vs_shared_noise": (
        "Some storytellers' games are more down to luck than others'.",
        "Luck plays the same part whoever runs the game.",
        "Whether some storytellers' games are luckier can't be told yet.",
    ),
    "split_skill_vs_single_skill": (
        "Players are better on one side than the other: one number per player isn't enough.",
        "A player's skill is the same on either side.",
        "Whether players are better on one side can't be told yet.",
    ),
}


def kind_title(kind: str) -> str:
    return KIND_TITLES.get(kind, kind.title())


def humanise(message: str, namer: Namer) -> str:
    """Replace the 'user:<id>' keys in a validation message by names; end it with a full stop.

    Messages are sentence fragments that may start with a name, so they are never capitalised:
    callers put them after a lead-in ("Nothing was imported. ...", "Not recorded: ...").
    """
    text = _USER_KEY.sub(lambda m: namer(m.group(0)), message).strip()
    return text if text.endswith((".", "?", "!")) else text + "."


def team_text(players: Sequence[str], namer: Namer) -> str:
    return ", ".join(namer(p) for p in players)


def recorded_text(game: GameRecord, entry_id: int, namer: Namer) -> str:
    """The public confirmation of a recorded game, each team counted, so everyone can spot a
    mistake (such as three names read as one because they lacked commas)."""
    lines = [
        f"Recorded a {kind_title(game.kind)} game (entry #{entry_id}): "
        f"**{game.winner.title()} won**.",
        f"Good ({len(game.good)}): {team_text(game.good, namer)}",
        f"Evil ({len(game.evil)}): {team_text(game.evil, namer)}",
    ]
    extra = [
        f"Storyteller: {namer(game.storyteller)}" if game.storyteller else "",
        f"Script: {game.script}" if game.script else "",
        f"A mistake? `/ratings undo entry:{entry_id}` removes it.",
    ]
    lines.extend(x for x in extra if x)
    return "\n".join(lines)


def games_text(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"


def entry_text(entry: Entry, namer: Namer) -> str:
    """One line naming an entry: what it added, who added it and when (UTC)."""
    what = (
        f"{games_text(entry.games)} imported from {shown(entry.label or 'a file')}"
        if entry.source == "import"
        else "1 game recorded"
    )
    return f"#{entry.id}: {what} by {namer(f'user:{entry.user_id}')}, {entry.created_at[:16]} UTC"


def imported_text(entry: Entry, summary: str, namer: Namer) -> str:
    """The public notice of an import: ratings change for everyone, so everyone sees it."""
    return (
        f"{namer(f'user:{entry.user_id}')} imported {games_text(entry.games)} ({summary}) from "
        f"{shown(entry.label or 'a file')} as entry #{entry.id}. A mistake? `/ratings undo entry:{entry.id}` "
        "removes them."
    )


def already_imported_text(filename: str, count: int, earlier: Entry, namer: Namer) -> str:
    """Why a file whose games (or first games) are already here was refused."""
    where = f"are already here as entry {entry_text(earlier, namer)}, so they would count twice"
    if earlier.games == count:
        return f"Nothing was imported: the {games_text(count)} in {filename} {where}."
    return (
        f"Nothing was imported: the first {games_text(earlier.games)} of {filename} {where}. "
        f"Undo that entry (`/ratings undo entry:{earlier.id}`) and import the whole file, or "
        "import only the new games."
    )


def unknown_members_text(filename: str, keys: Sequence[str], at_most: int) -> str:
    """Why a file naming Discord users who aren't in this server was refused (ids shown raw:
    there is no name to show for someone not here)."""
    ids = ", ".join(k.removeprefix("user:") for k in keys[:at_most])
    more = " and others" if len(keys) > at_most else ""
    return (
        f"Nothing was imported: {filename} names Discord users who aren't members of this "
        f"server (user ids {ids}{more}). Ratings here are for this server's members, so write "
        "anyone who isn't here as a plain name (replace user:<id> with their name) and import "
        "it again."
    )


def already_on_record_text(filename: str, count: int) -> str:
    return (
        f"Nothing was imported: the {games_text(count)} in {filename} are already this server's "
        "first games on record, in the same order (as `/ratings export` gives them), so they "
        "would count twice."
    )


def caution(report: RatingsReport) -> str:
    """A sentence to add when a fit behind the figures did not converge, else nothing."""
    return " ".join(report.warnings)


def too_few_text(kind: str, count: int, needed: int) -> str:
    games = "no games" if count == 0 else f"only {count} game{'s' if count != 1 else ''}"
    return (
        f"This server has {games} of {kind_title(kind)} on record; ratings need at least "
        f"{needed}. Record some with `/ratings record` or `/ratings import`."
    )


def shown_players(report: RatingsReport, min_games: int, namer: Namer) -> RatingsReport:
    """The report with only players who have ``min_games`` games, their keys replaced by names."""
    players = tuple(replace(p, name=namer(p.name)) for p in report.players if p.games >= min_games)
    return replace(report, players=players)


def chart_title(kind: str, report: RatingsReport, min_games: int) -> str:
    """Short enough not to be cut off on the narrow figure."""
    return f"{kind_title(kind)}: {report.games} games, {min_games}+ each"


def chart_embed(kind: str, report: RatingsReport, min_games: int, filename: str) -> discord.Embed:
    shown = len(report.players)
    drawn = (
        f" The chart draws the best {MAX_ROWS}; `/ratings player` finds anyone."
        if shown > MAX_ROWS
        else ""
    )
    embed = discord.Embed(
        title=f"{kind_title(kind)} skill ratings",
        description=(
            f"{shown} player{'s' if shown != 1 else ''} with at least {min_games} of the "
            f"{report.games} games, best first by the low end of their 95% interval.{drawn} "
            "100 is average; 15 points is one standard deviation of skill. Overlapping bars "
            "mean the games can't yet tell those players apart. " + caution(report)
        ).strip(),
        colour=discord.Colour.dark_teal(),
    )
    embed.set_image(url=f"attachment://{filename}")
    return embed


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def bias_sentence(report: RatingsReport) -> str:
    edge = report.evil_edge
    if edge is None:
        return "The model was fitted without a side bias."
    p_evil = edge.p_evil_wins_even_game
    if abs(p_evil - 0.5) < 0.005:
        return "Neither side is favoured: equally skilled teams win half the time each."
    side, p = ("Evil", p_evil) if p_evil > 0.5 else ("Good", 1 - p_evil)
    return f"{side} is favoured: between equally skilled teams, {side} wins {percent(p)} of games."


def comparison_line(key: str, comparison: Comparison) -> str:
    p = comparison.probability
    if p is None:
        return f"Not worked out: {comparison.note}."
    yes, no, unsure = MEANINGS.get(key, ("The data favour it.", "The data favour the other.", ""))
    meaning = yes if p >= LEAN else no if p <= 1 - LEAN else unsure
    factor = comparison.log_bayes_factor
    odds = "∞" if factor is None or not math.isfinite(factor) else _odds(factor)
    return f"P = **{p:.2f}** (Bayes factor {odds}) against *{comparison.alternative}*. {meaning}"


def _odds(log_factor: float) -> str:
    if log_factor > 50:
        return "> 10²¹"
    if log_factor < -50:
        return "< 10⁻²¹"
    factor = math.exp(log_factor)
    return f"{factor:.2f}" if factor < 100 else f"{factor:.3g}"


def model_embed(kind: str, report: RatingsReport) -> discord.Embed:
    """The evidence table and the side bias, each with one plain sentence on what it means."""
    model = report.model
    noise = (
        f"chance (ε) integrated over {model.noise_grid[0]:g}–{model.noise_grid[-1]:g}, "
        f"posterior mean {model.noise_sd_mean:.2f}"
        if model.noise_sd is None
        else f"chance (ε) fixed at {model.noise_sd:g}"
    )
    embed = discord.Embed(
        title=f"{kind_title(kind)} rating model: what {report.games} games say",
        description=(
            "Each player has a skill; a team's skill is its players' average; the stronger team "
            f"wins more often, with some luck: {noise}. Each line weighs the model against one "
            "alternative (P at even prior odds)."
        ),
        colour=discord.Colour.dark_teal(),
    )
    if report.bias is not None:
        bias = report.bias
        embed.add_field(
            name="Side bias",
            value=f"N({bias.mean:.2f}, {bias.var:.2f}) on the skill scale. "
            + bias_sentence(report),
            inline=False,
        )
    comparisons = report.comparisons or {}
    for key, comparison in comparisons.items():
        embed.add_field(
            name=comparison.model.capitalize(),
            value=comparison_line(key, comparison),
            inline=False,
        )
    if any(c.out_of_time for c in comparisons.values()):
        embed.add_field(
            name="Not worked out here",
            value="A Discord reply can't wait for every comparison on this much data. "
            "`ravenswood ratings FILE` on this server's `/ratings export` has no time limit.",
            inline=False,
        )
    if report.warnings:
        embed.add_field(name="Caution", value=caution(report)[:1024], inline=False)
    predictive = report.predictive
    embed.add_field(
        name="Predictions",
        value=(
            f"The more skilled team is expected to win {percent(predictive.better_team_win_prob)}"
            f" of these games; predicting each game from the others gets "
            f"{percent(predictive.accuracy_loo)} right."
        ),
        inline=False,
    )
    return embed


def player_embed(
    kind: str,
    name: str,
    row: PlayerRating,
    rank: int | None,
    ranked: int,
    min_games: int,
    rivals: Sequence[tuple[str, float]],
    caution_text: str = "",
) -> discord.Embed:
    """One player's rating, rank, and P(better than) the players ranked around them."""
    low, high = row.iq_ci95
    place = (
        f"Ranked **{rank}** of {ranked} players with {min_games}+ games."
        if rank is not None
        else f"Not ranked yet: fewer than {min_games} games."
    )
    embed = discord.Embed(
        title=f"{name}: {kind_title(kind)} rating",
        description=(
            f"**{row.iq_mean:.0f}** (95% interval {low:.0f}–{high:.0f}) from "
            f"{games_text(row.games)}. 100 is average. {place} {caution_text}"
        ).strip(),
        colour=discord.Colour.dark_teal(),
    )
    if rivals:
        embed.add_field(
            name="Chance of being the better player",
            value="\n".join(f"than {other}: {percent(p)}" for other, p in rivals),
            inline=False,
        )
    return embed
