"""The board: distances, secret passages and turns by 2d6."""

import pytest

from engine.cluedo.board import DICE, classic_board, expected_turns, turns_to_rooms


def test_dice_and_turns():
    assert sum(DICE.values()) == pytest.approx(1.0)
    assert expected_turns(0) == 0
    assert expected_turns(2) == 1.0  # any roll covers two steps
    assert expected_turns(13) > 1.0
    assert all(expected_turns(d) <= expected_turns(d + 1) for d in range(40))


def test_every_room_reachable_from_every_room():
    board = classic_board()
    for room in board.rooms:
        assert set(board.steps(board.rooms[room])) == set(board.rooms) - {room}


def test_secret_passages_take_one_turn():
    board = classic_board()
    assert turns_to_rooms(board, "Lounge")["Conservatory"] == 1.0
    assert turns_to_rooms(board, "Kitchen")["Study"] == 1.0
    assert "Lounge" not in turns_to_rooms(board, "Lounge")


def test_a_roll_within_reach_takes_one_turn():
    board = classic_board()
    near = board.steps(board.rooms["Hall"])["Study"]
    assert turns_to_rooms(board, "Hall", roll=near)["Study"] == 1.0
    assert turns_to_rooms(board, "Hall", roll=2)["Study"] > 1.0
    assert turns_to_rooms(board, start="Scarlett")["Lounge"] > 1.0
