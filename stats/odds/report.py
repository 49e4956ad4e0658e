"""One odds report for TG(n, m), shared by ``/traitors odds`` and ``ravenswood odds --json``.

Exact values come from ``stats.odds.exact`` for the strategy pairs whose day is memoryless
(see ``stats.odds.banish``); every report also carries a seeded simulation. Simulation size is
capped so that a slash command answers within a few seconds: at most ``MAX_GAMES`` games, and
at most ``MAX_SEAT_ROUNDS`` player-rounds in all (games x n(n+1)/2, a bound on the work), which
allows 200,000 games up to 22 players and fewer for larger tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from stats.odds import banish
from stats.odds.exact import check_game, exact_traitor_win, solve
from stats.odds.rules import FAITHFUL_STRATEGIES, TRAITOR_STRATEGIES, traitors_won
from stats.odds.simulate import simulate

MAX_PLAYERS = 1000
MAX_GAMES = 200_000
DEFAULT_GAMES = 20_000
MAX_SEAT_ROUNDS = 52_000_000


@dataclass(frozen=True)
class ExactModel:
    """How to compute a strategy pair exactly: the day's banishment law, and up to what size."""

    name: str
    banish: Callable[[int, int], float]
    max_players: int = MAX_PLAYERS

    @property
    def rational(self) -> bool:
        return self.banish is banish.uniform


def exact_model(faithful: str, traitors_play: str, punish: bool) -> ExactModel | None:
    """The exact model for a strategy pair, or None when only simulation applies."""
    if (faithful, traitors_play) in {("random", "random"), ("vote-left", "vote-left")}:
        return ExactModel("uniform banishment (random voting)", banish.uniform)
    if (faithful, traitors_play) == ("random", "collude"):
        return ExactModel(
            "random Faithful vs colluding Traitors",
            banish.random_collude,
            banish.COLLUDE_EXACT_MAX_PLAYERS,
        )
    if (faithful, traitors_play, punish) == ("vote-left", "collude", False):
        return ExactModel("vote-left Faithful vs colluding Traitors", banish.vote_left_collude)
    return None


def max_games(players: int) -> int:
    """The simulation cap for a table of ``players``."""
    return max(1, min(MAX_GAMES, MAX_SEAT_ROUNDS * 2 // (players * (players + 1))))


def legal_traitor_counts(players: int, rule: str = "parity") -> range:
    """Traitor counts m with 1 <= m for which TG(players, m) has not already been won."""
    top = 1
    while not traitors_won(top, players - top, rule):
        top += 1
    return range(1, top)


def _win(players: int, m: int, rule: str, model: ExactModel) -> Fraction | float:
    if model.rational:
        return exact_traitor_win(players, m, rule)
    return solve(players, m, rule, model.banish)[0]


def smallest_favoured(
    players: int, rule: str = "parity", model: ExactModel | None = None
) -> int | None:
    """The smallest Traitor count giving the Traitors at least even odds (None if none does)."""
    model = model or exact_model("random", "random", False)
    for m in legal_traitor_counts(players, rule):
        if _win(players, m, rule, model) >= Fraction(1, 2):
            return m
    return None


def suggest_traitor_count(players: int, rule: str = "parity") -> int:
    """The legal m whose exact Traitor win chance under random voting is closest to 1/2.

    The chance grows with m, so the scan stops at the first m at or above one half (a few exact
    evaluations even at 1,000 players); on a tie the smaller m wins.
    """
    check_game(players, 1, rule)
    best, best_gap = 1, None
    for m in legal_traitor_counts(players, rule):
        gap = abs(exact_traitor_win(players, m, rule) - Fraction(1, 2))
        if best_gap is None or gap < best_gap:
            best, best_gap = m, gap
        if exact_traitor_win(players, m, rule) >= Fraction(1, 2):
            break
    return best


def _check_strategies(faithful: str, traitors_play: str, punish: bool) -> None:
    if faithful not in FAITHFUL_STRATEGIES:
        raise ValueError(f"Unknown Faithful strategy {faithful!r}: choose random or vote-left.")
    if traitors_play not in TRAITOR_STRATEGIES:
        raise ValueError(
            f"Unknown Traitor strategy {traitors_play!r}: choose random, collude or vote-left."
        )
    if punish and faithful != "vote-left":
        raise ValueError("Punishment needs the Faithful to play vote-left.")


def check_request(
    players: int,
    traitors: int,
    faithful: str = "random",
    traitors_play: str = "random",
    punish: bool = False,
    rule: str = "parity",
    games: int | None = None,
) -> int:
    """Validate an odds request cheaply (before any work); return the number of games to play.

    Raises ValueError with a one-sentence message for bad input.
    """
    _check_strategies(faithful, traitors_play, punish)
    check_game(players, traitors, rule)
    if players > MAX_PLAYERS:
        raise ValueError(f"The odds engine handles at most {MAX_PLAYERS} players.")
    cap = max_games(players)
    games = min(DEFAULT_GAMES, cap) if games is None else games
    if not 1 <= games <= cap:
        raise ValueError(f"Simulate between 1 and {cap:,} games for {players} players.")
    return games


def odds_report(
    players: int,
    traitors: int,
    faithful: str = "random",
    traitors_play: str = "random",
    punish: bool = False,
    rule: str = "parity",
    games: int | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Everything known about TG(players, traitors) with these strategies, as JSON-ready data.

    Raises ValueError with a one-sentence message for bad input.
    """
    games = check_request(players, traitors, faithful, traitors_play, punish, rule, games)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    sim = simulate(
        players,
        traitors,
        games,
        faithful=faithful,
        traitors_play=traitors_play,
        punish=punish,
        rule=rule,
        seed=seed,
    )
    model = exact_model(faithful, traitors_play, punish)
    exact: dict[str, Any] = {"traitor_win": None, "fraction": None, "expected_rounds": None}
    basis = model if model and players <= model.max_players else None
    if basis is not None:
        win, rounds = solve(players, traitors, rule, basis.banish)
        exact = {"traitor_win": win, "fraction": None, "expected_rounds": rounds}
        if basis.rational:
            exact["fraction"] = str(exact_traitor_win(players, traitors, rule))
        exact["model"] = basis.name
    favoured_basis = basis or exact_model("random", "random", False)
    low, high = sim.ci95
    return {
        "players": players,
        "traitors": traitors,
        "rule": rule,
        "strategies": {"faithful": faithful, "traitors": traitors_play, "punish": punish},
        "exact": exact,
        "simulation": {
            "games": sim.games,
            "seed": seed,
            "traitor_wins": sim.traitor_wins,
            "traitor_win_rate": sim.traitor_win_rate,
            "ci95": [low, high],
            "mean_rounds": sim.mean_rounds,
            "rounds": {str(k): c for k, c in enumerate(sim.rounds) if c},
        },
        "expected_rounds": exact["expected_rounds"] or sim.mean_rounds,
        "smallest_traitors_favoured": {
            "traitors": smallest_favoured(players, rule, favoured_basis),
            "basis": favoured_basis.name,
        },
        "suggested_traitors": suggest_traitor_count(players, rule),
    }
