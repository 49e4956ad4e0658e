"""Charts: how long each picture the bot posts takes to draw, at the house resolution and, as
the peer in the same run, at the 110 dpi the charts used before (a quarter of the pixels).

Every chart is drawn after the interaction is deferred (in a worker thread), so the figure that
matters is the wall time a user waits once the command is acknowledged. Also timed: the first
chart in a fresh process, which registers the fallback fonts (Noto CJK, Noto Emoji, ...).

    python benchmarks/bench_charts.py
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

import stats.charts  # noqa: E402
from engine.clocktower.catalogue import edition_characters  # noqa: E402
from engine.clocktower.game import Adjust, Phase, apply, grimoire  # noqa: E402
from engine.clocktower.selfplay import Player, setup_game  # noqa: E402
from engine.cluedo import notebook_from_json, solve  # noqa: E402
from stats.charts.cluedo import cluedo_chart  # noqa: E402
from stats.charts.grimoire import grimoire_chart  # noqa: E402
from stats.charts.odds import odds_chart  # noqa: E402
from stats.charts.ratings import ratings_chart  # noqa: E402
from stats.odds import odds_report  # noqa: E402
from stats.ratings.report import PlayerRating  # noqa: E402

RUNS = 5
NAMES = ("王小明", "🐉 Dragon", "𝓙𝓪𝓷𝓮", "김민준", "Bartholomew Fitzgerald", "سارة")


def ratings(players: int) -> list[PlayerRating]:
    rng = random.Random(1)
    rows = []
    for k in range(players):
        mean, half = rng.gauss(100, 10), rng.uniform(4, 20)
        name = NAMES[k % len(NAMES)] + f" {k}"
        sd = half / 1.96
        rows.append(
            PlayerRating(name, 20, (mean - 100) / 15, sd / 15, mean, sd, (mean - half, mean + half))
        )
    return rows


def twenty_seats() -> dict:
    """A Trouble Brewing grimoire of 15 players and 5 Travellers on day 3, one player poisoned."""
    tb = tuple(c.id for c in edition_characters("tb"))
    state = setup_game(tb, 15, 3, travellers=5, storyteller=99)
    table = Player(3)
    while state.phase is not Phase.OVER and state.day < 3:
        state = apply(state, table.act(state)).state
    return grimoire(apply(state, Adjust(99, 2, "poison", "")).state)


def cluedo_six():
    players = ["Ann", "王小明", "🐉 Dragon", "Bartholomew", "Eve", "Fay"]
    log = {"players": players, "me": "Ann", "my_cards": ["Dagger", "Hall", "Plum"], "events": []}
    return solve(notebook_from_json(log))


def wall(draw: Callable[[], bytes], dpi: int) -> tuple[float, int]:
    """Median wall time of ``draw`` at ``dpi`` over RUNS, and the PNG's size in bytes."""
    stats.charts.DPI = dpi
    draw()  # warm: fonts registered, caches filled
    times, size = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        size = len(draw())
        times.append(time.perf_counter() - start)
    return statistics.median(times), size


def first_chart() -> float:
    """Wall time of the first chart in a fresh process (imports excluded)."""
    code = (
        "import time; from stats.charts.ratings import ratings_chart; t = time.perf_counter(); "
        "from stats.ratings.report import PlayerRating; "
        "ratings_chart([PlayerRating('王 🐉', 3, 0, 0.34, 100, 5.1, (90, 110))], 3); "
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    return float(out.stdout)


def main() -> None:
    report = odds_report(22, 3, games=20_000, seed=1)
    grim, six, big, huge = twenty_seats(), cluedo_six(), ratings(30), ratings(2000)
    charts = {
        "forest plot, 30 players": lambda: ratings_chart(big, 2000),
        "forest plot, 2,000 players (top 30 drawn)": lambda: ratings_chart(huge, 2000),
        "odds, n = 22 with simulation": lambda: odds_chart(22, 3, simulated=report),
        "odds, n = 1,000 vote-left vs collude": lambda: odds_chart(
            1000, 3, faithful="vote-left", traitors_play="collude"
        ),
        "Cluedo heat map, 6 players": lambda: cluedo_chart(six),
        "grimoire, 20 seats": lambda: grimoire_chart(grim, {p: NAMES[p % 6] for p in range(1, 21)}),
    }
    print(f"load: {os.getloadavg()[0]:.2f}; median of {RUNS} runs, wall time")
    print(f"first chart in a fresh process (registers the fonts): {first_chart():.2f} s")
    print(f"{'chart':44} {'200 dpi':>16} {'110 dpi (peer)':>16}")
    for name, draw in charts.items():
        ours, ours_size = wall(draw, 200)
        peer, peer_size = wall(draw, 110)
        print(
            f"{name:44} {ours:6.2f} s {ours_size / 1e3:5.0f} kB"
            f" {peer:6.2f} s {peer_size / 1e3:5.0f} kB"
        )


if __name__ == "__main__":
    main()
