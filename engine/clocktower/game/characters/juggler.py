"""The Juggler: on their first day (as the Juggler), publicly guesses up to five players'
characters (``Juggle``: ``/clocktower juggle player character``, once per guess); that night they
learn how many guesses were right (as players register then; true when sober at night, even if
drunk when guessing). Anyone may make such guesses in public; only a real Juggler's count.
Guesses may repeat players or characters. The count's tell carries the guesses (``question``), so
a Juggler who says what they learned says what they guessed.

The reasoning model reads the count against each world (``weigh``): a guess is surely right,
surely wrong or open (a Spy or Recluse may misregister) as the player may register, and right
one time in the script's good characters for a good player who has not claimed (each guess
apart, as ``Moment.statement`` has it)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.clocktower.game.abilities.change import became_on
from engine.clocktower.game.abilities.info import learn, numbers
from engine.clocktower.game.actions import Juggle
from engine.clocktower.game.cast import find_char
from engine.clocktower.game.characters._woke import count_chance
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import Field, Phase, Seat, State, living, marks_of, put_mark
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words, has_ability
from engine.clocktower.game.working import active
from engine.clocktower.reasoning.moment import FloatArray, Moment, Weight
from engine.clocktower.reasoning.record import Heard
from engine.core import Event, Public

MAX_GUESSES = 5


def guesses(state: State, juggler: int) -> tuple[tuple[int, str], ...]:
    """The juggler's guesses of the day before tonight (made today, when read by day)."""
    made = [
        m
        for m in marks_of(state, "guess", juggler)
        if m.until == state.night + (2 if state.phase is Phase.DAY else 1)
    ]
    return tuple((m.target, m.note) for m in made)


def first_day(state: State, seat: Seat) -> bool:
    """Whether today is the player's first day as the Juggler."""
    return state.day == max(1, became_on(state, seat.player))


@dataclass(frozen=True)
class Juggled(Event, Public):
    """The Juggler guesses ``target``'s character."""

    event = "juggle"
    by: int
    target: int
    guess: str


class Juggler(Role):
    id = "juggler"
    events = (Juggled,)
    day_action = Juggle
    reminders = {"guess": "guessed to be"}
    command = DayCommand(
        "juggle",
        "Juggler: publicly guess a player's character (up to five on your first day)",
        "player",
        "Whose character you guess",
        "Your guess is made in public.",
        shape="guess",
    )

    def request(self, by: int, target: Any) -> Juggle:
        player, character = target
        return Juggle(by, player, character)

    def day(self, state: State, action: Juggle) -> Result:
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only players in this game can guess.")
        refuse_unless(action.target in state.players, "Guess about a player in this game.")
        found = find_char(state, action.character)
        refuse_unless(found is not None, f"{action.character[:40]} is not a character I know.")
        assert found is not None
        me = next(s for s in state.seats if s.player == action.by)
        if has_ability(state, me, self.id):
            refuse_unless(first_day(state, me), "The Juggler guesses only on their first day.")
        refuse_unless(
            len(guesses(state, action.by)) < MAX_GUESSES, f"At most {MAX_GUESSES} guesses a day."
        )
        state = put_mark(
            state, "guess", action.by, action.target, dusks=2, note=found.id, keep=True
        )
        return state, [Juggled(action.by, action.target, found.id)]

    def wakes(self, state: State, seat: Seat) -> bool:
        return active(state, seat.player) and bool(guesses(state, seat.player))

    def night(self, state: State, player: int, key: str) -> Result:
        made = guesses(state, player)
        ways = [
            tuple(dict.fromkeys(r.character == cid for r in registrations(state, p)))
            for p, cid in made
        ]
        counts = [sum(view) for view in itertools.product(*ways)]
        registered, false = numbers(counts[0], counts, len(made))

        def counted(world: World) -> int:
            return sum(world[p].character == cid for p, cid in made)

        fields = (Field("number", tuple(range(len(made) + 1))),)
        about = tuple(p for p, _ in made)
        return learn(
            state,
            player,
            self.id,
            key,
            counts[0],
            registered,
            false[:3],
            about,
            counted,
            fields=fields,
            question=made,
        )

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight | None:
        """The count between the guesses surely right and those that may be (summed over the
        unclaimed players' characters); impaired, any count alike; under the Vortox, any count
        no registration allows, alike. A count without its guesses is not read."""
        made = tuple(heard.question or ())
        if not made or len(made) != len(heard.players):
            return None
        size, told = len(made), heard.answer
        odds = [now.statement("character", (p,), cid) for p, cid in made]
        right = np.stack([yes for yes, _ in odds], axis=1)
        may = np.stack([1.0 - no for _, no in odds], axis=1)
        # The count lies between those surely right (L) and those that may be (H >= L), so
        # P(L <= told <= H) = P(L <= told) - P(H <= told - 1).
        # (Counts above ``told`` do not matter: ``count_chance`` stops there.)
        if 0 <= told <= size:
            fewest = count_chance(right, told).sum(axis=1)
            most = count_chance(may, told - 1).sum(axis=1) if told else 0.0
            sober: FloatArray = np.clip(fewest - most, 0.0, 1.0)
        else:
            sober = np.zeros(len(right))
        return Weight(sober, 1 / (size + 1), false=(1.0 - sober) / size)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        right = info["answer"]
        return f"{words.strong(right)} of your guesses {'was' if right == 1 else 'were'} right."

    def day_move(self, table: Table, state: State) -> Juggle | None:
        for s in state.seats:
            if s.shown != self.id or not s.alive or not first_day(state, s):
                continue
            made = guesses(state, s.player)
            claimed = {p: c for _, p, c in state.claims if p != s.player and p in living(state)}
            todo = [(p, c) for p, c in claimed.items() if (p, c) not in made]
            if todo and len(made) < MAX_GUESSES and table.once("juggle", state.day, len(made)):
                p, c = todo[0]
                return Juggle(s.player, p, c)
        return None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🤹 {words.player(event.by)} guesses that {words.player(event.target)} is the "
            f"{words.strong(words.character(event.guess))}."
        )
