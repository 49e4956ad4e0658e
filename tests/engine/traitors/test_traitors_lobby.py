"""Lobby rules: joining, leaving, host hand-over, the legal Traitor counts and role dealing."""

import pytest

from engine.core import GameOver, RuleError
from engine.traitors import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Abort,
    Depart,
    Join,
    Leave,
    Phase,
    Role,
    Start,
    apply,
    living,
    new_game,
    role_of,
    traitor_range,
    traitors,
)

from .support import announced, lobby, run, told


def test_new_game_seats_the_host():
    state = new_game(host=7, seed=3, recruit=True)
    assert (state.players, state.host, state.phase, state.recruit) == ((7,), 7, Phase.LOBBY, True)
    assert role_of(state, 7) is None


def test_join_keeps_seat_order_and_announces_the_table():
    state, effects = run(new_game(10, 0), Join(30), Join(20))
    assert state.players == (10, 30, 20)
    assert announced(effects, "joined")[-1] == {"player": 20, "players": (10, 30, 20)}


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Join(1), "You are already in this game."),
        (Leave(99), "You aren't in this game."),
        (Start(2, 1), "Only the host can start the game."),
    ],
)
def test_lobby_refusals(action, message):
    with pytest.raises(RuleError, match=message):
        apply(lobby(5), action)


def test_the_lobby_is_capped():
    state = lobby(MAX_PLAYERS)
    with pytest.raises(RuleError, match="The game is full"):
        apply(state, Join(1000))


def test_too_few_players_cannot_start():
    with pytest.raises(RuleError, match=f"At least {MIN_PLAYERS} players"):
        apply(lobby(MIN_PLAYERS - 1), Start(1, 1))


@pytest.mark.parametrize(("players", "legal"), [(4, [1, 1]), (5, [1, 2]), (6, [1, 2]), (9, [1, 4])])
def test_traitor_count_must_leave_the_faithful_ahead(players, legal):
    assert [traitor_range(players)[0], traitor_range(players)[-1]] == legal
    apply(lobby(players), Start(1, legal[-1]))  # the largest legal count is accepted
    for bad in (0, legal[-1] + 1):
        with pytest.raises(RuleError, match=f"With {players} players there must be"):
            apply(lobby(players), Start(1, bad))


def test_leaving_and_starting_after_the_start_are_refused():
    state = apply(lobby(5), Start(1, 1)).state
    with pytest.raises(RuleError, match="You can only leave before the game starts."):
        apply(state, Leave(2))
    with pytest.raises(RuleError, match="The game has already started."):
        apply(state, Start(1, 1))
    with pytest.raises(RuleError, match="The game has already started."):
        apply(state, Join(42))


def test_host_leaving_the_lobby_hands_over_to_the_next_seat():
    state, effects = run(lobby(4), Leave(1))
    assert (state.host, state.players) == (2, (2, 3, 4))
    assert announced(effects, "host_changed") == [{"host": 2, "previous": 1}]


def test_departing_the_lobby_is_leaving_it():
    assert apply(lobby(4), Depart(3)).state == apply(lobby(4), Leave(3)).state


def test_an_emptied_lobby_is_abandoned():
    state, effects = run(new_game(1, 0), Leave(1))
    assert state.phase is Phase.OVER and state.winner == "abandoned"
    assert [e.winner for e in effects if isinstance(e, GameOver)] == ["abandoned"]


def test_the_host_can_abort_the_lobby_but_nobody_else():
    with pytest.raises(RuleError, match="Only the host can end the game."):
        apply(lobby(4), Abort(2))
    assert apply(lobby(4), Abort(1)).state.winner == "abandoned"


def test_start_deals_seeded_roles_and_tells_each_player_privately():
    step = apply(lobby(8, seed=11), Start(1, 3))
    state = step.state
    assert state.phase is Phase.DAY and state.round == 1
    assert len(traitors(state)) == 3 and living(state) == tuple(range(1, 9))
    assert traitors(apply(lobby(8, seed=11), Start(1, 3)).state) == traitors(state)
    roles = told(step.effects, "role")
    assert set(roles) == set(range(1, 9))
    for player, secret in roles.items():
        assert secret["role"] == role_of(state, player)
        expected = tuple(t for t in traitors(state) if t != player)
        assert secret["traitors"] == (expected if secret["role"] is Role.TRAITOR else ())
    assert announced(step.effects, "started") == [
        {"players": state.players, "traitor_count": 3, "recruit": False, "round": 1}
    ]


def test_different_seeds_deal_different_roles():
    dealt = {traitors(apply(lobby(10, seed=s), Start(1, 2)).state) for s in range(20)}
    assert len(dealt) > 5


def test_a_finished_game_refuses_everything():
    state = apply(lobby(4), Abort(1)).state
    with pytest.raises(RuleError, match="The game is over."):
        apply(state, Join(9))
