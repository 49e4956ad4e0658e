"""``worlds._feasible`` weighs each set of alike evil teams once and reads a world's fields
from small tables; ``Feasible.worlds`` takes them from per-team tables. Both must give the
very arrays (values and dtypes) of the plain way: every kept team weighed on its own, the
worlds listed by ``np.nonzero``, each seat's character looked up in full, so seeded games
stay identical. Claims are drawn at random from each script (Townsfolk mostly, some
Outsiders and Minions, repeats, players who have not claimed), with good viewers."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.clocktower.catalogue import character, edition_characters
from engine.clocktower.reasoning.moment import DEMON, MINION, TOWNSFOLK, UNKNOWN, Setup, seat_bits
from engine.clocktower.reasoning.worlds import (
    Feasible,
    _drunk_code,
    _feasible,
    _weigh,
    copied,
    copies_of,
    evil_teams,
    tables,
)
from tests.engine.clocktower.reasoning.test_reasoning_setup import (
    HUNTED_IDIOTS,
    HUNTER,
    IDIOTS,
    KAZALI,
    LEGION,
    MONSTA,
    SUMMONER,
    TYPHON,
    XAAN,
)

EDITIONS = tuple(tuple(c.id for c in edition_characters(e)) for e in ("tb", "bmr", "snv"))
SCRIPTS = (*EDITIONS, IDIOTS, HUNTED_IDIOTS, KAZALI, HUNTER, TYPHON, XAAN, LEGION, MONSTA, SUMMONER)


def random_claims(
    chars: tuple[str, ...], n: int, rng: random.Random
) -> tuple[tuple[tuple[int, str], ...], tuple[int, ...]]:
    """Claims of most players (a Townsfolk mostly, else an Outsider or a Minion, a few
    repeated) and the players some viewer knows good (none, or a claimer)."""
    by_team = {t: [c for c in chars if character(c).team == t] for t in ("townsfolk", "outsider")}
    evil = [c for c in chars if character(c).team == "minion"]
    claims: list[tuple[int, str]] = []
    for player in rng.sample(range(n), rng.randint(n // 2, n)):
        pool = rng.choices((by_team["townsfolk"], by_team["outsider"], evil), (12, 3, 1))[0]
        repeat = claims and rng.random() < 0.15
        claims.append((player, rng.choice(claims)[1] if repeat else rng.choice(pool)))
    good = (rng.choice(claims)[0],) if rng.random() < 0.5 else ()
    return tuple(sorted(claims)), good


def reference(setup: Setup, said: tuple[tuple[int, str], ...], good: tuple[int, ...]) -> dict:
    """The feasible worlds' arrays the plain way: each kept team weighed on its own."""
    team, n = tables(setup.chars)["team"], setup.n
    teams = evil_teams(setup.chars, n)
    claimed = np.full(n, UNKNOWN, dtype=np.int16)
    spoke = np.zeros(n, dtype=bool)
    for player, cid in said:
        claimed[player], spoke[player] = setup.code(cid), True
    claimed_team = np.where(claimed >= 0, team[claimed], -1)
    keep = ~teams.evil[:, list(good)].any(axis=1)
    liars = (claimed_team == MINION) | (claimed_team == DEMON) | ((claimed_team < 0) & spoke)
    keep &= teams.evil[:, liars].all(axis=1)
    for code in set(claimed[claimed >= 0].tolist()):
        most = 1 + max(copies_of(setup.chars)) if code == copied(setup.chars) else 1
        keep &= (~teams.evil[:, claimed == code]).sum(axis=1) <= most
    rows = np.flatnonzero(keep)
    options = np.array([-1, *np.flatnonzero(claimed_team == TOWNSFOLK)])
    if _drunk_code(setup.chars) == UNKNOWN:
        options = options[:1]
    copy_code = copied(setup.chars)
    copy_options = np.array([-1, *(np.flatnonzero(claimed == copy_code) if copy_code else ())])
    weight, os_totals, tf_totals = _weigh(
        setup, teams, rows, claimed, claimed_team, options, copy_options
    )
    drunk_good = np.where(options >= 0, ~teams.evil[rows][:, np.maximum(options, 0)], True)
    weight = weight * drunk_good[:, None, :, None]
    picked, shift_at, column, copy_at = np.nonzero(weight)
    prior = weight[picked, shift_at, column, copy_at]
    used = np.unique(picked)
    return {
        "claimed": claimed,
        "teams": rows[used],
        "slot": np.searchsorted(used, picked),
        "drunk": options[column].astype(np.int64),
        "prior": prior / prior.sum() if len(prior) else prior,
        "outsiders": os_totals[picked, shift_at],
        "townsfolk": tf_totals[picked, shift_at],
        "variant": (shift_at * len(copy_options) + copy_at).astype(np.int64),
        "drunk_copy": copy_options[copy_at].astype(np.int64),
    }


