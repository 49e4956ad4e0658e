"""One odds report for TG(n, m), shared by ``/traitors odds`` and ``ravenswood odds --json``
(``OddsReport``, whose JSON form is ``to_dict``).

Exact values come from ``stats.odds.exact`` for the strategy pairs whose day is memoryless
(see ``stats.odds.banish``); every report also carries a seeded simulation. The simulation is
capped so that a slash command answers within a few seconds of deferring: the cap is the time
budget divided by the measured cost of one player-round (one living player for one round, the
unit of the simulation's work) times the player-rounds of the longest possible game.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

from stats.odds import banish
from stats.odds.banish import BanishProbability
from stats.odds.exact import check_game, exact_expected_rounds, exact_traitor_win, solve
from stats.odds.rules import winning_count
from stats.odds.simulation import SimulationResult, Strategies, simulate

MAX_PLAYERS = 1000
MAX_GAMES = 200_000
DEFAULT_GAMES = 20_000
#: Simulation seconds per player-round: the slowest strategy pair as measured by
#: benchmarks/bench_odds.py (4-13 ns on a 2-core EPYC VM), rounded up for slower hosts.
SECONDS_PER_PLAYER_ROUND = 15e-9
#: Simulation time one request may take after the slash command has deferred.
TIME_BUDGET_SECONDS = 2.0


@dataclass(frozen=True)
class ExactModel:
    """How to compute a strategy pair exactly: the day's banishment law, and up to what size."""

    name: str
    banish: BanishProbability
    max_players: int = MAX_PLAYERS

    @property
    def rational(self) -> bool:
        return self.banish is banish.uniform


RANDOM_VOTING = ExactModel("uniform banishment (random voting)", banish.uniform)


def exact_model(faithful: str, traitors_play: str, punish: bool) -> ExactModel | None:
    """The exact model for a strategy pair, or None when only simulation applies."""
    if (faithful, traitors_play) in {("random", "random"), ("vote-left", "vote-left")}:
        return RANDOM_VOTING
    if (faithful, traitors_play) == ("random", "collude"):
        return ExactModel(
            "random Faithful vs colluding Traitors",
            banish.random_collude,
            banish.COLLUDE_EXACT_MAX_PLAYERS,
        )
    if (faithful, traitors_play, punish) == ("vote-left", "collude", False):
        return ExactModel("vote-left Faithful vs colluding Traitors", banish.vote_left_collude)
    return None


def longest_game(players: int) -> int:
    """Player-rounds in the longest possible game: n + (n - 2) + ... down to 1 or 2."""
    rounds = (players + 1) // 2
    return rounds * (players - rounds + 1)


def max_games(players: int) -> int:
    """The simulation cap for a table of ``players`` (see the module docstring)."""
    per_game = SECONDS_PER_PLAYER_ROUND * longest_game(players)
    return max(1, min(MAX_GAMES, int(TIME_BUDGET_SECONDS / per_game)))


def legal_traitor_counts(players: int, rule: str = "parity") -> range:
    """Traitor counts m with 1 <= m for which TG(players, m) has not already been won."""
    return range(1, winning_count(players, rule))


def _win(players: int, m: int, rule: str, model: ExactModel) -> Fraction | float:
    if model.rational:
        return exact_traitor_win(players, m, rule)
    return solve(players, m, rule, model.banish)[0]


def smallest_favoured(
    players: int, rule: str = "parity", model: ExactModel = RANDOM_VOTING
) -> int | None:
    """The smallest Traitor count giving the Traitors at least even odds (None if none does)."""
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
        win = exact_traitor_win(players, m, rule)
        gap = abs(win - Fraction(1, 2))
        if best_gap is None or gap < best_gap:
            best, best_gap = m, gap
        if win >= Fraction(1, 2):
            break
    return best


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
    Strategies(faithful, traitors_play, punish, rule)  # raises for unknown names
    check_game(players, traitors, rule)
    if players > MAX_PLAYERS:
        raise ValueError(f"The odds engine handles at most {MAX_PLAYERS} players.")
    cap = max_games(players)
    games = min(DEFAULT_GAMES, cap) if games is None else games
    if not 1 <= games <= cap:
        raise ValueError(f"Simulate between 1 and {cap:,} games for {players} players.")
    return games


