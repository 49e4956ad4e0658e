"""Exact posterior by counting every deal consistent with the facts.

Every consistent deal is equally likely, so probabilities are ratios of exact integer counts.
Cards whose holder is known leave the problem; the remaining ``u`` free cards are shared by the
players who still have room in their hands and by the envelope. Each such *holder* has an
indicator over the ``2**u`` card masks of the hands it could hold (right size, no card it
lacks, at least one card of each of its "showed one of these" clauses; for the envelope, one
valid triple). The number of deals in which holder ``h`` holds exactly ``A`` is then
``g_h[A] * R_h[free - A]`` where ``R_h`` is the OR-convolution of the other holders, computed
with zeta and Moebius transforms (see ``transforms``). The envelope is just one more holder, so
the counts per triple come out of the same step as each player's hand distribution. Cost: two
transforms per holder over ``2**u`` entries; u <= 18 in a classic game since your own hand is
known.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.cluedo.cards import Deck
from engine.cluedo.constraints import Facts
from engine.cluedo.transforms import (
    avoiding_sums,
    binomials,
    masks,
    moebius,
    popcounts,
    signed_total,
    zeta,
)

ENVELOPE = "envelope"


@dataclass(frozen=True)
class Reduced:
    """The free part of the problem: free cards as bits 0..u-1 and the holders sharing them.

    ``holders`` are player indices with room left, then ``None`` for the envelope; ``sizes``,
    ``lacks`` and ``clauses`` are per holder, with masks over the free bits.
    """

    facts: Facts
    free: tuple[int, ...]
    known: dict[int, int]
    holders: tuple[int | None, ...]
    sizes: tuple[int, ...]
    lacks: tuple[int, ...]
    clauses: tuple[tuple[int, ...], ...]
    triples: tuple[tuple[int, int, int], ...]
    triple_masks: tuple[int, ...]

    @property
    def bits(self) -> int:
        return len(self.free)

    @cached_property
    def hands(self) -> tuple[np.ndarray, ...]:
        """Per holder, True at every free-card mask it could hold (bool arrays: an eighth of the
        memory of counts, which matters at 2**21 masks)."""
        every = masks(self.bits)
        sizes = popcounts(self.bits)
        hands = []
        for size, lacks, clauses in zip(self.sizes[:-1], self.lacks, self.clauses, strict=False):
            ok = (sizes == size) & ((every & lacks) == 0)
            for clause in clauses:
                ok &= (every & clause) != 0
            hands.append(ok)
        envelope = np.zeros(1 << self.bits, dtype=bool)
        envelope[list(self.triple_masks)] = True
        hands.append(envelope)
        return tuple(hands)

    @cached_property
    def widths(self) -> tuple[int, int, int]:
        """Number of free suspects, weapons and rooms (their bits come in that order)."""
        categories = self.facts.deck.category_of
        s, w, r = (sum(1 for c in self.free if categories[c] == k) for k in range(3))
        return s, w, r

    @cached_property
    def local_bit(self) -> dict[int, int]:
        """Each free card's bit number within its category."""
        start = (0, self.widths[0], self.widths[0] + self.widths[1])
        categories = self.facts.deck.category_of
        return {card: bit - start[categories[card]] for bit, card in enumerate(self.free)}

    @cached_property
    def triple_bits(self) -> np.ndarray:
        """(3, triples): each valid triple's local bit per category, -1 where not free."""
        return np.array([[self.local_bit.get(c, -1) for c in t] for t in self.triples]).T

    def signed(self, values: np.ndarray) -> np.ndarray:
        """values[S] * (-1)**|S| (uint64, wrapping)."""
        odd = (popcounts(self.bits) & 1).astype(bool).reshape(values.shape)
        return np.where(odd, np.uint64(0) - values, values)

    def split_by_triple(self, values: np.ndarray) -> np.ndarray:
        """Moebius transform of ``values`` read at the complement of each valid triple.

        That is, for an OR-convolution of the players, the number of ways they can hold
        exactly the free cards outside each triple: with the signs (-1)**|S| folded in, a sum
        over the masks that avoid the triple (``transforms.avoiding_sums``).
        """
        box = avoiding_sums(self.signed(values)[None], self.widths)[0]
        where = np.where(self.triple_bits < 0, np.array(self.widths)[:, None], self.triple_bits)
        result = box[where[0], where[1], where[2]]
        return np.asarray(np.uint64(0) - result if self.odd_envelope else result)

    @property
    def odd_envelope(self) -> bool:
        """Whether the Moebius sign of a triple's complement is odd: (-1)**(bits - free
        cards in the envelope) is the same for every triple."""
        return bool((self.bits - self.sizes[-1]) % 2)

    @cached_property
    def zetas(self) -> tuple[np.ndarray, ...]:
        """Zeta transform of each holder's hands; closed form C(|S & allowed|, size) when the
        holder has no clauses (the common case early in a game), which saves a transform."""
        full = (1 << self.bits) - 1
        result = []
        for h, hand in enumerate(self.hands):
            if h < len(self.clauses) and not self.clauses[h]:
                allowed = masks(self.bits) & (full & ~self.lacks[h])
                result.append(binomials(self.bits, self.sizes[h])[popcounts(self.bits)[allowed]])
            else:
                result.append(zeta(hand, self.bits))
        return tuple(result)