def reference_worlds(feasible: Feasible) -> dict:
    """The worlds in full the plain way: each world's team looked up in ``evil_teams``."""
    setup = feasible.setup
    teams = evil_teams(setup.chars, setup.n)
    rows = feasible.teams[feasible.slot]
    cast = teams.cast[rows]
    char = np.where(teams.evil[rows], cast, feasible.claimed[None, :]).astype(np.int16)
    char[cast == len(setup.chars)] = UNKNOWN
    for world, seat in enumerate(feasible.drunk):
        if seat >= 0:
            char[world, seat] = _drunk_code(setup.chars)
    return {"char": char, "evil": teams.evil[rows], "demon": teams.demon[rows]}


def same(got: object, want: dict) -> None:
    for name, array in want.items():
        mine = getattr(got, name)
        assert mine.dtype == array.dtype and mine.shape == array.shape, name
        assert np.array_equal(mine, array), name


@pytest.mark.parametrize("script", range(len(SCRIPTS)))
def test_the_feasible_worlds_are_the_plain_ones_array_for_array(script):
    chars = SCRIPTS[script]
    rng = random.Random(script)
    for n in (7, 9, 10):
        setup = Setup(chars, tuple(range(n)))
        for _ in range(4):
            said, good = random_claims(chars, n, rng)
            feasible = _feasible.__wrapped__(setup, said, good)
            same(feasible, reference(setup, said, good))
            same(feasible.worlds(), reference_worlds(feasible))
            every = np.arange(len(feasible))
            pick = every[::3]
            same(feasible.worlds(pick), {k: v[::3] for k, v in reference_worlds(feasible).items()})


def test_some_random_claims_leave_worlds_with_a_drunk_and_with_copies():
    """The comparison above meets the Drunk's and the copies' columns, not only empty sets."""
    found = {"drunk": False, "copy": False}
    for script in (EDITIONS[0], IDIOTS):
        rng = random.Random(SCRIPTS.index(script))
        for n in (7, 9, 10):
            setup = Setup(script, tuple(range(n)))
            for _ in range(4):
                feasible = _feasible.__wrapped__(setup, *random_claims(script, n, rng))
                found["drunk"] |= bool((feasible.drunk >= 0).any())
                found["copy"] |= bool((feasible.drunk_copy >= 0).any())
    assert found == {"drunk": True, "copy": True}


@pytest.mark.parametrize("seats", [1, 10, 15, 53, 54, 64])
def test_a_seat_mask_is_each_rows_sum_of_its_seats_powers_of_two(seats):
    rng = np.random.default_rng(seats)
    mask = rng.random((200, seats)) < 0.4
    mask[0], mask[1] = True, False  # every bit, the 64th too; none
    plain = [sum(1 << s for s in np.flatnonzero(row).tolist()) for row in mask]
    bits = seat_bits(mask)
    assert bits.dtype == np.uint64 and [int(b) for b in bits] == plain
