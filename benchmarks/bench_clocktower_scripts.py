"""Speed of Clocktower script import, scoring, night order and balanced bags; how often bags land
in the balance window.

Times are CPU time (time.process_time) per call, the best of three rounds, so other load on the
machine inflates them less. In-window rates are exact counts over the seeds tried. "First draw"
is the share of bags whose first good draw was already in the window: high means the window sits
where ordinary draws land and balancing only trims the tails (the calibration in bag.toml).

Run: python benchmarks/bench_clocktower_scripts.py [--seeds 100]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from engine.clocktower.bag import balanced_bag  # noqa: E402
from engine.clocktower.nightorder import night_order  # noqa: E402
from engine.clocktower.scoring import score_script  # noqa: E402
from engine.clocktower.script import load_script  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests/engine/clocktower/data"
BASE = {"TB": "base-tb.json", "BMR": "base-bmr.json", "S&V": "base-snv.json"}
SHIFTERS = {"TB": "baron", "BMR": "godfather", "S&V": "fanggu"}


def per_call(fn, repeat: int, rounds: int = 3) -> float:
    """CPU milliseconds per call, the best of ``rounds`` rounds of ``repeat`` calls."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for i in range(repeat):
            fn(i)
        best = min(best, time.process_time() - start)
    return best / repeat * 1000


def speed() -> None:
    paths = sorted(DATA.glob("*.json"))
    texts = [p.read_text() for p in paths]
    scripts = [load_script(t) for t in texts]
    n = len(texts)
    rows = {
        f"import ({n} reference scripts, each)": per_call(
            lambda i: load_script(texts[i % n]), n * 20
        ),
        "score (each)": per_call(lambda i: score_script(scripts[i % n], 10), n * 20),
        "night order (each)": per_call(lambda i: night_order(scripts[i % n]), n * 20),
    }
    for code, name in BASE.items():
        script = load_script((DATA / name).read_text())
        for players in (10, 15):
            rows[f"balanced bag, {code} {players} players"] = per_call(
                lambda i, s=script, p=players: balanced_bag(s, p, i), 200
            )
    community = [s for p, s in zip(paths, scripts, strict=True) if "wc25" in p.name]
    rows["balanced bag, 16 community scripts, 15 players"] = per_call(
        lambda i: balanced_bag(community[i % 16], 15, i), 160
    )
    print("CPU ms per call (best of 3)")
    for label, ms in rows.items():
        print(f"  {label:<48} {ms:8.3f}")


def rates(seeds: int) -> None:
    print(f"\nIn-window rate by player count ({seeds} seeds each)")
    print("  script " + "".join(f"{p:>6}" for p in range(5, 16)) + "   all")
    for code, name in BASE.items():
        script = load_script((DATA / name).read_text())
        cells, total, shifted, shifted_in, redrawn, first = [], 0, 0, 0, 0, 0
        for players in range(5, 16):
            bags = [balanced_bag(script, players, seed) for seed in range(seeds)]
            hit = sum(b["balance"]["balanced"] for b in bags)
            cells.append(hit / seeds)
            total += hit
            with_it = [b for b in bags if SHIFTERS[code] in b["characters"]]
            shifted += len(with_it)
            shifted_in += sum(b["balance"]["balanced"] for b in with_it)
            redrawn += sum(b["balance"]["evil_redraws"] > 0 for b in bags)
            first += sum(b["balance"]["tries"] == 1 for b in bags)
        print(
            f"  {code:<6} " + "".join(f"{r:6.2f}" for r in cells) + f"  {total / (11 * seeds):.3f}"
        )
        print(
            f"         bags with a {SHIFTERS[code]}: {shifted_in}/{shifted} in the window; "
            f"bags whose evil side was re-drawn: {redrawn}/{11 * seeds}; "
            f"first draw: {first / (11 * seeds):.2f}"
        )
    tb = load_script((DATA / BASE["TB"]).read_text())
    baron = [
        b for b in (balanced_bag(tb, 10, s) for s in range(seeds * 4)) if "baron" in b["characters"]
    ]
    saint = sum("saint" in b["characters"] for b in baron)
    print(
        f"  TB 10 players, bags with a Baron holding the Saint: {saint}/{len(baron)} "
        "(0.50 if the two Outsiders were uniform)"
    )
    paths = sorted(DATA.glob("wc25-*.json"))
    hit = 0
    worst = ("", 0, 1.0)
    for path in paths:
        script = load_script(path.read_text())
        for players in range(5, 16):
            got = sum(balanced_bag(script, players, s)["balance"]["balanced"] for s in range(seeds))
            hit += got
            if got / seeds < worst[2]:
                worst = (path.stem, players, got / seeds)
    print(
        f"  16 community scripts: {hit / (len(paths) * 11 * seeds):.3f} in the window overall; "
        f"lowest {worst[2]:.2f} ({worst[0]}, {worst[1]} players)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100)
    args = parser.parse_args()
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    speed()
    rates(args.seeds)


if __name__ == "__main__":
    main()