def reduce(facts: Facts) -> Reduced | None:
    """Drop cards whose place is known and simplify clauses; None if the facts contradict."""
    deck = facts.deck
    everything = (1 << len(deck.cards)) - 1
    known: dict[int, int] = {}
    for player, (has, lack, size) in enumerate(
        zip(facts.has, facts.lacks, facts.sizes, strict=True)
    ):
        if has & lack or has.bit_count() > size or has & facts.envelope_has:
            return None
        for card in _cards(has):
            if known.setdefault(card, player) != player:
                return None
    if facts.envelope_has & facts.envelope_lacks:
        return None
    placed = sum(1 << card for card in known) | facts.envelope_has
    free_mask = everything & ~placed
    free = tuple(_cards(free_mask))
    to_bits = {card: bit for bit, card in enumerate(free)}

    def squeeze(mask: int) -> int:
        return sum(1 << to_bits[card] for card in _cards(mask & free_mask))

    holders: list[int | None] = []
    sizes: list[int] = []
    lacks: list[int] = []
    clauses: list[tuple[int, ...]] = []
    for player, size in enumerate(facts.sizes):
        room = size - facts.has[player].bit_count()
        open_clauses: set[int] = set()
        for clause in facts.clauses[player]:
            if clause & facts.has[player]:
                continue
            left = squeeze(clause & ~facts.lacks[player])
            if not left:
                return None
            open_clauses.add(left)
        if room == 0:
            if open_clauses:
                return None
            continue
        holders.append(player)
        sizes.append(room)
        lacks.append(squeeze(facts.lacks[player]))
        clauses.append(tuple(sorted(_minimal(open_clauses))))
    triples: list[tuple[int, int, int]] = []
    triple_masks: list[int] = []
    blocked = (placed & ~facts.envelope_has) | facts.envelope_lacks
    for triple in deck.triples:
        mask = sum(1 << card for card in triple)
        if facts.envelope_has & ~mask or mask & blocked or mask in facts.excluded:
            continue
        triples.append(triple)
        triple_masks.append(squeeze(mask))
    if not triples:
        return None
    holders.append(None)
    sizes.append(3 - facts.envelope_has.bit_count())
    return Reduced(
        facts,
        free,
        known,
        tuple(holders),
        tuple(sizes),
        tuple(lacks),
        tuple(clauses),
        tuple(triples),
        tuple(triple_masks),
    )


