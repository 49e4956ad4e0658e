"""The Lord of Typhon: each night after the first, chooses a player, who dies (an ordinary
Demon's attack). Its setup rule: one more Minion than usual, any number of Outsiders (the bag's
counts, ``counts``), and the evil players sit in a line with it in the middle. The rules build
the line by turning its neighbours into Minions; the engine gets the same table by moving the
dealt Minions (``Role.arranges``): they take the seats nearest it, alternately on its right and
its left, and the good characters dealt there take the Minions' seats. Nobody has learned a
character yet, so nothing is told twice. A deal whose evil players already form such a line is
left as it is; a human storyteller's own deal is arranged the same way, as the rule demands.

The reasoning model's worlds hold the same seats (``seat_minions``: a deal is arranged as
``arranges`` arranges it), one Minion more and the Outsider counts the bag deals; it kills one a
night, as any Demon.

Bot storyteller: no rulings beyond the deal."""

from __future__ import annotations

from dataclasses import replace

from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.model import Seat, State, evolve


def line_seats(order: list[int], middle: int, count: int) -> list[int]:
    """The ``count`` seat indices nearest ``middle`` in ``order``'s circle: right, left, right…"""
    n = len(order)
    found: list[int] = []
    step = 1
    while len(found) < min(count, n - 1):
        for index in ((middle + step) % n, (middle - step) % n):
            if len(found) < count and index != middle and index not in found:
                found.append(index)
        step += 1
    return found


def in_line(evil: set[int], middle: int, n: int) -> bool:
    """Whether the seats ``evil`` (with ``middle``) are one unbroken run with ``middle`` at its
    centre (one seat more on one side at most)."""
    right = next(k for k in range(n) if (middle + k + 1) % n not in evil)
    left = next(k for k in range(n) if (middle - k - 1) % n not in evil)
    return right + left == len(evil) and abs(right - left) <= 1


class LordOfTyphon(Demon):
    id = "lordoftyphon"
    policy = "No rulings: the dealt Minions are seated in a line either side of it."
    reasoned = True

    def seat_minions(self, n: int, seat: int, dealt: tuple[int, ...]) -> tuple[int, ...]:
        if in_line(set(dealt), seat, n):
            return dealt
        return tuple(sorted(line_seats(list(range(n)), seat, len(dealt))))

    def arranges(self, state: State, seat: Seat) -> State:
        seats = [s for s in state.seats if s.team != "traveller"]
        order = [s.player for s in seats]
        middle = order.index(seat.player)
        minions = [i for i, s in enumerate(seats) if s.team == "minion"]
        if in_line(set(minions), middle, len(seats)):
            return state
        targets = line_seats(order, middle, len(minions))
        movers = [i for i in minions if i not in targets]
        free = [i for i in targets if i not in minions]
        moved = list(seats)
        for a, b in zip(movers, free, strict=True):
            moved[a], moved[b] = (
                _dealt(seats[b], seats[a].player),
                _dealt(seats[a], seats[b].player),
            )
        by_player = {s.player: s for s in moved}
        return evolve(state, seats=tuple(by_player.get(s.player, s) for s in state.seats))


def _dealt(seat: Seat, player: int) -> Seat:
    """The character dealt to ``seat``, moved to ``player``'s seat."""
    return replace(seat, player=player)
