"""The Boomdandy: if executed, all but three players die, whether or not the execution kills
the Boomdandy (one the Devil's Advocate keeps alive explodes too). Then comes the count from
ten to one: every player, alive or dead, points at a living player, and the player most pointed
at dies; with a tie for the most, nobody does. No more nominations follow: the day ends once the
pointing is done. The explosion and the pointing are choices the day owes once the execution is
announced (like the executed Klutz's: ``Role.owes_choice``).

The storyteller chooses the three who live (topic ``boomdandy``: suggestions, and any three
living players by the form); a player who cannot die (a Sailor, a Fool's first death) may
leave a fourth alive, as the rules allow. Each player's point is their choice, asked in seat
order (``when="day"``), and the table is told the count. A Boomdandy drunk or poisoned when
executed does not explode (``fizzled``).

Bot storyteller: the Demon lives (a Boomdandy ends the game in a pointing contest, not at
once), with two other living players chosen at random."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import (
    Field,
    Form,
    Pending,
    Phase,
    Seat,
    State,
    demons,
    living,
    marks_of,
    put_mark,
    seat,
)
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected, most_trusted
from engine.clocktower.game.working import sober
from engine.core import Effect, Event, Public, seeded_rng

EXPLODED = "exploded"  # on the Boomdandy: it exploded (note: the day), pointing awaited
POINTED = "pointed"  # on the Boomdandy: the pointing is done (note: the day)
FIZZLED = "fizzled"  # on the Boomdandy: executed drunk or poisoned, no explosion (note: the day)
SURVIVORS = 3
SUGGESTIONS = 4


@dataclass(frozen=True)
class Exploded(Event, Public):
    """The executed Boomdandy explodes: all but three players die."""

    event = "boomdandy_exploded"
    by: int


@dataclass(frozen=True)
class Pointing(Event, Public):
    """The count is over: who pointed at whom, and who dies of it (None: a tie, nobody)."""

    event = "boomdandy_pointed"
    points: tuple[tuple[int, int], ...]
    dies: int | None


class Boomdandy(Role):
    id = "boomdandy"
    reasoned = True  # the reasoning model: its blast is read as any day deaths
    events = (Exploded, Pointing)
    topics = {"boomdandy": "the three players who live when the Boomdandy explodes"}
    reminders = {
        EXPLODED: "exploded today",
        POINTED: "the pointing is done",
        FIZZLED: "executed drunk or poisoned: no explosion",
    }
    policy: ClassVar[str] = (
        "The Demon lives with two other living players chosen at random; then the players' "
        "own pointing decides."
    )

    def explode(self, state: State, seat_: Seat, key: str) -> Result:
        """The execution's blast: all but three living players die, the storyteller's three."""
        state = put_mark(state, EXPLODED, seat_.player, seat_.player, note=str(state.day))
        effects: list[Effect] = [Exploded(seat_.player)]
        alive = living(state)
        if len(alive) <= SURVIVORS:
            return state, effects
        rng = seeded_rng(state.seed, key, "boomdandy")
        first = _fair(state, alive, rng)
        more = [tuple(sorted(rng.sample(alive, SURVIVORS))) for _ in range(SUGGESTIONS)]
        options = tuple(dict.fromkeys((first, *more)))
        form = Form(tuple(Field("player", alive) for _ in range(SURVIVORS)), unordered=SURVIVORS)
        kept = rule(state, key + ":boom", "boomdandy", options, truth=None, form=form)
        for n, victim in enumerate(p for p in alive if p not in kept):
            state, died = die(state, victim, "explosion", f"{key}:boom{n}")
            effects += died
        return state, effects

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return 0  # the first suggestion is the policy's: the Demon and two at random

    def owes_choice(self, state: State, seat_: Seat) -> bool:
        """Executed today (dead or not) and not yet exploded, or exploded and not yet pointed
        at."""
        today = str(state.day)
        done = {m.kind for m in state.marks if m.target == seat_.player and m.note == today}
        if EXPLODED in done:
            return POINTED not in done
        executed = state.phase is Phase.DAY and state.executed == seat_.player
        return executed and seat_.character == self.id and FIZZLED not in done

    def choose_owed(self, state: State, seat_: Seat, key: str) -> Result:
        """The explosion (none if drunk or poisoned), then, owed next once the deaths are told,
        the pointing."""
        today = str(state.day)
        if any(m.note == today for m in marks_of(state, EXPLODED, seat_.player)):
            return self.point(state, seat_, key)
        if not sober(state, seat_.player):
            state = put_mark(state, FIZZLED, seat_.player, seat_.player, note=today)
            return abnormal.mark(state, seat_.player), []
        return self.explode(state, seat_, key)

    def point(self, state: State, seat_: Seat, key: str) -> Result:
        """Everyone points at a living player; the most pointed at dies, a tie kills nobody."""
        targets = living(state)
        points = []
        for s in state.seats:
            (target,) = choose(state, f"{key}:{s.player}", s.player, self.id, targets, when="day")
            points.append((s.player, target))
        state = put_mark(state, POINTED, seat_.player, seat_.player, note=str(state.day))
        tally = Counter(t for _, t in points).most_common()
        top = tally[0][0] if len(tally) == 1 or tally[0][1] > tally[1][1] else None
        effects: list[Effect] = [Pointing(tuple(points), top)]
        if top is not None:
            state, died = die(state, top, "pointing", key + ":dies")
            effects += died
        return state, effects

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        if seat(state, player).alignment == "evil":
            return most_trusted(table, state, player, options, pick)
        return most_suspected(table, state, player, options, pick)

    def asks(self, menu: Any, words: Words) -> str | None:
        return "💥 The Boomdandy exploded! Point at a living player: the one most pointed at dies."

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, Exploded):
            return (
                f"💥 {words.player(event.by)} was the {words.strong('Boomdandy')} and explodes: "
                "all but three players die. Everyone now points at a living player."
            )
        pointed = ", ".join(f"{words.player(a)} → {words.player(b)}" for a, b in event.points)
        if event.dies is None:
            return f"👉 The count is over ({pointed}): a tie, nobody dies."
        return f"👉 The count is over ({pointed}): {words.strong(words.player(event.dies))} dies."


def _fair(state: State, alive: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """The bot storyteller's three: the living Demon(s) first, the rest at random."""
    kept = [d for d in demons(state) if d in alive][:SURVIVORS]
    rest = [p for p in alive if p not in kept]
    kept += rng.sample(rest, SURVIVORS - len(kept))
    return tuple(sorted(kept))
