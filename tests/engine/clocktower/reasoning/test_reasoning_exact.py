"""The reasoning model's beliefs equal a plain brute-force enumeration of its story (``brute``),
on records taken from self-played games: claims and bluffs with information, deaths, executions,
a Slayer's shots and a Virgin's nominations, nominations and votes; publicly and for one good
player who knows their own information."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clocktower.game import Phase, apply
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import Claim, Record
from engine.clocktower.selfplay import Player, setup_game
from engine.clocktower.selfplay.talk import heard
from tests.engine.clocktower.game.support import TB
from tests.engine.clocktower.reasoning.brute import reference

CASES = [(6, seed, 2) for seed in range(6)] + [(7, seed, 3) for seed in range(6)]
CASES += [(8, seed, 3) for seed in range(3)]


def record_at(
    players: int, seed: int, day: int, script: tuple[str, ...] = TB
) -> tuple[Setup, Record, Player, object]:
    """The public record of a self-played game of ``script`` once the claims of ``day`` are
    made (or at its end), with its table and state."""
    state = setup_game(script, players, seed)
    table = Player(seed)
    while state.phase is not Phase.OVER:
        action = table.act(state)
        if state.day == day:
            break
        state = apply(state, action).state
    table.see(state)
    assert table.setup is not None
    return table.setup, table.record(), table, state


def test_beliefs_match_brute_force():
    seen: Counter = Counter()
    for players, seed, day in CASES:
        setup, record, _, _ = record_at(players, seed, day)
        beliefs = infer(setup, record)
        demon, evil = reference(setup.chars, record)
        for p in setup.seats:
            assert beliefs.demon[p] == pytest.approx(demon[p], abs=1e-9), (players, seed, p)
            assert beliefs.evil[p] == pytest.approx(evil[p], abs=1e-9), (players, seed, p)
        seen.update({d.cause for d in record.deaths})
        seen.update(c.character for c in record.claims if c.heard)
        seen["votes"] += bool(record.nominations)
    assert {"night", "execution", "empath", "chef", "fortuneteller", "votes"} <= set(seen), seen


@pytest.mark.parametrize("players, seed, day", [(7, 2, 3), (8, 1, 3)])
def test_a_players_own_view_matches_brute_force(players, seed, day):
    """A good player who has not said everything: their own claim counts, and they are good."""
    setup, record, _, state = record_at(players, seed, day)
    me = next(s for s in state.seats if s.alignment == "good" and heard(state, s.player))
    mine = Claim(me.player, me.shown, heard(state, me.player))
    record = Record(record.seats, tuple(c for c in record.claims if c.player != me.player),
                    record.deaths, record.nominations, record.shots, record.dusks)  # fmt: skip
    beliefs = infer(setup, record, mine)
    demon, evil = reference(setup.chars, record.with_claim(mine), good=(me.player,))
    assert beliefs.evil[me.player] == 0.0
    for p in setup.seats:
        assert beliefs.demon[p] == pytest.approx(demon[p], abs=1e-9)
        assert beliefs.evil[p] == pytest.approx(evil[p], abs=1e-9)


def test_the_public_beliefs_of_one_who_said_it_all_are_conditioned_on_their_goodness():
    setup, record, _, state = record_at(7, 0, 3)
    public = infer(setup, record)
    me = next(s.player for s in state.seats if s.alignment == "good")
    mine = public.given_good(me)
    assert mine.evil[me] == 0.0
    assert sum(mine.demon.values()) == pytest.approx(1.0)
    _, evil = reference(setup.chars, record, good=(me,))
    for p in setup.seats:
        assert mine.evil[p] == pytest.approx(evil[p], abs=1e-9)
