"""The sweep's short cuts give the figures the plain way gives, to the bit: the seats around a
seat by bitmask, and a day swept again nomination by nomination from what it kept."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from engine.clocktower.game.characters.clockmaker import steps_to
from engine.clocktower.game.roles import role
from engine.clocktower.reasoning.infer import _through, infer
from engine.clocktower.reasoning.moment import Setup, around, seat_bits
from engine.clocktower.reasoning.record import Claim, Heard, Nominated, Record, Shot
from tests.engine.clocktower.game.support import TB

SEATS = tuple(range(1, 8))
SETUP = Setup(tuple(c for c in TB), SEATS)


def _walked(found: np.ndarray, seat: int, step: int) -> int:
    """The steps from ``seat`` to the nearest marked seat going ``step`` (1 or -1) round."""
    n = len(found)
    return next((k for k in range(1, n) if found[(seat + step * k) % n]), n)


def test_around_finds_the_nearest_marked_seat_either_way_itself_apart():
    rng = np.random.default_rng(7)
    for n in (1, 2, 5, 10, 15):
        found = rng.random((200, n)) < 0.3
        seat = rng.integers(0, n, 200)
        clockwise, counter = around(seat_bits(found), seat, n)
        for row, s in enumerate(seat):
            assert clockwise[row] == _walked(found[row], s, 1)
            assert counter[row] == _walked(found[row], s, -1)
            near = min(_walked(found[row], s, 1), _walked(found[row], s, -1))
            assert steps_to(seat_bits(found), seat, n)[row] == near


def test_a_day_swept_a_nomination_at_a_time_weighs_as_one_swept_whole(
    monkeypatch: pytest.MonkeyPatch,
):
    """Each nomination of a day sweeps the day again; its heard items are weighed once, and
    the nominations so far are taken up where they were left: the same weights."""
    claims = (
        Claim(1, "empath", (Heard("empath", 1, 1, (7, 2)),)),
        Claim(5, "slayer"),
        Claim(3, "chef", (Heard("chef", 1, 0),)),
    )
    nominations = (
        Nominated(1, 2, 4, (1, 2, 5), (1, 2, 3, 5, 6, 7)),
        Nominated(1, 3, 6, (3,), (1, 2, 3, 4, 5, 7)),
        Nominated(1, 6, 2, (4, 6, 7), (1, 3, 4, 5, 6, 7)),
    )
    record = Record(SEATS, claims, shots=(Shot(1, 5, 6, False),), nominations=nominations)
    slayer = type(role("slayer"))
    weighed = []

    def counted(self: object, *args: object) -> object:
        weighed.append(args[0])
        return plain(self, *args)

    plain = slayer.weigh
    monkeypatch.setattr(slayer, "weigh", counted)
    _through.cache_clear()
    grown = [infer(SETUP, replace(record, nominations=nominations[:k])) for k in (1, 2, 3)]
    assert len(weighed) == 1  # the day's shot, weighed once for the day's three sweeps
    _through.cache_clear()
    whole = infer(SETUP, record)
    assert grown[-1].p.tolist() == whole.p.tolist()
    assert grown[-1].demon == whole.demon
