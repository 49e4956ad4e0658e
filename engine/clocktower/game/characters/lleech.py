"""The Lleech: on the first night, chooses another living player as its host, who is poisoned
while the Lleech's ability works; each night after, kills like any Demon. While its ability
works, the Lleech dies exactly when its host does: it survives any death (an execution too)
while the host lives, and dies when the host dies. A drunk or poisoned Lleech is neither
shielded nor bound: it dies as anyone, and its host's death does not kill it. The Lleech never
hosts itself (a host is a player the Lleech lives off; choosing itself would make it unkillable
by its own poison).

Jinxes: only one of the Heretic and the Lleech may be in play (a setup rule, the Heretic's
``excludes``); the Slayer's shot at a living Lleech's host kills the host (``slayer``); if
the host is executed while a Mastermind lives, the Lleech lives on but loses its ability."""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State, lives, mark_target, marks_of, put_mark, seat
from engine.clocktower.game.roles import Result, Words
from engine.clocktower.game.working import works

HOST = "poisoned"  # the host's reminder: poisoned while the Lleech's ability works
SPENT = "no_ability"  # the Lleech's own reminder: it lost its ability (the Mastermind's jinx)


def host(state: State, lleech: int) -> int | None:
    """The Lleech's host (None before it chose one)."""
    return mark_target(state, HOST, lleech)


def hosts(state: State) -> tuple[int, ...]:
    """The hosts of the living Lleeches (the Slayer's jinx: a shot at one kills it)."""
    return tuple(
        m.target
        for m in state.marks
        if m.kind == HOST and m.character == "lleech" and seat(state, m.source).alive
    )


class Lleech(Demon):
    id = "lleech"
    reasoned = True  # the reasoning model: kills one a night; its host's poison and its shield are not modelled
    policy = "No ruling: the Lleech chooses its host, and dies when the host dies."
    reminders = {HOST: "poisoned: the Lleech's host", SPENT: "no ability"}

    def night(self, state: State, player: int, key: str) -> Result:
        if state.night > 1:
            return super().night(state, player, key)
        others = tuple(s.player for s in state.seats if s.alive and s.player != player)
        (chosen,) = choose(state, key + ":host", player, self.id, others)
        return put_mark(state, HOST, player, chosen), []

    def cannot_die(self, state: State, seat: Seat, target: int, cause: str) -> bool:
        found = host(state, seat.player)
        if target != seat.player or found is None:
            return False
        return lives(state, found) and works(state, seat.player)

    def someone_died(self, state: State, seat: Seat, dead: int, cause: str, key: str) -> Result:
        if dead != host(state, seat.player) or not lives(state, seat.player):
            return state, []
        if not works(state, seat.player):
            return state, []
        if cause == "execution" and any(
            s.character == "mastermind" and lives(state, s.player) for s in state.seats
        ):  # the Mastermind's jinx: the Lleech lives on without its ability
            return put_mark(state, SPENT, seat.player, seat.player), []
        return die(state, seat.player, "host", key + ":lleech")  # no character named by day

    def strips_ability(self, state: State, seat: Seat, target: int) -> bool:
        return target == seat.player and bool(marks_of(state, SPENT, seat.player))

    def asks(self, menu: Any, words: Words) -> str | None:
        if menu.night != 1:
            return None
        return (
            f"🌙 Night 1: as the {words.strong('Lleech')}, choose your host: they are poisoned, "
            "and you die if and only if they die."
        )
