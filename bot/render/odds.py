"""An odds report (stats.odds.odds_report) as a Discord embed."""

from __future__ import annotations

from typing import Any

import discord


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def odds_embed(report: dict[str, Any]) -> discord.Embed:
    n, m = report["players"], report["traitors"]
    s = report["strategies"]
    punish = ", punishing deviators" if s["punish"] else ""
    embed = discord.Embed(
        title=f"Traitors odds: {n} players, {m} Traitor{'s' if m > 1 else ''}",
        description=(
            f"Faithful vote **{s['faithful']}**{punish}; Traitors vote **{s['traitors']}**; "
            f"the Traitors win at {report['rule']}."
        ),
        colour=discord.Colour.dark_red(),
    )
    exact = report["exact"]
    if exact["traitor_win"] is not None:
        fraction = f" = {exact['fraction']}" if exact["fraction"] else ""
        embed.add_field(
            name="Traitor win (exact)",
            value=f"**{percent(exact['traitor_win'])}**{fraction}",
            inline=False,
        )
    sim = report["simulation"]
    low, high = sim["ci95"]
    embed.add_field(
        name=f"Simulated ({sim['games']:,} games)",
        value=f"{percent(sim['traitor_win_rate'])} (95% interval {percent(low)}–{percent(high)})",
        inline=False,
    )
    rounds = (
        report["expected_rounds"] if report["expected_rounds"] is not None else sim["mean_rounds"]
    )
    embed.add_field(name="Expected rounds", value=f"{rounds:.2f}")
    favoured = report["smallest_traitors_favoured"]["traitors"]
    embed.add_field(
        name="Fewest Traitors with ≥ 50%",
        value=str(favoured) if favoured is not None else "none",
    )
    embed.add_field(name="Fairest count", value=str(report["suggested_traitors"]))
    embed.set_image(url="attachment://odds.png")
    return embed
