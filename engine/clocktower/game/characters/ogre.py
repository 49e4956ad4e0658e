"""The Ogre: on their first night, chooses a player (not themself) and becomes that player's
alignment, even if drunk or poisoned, without being told which (a player made the Ogre later
chooses that night). The friend stays the same; later changes to either alignment do not
follow the other (the rules' optional "friend" rule is not used).

The alignment taken is the friend's as they register to the Ogre: the storyteller rules when a
Recluse may register as evil. Jinxes: a Recluse registering as evil tells the Ogre that they
are now evil; the Spy always registers as evil to the Ogre; an evil player the Pit-Hag turned
into the Ogre cannot turn good by this ability (here: any player who became the Ogre during
play while evil)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.clocktower.game.abilities.change import made_evil
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.events import Turned
from engine.clocktower.game.model import Seat, State, marks_of, put_mark, seat, with_seat
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import Result, Role, Table, most_trusted
from engine.clocktower.game.secrecy import tell_self
from engine.core import Effect

ALWAYS_EVIL = ("spy",)  # the Spy registers as evil to the Ogre (their jinx)


class Ogre(Role):
    id = "ogre"
    reminders = {"friend": "the Ogre's friend"}
    policy: ClassVar[str] = (
        "A Recluse friend registers as evil half the time (the general registration policy)."
    )

    def wakes(self, state: State, seat: Seat) -> bool:
        return not marks_of(state, "friend", seat.player)  # chosen once, drunk or not

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        (friend,) = choose(state, key, player, self.id, others)
        state = put_mark(state, "friend", player, friend)
        them = seat(state, friend)
        options = ("evil",) if them.character in ALWAYS_EVIL else alignments(state, friend)
        seen = rule(
            state,
            key + ":alignment",
            "registration",
            tuple(dict.fromkeys(options)),
            player=friend,
            alignment="evil",
            cause=self.id,
        )
        me = seat(state, player)
        if seen == me.alignment or (seen == "good" and made_evil(state, player, self.id)):
            return state, []
        state = with_seat(state, player, alignment=seen)
        effects: list[Effect] = []
        if seen != them.alignment:  # a Recluse registering as evil: the Ogre learns it
            state, told = tell_self(state, Turned(player, alignment=seen))
            effects += told
        return state, effects

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return most_trusted(table, state, player, options, pick)
