"""The Hindu (Loric): the first four players to die are reincarnated at once, as Travellers of
their alignment. Whatever their death set off happens first (a Demon's death is a Demon's death:
a Scarlet Woman takes over, or good wins); then the storyteller picks a Traveller not in play
(``hindu``), the player becomes it (told, as any character change), comes back to life with a
vote, and the table is told (by day at once, by night at dawn with the other news). From then
on they are a Traveller: not counted among the residents for the game's end, exiled rather than
executed. A player dies for the Hindu's count once; with no Traveller left to give, nobody is
reincarnated."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.abilities.change import change_character, settle_changes
from engine.clocktower.game.death import revive
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import SYSTEM, Pending, Phase, Seat, State, put_mark
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.setup import traveller_pool
from engine.core import Event, Public

FIRST = 4  # the players reincarnated


@dataclass(frozen=True)
class Reincarnated(Event, Public):
    """By day: ``player`` comes back at once as the Traveller ``traveller``."""

    event = "reincarnated"
    player: int
    traveller: str


def reincarnated(state: State) -> tuple[int, ...]:
    return tuple(m.target for m in state.marks if m.kind == "reincarnated")


class Hindu(Role):
    id = "hindu"
    policy = "Each of the first four to die comes back as a random Traveller not in play."
    topics = {"hindu": "the Traveller a player who died is reincarnated as"}
    reminders = {"reincarnated": "reincarnated as a Traveller"}
    events = (Reincarnated,)

    def someone_died(self, state: State, seat: Seat, dead: int, cause: str, key: str) -> Result:
        done = reincarnated(state)
        if len(done) >= FIRST or dead in done or state.phase is Phase.OVER:
            return state, []
        in_play = {s.character for s in state.seats}
        spare = tuple(c for c in traveller_pool(state) if c not in in_play)
        state = put_mark(state, "reincarnated", SYSTEM, dead, keep=True)
        if not spare:
            return state, []
        cid = str(rule(state, key + f":hindu{dead}", "hindu", spare, truth=None, player=dead))
        state, effects = change_character(state, dead, cid)
        state = revive(state, dead)
        if state.phase is not Phase.NIGHT:
            effects.append(Reincarnated(dead, cid))
        state, more = settle_changes(state, key)
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🪷 {words.player(event.player)} is reincarnated at once as the "
            f"{words.strong(words.character(event.traveller))}."
        )
