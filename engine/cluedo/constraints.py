"""What a notebook's events imply, as plain card-mask facts the solver counts against.

Every piece of evidence in Cluedo reduces to four kinds of fact: a player *has* a card, a player
*has none* of some cards, a player *has at least one* of three cards (they showed one we did not
see), and facts about the envelope (a card is not in it, a triple is not the answer, or a triple
is the answer). Masks are ints with bit ``i`` for ``deck.cards[i]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

from engine.cluedo.cards import Deck

T = TypeVar("T")


@dataclass(frozen=True)
class Facts:
    """Everything known, per player (seating order) and for the envelope."""

    deck: Deck
    sizes: tuple[int, ...]
    has: tuple[int, ...]
    lacks: tuple[int, ...]
    clauses: tuple[tuple[int, ...], ...]
    envelope_lacks: int = 0
    envelope_has: int = 0
    excluded: frozenset[int] = frozenset()

    @classmethod
    def empty(cls, deck: Deck, sizes: tuple[int, ...]) -> Facts:
        n = len(sizes)
        return cls(deck, tuple(sizes), (0,) * n, (0,) * n, ((),) * n)

    def with_has(self, player: int, mask: int) -> Facts:
        return replace(self, has=_set(self.has, player, self.has[player] | mask))

    def with_lacks(self, player: int, mask: int) -> Facts:
        return replace(self, lacks=_set(self.lacks, player, self.lacks[player] | mask))

    def with_clause(self, player: int, mask: int) -> Facts:
        if mask in self.clauses[player]:
            return self
        return replace(self, clauses=_set(self.clauses, player, self.clauses[player] + (mask,)))

    def with_envelope(self, lacks: int = 0, has: int = 0, excluded: int | None = None) -> Facts:
        gone = self.excluded if excluded is None else self.excluded | {excluded}
        return replace(
            self,
            envelope_lacks=self.envelope_lacks | lacks,
            envelope_has=self.envelope_has | has,
            excluded=frozenset(gone),
        )


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def mask_of(deck: Deck, names: Iterable[str]) -> int:
    """Bit mask of the named cards."""
    mask = 0
    for name in names:
        mask |= 1 << deck.index[name]
    return mask


def suggestion_facts(
    facts: Facts, suggester: int, cards: int, responder: int | None, shown: int | None
) -> Facts:
    """Players asked in turn before the responder lack all three; the responder has one."""
    for player in asked_before(len(facts.sizes), suggester, responder):
        facts = facts.with_lacks(player, cards)
    if responder is not None:
        facts = facts.with_clause(responder, cards)
        if shown is not None:
            facts = facts.with_has(responder, shown)
    return facts


def asked_before(n: int, suggester: int, responder: int | None) -> list[int]:
    """Players asked (and unable to show) before the responder, in seating order."""
    order = [(suggester + step) % n for step in range(1, n)]
    return order if responder is None else order[: order.index(responder)]