def _cards(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _minimal(clauses: set[int]) -> set[int]:
    """Drop clauses implied by a smaller one (a superset clause adds nothing)."""
    return {c for c in clauses if not any(o != c and o & c == o for o in clauses)}


def count_deals(facts: Facts) -> int:
    """The exact number of deals consistent with ``facts`` (0 if they contradict)."""
    reduced = reduce(facts)
    if reduced is None:
        return 0
    product = np.ones(1 << reduced.bits, dtype=np.uint64)
    for z in reduced.zetas:
        product *= z
    return signed_total(product, reduced.bits)


@dataclass(frozen=True)
class Solution:
    """Exact counts: per envelope triple, and per card and holder (players, then envelope)."""

    deck: Deck
    holders: tuple[str, ...]
    consistent_deals: int
    triple_counts: dict[tuple[int, int, int], int]
    location_counts: tuple[tuple[int, ...], ...]

    def triple_probabilities(self) -> dict[tuple[str, str, str], float]:
        cards = self.deck.cards
        total = self.consistent_deals
        return {
            (cards[s], cards[w], cards[r]): count / total
            for (s, w, r), count in self.triple_counts.items()
        }

    def location_probabilities(self) -> np.ndarray:
        """cards x holders matrix of probabilities (rows sum to 1)."""
        counts = np.array(self.location_counts, dtype=float)
        return counts / self.consistent_deals

    def envelope_probability(self, card: str) -> float:
        return self.location_counts[self.deck.index[card]][-1] / self.consistent_deals


def solve_facts(facts: Facts, players: tuple[str, ...]) -> Solution:
    """Count every consistent deal and break the counts down by triple and by card location."""
    reduced = reduce(facts)
    if reduced is None:
        raise ValueError("No deal of the cards fits everything recorded.")
    return solve_reduced(reduced, players)


def solve_reduced(reduced: Reduced, players: tuple[str, ...]) -> Solution:
    """``solve_facts`` for an already reduced problem (its transforms are then kept on
    ``reduced`` for the advisor to reuse)."""
    facts = reduced.facts
    bits, zetas, count = reduced.bits, reduced.zetas, len(reduced.holders)
    prefix = [np.ones(1 << bits, dtype=np.uint64)]
    for z in zetas[:-1]:
        prefix.append(prefix[-1] * z)
    per_triple = reduced.split_by_triple(prefix.pop())
    suffix = np.ones(1 << bits, dtype=np.uint64)
    per_card: list[list[int]] = [[]] * count
    for h in range(count - 2, -1, -1):  # prefix[h] is the last one left: pop as we go
        suffix *= zetas[h + 1]
        others = moebius(prefix.pop() * suffix, bits)
        per_card[h] = _per_bit(reduced.hands[h], others[::-1], bits)
    triple_counts = {t: int(c) for t, c in zip(reduced.triples, per_triple, strict=True)}
    total = sum(triple_counts.values())
    if total == 0:
        raise ValueError("No deal of the cards fits everything recorded.")
    n_cards, n_players = len(facts.deck.cards), len(players)
    locations = [[0] * (n_players + 1) for _ in range(n_cards)]
    for card, player in reduced.known.items():
        locations[card][player] = total
    for card in range(n_cards):
        if facts.envelope_has >> card & 1:
            locations[card][-1] = total
    for h, holder in enumerate(reduced.holders[:-1]):
        assert holder is not None  # only the last holder is the envelope
        for bit, amount in enumerate(per_card[h]):
            locations[reduced.free[bit]][holder] = amount
    for triple, amount in triple_counts.items():
        for card in triple:
            if card in reduced.free:
                locations[card][-1] += amount
    return Solution(
        facts.deck,
        tuple(players) + (ENVELOPE,),
        total,
        {t: c for t, c in triple_counts.items() if c},
        tuple(tuple(row) for row in locations),
    )


def _per_bit(hand: np.ndarray, ways: np.ndarray, bits: int) -> list[int]:
    """For each bit, the total of ``ways`` over the possible hands containing it (exact
    ints): the deals in which the holder has that card."""
    where = np.flatnonzero(hand)
    values = ways[where]
    return [int(np.sum(values[(where >> bit) & 1 == 1], dtype=np.uint64)) for bit in range(bits)]
