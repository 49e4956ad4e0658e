"""Speed of Clocktower script import, scoring, night order and balanced bags.

Run: python benchmarks/bench_clocktower_scripts.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from engine.clocktower.bag import balanced_bag  # noqa: E402
from engine.clocktower.nightorder import night_order  # noqa: E402
from engine.clocktower.scoring import score_script  # noqa: E402
from engine.clocktower.script import load_script  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests/engine/clocktower/data"


def per_call(fn, repeat: int) -> float:
    start = time.perf_counter()
    for i in range(repeat):
        fn(i)
    return (time.perf_counter() - start) / repeat * 1000


def main() -> None:
    texts = [p.read_text() for p in sorted(DATA.glob("*.json"))]
    scripts = [load_script(t) for t in texts]
    tb = load_script((DATA / "base-tb.json").read_text())
    rows = {
        "import (19 reference scripts, each)": per_call(lambda i: load_script(texts[i % 19]), 950),
        "score (each)": per_call(lambda i: score_script(scripts[i % 19], 10), 950),
        "night order (each)": per_call(lambda i: night_order(scripts[i % 19]), 950),
        "balanced bag, TB 10 players": per_call(lambda i: balanced_bag(tb, 10, i), 500),
        "balanced bag, TB 15 players": per_call(lambda i: balanced_bag(tb, 15, i), 200),
    }
    for name, ms in rows.items():
        print(f"{name:<40} {ms:8.3f} ms")


if __name__ == "__main__":
    main()
