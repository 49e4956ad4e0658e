"""Subset-sum (zeta) and Moebius transforms over bit-mask-indexed numpy arrays.

Counting deals is an OR-convolution of the holders' sets of possible hands: a hand list for
each holder, indexed by card mask. Because each holder's hands have a fixed size and the sizes
add up to the number of free cards, "the union is everything" forces the hands to be disjoint,
so the zeta transform turns the convolution into a pointwise product. Arithmetic is uint64 and
wraps modulo 2**64; that is exact for sums and products, and every quantity we finally read is a
true count below 2**64 (a Cluedo deal count is below 10**14), so the results are exact integers.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

_SMALL = 4  # bits below this are handled as column operations (faster than 3-D strides)


def _passes(values: np.ndarray, bits: int, subtract: bool) -> np.ndarray:
    for bit in range(bits):
        half = 1 << bit
        view: np.ndarray
        if bit < _SMALL:
            view = values.reshape(-1, 2 * half)
            for j in range(half):
                if subtract:
                    view[:, half + j] -= view[:, j]
                else:
                    view[:, half + j] += view[:, j]
        else:
            view = values.reshape(-1, 2, half)
            if subtract:
                view[:, 1, :] -= view[:, 0, :]
            else:
                view[:, 1, :] += view[:, 0, :]
    return values


def zeta(values: np.ndarray, bits: int) -> np.ndarray:
    """z[S] = sum of values[A] over subsets A of S (a new array)."""
    return _passes(values.astype(np.uint64, copy=True), bits, subtract=False)


def moebius(values: np.ndarray, bits: int) -> np.ndarray:
    """The inverse of ``zeta``, in place (``values`` must be a uint64 array)."""
    return _passes(values, bits, subtract=True)


@lru_cache(maxsize=64)
def binomials(top: int, size: int) -> np.ndarray:
    """C(n, size) for n = 0..top as uint64 (read-only)."""
    values = np.array([math.comb(n, size) for n in range(top + 1)], dtype=np.uint64)
    values.setflags(write=False)
    return values


@lru_cache(maxsize=32)
def popcounts(bits: int) -> np.ndarray:
    """Number of set bits of every mask below 2**bits (read-only)."""
    counts = np.zeros(1, dtype=np.uint8)
    for _ in range(bits):
        counts = np.concatenate([counts, counts + 1])
    counts.setflags(write=False)
    return counts


@lru_cache(maxsize=32)
def masks(bits: int) -> np.ndarray:
    """0 .. 2**bits - 1 (read-only)."""
    values = np.arange(1 << bits, dtype=np.int64)
    values.setflags(write=False)
    return values


def signed_total(values: np.ndarray, bits: int) -> int:
    """sum over S of (-1)**(bits - |S|) * values[S]: the Moebius transform at the full set."""
    odd = (popcounts(bits) & 1).astype(bool) != bool(bits & 1)
    plus = np.sum(values[~odd], dtype=np.uint64)
    minus = np.sum(values[odd], dtype=np.uint64)
    return (int(plus) - int(minus)) % (1 << 64)


def avoiding_sums(
    rows: np.ndarray, widths: tuple[int, int, int], scratch: Scratch | None = None
) -> np.ndarray:
    """Sums of each row over the masks that avoid one chosen bit per category.

    ``rows`` is (n, 2**total) over masks whose bits are the suspects (lowest), then the
    weapons, then the rooms, with ``widths`` = (suspects, weapons, rooms). Entry [i, a, b, c] of
    the (n, ws + 1, ww + 1, wr + 1) result sums row i over the masks with suspect bit a, weapon
    bit b and room bit c clear; index ``width`` of a category excludes nothing there. This is
    how a count over the free cards is split by envelope triple: the players then hold exactly
    the cards outside the triple, a Moebius sum over the masks that avoid it.
    """
    ws, ww, wr = widths
    box = _clear_sums_outer(rows.reshape(len(rows), 1 << wr, -1), wr, scratch)
    box = box.reshape(len(rows), wr + 1, 1 << ww, 1 << ws) @ clear_matrix(ws)
    box = np.swapaxes(box, 2, 3) @ clear_matrix(ww)  # (n, wr + 1, ws + 1, ww + 1)
    return np.asarray(box.transpose(0, 2, 3, 1))


def _clear_sums_outer(rows: np.ndarray, width: int, scratch: Scratch | None) -> np.ndarray:
    """(n, 2**width, m) -> (n, width + 1, m): per bit t the sum over indices with bit t clear,
    then the total. Halving from the top bit reads the data about three times, however wide."""
    out = np.empty((len(rows), width + 1, rows.shape[2]), dtype=np.uint64)
    current = rows
    for top in range(width - 1, -1, -1):
        low, high = current[:, : 1 << top], current[:, 1 << top :]
        np.sum(low, axis=1, out=out[:, top])
        shape = low.shape
        folded = np.empty(shape, np.uint64) if scratch is None else scratch.array(top % 2, shape)
        current = np.add(low, high, out=folded)
    out[:, width] = current[:, 0]
    return out


@lru_cache(maxsize=32)
def clear_matrix(width: int) -> np.ndarray:
    """(2**width, width + 1) 0/1 matrix: column t marks the indices with bit t clear, the
    last column every index (read-only)."""
    index = np.arange(1 << width)[:, None]
    matrix = np.ones((1 << width, width + 1), dtype=np.uint64)
    matrix[:, :width] = (index >> np.arange(width)) & 1 ^ 1
    matrix.setflags(write=False)
    return matrix


class Scratch:
    """Arrays reused from one call to the next. Allocating fresh megabyte arrays for every
    suggestion costs more in page faults than the arithmetic done in them."""

    def __init__(self) -> None:
        self._held: dict[str | int, np.ndarray] = {}

    def array(self, name: str | int, shape: tuple[int, ...]) -> np.ndarray:
        size = math.prod(shape)
        held = self._held.get(name)
        if held is None or held.size < size:
            held = self._held[name] = np.empty(size, dtype=np.uint64)
        return held[:size].reshape(shape)
