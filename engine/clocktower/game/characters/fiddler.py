"""The Fiddler (Fabled): once per game, the Demon secretly picks a player of the other side and
everyone chooses which of the two wins; that player's team wins the game.

The storyteller brings it in when the game stalls, so the engine offers it at the first dawn
after a whole day and night in which nobody died (a ruling: now, or not yet; once used, never
again). Then the Demon (the first living one) chooses a living good player, the table is told
the two contestants (in seat order, not which is the Demon), and every player, living or dead,
chooses one of them in seat order. The good one's team wins with more choices than the other;
evil wins ties (the ending ``fiddler``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.ending import conclude
from engine.clocktower.game.model import SYSTEM, Pending, Seat, State, demons, put_marks, seat
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.core import Effect, Event, Public

PLAYED = "fiddler_played"
DEAD = "fiddler_dead"  # how many were dead at the last dawn (a reminder's note)
NOW, LATER = "now", "not yet"


@dataclass(frozen=True)
class FiddleContest(Event, Public):
    """The two players of the Fiddler's contest (in seat order) and how many chose each."""

    event = "fiddler"
    players: tuple[int, int]
    choices: tuple[int, int]


def _dead(state: State) -> int:
    return sum(not s.alive for s in state.seats)


class Fiddler(Role):
    id = "fiddler"
    policy = "Brought in at the first dawn after a day and a night with no death."
    topics = {"fiddler": "whether the Fiddler's contest happens now (the game has stalled)"}
    endings = {"fiddler": "the table chose the Fiddler contest's winner"}
    reminders = {PLAYED: "the Fiddler's contest was played", DEAD: "dead at the last dawn"}
    events = (FiddleContest,)

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        if any(m.kind == PLAYED for m in state.marks) or not demons(state):
            return state, []
        before = next((m.note for m in state.marks if m.kind == DEAD), None)
        stalled = before == str(_dead(state))
        state = put_marks(state, DEAD, SYSTEM, (SYSTEM,), character=self.id, note=str(_dead(state)))
        if not stalled or rule(state, f"{key}:fiddler", "fiddler", (LATER, NOW)) != NOW:
            return state, []
        demon = demons(state)[0]
        good = tuple(s.player for s in state.seats if s.alive and s.alignment == "good")
        if not good:
            return state, []
        (rival,) = choose(state, f"{key}:rival", demon, self.id, good, when="dawn")
        pair = tuple(p for p in (s.player for s in state.seats) if p in (demon, rival))
        chosen = [
            choose(state, f"{key}:vote:{s.player}", s.player, self.id, pair, when="dawn")[0]
            for s in state.seats
        ]
        counts = (chosen.count(pair[0]), chosen.count(pair[1]))
        state = put_marks(state, PLAYED, SYSTEM, (SYSTEM,), character=self.id)
        effects: list[Effect] = [FiddleContest((pair[0], pair[1]), counts)]
        good_votes = chosen.count(rival)
        winner = "good" if good_votes > len(chosen) - good_votes else "evil"
        state, more = conclude(state, winner, "fiddler")
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return pending.options.index(NOW) if pending.topic == "fiddler" else None

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        """The Demon's rival: the good player the town suspects most. A contest's choice: an
        evil player's, the evil contestant; a good player's, the one it trusts more."""
        evil = [p for p in options if seat(state, p).alignment == "evil"]
        if not evil:
            return (max(options, key=lambda p: table.demon_chance(state, p, p)),)
        if seat(state, player).alignment == "evil":
            return (evil[0],)
        return (min(options, key=lambda p: table.demon_chance(state, player, p)),)

    def says(self, event: Any, words: Words) -> str:
        a, b = event.players
        return (
            f"🎻 The {words.strong('Fiddler')}: a contest between {words.player(a)} and "
            f"{words.player(b)}; {event.choices[0]} chose {words.player(a)}, "
            f"{event.choices[1]} chose {words.player(b)}."
        )
