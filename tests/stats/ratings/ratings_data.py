"""Seeded synthetic game sets for the ratings tests: drawn from the model, or coin flips."""

from __future__ import annotations

import numpy as np

from stats.ratings import GameRecord


def random_games(
    n_games: int,
    n_players: int,
    seed: int,
    *,
    coin: bool = False,
    storytellers: int = 0,
    sizes: tuple[int, int] = (5, 15),
    noise_sd: float = 1.0,
    bias: float = -0.3,
) -> list[GameRecord]:
    """Games of ``sizes`` players (a third evil) from ``n_players``, won as the model says
    (skills N(0, 1), team means, side bias, noise) or, with ``coin``, at random."""
    rng = np.random.default_rng(seed)
    skills = rng.standard_normal(n_players)
    games = []
    for _ in range(n_games):
        size = min(int(rng.integers(sizes[0], sizes[1] + 1)), n_players)
        chosen = rng.choice(n_players, size=size, replace=False)
        n_evil = max(1, size // 3)
        evil, good = chosen[:n_evil], chosen[n_evil:]
        if coin:
            diff = rng.standard_normal()
        else:
            diff = skills[good].mean() - skills[evil].mean() + bias
            diff += noise_sd * rng.standard_normal()
        games.append(
            GameRecord(
                tuple(f"p{i}" for i in good),
                tuple(f"p{i}" for i in evil),
                "good" if diff > 0 else "evil",
                f"st{rng.integers(storytellers)}" if storytellers else None,
            )
        )
    return games
