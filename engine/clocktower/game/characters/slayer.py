"""The Slayer: once per game, by day, publicly chooses a player; a Demon dies.

Anyone living may claim the shot in public (``Slay``): only a real Slayer's can kill, and a real
Slayer's shot is spent even when drunk. It kills a Demon, or a player the storyteller rules
registers as one (a Recluse). Jinx: a shot at a living Lleech's host kills the host."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.actions import Slay
from engine.clocktower.game.characters.lleech import hosts
from engine.clocktower.game.day import day_key
from engine.clocktower.game.death import die
from engine.clocktower.game.guards import (
    refuse_unless,
    require_day_between_votes,
    require_living_player,
)
from engine.clocktower.game.model import State, living, seat, with_seat
from engine.clocktower.game.registration import registers_as
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight, fires_on
from engine.clocktower.reasoning.record import Heard, Record, day_moment
from engine.core import Effect, Event, Public

SHOOTS = 0.6  # how often a simulated player who believes they are the Slayer shoots, once


@dataclass(frozen=True)
class SlayerShot(Event, Public):
    event = "slay"
    by: int
    target: int
    died: bool


class Slayer(Role):
    id = "slayer"
    policy = (
        "A shot Recluse registers as the Demon (and dies) 10-50% of the time, more when good is "
        "ahead."
    )
    events = (SlayerShot,)
    day_action = Slay
    command = DayCommand(
        "slay",
        "Claim the Slayer's shot at a player, in public",
        "player",
        "Who you shoot at",
        "Your shot is taken.",
    )

    def day(self, state: State, action: Slay) -> Result:
        require_day_between_votes(state)
        require_living_player(state, action.by, "Only living players can use that ability.")
        refuse_unless(action.target in state.players, "Choose a player in this game.")
        key = day_key(state)
        state, hit = self._hits(state, action.by, action.target, key + f":{action.by}")
        effects: list[Effect] = [SlayerShot(action.by, action.target, hit)]
        if hit:
            state, more = die(state, action.target, "shot", key)
            effects += more
        return state, effects

    def _hits(self, state: State, slayer: int, target: int, key: str) -> tuple[State, bool]:
        s = seat(state, slayer)
        if s.character != self.id or s.used:
            return state, False
        state = with_seat(state, slayer, used=True)
        if not works(state, slayer) or not seat(state, target).alive:
            return state, False
        if target in hosts(state):  # the jinx: a shot at the Lleech's host kills the host
            return state, True
        return state, registers_as(state, key + ":slay", target, "demon", self.id)

    def public_info(self, record: Record, player: int) -> tuple[Heard, ...]:
        """The claimed Slayer's first shot, and whether it killed."""
        shot = next((s for s in record.shots if s.by == player), None)
        if shot is None:
            return ()
        return (Heard(self.id, day_moment(shot.day), shot.died, (shot.target,)),)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        return fires_on(*now.demon_among(heard.players), heard.answer)

    def day_move(self, table: Table, state: State) -> Slay | None:
        for p in living(state):
            if seat(state, p).shown == self.id and table.once("slay", p):
                if table.rng.random() < SHOOTS:
                    target = table.ranked(state, p, [q for q in living(state) if q != p])
                    return Slay(p, target[0])
        return None

    def says(self, event: Any, words: Words) -> str:
        outcome = "and they fall dead" if event.died else "but nothing happens"
        return (
            f"🏹 {words.player(event.by)} uses a Slayer's shot on {words.player(event.target)}… "
            f"{outcome}."
        )
