"""A Clocktower script's measured balance: good's win rate over self-played games with the bot
storyteller and players who claim, bluff and reason (``engine.clocktower.selfplay``), with its
Wilson 95% interval.

The quick run behind ``/script score`` plays ``quick_games(players)`` games, a number chosen
so that it takes a few seconds (bigger tables cost more per game: the worlds the players weigh
grow quickly), and says how many it played; ``ravenswood script score --games`` plays more.
``script_report`` puts the balance beside the difficulty score, for the bot and the CLI alike.

A script with a character the reasoning model does not cover gets no figure, only a sentence
that names those characters (``coverage.not_covered``): players who ignore a character's part
in the game would give a figure that misleads (the naive players put Bad Moon Rising's good
wins at 2%).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.clocktower.game import unsupported
from engine.clocktower.reasoning.coverage import not_covered
from engine.clocktower.reasoning.worlds import uncovered
from engine.clocktower.scoring import Score, score_script
from engine.clocktower.script import Script
from engine.clocktower.selfplay import simulate
from engine.clocktower.selfplay.games import dealt
from stats.odds.wilson import wilson_interval

QUICK = ((7, 100), (10, 60), (12, 20), (15, 8))  # (up to this many players, games)
MAX_GAMES = 2_000


def quick_games(players: int) -> int:
    """The quick run's number of games at this table size."""
    return next(games for most, games in QUICK if players <= most)


@dataclass(frozen=True)
class Balance:
    """Good's win rate over ``games`` self-played games at ``players`` by the reasoning
    players, with its Wilson 95% interval."""

    players: int
    games: int
    seed: int
    good_wins: int
    good_win_rate: float
    ci95: tuple[float, float]
    mean_days: float

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "ci95": list(self.ci95)}

    def text(self) -> str:
        """One sentence for people."""
        low, high = self.ci95
        return (
            f"Simulated balance at {self.players} players: good wins "
            f"{self.good_win_rate:.0%} (95% CI {low:.0%}-{high:.0%}) over "
            f"{self.games} self-played games with the bot storyteller and reasoning players."
        )


@dataclass(frozen=True)
class NotSimulated:
    """A script the bot storyteller cannot run by itself, or whose characters the reasoning
    model does not all cover (``uncovered``): no games, and ``error`` says why."""

    players: int
    error: str
    uncovered: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "games": 0,
            "error": self.error,
            "uncovered": list(self.uncovered),
        }

    def text(self) -> str:
        return f"Not simulated: {self.error}."


def script_balance(
    script_ids: tuple[str, ...], players: int, games: int | None = None, seed: int = 0
) -> Balance | NotSimulated:
    """Good's win rate at ``players`` over ``games`` self-played games (seeds ``seed`` on), or
    why there is none: the bot storyteller cannot run the script alone, or the reasoning model
    does not cover it."""
    count = quick_games(players) if games is None else games
    ids = dealt(script_ids)
    missing = unsupported(ids)
    if missing:
        names = ", ".join(missing[:5]) + (
            f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        )
        return NotSimulated(players, f"the bot storyteller cannot run {names} yet")
    why = not_covered(ids, players)
    if why is not None:
        return NotSimulated(
            players,
            f"{why}; a figure from players who ignore them would mislead",
            tuple(uncovered(ids)),
        )
    report = simulate(ids, players, count, seed)
    low, high = wilson_interval(report["good_wins"], count)
    return Balance(
        players=players,
        games=count,
        seed=seed,
        good_wins=report["good_wins"],
        good_win_rate=report["good_win_rate"],
        ci95=(round(low, 4), round(high, 4)),
        mean_days=report["mean_days"],
    )


@dataclass(frozen=True)
class ScriptReport:
    """What ``/script score`` posts and ``ravenswood script score`` prints: the difficulty
    score and the measured balance (None: not asked for), assembled once (``script_report``)."""

    score: Score
    balance: Balance | NotSimulated | None

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` answer: the score's keys, and ``balance`` (null when not played)."""
        balance = None if self.balance is None else self.balance.to_dict()
        return {**self.score.to_dict(), "balance": balance}

    def text(self) -> str:
        tail = "" if self.balance is None else "\n" + self.balance.text()
        return self.score.text() + tail


def script_report(
    script: Script, players: int | None = None, games: int | None = None
) -> ScriptReport:
    """Score ``script`` at ``players`` (None: the default table) and play ``games`` games for
    its balance (None: the quick run; 0: none)."""
    score = score_script(script, players)
    balance = None if games == 0 else script_balance(script.ids, score.players, games)
    return ScriptReport(score, balance)
