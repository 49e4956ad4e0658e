"""The lookups kept per tuple of seats (``model.Index``, ``roles.seats_having``) and per tuple of
reminders (``model.demons``, ``residents``) answer as if asked afresh: a State with other seats,
other reminders or a changed registry never reads a stale one."""

from __future__ import annotations

import dataclasses

import pytest

from engine.clocktower.catalogue import edition_characters
from engine.clocktower.game import Phase, apply
from engine.clocktower.game.model import (
    IS_THE_DEMON,
    LIVES_ON,
    SYSTEM,
    Seat,
    State,
    alive,
    demons,
    evolve,
    living,
    put_mark,
    residents,
    seat,
    with_seat,
)
from engine.clocktower.game.roles import REGISTRY, Role, gained, seats_having
from engine.clocktower.selfplay import Player, setup_game

HOOKS = ("ballot", "makes_drunk", "poisons", "at_dawn", "night", "ends_game", "grants", "unheld")
SEATS = (
    Seat(1, "imp", "imp", "evil", "demon"),
    Seat(2, "poisoner", "poisoner", "evil", "minion"),
    Seat(3, "chef", "chef", "good", "townsfolk"),
    Seat(4, "empath", "empath", "good", "townsfolk"),
    Seat(5, "beggar", "beggar", "good", "traveller"),
)


def table() -> State:
    return State(1, None, True, ("imp", "poisoner", "chef", "empath"), seats=SEATS)


def afresh(state: State) -> State:
    """An equal State built anew: it carries no lookups."""
    return dataclasses.replace(state)


def test_seat_lookups_follow_the_seats_through_evolve() -> None:
    state = table()
    assert seat(state, 3) is SEATS[2] and living(state) == (1, 2, 3, 4, 5) and alive(state, 4)
    dead = with_seat(state, 4, alive=False)  # evolve copies the old lookups along
    assert not alive(dead, 4) and living(dead) == (1, 2, 3, 5) and not seat(dead, 4).alive
    assert alive(state, 4) and seat(state, 4).alive  # the old State keeps its own
    with pytest.raises(KeyError):
        seat(state, 9)


def test_demons_and_residents_follow_the_reminders() -> None:
    state = with_seat(table(), 1, alive=False)
    assert demons(state) == () and residents(state) == (2, 3, 4)
    undead = put_mark(state, LIVES_ON, SYSTEM, 1)  # same seats, other reminders
    assert demons(undead) == (1,) and residents(undead) == (1, 2, 3, 4)
    babysat = put_mark(state, IS_THE_DEMON, SYSTEM, 3)
    assert demons(babysat) == (3,) and demons(state) == ()
    gone = with_seat(babysat, 3, alive=False)  # same reminders, other seats
    assert demons(gone) == () and residents(gone) == (2, 4)


def test_seats_having_follows_a_change_of_the_registry() -> None:
    state = table()
    assert seats_having(state, "ballot") == []

    with REGISTRY.set_aside("chef"):

        class Toy(Role):  # registers itself in the chef's place
            id = "chef"

            def ballot(self, state: State, seat: Seat, voter: int) -> str | None:
                return "free"

        assert [(s.player, type(u)) for s, u in seats_having(state, "ballot")] == [(3, Toy)]
    assert seats_having(state, "ballot") == []  # the same State, the registry as it was


PHILOSOPHER = ("fanggu", "witch", "cerenovus", "philosopher", "clockmaker", "dreamer", "oracle",
    "savant", "flowergirl", "sweetheart")  # fmt: skip


@pytest.mark.parametrize(
    ("edition", "seed", "deal"),
    [("bmr", 4, ()), ("snv", 7, PHILOSOPHER), ("snv", 9, PHILOSOPHER), ("tb", 2, ())],
)
def test_every_step_of_a_game_looks_up_as_afresh(
    edition: str, seed: int, deal: tuple[str, ...]
) -> None:
    """Along whole self-played games (a Philosopher gaining an ability, a Fang Gu's jump
    changing the seats), each kept lookup equals the one an equal new State makes."""
    ids = tuple(c.id for c in edition_characters(edition))
    state = setup_game(ids, 10, seed, deal)
    players = Player(seed, reason=False)
    steps = gains = 0
    while state.phase is not Phase.OVER:
        before, state = state, apply(state, players.act(state)).state
        steps += 1
        fresh = afresh(state)
        for hook in HOOKS:
            assert seats_having(state, hook) == seats_having(fresh, hook), hook
            # the State before, asked again after the new one (they may share lookups)
            assert seats_having(before, hook) == seats_having(afresh(before), hook), hook
        gains += any(gained(state, s) for s in state.seats)
        assert (demons(state), residents(state), living(state)) == (
            demons(fresh),
            residents(fresh),
            living(fresh),
        )
        step = evolve(state, marks=())  # lookups carried along to other reminders
        assert demons(step) == demons(afresh(step)) and residents(step) == residents(afresh(step))
    assert steps > 50 and (gains > 0) == bool(deal)  # the Philosopher's choice was met
