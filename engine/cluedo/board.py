"""The classic board as a graph, and how many turns it takes to reach each room with 2d6.

Squares are nodes and each room is one node; a move is one step per pip, you may use fewer
pips than rolled, and entering a room ends the move (so paths never pass through a room). A
secret passage takes you to the opposite corner room as your whole move, without rolling.
Other tokens blocking squares are ignored.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources

DICE = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}


@dataclass(frozen=True)
class Board:
    rooms: dict[str, int]
    starts: dict[str, int]
    passages: dict[str, str]
    neighbours: dict[int, tuple[int, ...]]

    def distances(self, origin: int) -> dict[int, int]:
        """Fewest steps from node ``origin`` to every node (rooms are entered, not crossed)."""
        rooms = set(self.rooms.values())
        seen, queue = {origin: 0}, deque([origin])
        while queue:
            node = queue.popleft()
            if node in rooms and node != origin:
                continue
            for nxt in self.neighbours.get(node, ()):
                if nxt not in seen:
                    seen[nxt] = seen[node] + 1
                    queue.append(nxt)
        return seen

    def steps(self, origin: int) -> dict[str, int]:
        """Fewest steps from node ``origin`` into each other room."""
        found = self.distances(origin)
        return {name: found[node] for name, node in self.rooms.items() if node != origin}

    def squares_near(self, steps: dict[str, int]) -> list[int]:
        """The corridor squares exactly ``steps[room]`` steps from each named room."""
        rooms = set(self.rooms.values())
        found = [self.distances(self.rooms[room]) for room in steps]
        return sorted(
            node
            for node in self.neighbours
            if node not in rooms
            and all(d.get(node) == n for d, n in zip(found, steps.values(), strict=True))
        )


@cache
def classic_board() -> Board:
    """The board shipped with the package (derived from the CC0 Velma board graph)."""
    data = json.loads(resources.files("engine.cluedo").joinpath("board.json").read_text())
    neighbours: dict[int, list[int]] = {}
    for a, b in data["edges"]:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    passages = {}
    for a, b in data["secret_passages"]:
        passages[a], passages[b] = b, a
    return Board(
        dict(data["rooms"]),
        dict(data["starts"]),
        passages,
        {node: tuple(sorted(nxt)) for node, nxt in neighbours.items()},
    )


@cache
def expected_turns(distance: int) -> float:
    """Expected number of 2d6 turns to cover ``distance`` steps and enter the room."""
    if distance <= 0:
        return 0.0
    return 1.0 + sum(p * expected_turns(distance - roll) for roll, p in DICE.items())


def turns_to_rooms(
    board: Board,
    room: str | None = None,
    start: str | None = None,
    roll: int | None = None,
    near: dict[str, int] | None = None,
) -> dict[str, float]:
    """Expected turns (this one included) until you stand in each other room.

    You are in ``room``, on the starting square of suspect ``start``, or in a corridor
    ``near[r]`` steps from each room r given. Which corridor square that is may be ambiguous:
    the turns are then averaged over every square that fits, each taken as equally likely.
    With ``roll`` known, a room within that many steps takes exactly one turn.
    """
    if room is not None:
        turns = _from_square(board, board.rooms[room], roll)
        passage = board.passages.get(room)
        if passage:
            turns[passage] = 1.0
            for name, d in board.steps(board.rooms[passage]).items():
                if name != room:
                    turns[name] = min(turns[name], 1.0 + expected_turns(d))
        return turns
    if start is not None:
        return _from_square(board, board.starts[start], roll)
    if not near:
        raise ValueError(
            "Say which room you are in, whose starting square you are on, or how "
            "many steps you are from a room."
        )
    squares = board.squares_near(near)
    if not squares:
        where = " and ".join(f"{n} from the {r}" for r, n in near.items())
        raise ValueError(f"No corridor square is {where}.")
    each = [_from_square(board, square, roll) for square in squares]
    return {name: sum(t[name] for t in each) / len(each) for name in each[0]}


def _from_square(board: Board, square: int, roll: int | None) -> dict[str, float]:
    """Expected turns on foot from ``square`` into each other room."""

    def by_foot(distance: int) -> float:
        if roll is None:
            return expected_turns(distance)
        return 1.0 if distance <= roll else 1.0 + expected_turns(distance - roll)

    return {name: by_foot(d) for name, d in board.steps(square).items()}
