"""The notebook-level posterior: ``solve`` and the ``solve --json`` report."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from engine.cluedo.notebook import Notebook, facts_of
from engine.cluedo.solver import Solution, solve_facts


def solve(notebook: Notebook) -> Solution:
    """Exact counts of the deals consistent with the notebook."""
    return solve_facts(facts_of(notebook), notebook.players)


def entropy_bits(probabilities: Iterable[float]) -> float:
    """Shannon entropy in bits of a collection of probabilities (0.0, never -0.0)."""
    return 0.0 - float(sum(p * math.log2(p) for p in probabilities if p > 0))


def solution_report(
    notebook: Notebook, top: int = 10, solution: Solution | None = None
) -> dict[str, Any]:
    """Everything ``ravenswood cluedo solve --json`` prints (probabilities as floats)."""
    solution = solution or solve(notebook)
    deck = solution.deck
    probabilities = solution.location_probabilities()
    per_category: dict[str, dict[str, float]] = {}
    for key, cards in zip(("suspect", "weapon", "room"), deck.category_cards, strict=True):
        per_category[key] = {deck.cards[c]: float(probabilities[c, -1]) for c in cards}
    locations: dict[str, Any] = {}
    for card, row in enumerate(probabilities):
        locations[deck.cards[card]] = {
            holder: float(p) for holder, p in zip(solution.holders, row, strict=True) if p > 0
        }
    triples = sorted(solution.triple_probabilities().items(), key=lambda item: -item[1])
    return {
        "consistent_deals": solution.consistent_deals,
        "possible_solutions": len(triples),
        "entropy_bits": entropy_bits(p for _, p in triples),
        "solution": per_category,
        "locations": locations,
        "top_solutions": [
            {"suspect": s, "weapon": w, "room": r, "probability": p}
            for (s, w, r), p in triples[:top]
        ],
    }
