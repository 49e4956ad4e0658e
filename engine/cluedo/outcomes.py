"""Deals counted per outcome of one of your suggestions and per envelope triple, exactly.

An outcome is "player j shows card x" or "nobody can show". In the zeta domain of the solver
(see ``solver``), the deals giving "j shows x" are a product: the players asked before j hold
none of the three cards (their transforms read with those bits cleared, which is the prefix
product read there), j holds x among the ones it holds (its transform, Moebius-transformed over
the three bits, each exact pattern K weighted 6/|K| for the chance that x is the card shown),
and the players after j hold anything (the suffix product). Only the suggested cards whose
place is unknown ("special", k <= 3 of them) need this treatment, so every array is cut into
the 2**k slabs of one special pattern each; a slab's deals count for a triple only if the
triple holds none of the slab's special cards. The envelope split is ``avoiding_sums`` of all
of a player's slabs at once.

Slab views must have long contiguous runs to be fast. The suspect bits are the lowest, so the
arrays are re-laid out once per suspect with its bit in front (``_Pulled``); the weapon and
room bits then cut out views with runs of at least 2**(suspects - 1) entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.cluedo.solver import Reduced
from engine.cluedo.transforms import Scratch, avoiding_sums

WEIGHT = 6  # common denominator of 1/1, 1/2 and 1/3: counts stay integers
SUSPECT, ROOM, WEAPON = 0, 1, 2  # order of the special axes in slab stacks
AXIS_BIT = (1, 2, 4)  # a slab's special pattern as bits over those axes

Outcome = tuple[int | None, int | None]  # (player, card) shown, or (None, None)


@dataclass(frozen=True)
class _Pulled:
    """The products, re-laid out for one suspect: (P, 2**wr, 2**ww, 2**ws') with the suspect's
    bit in front (P = 2) or not free (P = 1); transforms Moebius-transformed over that bit."""

    zetas: list[np.ndarray | None]
    prefix: list[np.ndarray]  # only the slab where the suspect bit is clear
    suffix: list[np.ndarray]


class _Cut:
    """How one suggestion's special cards cut the pulled arrays into slabs."""

    def __init__(self, widths: tuple[int, int, int], bits: tuple[int | None, ...]):
        ws, ww, wr = widths
        suspect, weapon, room = bits
        self.shape = tuple(1 if b is None else 2 for b in (suspect, room, weapon))
        ps, pr, pw = self.shape
        self.rest_widths = (ws - ps + 1, ww - pw + 1, wr - pr + 1)
        self.rest = 1 << sum(self.rest_widths)
        room_split = (1 << wr, 1) if room is None else (1 << (wr - 1 - room), 1 << room)
        weapon_split = (1 << ww, 1) if weapon is None else (1 << (ww - 1 - weapon), 1 << weapon)
        self.inner = (*room_split, weapon_split[0], weapon_split[1] << self.rest_widths[0])
        self.special = [axis for axis in range(3) if self.shape[axis] == 2]
        grids = np.indices(self.shape)
        self.patterns = sum(AXIS_BIT[axis] * grids[axis] for axis in range(3))
        self.sizes = grids.sum(axis=0)  # special cards in each slab's pattern

    def view(self, pulled: np.ndarray) -> np.ndarray:
        """(P, pr, pw, *inner): the slabs of a pulled array, pattern axes first."""
        ra, rb, wa, wb = self.inner
        cut = pulled.reshape(len(pulled), ra, self.shape[1], rb, wa, self.shape[2], wb)
        return cut.transpose(0, 2, 5, 1, 3, 4, 6)

    def rows(self, stack: np.ndarray) -> np.ndarray:
        """A (..., rest) stack seen with the inner layout of ``view``."""
        return stack.reshape(stack.shape[:-1] + self.inner)


class OutcomeCounter:
    """Per notebook state and suggester: the shared products, then any suggestion's counts."""

    def __init__(self, reduced: Reduced, order: list[int]):
        self.reduced = reduced
        self.order = order  # the players asked, in turn
        holder = {p: h for h, p in enumerate(reduced.holders) if p is not None}
        self.holders = [holder.get(p) for p in order]
        self.scratch = Scratch()
        self._pulled: dict[int | None, _Pulled] = {}

    @cached_property
    def _products(
        self,
    ) -> tuple[list[np.ndarray | None], list[np.ndarray], list[np.ndarray]]:
        """Each asked player's transform (None: no room left), the prefix products (players
        before j) and the suffix products (players after j) with the signs (-1)**|S|."""
        red = self.reduced
        zetas: list[np.ndarray | None] = [None if h is None else red.zetas[h] for h in self.holders]
        prefix = [np.ones(1 << red.bits, dtype=np.uint64)]
        for z in zetas:
            prefix.append(prefix[-1] if z is None else prefix[-1] * z)
        suffix = [red.signed(np.ones(1 << red.bits, dtype=np.uint64))]
        for z in reversed(zetas[1:]):
            suffix.append(suffix[-1] if z is None else suffix[-1] * z)
        return zetas, prefix, suffix[::-1]

    def _pulled_for(self, suspect: int | None) -> _Pulled:
        """The products re-laid out for ``suspect`` (kept for the next suggestion: callers
        going through suggestions suspect by suspect lay each out once)."""
        if suspect not in self._pulled:
            zetas, prefix, suffix = self._products
            self._pulled.clear()  # let the previous layout go first
            self._pulled[suspect] = _Pulled(
                [None if z is None else self._pull(z, suspect, moebius=True) for z in zetas],
                [self._pull(p, suspect, clear_only=True) for p in prefix],
                [self._pull(s, suspect) for s in suffix],
            )
        return self._pulled[suspect]

    def _pull(
        self,
        values: np.ndarray,
        suspect: int | None,
        moebius: bool = False,
        clear_only: bool = False,
    ) -> np.ndarray:
        ws, ww, wr = self.reduced.widths
        if suspect is None:
            return np.asarray(values.reshape(1, 1 << wr, 1 << ww, 1 << ws))
        cut = values.reshape(1 << (wr + ww), 1 << (ws - 1 - suspect), 2, 1 << suspect)
        cut = cut.transpose(2, 0, 1, 3)[: 1 if clear_only else 2]
        out = np.empty(cut.shape, dtype=np.uint64)
        np.copyto(out, cut)
        if moebius:
            out[1] -= out[0]
        return out.reshape(len(out), 1 << wr, 1 << ww, 1 << (ws - 1))

    def counts(self, cards: tuple[int, int, int]) -> tuple[list[Outcome], np.ndarray]:
        """The possible outcomes and, per outcome and valid triple, the number of consistent
        deals producing it times ``WEIGHT`` (uint64, exact)."""
        red = self.reduced
        bits = tuple(red.local_bit.get(c) for c in cards)
        cut = _Cut(red.widths, bits)
        axis_of = {
            c: a
            for c, a, b in zip(cards, (SUSPECT, WEAPON, ROOM), bits, strict=True)
            if b is not None
        }
        pulled = self._pulled_for(bits[0])
        outcomes: list[Outcome] = []
        blocks: list[np.ndarray] = []
        patterns: list[int] = []
        needs: list[int] = []
        sizes: list[int] = []
        for j, player in enumerate(self.order):
            fixed = [c for c in cards if red.known.get(c) == player]
            holder = self.holders[j]
            lacks = 0 if holder is None else red.lacks[holder]
            free = (
                []
                if pulled.zetas[j] is None
                else [c for c in axis_of if not lacks >> red.free.index(c) & 1]
            )
            if not fixed and not free:
                continue  # this player surely passes
            stack, pattern, per_card = self._responder_rows(cut, pulled, j, fixed, free, axis_of)
            blocks.append(avoiding_sums(stack, cut.rest_widths, self.scratch))
            patterns += pattern
            needs += [0] * len(stack)
            outcomes += [(player, card) for card in fixed + free]
            sizes += per_card
            if fixed:
                break  # this player surely shows a card
        else:
            blocks.append(avoiding_sums(self._nobody_row(cut, pulled), cut.rest_widths))
            patterns.append(0)
            needs.append(int(cut.patterns.max()))
            outcomes.append((None, None))
            sizes.append(1)
        return outcomes, self._tally(cut, bits, blocks, patterns, needs, sizes)

    def _responder_rows(
        self,
        cut: _Cut,
        pulled: _Pulled,
        j: int,
        fixed: list[int],
        free: list[int],
        axis_of: dict[int, int],
    ) -> tuple[np.ndarray, list[int], list[int]]:
        """The slabs of every outcome of player j, stacked; each slab's pattern; how many
        slabs each outcome has."""
        shape, special = cut.shape, cut.special
        sufy = self.scratch.array("sufy", shape + (cut.rest,))
        clear = self.scratch.array("clear", (cut.rest,))
        np.copyto(cut.rows(clear), cut.view(pulled.prefix[j])[0, 0, 0])
        np.multiply(cut.view(pulled.suffix[j]), cut.rows(clear), out=cut.rows(sufy))
        held = self.scratch.array("held", shape + (cut.rest,))
        zeta = pulled.zetas[j]
        if zeta is None:
            held[...] = 0
            held[0, 0, 0] = WEIGHT // len(fixed)
        else:
            np.copyto(cut.rows(held), cut.view(zeta))
            for axis in special:
                if axis != SUSPECT:  # the suspect bit was done when pulling
                    held[_at(axis, 1)] -= held[_at(axis, 0)]
            count = cut.sizes + len(fixed)
            weights = np.where(count > 0, WEIGHT // np.maximum(count, 1), 0)
            held *= weights.astype(np.uint64)[..., None]
        slabs = len(fixed) * cut.patterns.size + len(free) * cut.patterns.size // 2
        stack = self.scratch.array("stack", (slabs, cut.rest))
        pattern: list[int] = []
        per_card: list[int] = []
        at = 0
        for card in fixed + free:
            pick = (slice(None),) * 3 if card in fixed else _at(axis_of[card], slice(1, 2))
            source = held[pick]
            rows = stack[at : at + source.size // cut.rest].reshape(source.shape)
            _zeta_into(rows, source, [a for a in special if card in fixed or a != axis_of[card]])
            rows *= sufy[pick]
            pattern += cut.patterns[pick].reshape(-1).tolist()
            per_card.append(source.size // cut.rest)
            at += per_card[-1]
        return stack, pattern, per_card

    def _nobody_row(self, cut: _Cut, pulled: _Pulled) -> np.ndarray:
        """Everybody passes: every asked player holds none of the three (signed, weighted)."""
        row = np.empty((1, cut.rest), dtype=np.uint64)
        last = cut.view(pulled.prefix[-1])[0, 0, 0]
        np.multiply(last, cut.view(pulled.suffix[-1])[0, 0, 0], out=cut.rows(row[0]))
        row *= np.uint64(WEIGHT)
        return row

    def _tally(
        self,
        cut: _Cut,
        bits: tuple[int | None, ...],
        blocks: list[np.ndarray],
        patterns: list[int],
        needs: list[int],
        sizes: list[int],
    ) -> np.ndarray:
        """Read each slab's split at every valid triple that holds none of its special cards
        (the "nobody" slab: only at triples holding all of them), and add up per outcome."""
        red = self.reduced
        where, held = [], np.zeros(len(red.triples), dtype=np.int64)
        for triple_bits, bit, width, axis in zip(
            red.triple_bits, bits, cut.rest_widths, (SUSPECT, WEAPON, ROOM), strict=True
        ):
            outside = triple_bits < 0 if bit is None else (triple_bits < 0) | (triple_bits == bit)
            index = triple_bits if bit is None else triple_bits - (triple_bits > bit)
            where.append(np.where(outside, width, index))
            if bit is not None:
                held |= np.where(triple_bits == bit, AXIS_BIT[axis], 0)
        box = np.concatenate(blocks) if len(blocks) > 1 else blocks[0]
        values = box[:, where[0], where[1], where[2]]
        pattern, need = np.array(patterns)[:, None], np.array(needs)[:, None]
        values *= ((pattern & held) == 0) & ((need & ~held) == 0)
        starts = np.cumsum([0] + sizes[:-1])
        counts = np.add.reduceat(values, starts, axis=0)
        return np.asarray(np.uint64(0) - counts if red.odd_envelope else counts)


def _at(axis: int, index: int | slice) -> tuple[int | slice, ...]:
    """Index ``index`` on special ``axis`` of a (P, pr, pw, rest) stack."""
    return tuple(index if a == axis else slice(None) for a in range(3))


def _zeta_into(out: np.ndarray, values: np.ndarray, axes: list[int]) -> np.ndarray:
    """out = subset sums of ``values`` over the (length-2) ``axes``, without a separate copy."""
    if not axes:
        np.copyto(out, values)
        return out
    low, high = _at(axes[0], slice(0, 1)), _at(axes[0], slice(1, 2))
    _zeta_into(out[low], values[low], axes[1:])
    np.add(values[high], values[low], out=out[high])
    for axis in axes[1:]:
        out[high][_at(axis, slice(1, 2))] += out[high][_at(axis, slice(0, 1))]
    return out
