"""Traitors odds: exact recurrences, a vectorised simulation and Wilson intervals for TG(n, m).

The public entry points live here so the bot, the CLI and the lobby import one place. The
lobby's suggestion is ``suggest_traitor_count(players)``, with ``exact_traitor_win`` for the
chance it gives the Traitors.
"""

from stats.odds.exact import (
    check_game,
    exact_expected_rounds,
    exact_traitor_win,
    solve,
    win_table,
)
from stats.odds.report import (
    MAX_GAMES,
    RANDOM_VOTING,
    ExactModel,
    ExactOdds,
    Favoured,
    OddsReport,
    check_request,
    exact_model,
    legal_traitor_counts,
    max_games,
    odds_report,
    smallest_favoured,
    suggest_traitor_count,
)
from stats.odds.simulation import SimulationResult, Strategies, simulate
from stats.odds.wilson import wilson_interval

__all__ = [
    "MAX_GAMES",
    "RANDOM_VOTING",
    "ExactModel",
    "ExactOdds",
    "Favoured",
    "OddsReport",
    "SimulationResult",
    "Strategies",
    "check_game",
    "check_request",
    "exact_expected_rounds",
    "exact_model",
    "exact_traitor_win",
    "legal_traitor_counts",
    "max_games",
    "odds_report",
    "simulate",
    "smallest_favoured",
    "solve",
    "suggest_traitor_count",
    "win_table",
    "wilson_interval",
]