@dataclass(frozen=True)
class ExactOdds:
    """The exact figures for a game, and the model they rest on; all None when no model
    applies (a strategy pair that is simulation-only, or a table past the model's range).
    ``fraction`` is the exact rational chance, where the model gives one."""

    traitor_win: float | None = None
    fraction: str | None = None
    expected_rounds: float | None = None
    model: str | None = None


@dataclass(frozen=True)
class Favoured:
    """The smallest Traitor count with at least even odds on the model named ``basis`` (both
    None for a simulation-only pair; ``traitors`` None too when no count reaches one half)."""

    traitors: int | None
    basis: str | None


@dataclass(frozen=True)
class OddsReport:
    """Everything known about TG(players, traitors) with these strategies: what
    ``/traitors odds`` shows and ``ravenswood odds --json`` prints (``to_dict``)."""

    players: int
    traitors: int
    rule: str
    faithful: str
    traitors_play: str
    punish: bool
    exact: ExactOdds
    simulation: SimulationResult
    seed: int
    smallest_traitors_favoured: Favoured
    suggested_traitors: int

    @property
    def expected_rounds(self) -> float:
        """Exact where a model gives it, else simulated."""
        exact = self.exact.expected_rounds
        return exact if exact is not None else self.simulation.mean_rounds

    def to_dict(self) -> dict[str, Any]:
        sim = self.simulation
        low, high = sim.ci95
        return {
            "players": self.players,
            "traitors": self.traitors,
            "rule": self.rule,
            "strategies": {
                "faithful": self.faithful,
                "traitors": self.traitors_play,
                "punish": self.punish,
            },
            "exact": asdict(self.exact),
            "simulation": {
                "games": sim.games,
                "seed": self.seed,
                "traitor_wins": sim.traitor_wins,
                "traitor_win_rate": sim.traitor_win_rate,
                "ci95": [low, high],
                "mean_rounds": sim.mean_rounds,
                "rounds": {str(k): c for k, c in enumerate(sim.rounds) if c},
            },
            "expected_rounds": self.expected_rounds,
            "smallest_traitors_favoured": asdict(self.smallest_traitors_favoured),
            "suggested_traitors": self.suggested_traitors,
        }


def _exact(players: int, traitors: int, rule: str, model: ExactModel | None) -> ExactOdds:
    """The exact part of a report: all None when no model applies at this size."""
    if model is None:
        return ExactOdds()
    if model.rational:
        fraction = exact_traitor_win(players, traitors, rule)
        return ExactOdds(
            float(fraction),
            str(fraction),
            float(exact_expected_rounds(players, traitors, rule)),
            model.name,
        )
    win, rounds = solve(players, traitors, rule, model.banish)
    return ExactOdds(float(win), None, float(rounds), model.name)


def odds_report(
    players: int,
    traitors: int,
    faithful: str = "random",
    traitors_play: str = "random",
    punish: bool = False,
    rule: str = "parity",
    games: int | None = None,
    seed: int | None = None,
) -> OddsReport:
    """Everything known about TG(players, traitors) with these strategies.

    The smallest Traitor count with even odds is given on the strategy pair's own exact model,
    or as None (basis None) when the pair is simulation-only: a random-voting figure there would
    answer a different question. Raises ValueError with a one-sentence message for bad input.
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
    basis = model if model and players <= model.max_players else None
    favoured = Favoured(
        smallest_favoured(players, rule, basis) if basis else None,
        basis.name if basis else None,
    )
    return OddsReport(
        players=players,
        traitors=traitors,
        rule=rule,
        faithful=faithful,
        traitors_play=traitors_play,
        punish=punish,
        exact=_exact(players, traitors, rule, basis),
        simulation=sim,
        seed=seed,
        smallest_traitors_favoured=favoured,
        suggested_traitors=suggest_traitor_count(players, rule),
    )
