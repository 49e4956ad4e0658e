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


def test_corridor_squares_by_steps_from_rooms():
    board = classic_board()
    near_kitchen = board.squares_near({"Kitchen": 3})
    assert near_kitchen and all(board.steps(s)["Kitchen"] == 3 for s in near_kitchen)
    both = board.squares_near({"Kitchen": 3, "Ballroom": 4})
    assert set(both) <= set(near_kitchen) and len(both) < len(near_kitchen)
    with pytest.raises(ValueError, match="No corridor square"):
        turns_to_rooms(board, near={"Kitchen": 1, "Study": 1})


def test_turns_from_a_corridor_are_averaged_over_the_squares_that_fit():
    board = classic_board()
    squares = board.squares_near({"Kitchen": 3})
    turns = turns_to_rooms(board, near={"Kitchen": 3}, roll=7)
    assert turns["Kitchen"] == 1.0 and len(turns) == 9
    each = [turns_to_rooms(board, roll=7, near={"Kitchen": 3, "Hall": board.steps(s)["Hall"]})
            for s in squares]  # fmt: skip
    assert min(t["Hall"] for t in each) <= turns["Hall"] <= max(t["Hall"] for t in each)
