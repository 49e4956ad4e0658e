"""An odds report (``stats.odds.OddsReport``) as a Discord embed.

Every exact figure names the model it rests on, and a strategy pair with no exact model says
"n/a (simulation only)" rather than borrowing random voting's numbers.
"""

from __future__ import annotations

import discord

from stats.odds import OddsReport

SIMULATION_ONLY = "n/a (simulation only)"


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def odds_embed(report: OddsReport) -> discord.Embed:
    n, m = report.players, report.traitors
    punish = ", punishing deviators" if report.punish else ""
    embed = discord.Embed(
        title=f"Traitors odds: {n} players, {m} Traitor{'s' if m > 1 else ''}",
        description=(
            f"Faithful vote **{report.faithful}**{punish}; Traitors vote "
            f"**{report.traitors_play}**; the Traitors win at {report.rule}."
        ),
        colour=discord.Colour.dark_red(),
    )
    exact = report.exact
    if exact.traitor_win is not None:
        fraction = f" = {exact.fraction}" if exact.fraction else ""
        value = f"**{percent(exact.traitor_win)}**{fraction}\nmodel: {exact.model}"
    else:
        value = SIMULATION_ONLY
    embed.add_field(name="Traitor win (exact)", value=value, inline=False)
    sim = report.simulation
    low, high = sim.ci95
    embed.add_field(
        name=f"Simulated ({sim.games:,} games)",
        value=f"{percent(sim.traitor_win_rate)} (95% interval {percent(low)}–{percent(high)})",
        inline=False,
    )
    basis = "exact" if exact.expected_rounds is not None else "simulated"
    embed.add_field(name=f"Expected rounds ({basis})", value=f"{report.expected_rounds:.2f}")
    favoured = report.smallest_traitors_favoured
    if favoured.basis is None:
        value = SIMULATION_ONLY
    else:
        value = f"{favoured.traitors or 'none'} ({favoured.basis})"
    embed.add_field(name="Fewest Traitors with ≥ 50%", value=value)
    embed.add_field(name="Fairest count (random voting)", value=str(report.suggested_traitors))
    embed.set_image(url="attachment://odds.png")
    return embed
