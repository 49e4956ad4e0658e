"""The Cerenovus: each night, chooses a player and a good character: tomorrow that player must be
"mad" that they are that character, or might be executed (``madness``; the bot storyteller's
policy is that module's). The player is told at once (even when the Cerenovus' ability fails and
the madness is no real threat: abnormally)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal, madness
from engine.clocktower.game.characters._sv import GOOD_TEAMS, of_teams, trusted_prey
from engine.clocktower.game.claims import claimed
from engine.clocktower.game.decisions import choose, choose_value
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Madness, Pending, Seat, State, marks_of, put_mark
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import holds, works


@dataclass(frozen=True)
class Mad(Told):
    """The Cerenovus made them mad about ``character`` on ``day``."""

    event = "mad"
    character: str
    day: int


class Cerenovus(Role):
    id = "cerenovus"
    reasoned = True
    policy = (
        "A good player who breaks madness by a public claim is executed, an evil one too unless "
        "a living Demon is on the block."
    )
    events = (Mad,)
    reminders = {"mad": "mad about being the"}

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        goods = of_teams(state, GOOD_TEAMS)
        cid = choose_value(state, key + ":char", player, self.id, goods, "character")
        assert cid is not None
        if not works(state, player):
            state = abnormal.mark(state, player)
        state = put_mark(state, "mad", player, target, dusks=1, note=cid)
        state, told = tell(state, Mad(target, character=cid, day=state.night))
        return state, [told]

    def madness(self, state: State, seat: Seat) -> tuple[Madness, ...]:
        return tuple(
            Madness(m.target, m.note, True, self.id)
            for m in marks_of(state, "mad", seat.player)
            if holds(state, m)
        )

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return madness.decide(state, pending) if pending.topic == "madness" else None

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """The good player the town trusts most, made mad about a character nobody claims: to
        keep their madness they must drop their true, trusted claim, else they risk execution."""
        if options and isinstance(options[0], str):
            said = {claimed(state, s.player) for s in state.seats}
            unclaimed = [c for c in options if c not in said] or options
            return (table.rng.choice(unclaimed),)
        target = trusted_prey(table, state, player, options)
        return None if target is None else (target,)

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🌀 The {words.strong('Cerenovus')} chose you: tomorrow (day {event.day}) you must be "
            f"“mad” that "
            f"you are the {words.strong(words.character(event.character))}: try to convince the "
            "group of it, or you might be executed."
        )
