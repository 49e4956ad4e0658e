"""Simulated games with a known deal: never inconsistent, the truth never ruled out."""

import pytest

from engine.cluedo import advise, solve
from engine.cluedo.simulate import simulate


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4), (3, 5), (4, 6)])
def test_truth_keeps_positive_probability(players, seed):
    for notebook, truth in simulate(players, seed, turns=24):
        solution = solve(notebook)
        deck = notebook.deck
        key = tuple(deck.index[c] for c in truth.envelope)
        assert solution.triple_counts.get(key, 0) > 0
        for player, hand in enumerate(truth.hands):
            for card in hand:
                assert solution.location_counts[deck.index[card]][player] > 0
        assert sum(solution.triple_counts.values()) == solution.consistent_deals


def test_advice_on_a_simulated_game():
    states = list(simulate(3, 7, turns=30))
    early = advise(states[1][0], room="Hall", roll=6)
    assert early["suggestion"]["room"] == "Hall"
    assert early["suggestion"]["expected_information_bits"] > 0
    assert early["movement"]["best"] in {o["room"] for o in early["movement"]["rooms"]}
    late = advise(states[-1][0], accuse_at=0.5)
    if late["accuse"]["probability"] >= 0.5:
        assert late["accuse"]["recommended"]
