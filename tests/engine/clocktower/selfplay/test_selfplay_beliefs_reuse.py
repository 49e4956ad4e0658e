"""What the table keeps to spare work: beliefs summed only when read, and per state who lives
and whom each player would execute. Kept work must never outlive what it came from."""

from __future__ import annotations

import numpy as np
import pytest

from engine.clocktower.game import Phase, apply
from engine.clocktower.reasoning.infer import Beliefs
from engine.clocktower.selfplay.games import setup_game
from engine.clocktower.selfplay.table import Player
from tests.engine.clocktower.game.support import SCRIPTS


def table_at(script: str, seed: int, day: int) -> tuple[Player, object]:
    """A self-played 10-player game's table and state once ``day``'s talk is under way."""
    state, table = setup_game(SCRIPTS[script], 10, seed), Player(seed)
    while state.phase is not Phase.OVER and not (state.day == day and table.record().claims):
        state = apply(state, table.act(state)).state
    table.see(state)
    assert table.setup is not None
    return table, state


def by_world(beliefs: Beliefs, marks: np.ndarray) -> np.ndarray:
    """Per seat, the plain sum of the weights of the worlds ``marks`` flags."""
    return np.array([beliefs.p[marks[:, s]].sum() for s in range(marks.shape[1])])


@pytest.mark.parametrize("script, seed", [("bmr", 1), ("snv", 2), ("tb", 3)])
def test_every_views_chances_are_the_sums_over_its_worlds(script, seed):
    table, state = table_at(script, seed, 2)
    public = table.beliefs(state)
    worlds = public._worlds
    for beliefs in [public, *(public.given_good(p) for p in public.setup.seats[:4])]:
        evil = by_world(beliefs, worlds.evil)
        demon = by_world(beliefs, beliefs._demon[:, None] == np.arange(public.setup.n))
        for i, p in enumerate(public.setup.seats):
            assert beliefs.evil[p] == pytest.approx(evil[i], abs=1e-12)
            assert beliefs.demon[p] == pytest.approx(demon[i], abs=1e-12)
    assert sum(public.given_good(public.setup.seats[0]).demon.values()) == pytest.approx(1.0)


def test_a_view_sums_only_the_chances_it_is_asked():
    table, state = table_at("bmr", 1, 2)
    view = table.beliefs(state).given_good(table.setup.seats[1])
    assert view.demon and "evil" not in vars(view) and "risk" not in vars(view)
    assert view.evil and "risk" not in vars(view)


def test_the_risk_of_an_execution_is_the_chance_of_a_real_saint():
    # Trouble Brewing has the Saint: its risk is summed; Bad Moon Rising has no such character.
    table, state = table_at("tb", 0, 2)
    public = table.beliefs(state)
    losing = by_world(public, public._worlds.per_seat("losing"))
    assert [public.risk[p] for p in public.setup.seats] == pytest.approx(list(losing), abs=1e-12)
    table, state = table_at("bmr", 1, 2)
    assert set(table.beliefs(state).risk.values()) == {0.0}


def test_the_candidates_kept_for_a_state_follow_the_beliefs_they_came_from():
    table, state = table_at("tb", 1, 3)
    player = table.setup.seats[0]
    first = table._candidates(state, player)
    assert first is table._candidates(state, player)  # kept
    # New beliefs for the same state (another claim made): the candidates are read again.
    old = table.beliefs(state, player)
    demon = next(q for q in first if q in old.demon)
    changed = Beliefs(old.setup, old.p, old._demon, old._worlds)
    changed.demon = {q: (1.0 if q == demon else 0.0) for q in old.demon}
    dead = next(q for q in old.demon if q not in table._facts(state).living)
    changed.demon[dead] = 0.5  # a dead player who may be the Demon is a candidate
    table.beliefs = lambda state, player=None: changed  # type: ignore[method-assign]
    again = table._candidates(state, player)
    assert dead in again and dead not in first
