"""The Marionette: a Minion who believes they are a good character, sitting next to the Demon;
the Demon knows who they are. At setup, before any ruling (``Role.arranges``), if the deal did
not seat them beside a Demon they trade seats with one of its good neighbours, drawn with the
seed (a storyteller who deals in seat order places them at will); then the storyteller picks
the good character they believe they are (``marionette_token``: a Townsfolk of the script not in
play, as for the Drunk). They are told that character and the good alignment, wake and learn
as it does, and their ability never works (``always_drunk``). They learn nothing of the evil
team, and the other Minions are not told of them; the Demon learns the Minions as usual, and
on the first night which player is the Marionette (``MarionetteShown``).

Jinxes: while a Magician lives, the Demon is shown both its neighbours, not which is the
Marionette; an Alchemist may have the Marionette's ability only while the Marionette is in
play, and it is no ability (the Alchemist's unit); the Mathematician counts the Marionette's
false information, as any ability's (``abnormal``); a Marionette may believe it is the
Huntsman only with a Damsel in play (as if the Huntsman had added it); if it believes it is the
Balloonist, an Outsider may have been added (``SetupModifier.shown_setup``: the setup counts
allow it, the bot's bag adds one in some deals, and a deal whose counts only the jinx explains
shows the Marionette the Balloonist); a storyteller gaining the Marionette's ability by the
Plague Doctor makes one of the Demon's good neighbours the Marionette (``make_marionette``, the
Plague Doctor's unit).

Bot storyteller: the believed Townsfolk at random."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.clocktower.counts import needed_shown
from engine.clocktower.game.cast import char, game_script, script_team
from engine.clocktower.game.characters._marionette import (
    JOIN_TOPIC,
    WAITS,
    MarionetteShown,
    beside_demon,
)
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.model import (
    SYSTEM,
    Pending,
    Seat,
    State,
    TeamInfo,
    demons,
    lives,
    neighbours,
    put_marks,
    seat,
    with_seat,
)
from engine.clocktower.game.roles import Result, Role, Words, role
from engine.core import Effect, seeded_rng

TOKEN_TOPIC = "marionette_token"


class Marionette(Role):
    id = "marionette"
    reasoned = True  # the reasoning model: it claims what it believes, as an evil claimer would; its seat beside the Demon is not weighed
    always_drunk = True
    events = (MarionetteShown,)
    topics = {
        TOKEN_TOPIC: "the good character the Marionette believes they are",
        JOIN_TOPIC: "which good neighbour of the Demon becomes the Marionette, entering play now",
    }
    reminders = {WAITS: "enters play beside the Demon"}
    policy: ClassVar[str] = (
        "Believes a random Townsfolk of the script not in play (seated beside the Demon by "
        "the seed)."
    )

    def arranges(self, state: State, seat_: Seat) -> State:
        """Seated beside a Demon: if the deal did not, the Marionette trades seats with one of
        the Demon's good neighbours (drawn with the seed; a deal already obeying is kept). A
        token the deal's counts need it shown (the Balloonist, whose Outsider was added: the
        jinx) is its own before any other player's token is chosen."""
        state = self._beside_demon(state)
        needed = _needed(state)
        player = next((x.player for x in state.seats if x.character == self.id), None)
        if len(needed) != 1 or player is None or needed[0] in _taken(state):
            return state
        return with_seat(state, player, shown=needed[0])

    def _beside_demon(self, state: State) -> State:
        found = demons(state)
        player = next((x.player for x in state.seats if x.character == self.id), None)
        if not found or player is None or beside_demon(state, player):
            return state  # (another's seating rule may have moved it: found where it sits now)
        near = sorted(
            {
                n
                for d in found
                for n in neighbours(state, d)
                if seat(state, n).team in ("townsfolk", "outsider")
            }
        )
        if not near:
            return state
        other = seeded_rng(state.seed, "marionette", player).choice(near)
        return _trade(state, player, other)

    def setup(self, state: State, seat_: Seat) -> State:
        player = seat_.player
        token = seat(state, player).shown
        if token == self.id:
            taken, needed = _taken(state), _needed(state)
            spare = tuple(
                c
                for c in script_team(state, "townsfolk")
                if c not in taken
                and (c != "huntsman" or "damsel" in taken)
                and (not needed or c in needed)
            )
            if not spare:
                return state
            key = f"setup:{TOKEN_TOPIC}:{player}"
            token = str(rule(state, key, TOKEN_TOPIC, spare, truth=None, player=player))
        if demons(state):
            return with_seat(state, player, shown=token)
        # No Demon seated (Lil' Monsta's, the Summoner's game): the Marionette enters play after
        # the Demon (``join``); until then this player is that Townsfolk, and good.
        state = with_seat(
            state, player, character=token, shown=token, team="townsfolk", alignment="good"
        )
        state = put_marks(state, WAITS, SYSTEM, (player,), character=self.id)
        return role(token).setup(state, seat(state, player))

    def briefed_as(self, state: State, seat_: Seat) -> tuple[str, str]:
        return seat_.shown, "good"

    def wakes_at(self, state: State, seat_: Seat) -> tuple[str, ...]:
        first = (self.id,) if state.night <= 1 else ()
        return (seat_.shown, *first)

    def rouses(self, state: State, seat_: Seat) -> bool:
        return False  # the storyteller wakes the Demon, not the Marionette

    def night(self, state: State, player: int, key: str) -> Result:
        """The Demon learns who the Marionette is (with a living Magician, its two
        neighbours)."""
        magician = any(s.character == "magician" and lives(state, s.player) for s in state.seats)
        effects: list[Effect] = []
        for d in demons(state):
            shown = tuple(sorted(neighbours(state, d))) if magician else (player,)
            state, told = tell(state, MarionetteShown(d, players=shown))
            effects.append(told)
        return state, effects

    def evil_info(self, state: State, seat_: Seat, to: int, info: TeamInfo, key: str) -> TeamInfo:
        if to == seat_.player:
            return TeamInfo(apart=True)  # believes they are good: told nothing
        if seat(state, to).team == "demon":
            return info
        return TeamInfo(
            tuple(p for p in info.demon if p != seat_.player),
            tuple(p for p in info.minions if p != seat_.player),
            info.bluffs,
            info.apart,
        )

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))

    def says(self, event: Any, words: Words) -> str:
        if len(event.players) == 1:
            return f"🎭 {words.strong(words.player(event.players[0]))} is your Marionette."
        return f"🎭 One of {words.players(event.players)} is your Marionette."


def _taken(state: State) -> set[str]:
    """The characters in play and the tokens already shown."""
    return {x.character for x in state.seats} | {x.shown for x in state.seats}


def _needed(state: State) -> tuple[str, ...]:
    """The tokens one of which the Marionette must be shown for the deal's counts to be legal
    (``counts.needed_shown``: the Balloonist, when only its added Outsider explains them)."""
    dealt = [char(state, x.character) for x in state.seats if x.team != "traveller"]
    return needed_shown(dealt, game_script(state).characters)


def _trade(state: State, a: int, b: int) -> State:
    """Players ``a`` and ``b`` trade characters, tokens, alignments (setup: nobody is told
    yet)."""
    first, second = seat(state, a), seat(state, b)
    for player, other in ((a, second), (b, first)):
        state = with_seat(
            state,
            player,
            character=other.character,
            shown=other.shown,
            alignment=other.alignment,
            team=other.team,
        )
    return state
