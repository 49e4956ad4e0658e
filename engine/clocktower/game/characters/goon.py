"""The Goon: each night, the first player to choose the Goon with their ability is drunk until
dusk, and the Goon turns to that player's alignment (and is told). A drunk, poisoned or dead
Goon does neither, and the night's first choice is still spent. A Demon given the Goon's
ability (the Boffin's) cannot turn good by it, by the jinx.

The reasoning model reads no evidence from it: it learns nothing, and the drunkenness it brings
and the alignment it takes are in no world."""

from __future__ import annotations

from engine.clocktower.game.abilities.change import change_alignment, given_evil
from engine.clocktower.game.model import Phase, Seat, State, marks_of, put_mark, put_marks, seat
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


class Goon(Role):
    id = "goon"
    reminders = {"goon": "the first to choose the Goon tonight"}

    def chosen(self, state: State, seat_: Seat, chooser: int, key: str) -> Result:
        tonight = str(state.night)
        if state.phase is not Phase.NIGHT:
            return state, []
        if any(m.note == tonight for m in marks_of(state, "goon", seat_.player)):
            return state, []
        state = put_marks(state, "goon", seat_.player, (chooser,), dusks=1, note=tonight)
        if not works(state, seat_.player):
            return state, []
        state = put_mark(state, "drunk", seat_.player, chooser, dusks=1)
        wanted = seat(state, chooser).alignment
        if wanted == "good" and given_evil(state, seat_.player, self.id):
            return state, []  # the Boffin's jinx: a Demon given this ability stays evil
        return change_alignment(state, seat_.player, wanted)
