"""Riot: a Demon that kills nobody at night. At the end of the third night its Minions become Riot
too (they are told), so the game has several Demons; good wins once every Riot is dead, evil once
two players are left with one alive (``ending``). Day 3 is the riot, while a living Riot's
ability works: whoever is nominated dies at once (the Demon's ability: a player safe from the
Demon, or one who cannot die, lives), nobody votes (``ballot``: every hand barred, so the count
ends at once), and the nominee, dead or alive, must nominate a living player not yet nominated
today, and only they may. It must happen: the day cannot end while a nomination is owed
(``storyteller_turn``); the storyteller makes the first one if nobody does, and nominates on a
silent nominee's behalf. By the current text the Minions become Riot on day 3, told at the end
of night 3 (the Riot's place is the night's last, after every Minion has acted); and there is
no "after day 3, evil wins" any more (the old text's): the riot decides the game, since a
living Riot can always be nominated, and were a day 3 to end otherwise, play would go on.

Jinxes (``_day_demons``): a Riot nominating a player the Soldier, the Monk, the Innkeeper or the
Exorcist protects makes good win; the Grandmother's grandchild dying in the riot makes evil
win; with a Banshee, Farmer, Ravenkeeper or Sage in play a Riot chooses a player each night, as
though it killed them (``night_choice``); a living Mayor may stop the riot (``StopRiot``,
``/clocktower use stopriot``): good wins if just one Riot lives, else evil; with the Atheist, a
nominated storyteller is voted on as usual (on the block at the day's end, they are executed
and the Atheist judges; if not, they nominate next).

Bot storyteller: a nomination owed is of a random living player not yet nominated today."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.abilities.change import change_character
from engine.clocktower.game.abilities.protection import safe_from_demon
from engine.clocktower.game.abilities.votes import nomination_rule
from engine.clocktower.game.actions import Nominate
from engine.clocktower.game.characters._day_demons import (
    GRANDCHILD,
    GUARDED,
    chooses_tonight,
    grandchild,
    guarded,
    jinx_endings,
    night_choice,
)
from engine.clocktower.game.characters._demon import prey
from engine.clocktower.game.death import die
from engine.clocktower.game.ending import conclude
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import SYSTEM, Seat, State, alive, lives, seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table
from engine.clocktower.game.working import works
from engine.core import RuleError, seeded_rng

RIOT_DAY = 3


@dataclass(frozen=True)
class StopRiot:
    """The Mayor's jinx with Riot: the living Mayor stops the riot (the log decodes it by its
    name)."""

    by: int


def rioting(state: State) -> bool:
    """Whether today is the riot: day 3, with a living Riot whose ability works."""
    return state.day == RIOT_DAY and any(
        s.character == "riot" and lives(state, s.player) and works(state, s.player)
        for s in state.seats
    )


def first_riot(state: State, seat_: Seat) -> bool:
    """Whether ``seat_`` is the first Riot in seat order: it speaks for them all, once."""
    return next(s.player for s in state.seats if s.character == "riot") == seat_.player


def owed_nominator(state: State) -> int | None:
    """Who must nominate next in the riot: the last nominee (None: the first nomination)."""
    return state.nominees[-1] if state.nominees else None


def open_targets(state: State) -> tuple[int, ...]:
    """The living players who may still be nominated today (no Travellers: that is an exile)."""
    return tuple(
        s.player
        for s in state.seats
        if s.alive and s.team != "traveller" and s.player not in state.nominees
    )


class Riot(Role):
    id = "riot"
    policy = "A nomination the riot owes is of a random living player not yet nominated today."
    duty = "the riot goes on: the last nominee (or the storyteller for them) must nominate."
    day_action = StopRiot
    command = DayCommand(
        "stopriot",
        "Mayor, during the riot: stop it (good wins if just one Riot lives, else evil wins)",
        "",
        "",
        "You stop the riot.",
        shape="none",
    )
    endings = {
        "riot_stopped": "the Mayor stopped the riot",
        **jinx_endings("riot", "Riot"),
    }
    reasoned = True  # the reasoning model: its Minions becoming Riot is not modelled

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """None at night."""
        return (1.0,)

    def rouses(self, state: State, seat: Seat) -> bool:
        return chooses_tonight(state)  # else the storyteller's turn: Minions are told

    def night(self, state: State, player: int, key: str) -> Result:
        if not first_riot(state, seat(state, player)):
            return state, []
        state, effects = night_choice(state, player, self.id, key)
        if state.night != RIOT_DAY or not works(state, player):
            return state, effects
        for s in state.seats:
            if s.team == "minion":
                state, told = change_character(state, s.player, self.id)
                effects += told
        return state, effects

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return prey(table, state, player, options, pick)

    def ballot(self, state: State, seat_: Seat, voter: int) -> str | None:
        voted = state.nominees and state.nominees[-1] == state.storyteller  # the Atheist's jinx
        return "barred" if rioting(state) and not voted else None

    def may_nominate(self, state: State, seat_: Seat, by: int) -> str | None:
        if not rioting(state):
            return None
        if by in (state.storyteller, SYSTEM) or by == owed_nominator(state):
            return ""
        if owed_nominator(state) is None:
            return None  # the riot's first nomination: anyone living, as usual
        return "In the riot only the last player nominated may nominate now."

    def nominating(
        self, state: State, seat_: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        if not rioting(state) or not first_riot(state, seat_):
            return state, []
        if not alive(state, nominee):
            raise RuleError("In the riot only a living player may be nominated.")
        by_riot = nominator in state.players and seat(state, nominator).character == self.id
        if by_riot and guarded(state, nominee):
            return conclude(state, "good", f"{self.id}_{GUARDED}")
        if safe_from_demon(state, nominee):
            return state, []
        state, effects = die(state, nominee, "nominated", key + ":riot")
        if not alive(state, nominee) and grandchild(state, nominee):
            state, more = conclude(state, "evil", f"{self.id}_{GRANDCHILD}")
            effects += more
        return state, effects

    def storyteller_turn(self, state: State, seat_: Seat) -> Nominate | None:
        if not rioting(state) or state.vote is not None:
            return None
        if state.block is not None and state.block == state.storyteller:
            return None  # the Atheist's jinx: the storyteller is about to die; the day may end
        pool = open_targets(state)
        if not pool:
            return None
        teller = SYSTEM if state.storyteller is None else state.storyteller
        by = owed_nominator(state)
        if by is None or nomination_rule(state, by):  # refused them (the Bishop): the teller
            by = teller
        rng = seeded_rng(state.seed, "riot", state.day, len(state.nominees))
        return Nominate(by, rng.choice(pool))

    def request(self, by: int, target: Any) -> StopRiot:
        return StopRiot(by)

    def day(self, state: State, action: StopRiot) -> Result:
        require_day_between_votes(state)
        refuse_unless(rioting(state), "There is no riot to stop.")
        mayor = action.by in state.players and seat(state, action.by).character == "mayor"
        refuse_unless(
            mayor and alive(state, action.by) and works(state, action.by),
            "Only a living Mayor can stop the riot.",
        )
        riots = [s for s in state.seats if s.character == self.id and lives(state, s.player)]
        return conclude(state, "good" if len(riots) == 1 else "evil", "riot_stopped")
