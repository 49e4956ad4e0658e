"""A Clocktower script's measured balance: good's win rate over self-played games with the bot
storyteller and players who claim, bluff and reason (``engine.clocktower.selfplay``), with its
Wilson 95% interval.

The quick run behind ``/script score`` plays ``quick_games(players)`` games, a number chosen
so that it takes a few seconds (bigger tables cost more per game: the worlds the players weigh
grow quickly), and says how many it played; ``ravenswood script score --games`` plays more.
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game import unsupported
from engine.clocktower.selfplay import simulate
from engine.clocktower.selfplay.games import dealt
from stats.odds.wilson import wilson_interval

QUICK = ((7, 100), (10, 60), (12, 20), (15, 8))  # (up to this many players, games)
MAX_GAMES = 2_000


def quick_games(players: int) -> int:
    """The quick run's number of games at this table size."""
    return next(games for most, games in QUICK if players <= most)


def script_balance(
    script_ids: tuple[str, ...], players: int, games: int | None = None, seed: int = 0
) -> dict[str, Any]:
    """Good's win rate at ``players`` over ``games`` self-played games (seeds ``seed`` on), its
    Wilson interval, and which players played (``reasoning`` or ``naive``); or, for a script
    the engine cannot run by itself, ``error`` saying why (``games`` 0)."""
    count = quick_games(players) if games is None else games
    ids = dealt(script_ids)
    missing = unsupported(ids)
    if missing:
        names = ", ".join(missing[:5]) + (
            f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        )
        return {
            "players": players,
            "games": 0,
            "error": f"the bot storyteller cannot run {names} yet",
        }
    report = simulate(ids, players, count, seed)
    low, high = wilson_interval(report["good_wins"], count)
    return {
        "players": players,
        "games": count,
        "seed": seed,
        "table": report["table"],
        "good_wins": report["good_wins"],
        "good_win_rate": report["good_win_rate"],
        "ci95": [round(low, 4), round(high, 4)],
        "mean_days": report["mean_days"],
    }


def balance_text(balance: dict[str, Any]) -> str:
    """One sentence for people."""
    if balance["games"] == 0:
        return f"Not simulated: {balance['error']}."
    low, high = balance["ci95"]
    return (
        f"Simulated balance at {balance['players']} players: good wins "
        f"{balance['good_win_rate']:.0%} (95% CI {low:.0%}-{high:.0%}) over "
        f"{balance['games']} self-played games with the bot storyteller "
        f"({balance['table']} players)."
    )
