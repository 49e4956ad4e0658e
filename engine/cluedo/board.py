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

    def steps(self, origin: int) -> dict[str, int]:
        """Fewest steps from square ``origin`` into each room (rooms are dead ends)."""
        room_at = {node: name for name, node in self.rooms.items()}
        seen, queue, found = {origin: 0}, deque([origin]), {}
        while queue:
            node = queue.popleft()
            if node in room_at and node != origin:
                found.setdefault(room_at[node], seen[node])
                continue
            for nxt in self.neighbours.get(node, ()):
                if nxt not in seen:
                    seen[nxt] = seen[node] + 1
                    queue.append(nxt)
        return found


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
    board: Board, room: str | None = None, start: str | None = None, roll: int | None = None
) -> dict[str, float]:
    """Expected turns (this one included) until you stand in each other room.

    You are in ``room``, or on the starting square of suspect ``start``. With ``roll`` known,
    a room within that many steps takes exactly one turn.
    """
    if room is None and start is None:
        raise ValueError("Say which room you are in, or whose starting square you are on.")
    origin = board.rooms[room] if room is not None else board.starts[start]
    walk = board.steps(origin)

    def by_foot(distance: int, first_roll: int | None) -> float:
        if first_roll is None:
            return expected_turns(distance)
        return 1.0 if distance <= first_roll else 1.0 + expected_turns(distance - first_roll)

    turns = {name: by_foot(d, roll) for name, d in walk.items() if name != room}
    passage = board.passages.get(room) if room else None
    if passage:
        turns[passage] = 1.0
        for name, d in board.steps(board.rooms[passage]).items():
            if name not in (room, passage):
                turns[name] = min(turns.get(name, float("inf")), 1.0 + expected_turns(d))
    return turns
