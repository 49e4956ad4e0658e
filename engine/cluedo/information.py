"""Exact expected information about the solution from one of your suggestions.

Responder model: the other players are asked in seating order after you; the first who holds
any of the three cards shows one, choosing uniformly among the ones they hold. The outcome you
see is (responder, card) or "nobody". ``outcomes.OutcomeCounter`` counts, exactly, the
consistent deals per outcome and envelope triple; the gain is the mutual information between
the solution and the outcome, i.e. the expected drop in the solution's entropy, in bits.
Suggestions that are the same up to swapping interchangeable cards get the same gain,
computed once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.cluedo.constraints import asked_before
from engine.cluedo.outcomes import OutcomeCounter
from engine.cluedo.solver import Reduced

MODEL = (
    "Players are asked in seating order after you; the first who holds any of the three cards "
    "shows one, each of the cards they hold equally likely. Gains are exact expected entropy "
    "reductions of the solution, in bits."
)


Signature = tuple[object, ...]  # what makes two cards interchangeable in every count


@dataclass(frozen=True)
class Gain:
    bits: float
    outcomes: tuple[tuple[int | None, int | None, float], ...]  # (player, card, probability)


class Informant:
    """Per notebook state: the gain of any suggestion by ``me``.

    ``prior`` (optional) is the solver's count of deals per valid triple of ``reduced``, so
    that it is not counted twice.
    """

    def __init__(
        self,
        reduced: Reduced,
        me: int,
        players: int,
        prior: Sequence[int] | np.ndarray | None = None,
    ) -> None:
        self.reduced = reduced
        self.counter = OutcomeCounter(reduced, asked_before(players, me, None))
        self._prior = prior
        self._cache: dict[tuple[Signature, ...], tuple[tuple[int, int, int], Gain]] = {}

    @cached_property
    def prior(self) -> np.ndarray:
        """Probability of each valid triple."""
        if self._prior is None:
            red = self.reduced
            product = np.ones(1 << red.bits, dtype=np.uint64)
            for z in red.zetas[:-1]:
                product *= z
            self._prior = red.split_by_triple(product)
        counts = np.asarray(self._prior, dtype=float)
        return np.asarray(counts / counts.sum())

    def signature(self, card: int) -> Signature:
        """Cards with equal signatures are interchangeable in every count."""
        red = self.reduced
        facts = red.facts
        if card in red.known:
            return ("held", red.known[card])
        if facts.envelope_has >> card & 1:
            return ("envelope",)
        bit = red.free.index(card)
        involved = any(c >> bit & 1 for cs in red.clauses for c in cs) or any(
            mask >> card & 1 for mask in facts.excluded
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
            earlier, cached = self._cache[key]
            rename = dict(zip(earlier, cards, strict=True))
            return Gain(
                cached.bits,
                tuple((p, None if c is None else rename.get(c), q) for p, c, q in cached.outcomes),
            )
        outcomes, counts = self.counter.counts(cards)
        joint = counts.astype(float)
        joint /= joint.sum()
        p_out = joint.sum(axis=1)
        seen = joint > 0
        independent = np.outer(p_out, self.prior)[seen]
        info = float(np.sum(joint[seen] * np.log2(joint[seen] / independent)))
        result = Gain(
            info if info > 1e-12 else 0.0,
            tuple((p, c, float(q)) for (p, c), q in zip(outcomes, p_out, strict=True) if q > 0),
        )
        self._cache[key] = (cards, result)
        return result

    def table(self, rooms: list[int]) -> dict[tuple[int, int, int], Gain]:
        """The gain of every suggestion in ``rooms``, suspect by suspect (each suspect's
        layout of the shared products is then made once)."""
        suspects, weapons, _ = self.reduced.facts.deck.category_cards
        return {(s, w, r): self.gain((s, w, r)) for s in suspects for r in rooms for w in weapons}
