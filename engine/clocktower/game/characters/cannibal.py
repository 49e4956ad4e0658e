"""The Cannibal: has the ability of the player most recently killed by execution (a ``lunch``
reminder on that player, its note the character), and wakes in its place (``Role.gained``).
If that player was evil, the Cannibal is poisoned until a good player dies by execution (the
next lunch). The Cannibal is not told which ability they have: they know who was executed.

An evil lunch's own ability is useless to a poisoned Cannibal and its night menu would tell them
the executee was evil, so, as the almanac advises, the storyteller makes them believe they have
a good ability instead (``cannibal``: a good character of the script whose ability the Cannibal
then seems to use, poisoned, so it does nothing and its information may be false).

Jinxes: a Cannibal who gains the Butler's (or the Zealot's) ability learns it; if the Juggler
guessed on their first day and dies by execution, that night the living Cannibal learns how many
of the Juggler's guesses were right (the guesses pass to them with the Juggler's ability)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.characters._gains import Gains
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Pending, Seat, State, evolve, marks_of, put_marks, seat
from engine.clocktower.game.roles import REGISTRY, Result, Words
from engine.core import Effect

LUNCH = "lunch"
TOLD = ("butler", "zealot")  # jinxed: the Cannibal learns it gained these
GUESSES = "guess"  # the Juggler's reminders of the day's guesses (jinx: they pass on)


@dataclass(frozen=True)
class Ate(Told):
    """The Cannibal learns they have ``character``'s ability (the jinxed ones only)."""

    event = "cannibal"
    character: str


def claimed(state: State, player: int) -> str | None:
    """The character ``player`` last claimed in public, if any."""
    said = [c for _, p, c in state.claims if p == player]
    return said[-1] if said else None


class Cannibal(Gains):
    id = "cannibal"
    events = (Ate,)
    topics = {"cannibal": "the good ability the Cannibal believes they ate (their lunch was evil)"}
    reminders = {LUNCH: "the Cannibal's lunch"}
    policy: ClassVar[str] = (
        "After an evil lunch the Cannibal seems to have the executee's claimed character if it "
        "is good, else a random good character of the script."
    )

    def _lunch(self, state: State, player: int) -> tuple[int, str] | None:
        found = marks_of(state, LUNCH, player)
        return (found[0].target, found[0].note) if found else None

    def gained(self, state: State, seat_: Seat) -> tuple[str, ...]:
        lunch = self._lunch(state, seat_.player)
        return () if lunch is None else (lunch[1],)

    def poisons(self, state: State, seat_: Seat, target: int) -> bool:
        if target != seat_.player:
            return False
        lunch = self._lunch(state, target)
        return lunch is not None and seat(state, lunch[0]).alignment == "evil"

    def someone_died(self, state: State, seat_: Seat, dead: int, cause: str, key: str) -> Result:
        if cause != "execution" or not seat_.alive:
            return state, []
        eaten = seat(state, dead)
        cid = eaten.character
        if eaten.alignment == "evil":
            cid = self._pretend(state, dead, key + f":cannibal{seat_.player}")
        state = put_marks(state, LUNCH, seat_.player, (dead,), note=cid, character=self.id)
        effects: list[Effect] = []
        if cid in TOLD:
            state, told = tell(state, Ate(seat_.player, character=cid))
            effects.append(told)
        guessed = [m for m in marks_of(state, GUESSES, dead) if m.until == state.night + 2]
        if cid == "juggler" and guessed:
            mine = tuple(evolve(m, source=seat_.player) for m in guessed)
            state = evolve(state, marks=(*state.marks, *mine))
        return state, effects

    def _pretend(self, state: State, dead: int, key: str) -> str:
        drunk = REGISTRY.having("always_drunk")
        good = [
            c for c in playable(state) if char(state, c).good and c not in drunk and c != self.id
        ]
        said = claimed(state, dead)
        if said in good:
            good.remove(said)
            good.insert(0, said)
        return str(rule(state, key, "cannibal", tuple(good), truth=None, player=dead, said=said))

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int:
        said = dict(pending.data).get("said")
        return 0 if said in pending.options else rng.randrange(len(pending.options))

    def says(self, event: Any, words: Words) -> str:
        name = words.strong(words.character(event.character))
        return f"🍖 As the Cannibal you now have the ability of the {name}."
