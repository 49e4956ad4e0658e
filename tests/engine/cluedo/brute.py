"""Brute force for the tests: every deal of a small deck, checked against the facts."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from engine.cluedo.cards import Deck
from engine.cluedo.constraints import Facts, asked_before


def every_deal(deck: Deck, sizes: tuple[int, ...]):
    """(envelope triple, hand masks per player) for every possible deal."""
    n = len(deck.cards)
    for triple in deck.triples:
        rest = [c for c in range(n) if c not in triple]
        yield from ((triple, hands) for hands in _hands(rest, sizes))


def _hands(cards, sizes):
    if not sizes:
        yield ()
        return
    for hand in itertools.combinations(cards, sizes[0]):
        left = [c for c in cards if c not in hand]
        for tail in _hands(left, sizes[1:]):
            yield (sum(1 << c for c in hand),) + tail


def fits(facts: Facts, triple, hands) -> bool:
    envelope = sum(1 << c for c in triple)
    if facts.envelope_has & ~envelope or envelope & facts.envelope_lacks:
        return False
    if envelope in facts.excluded:
        return False
    for player, hand in enumerate(hands):
        if facts.has[player] & ~hand or hand & facts.lacks[player]:
            return False
        if any(not hand & clause for clause in facts.clauses[player]):
            return False
    return True


def consistent(facts: Facts):
    return [d for d in every_deal(facts.deck, facts.sizes) if fits(facts, *d)]


def information(facts: Facts, me: int, cards: tuple[int, int, int], deals=None) -> float:
    """Mutual information between the envelope and the outcome of my suggestion, by brute force
    (``deals``: the consistent deals, if already listed)."""
    deals = consistent(facts) if deals is None else deals
    joint: Counter = Counter()
    for triple, hands in deals:
        for player in asked_before(len(hands), me, None):
            held = [c for c in cards if hands[player] >> c & 1]
            if held:
                for card in held:
                    joint[(triple, (player, card))] += 1 / len(held)
                break
        else:
            joint[(triple, None)] += 1
    total = len(deals)
    p_triple: Counter = Counter()
    p_outcome: Counter = Counter()
    for (triple, outcome), weight in joint.items():
        p_triple[triple] += weight / total
        p_outcome[outcome] += weight / total
    return sum(
        w / total * math.log2((w / total) / (p_triple[t] * p_outcome[o]))
        for (t, o), w in joint.items()
        if w > 0
    )
