"""The Lord of Typhon's seating rule (``Role.arranges``): whatever the deal, its Minions sit in
one unbroken line with it in the middle, and a deal already so seated is left alone."""

from __future__ import annotations

import pytest

from engine.clocktower.game.characters.lordoftyphon import in_line, line_seats
from engine.clocktower.selfplay import setup_game
from tests.engine.clocktower.game.support import TB, start

SCRIPT = (*TB, "lordoftyphon")


def minions_in_line(state) -> bool:
    seats = list(state.seats)
    middle = next(i for i, s in enumerate(seats) if s.character == "lordoftyphon")
    evil = {i for i, s in enumerate(seats) if s.team == "minion"}
    return in_line(evil, middle, len(seats))


@pytest.mark.parametrize("players", [7, 10, 13, 15])
def test_every_bag_deal_seats_the_minions_either_side(players):
    found = 0
    for seed in range(200):
        state = setup_game(SCRIPT, players, seed)
        if any(s.character == "lordoftyphon" for s in state.seats):
            found += 1
            assert minions_in_line(state), [s.character for s in state.seats]
    assert found >= 10


def test_a_storytellers_deal_is_arranged_and_a_line_is_left_alone():
    scattered = ("poisoner", "empath", "lordoftyphon", "chef", "spy", "monk", "baron")
    scattered += ("soldier", "mayor", "virgin", "butler", "saint", "ravenkeeper")
    state = start({"extra": ["lordoftyphon"], "characters": scattered})
    assert minions_in_line(state)
    held = [s.character for s in state.seats]
    assert held.index("lordoftyphon") == 2 and sorted(held) == sorted(scattered)
    lined = ("empath", "poisoner", "lordoftyphon", "spy", "baron", "chef", "monk")
    lined += ("soldier", "mayor", "virgin", "butler", "saint", "ravenkeeper")
    state = start({"extra": ["lordoftyphon"], "characters": lined})
    assert tuple(s.character for s in state.seats) == lined


def test_the_line_alternates_right_and_left():
    assert line_seats(list(range(7)), 0, 3) == [1, 6, 2]
