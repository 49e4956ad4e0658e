"""Exact expected information about the solution from one of your suggestions.

Responder model: the other players are asked in seating order after you; the first who holds
any of the three cards shows one, choosing uniformly among the ones they hold. The outcome you
see is (responder, card) or "nobody". For each possible outcome we count, exactly, the
consistent deals per envelope triple that produce it, weighting each deal by the chance its
responder picks that card (weights are multiples of 1/6, so counts stay integers after
multiplying by 6). The gain is the mutual information between the solution and the outcome,
i.e. the expected drop in the solution's entropy, in bits.

The counts reuse the solver's zeta transforms: "player p holds none of the three" and "p holds
exactly K of them" are index remaps of p's transform (no new transform), and each outcome is
split by envelope triple with ``Reduced.split_by_triple`` (a few array passes). Suggestions that
are the same up to swapping interchangeable cards get the same gain, computed once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

import numpy as np

from engine.cluedo.constraints import asked_before
from engine.cluedo.solver import Reduced

WEIGHT = 6  # common denominator of 1/1, 1/2, 1/3
MODEL = (
    "Players are asked in seating order after you; the first who holds any of the three cards "
    "shows one, each of the cards they hold equally likely. Gains are exact expected entropy "
    "reductions of the solution, in bits."
)


@dataclass(frozen=True)
class Gain:
    bits: float
    outcomes: tuple[tuple[int | None, int | None, float], ...]  # (player, card, probability)


class Informant:
    """Per notebook state: the shared products, then the gain of any suggestion by ``me``."""

    def __init__(self, reduced: Reduced, me: int, players: int):
        self.reduced = reduced
        self.order = asked_before(players, me, None)
        self.me = me
        self._cache: dict[tuple, tuple[tuple[int, int, int], Gain]] = {}

    @cached_property
    def _holder_of(self) -> dict[int, int]:
        return {p: h for h, p in enumerate(self.reduced.holders) if p is not None}

    @cached_property
    def _suffixes(self) -> list[np.ndarray]:
        """suffix[j]: product of the transforms of responders after order[j], with the
        Moebius signs (-1)**|S| already applied (see ``Reduced.split_by_triple``)."""
        red = self.reduced
        out = [red.signed(np.ones(1 << red.bits, dtype=np.uint64))]
        for player in reversed(self.order[1:]):
            z = self._zeta_of(player)
            out.append(out[-1] if z is None else out[-1] * z)
        return out[::-1]

    def _zeta_of(self, player: int) -> np.ndarray | None:
        h = self._holder_of.get(player)
        return None if h is None else self.reduced.zetas[h]

    @cached_property
    def prior(self) -> np.ndarray:
        """Exact count of deals per valid triple (as float, for the entropy sums)."""
        product = np.ones(1 << self.reduced.bits, dtype=np.uint64)
        for z in self.reduced.zetas[:-1]:
            product *= z
        return self.reduced.split_by_triple(product).astype(float)

    def uncertainty(self, card: int) -> float:
        """Binary entropy (bits) of "``card`` is in the envelope"."""
        red = self.reduced
        inside = sum(c for t, c in zip(red.triples, self.prior, strict=True) if card in t)
        p = inside / self.prior.sum()
        return 0.0 if p <= 0 or p >= 1 else -(p * math.log2(p) + (1 - p) * math.log2(1 - p))

    def signature(self, card: int) -> tuple:
        """Cards with equal signatures are interchangeable in every count."""
        red = self.reduced
        facts = red.facts
        if card in red.known:
            return ("held", red.known[card])
        if facts.envelope_has >> card & 1:
            return ("envelope",)
        bit = red.free.index(card)
        involved = any(c >> bit & 1 for cs in red.clauses for c in cs) or any(
            card in t for t in _excluded_triples(red)
        )
        if involved:
            return ("card", card)
        in_env = any(card in t for t in red.triples)
        lacks = tuple(m >> bit & 1 for m in red.lacks)
        return ("free", facts.deck.category_of[card], lacks, in_env)

    def gain(self, cards: tuple[int, int, int]) -> Gain:
        """Exact expected information (bits) about the solution from suggesting ``cards``."""
        key = tuple(self.signature(c) for c in cards)
        if key in self._cache:
            seen, cached = self._cache[key]
            rename = dict(zip(seen, cards, strict=True))
            return Gain(cached.bits, tuple((p, rename.get(c), q) for p, c, q in cached.outcomes))
        outcomes = self._outcome_products(cards)
        split = self.reduced.split_by_triple
        joints = [split(f, signed=True).astype(float) for _, _, f in outcomes]
        grand = sum(float(j.sum()) for j in joints)
        prior = self.prior / self.prior.sum()
        info, p_out = 0.0, []
        for joint in joints:
            joint /= grand
            p_o = float(joint.sum())
            p_out.append(p_o)
            mask = joint > 0
            if p_o > 0:
                info += float(np.sum(joint[mask] * np.log2(joint[mask] / (prior[mask] * p_o))))
        result = Gain(
            info if info > 1e-12 else 0.0,
            tuple((p, c, q) for (p, c, _), q in zip(outcomes, p_out, strict=True) if q > 0),
        )
        self._cache[key] = (cards, result)
        return result

    def _outcome_products(self, cards: tuple[int, int, int]):
        """(responder, card, signed product array) per outcome, the envelope left out.

        Arrays are reshaped so each special card's bit is an axis of length 2 (see ``_blocks``),
        so that "restricted to the special cards J" is a view, not a gather.
        """
        red = self.reduced
        free_bits = sorted(red.free.index(c) for c in cards if c in red.free)
        shape, axes = _blocks(red.bits, free_bits)
        patterns = _subsets(free_bits)
        pre = np.ones(shape, dtype=np.uint64)
        outcomes = []
        for j, player in enumerate(self.order):
            fixed = [c for c in cards if red.known.get(c) == player]
            z = self._zeta_of(player)
            parts = {(): np.uint64(1)} if z is None else _exact_parts(z, shape, axes, free_bits)
            base = pre * self._suffixes[j].reshape(shape)
            for card in fixed + [red.free[b] for b in free_bits if z is not None]:
                product = np.empty(shape, dtype=np.uint64)
                for pattern in patterns:
                    slab = _corner(shape, axes, free_bits, pattern)
                    terms = [
                        parts[k] * np.uint64(WEIGHT // (len(fixed) + len(k)))
                        for k in parts
                        if set(k) <= set(pattern)
                        and (card in fixed or red.free.index(card) in k)
                        and len(fixed) + len(k)
                    ]
                    if terms:
                        np.multiply(base[slab], sum(terms[1:], terms[0]), out=product[slab])
                    else:
                        product[slab] = 0
                outcomes.append((player, card, product.reshape(-1)))
            if fixed:
                return outcomes
            pre = pre * parts[()]
        nobody = red.signed(pre.reshape(-1)) * np.uint64(WEIGHT)
        outcomes.append((None, None, nobody))
        return outcomes


def _excluded_triples(red: Reduced):
    deck = red.facts.deck
    for mask in red.facts.excluded:
        yield tuple(c for c in range(len(deck.cards)) if mask >> c & 1)


def _subsets(bits: list[int]) -> list[tuple[int, ...]]:
    return [s for k in range(len(bits) + 1) for s in combinations(bits, k)]


def _blocks(bits: int, special: list[int]) -> tuple[tuple[int, ...], dict[int, int]]:
    """A shape for a 2**bits array in which each special bit is its own axis of length 2
    (the runs of other bits between them stay merged), and the axis of each special bit."""
    shape, axes, high = [], {}, bits
    for bit in sorted(special, reverse=True):
        shape.append(1 << (high - bit - 1))
        axes[bit] = len(shape)
        shape.append(2)
        high = bit
    shape.append(1 << high)
    return tuple(shape), axes


def _corner(shape, axes: dict[int, int], free_bits: list[int], subset) -> tuple:
    """Index of the slab where the special bits in ``subset`` are set and the others clear."""
    index = [slice(None)] * len(shape)
    for b in free_bits:
        index[axes[b]] = slice(1, 2) if b in subset else slice(0, 1)
    return tuple(index)


def _exact_parts(z: np.ndarray, shape, axes: dict[int, int], free_bits: list[int]) -> dict:
    """For each subset K of the special bits: the zeta transform of the holder's hands that
    contain exactly K of the special cards, as a slab over the other bits (valid where the
    special part of S contains K; the caller places it).

    Fixing the special axes of z at J gives "at most J of them" (a view); a Moebius step over
    the few special bits turns that into "exactly K".
    """
    block = z.reshape(shape)
    subsets = _subsets(free_bits)
    parts = {subset: block[_corner(shape, axes, free_bits, subset)] for subset in subsets}
    for bit in free_bits:
        for subset in subsets:
            if bit in subset:
                parts[subset] = parts[subset] - parts[tuple(b for b in subset if b != bit)]
    return parts
