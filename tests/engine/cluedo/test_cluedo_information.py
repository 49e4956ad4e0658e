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


@pytest.mark.parametrize("sizes", [(2, 2, 2), (2, 1, 2, 1)])
def test_gain_matches_brute_force(sizes):
    rng = random.Random(sum(sizes) + len(sizes))
    checked = 0
    while checked < 12:
        facts = my_hand(sizes, rng.sample(range(9), sizes[0]))
        for _ in range(rng.randint(0, 3)):
            player, kind = rng.randrange(1, len(sizes)), rng.random()
            if kind < 0.3:
                facts = facts.with_lacks(player, 1 << rng.randrange(9))
            elif kind < 0.7:
                facts = facts.with_clause(player, sum(1 << c for c in rng.sample(range(9), 3)))
            else:
                facts = facts.with_has(player, 1 << rng.randrange(9))
        if not consistent(facts):
            continue
        checked += 1
        informant = Informant(reduce(facts), 0, len(sizes))
        for cards in rng.sample(DECK.triples, 6):
            gain = informant.gain(cards)
            assert gain.bits == pytest.approx(information(facts, 0, cards), abs=1e-9)
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
