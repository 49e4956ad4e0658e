"""The solver's counts equal brute-force enumeration of every deal on small decks."""

import random
from collections import Counter

import pytest

from engine.cluedo.cards import Deck
from engine.cluedo.constraints import Facts
from engine.cluedo.solver import count_deals, solve_facts
from tests.engine.cluedo.brute import consistent

DECKS = [
    (Deck(("a", "b", "c"), ("d", "e"), ("f", "g", "h")), (2, 2, 1)),
    (Deck(("a", "b"), ("c", "d", "e"), ("f", "g", "h", "i")), (3, 3)),
    (Deck(("a", "b"), ("c", "d"), ("e", "f", "g")), (1, 1, 1, 1)),
]


def random_facts(deck: Deck, sizes, rng: random.Random) -> Facts:
    facts = Facts.empty(deck, sizes)
    n = len(deck.cards)
    for _ in range(rng.randint(0, 7)):
        player, card, kind = rng.randrange(len(sizes)), 1 << rng.randrange(n), rng.random()
        if kind < 0.2:
            facts = facts.with_has(player, card)
        elif kind < 0.45:
            facts = facts.with_lacks(player, card)
        elif kind < 0.75:
            facts = facts.with_clause(player, sum(1 << c for c in rng.sample(range(n), 3)))
        elif kind < 0.85:
            facts = facts.with_envelope(lacks=card)
        elif kind < 0.9:
            facts = facts.with_envelope(has=card)
        else:
            facts = facts.with_envelope(excluded=sum(1 << c for c in rng.choice(deck.triples)))
    return facts


def expected_counts(facts: Facts):
    deals = consistent(facts)
    triples = Counter(triple for triple, _ in deals)
    n, players = len(facts.deck.cards), len(facts.sizes)
    locations = [[0] * (players + 1) for _ in range(n)]
    for triple, hands in deals:
        for card in triple:
            locations[card][-1] += 1
        for player, hand in enumerate(hands):
            for card in range(n):
                locations[card][player] += hand >> card & 1
    return len(deals), dict(triples), tuple(tuple(row) for row in locations)


@pytest.mark.parametrize("deck,sizes", DECKS)
def test_counts_match_brute_force(deck, sizes):
    rng = random.Random(len(deck.cards) * 100 + len(sizes))
    checked_nonzero = 0
    for _ in range(60):
        facts = random_facts(deck, sizes, rng)
        total, triples, locations = expected_counts(facts)
        assert count_deals(facts) == total
        if total == 0:
            with pytest.raises(ValueError):
                solve_facts(facts, tuple("PQRS"[: len(sizes)]))
            continue
        checked_nonzero += 1
        solution = solve_facts(facts, tuple("PQRS"[: len(sizes)]))
        assert solution.consistent_deals == total
        assert solution.triple_counts == triples
        assert solution.location_counts == locations
    assert checked_nonzero >= 20


def test_contradictions_count_zero():
    deck, sizes = DECKS[0]
    facts = Facts.empty(deck, sizes)
    assert count_deals(facts.with_has(0, 1).with_has(1, 1)) == 0  # one card, two places
    assert count_deals(facts.with_has(2, 0b11)) == 0  # more cards than the hand holds
    assert count_deals(facts.with_has(0, 1).with_lacks(0, 1)) == 0
    assert count_deals(facts.with_clause(2, 0b111).with_lacks(2, 0b111)) == 0


def test_six_player_start_is_exact():
    from engine.cluedo.cards import CLASSIC

    facts = Facts.empty(CLASSIC, (3,) * 6)
    mine = 0b1 | 1 << 6 | 1 << 12  # Scarlett, Candlestick, Kitchen
    facts = facts.with_has(0, mine).with_lacks(0, ((1 << 21) - 1) & ~mine)
    solution = solve_facts(facts, tuple("ABCDEF"))
    # 5 * 5 * 8 envelopes, then 15 cards dealt 3 apiece to 5 players: 15! / 3!**5.
    assert solution.consistent_deals == 200 * 168_168_000
    mustard = solution.location_counts[1]
    assert mustard[-1] * 5 == solution.consistent_deals  # one of 5 suspects left
    assert all(count * 25 == 4 * solution.consistent_deals for count in mustard[1:-1])
