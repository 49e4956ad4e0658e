"""The reasoning model's beliefs equal a plain brute-force enumeration of its story (``brute``),
on records taken from self-played games: claims and bluffs with information, deaths, executions,
nominations and votes."""

from __future__ import annotations

import pytest

from engine.clocktower.game import Phase, apply
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.record import Record
from engine.clocktower.reasoning.worlds import Setup
from engine.clocktower.selfplay import Player, setup_game
from tests.engine.clocktower.game.support import TB
from tests.engine.clocktower.reasoning.brute import reference


def record_at(
    players: int, seed: int, day: int, characters: tuple[str, ...] = ()
) -> tuple[Setup, Record]:
    """The public record of a self-played game once the claims of ``day`` are made."""
    state = setup_game(TB, players, seed, characters)
    table = Player(seed)
    while state.phase is not Phase.OVER:
        action = table.act(state)
        if state.day == day:
            break
        state = apply(state, action).state
    assert table.setup is not None
    return table.setup, table.record()


@pytest.mark.parametrize("seed", range(4))
def test_beliefs_match_brute_force(seed):
    setup, record = record_at(6, seed, 2)
    assert record.claims and record.deaths
    beliefs = infer(setup, record)
    demon, evil = reference(setup.chars, record)
    for p in setup.seats:
        assert beliefs.demon[p] == pytest.approx(demon[p], abs=1e-9), p
        assert beliefs.evil[p] == pytest.approx(evil[p], abs=1e-9), p
