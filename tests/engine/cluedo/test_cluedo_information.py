"""Expected information of a suggestion: exact against brute force, and sane."""

import random

import pytest

from engine.cluedo.cards import Deck
from engine.cluedo.constraints import Facts
from engine.cluedo.information import Informant
from engine.cluedo.solver import reduce
from tests.engine.cluedo.brute import consistent, information

DECK = Deck(("a", "b", "c"), ("d", "e", "f"), ("g", "h", "i"))


def my_hand(sizes, cards):
    facts = Facts.empty(DECK, sizes)
    mine = sum(1 << c for c in cards)
    return facts.with_has(0, mine).with_lacks(0, ((1 << 9) - 1) & ~mine)


def random_facts(deck, sizes, rng):
    """My hand (player 0) and a few random facts, including about the envelope."""
    n = len(deck.cards)
    facts = Facts.empty(deck, sizes)
    mine = sum(1 << c for c in rng.sample(range(n), sizes[0]))
    facts = facts.with_has(0, mine).with_lacks(0, ((1 << n) - 1) & ~mine)
    for _ in range(rng.randint(0, 4)):
        player, kind = rng.randrange(1, len(sizes)), rng.random()
        if kind < 0.25:
            facts = facts.with_lacks(player, 1 << rng.randrange(n))
        elif kind < 0.6:
            facts = facts.with_clause(player, sum(1 << c for c in rng.sample(range(n), 3)))
        elif kind < 0.85:
            facts = facts.with_has(player, 1 << rng.randrange(n))
        elif kind < 0.92:
            facts = facts.with_envelope(lacks=1 << rng.randrange(n))
        else:
            excluded = sum(1 << c for c in rng.choice(deck.triples))
            facts = facts.with_envelope(excluded=excluded)
    return facts


@pytest.mark.parametrize(
    "deck,sizes",
    [
        (DECK, (2, 2, 2)),
        (DECK, (2, 1, 2, 1)),
        (DECK, (3, 3, 0)),  # a player with no cards never answers
        (Deck(("a", "b", "c"), ("d", "e", "f"), ("g", "h", "i", "j")), (3, 2, 2)),
    ],
)
def test_gain_matches_brute_force(deck, sizes):
    """Every suggestion, on random notebooks: suggested cards of known, unknown and envelope
    places, players who lack some of them, clauses, ruled-out triples."""
    rng = random.Random(sum(sizes) + len(sizes) + len(deck.cards))
    checked = 0
    while checked < 8:
        facts = random_facts(deck, sizes, rng)
        deals = consistent(facts)
        if not deals:
            continue
        checked += 1
        informant = Informant(reduce(facts), 0, len(sizes))
        for cards in deck.triples:
            gain = informant.gain(cards)
            assert gain.bits == pytest.approx(information(facts, 0, cards, deals), abs=1e-9)
            assert sum(p for _, _, p in gain.outcomes) == pytest.approx(1.0)


def test_known_places_gain_nothing():
    facts = my_hand((2, 2, 2), (0, 3))  # I hold a and d
    facts = facts.with_has(1, 1 << 6)  # player 1 holds g
    gain = Informant(reduce(facts), 0, 3).gain((0, 3, 6))
    assert gain.bits == 0.0
    assert [(p, c) for p, c, _ in gain.outcomes] == [(1, 6)]


def test_uncertain_cards_gain_something():
    facts = my_hand((2, 2, 2), (0, 3))
    gain = Informant(reduce(facts), 0, 3).gain((1, 4, 7))
    assert gain.bits > 0.1


def test_interchangeable_suggestions_share_gains_but_name_their_own_cards():
    facts = my_hand((2, 2, 2), (0, 3))
    informant = Informant(reduce(facts), 0, 3)
    first, second = informant.gain((1, 4, 7)), informant.gain((2, 5, 8))
    assert first.bits == second.bits
    assert {c for _, c, _ in second.outcomes} == {2, 5, 8, None}


def test_a_full_hand_shows_either_of_two_known_cards():
    facts = my_hand((2, 1, 1, 2), (0, 3)).with_has(3, 1 << 1 | 1 << 4)  # player 3 holds b and e
    gain = Informant(reduce(facts), 0, 4).gain((1, 4, 7))
    shown = {(p, c): q for p, c, q in gain.outcomes}
    assert shown[(3, 1)] == pytest.approx(shown[(3, 4)])
    assert set(shown) == {(1, 7), (2, 7), (3, 1), (3, 4)}
    assert gain.bits == pytest.approx(information(facts, 0, (1, 4, 7)), abs=1e-12)
