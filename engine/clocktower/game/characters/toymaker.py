"""The Toymaker (Fabled): the Demon may choose not to attack, and must do so at least once per
game; the evil team gets its usual starting info whatever the table's size.

At the Toymaker's place each night after the first (before the Demon's), each living Demon is
asked whether it rests tonight (default: no). A Demon that rests is kept asleep
(``Role.keeps_asleep``) and the Demons' attacks do nothing tonight (``kill.stay_demons``: a
Demon whose wake does not ask, the Imp, still chooses, to no effect). While no Demon has rested
yet, on a night when an attack could end the game (three or fewer players alive, Travellers
aside) the Demon is not asked: it rests. The starting info is ``Role.gives_team_info``.
"""

from __future__ import annotations

from engine.clocktower.game.abilities.kill import stay_demons
from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.model import SYSTEM, Seat, State, demons, put_marks, residents
from engine.clocktower.game.roles import Result, Role, Table

RESTED = "toymaker_rested"
FINAL = 3  # living players (Travellers aside) at most on a night an attack could end the game
RESTS = 0.15  # how often a simulated Demon rests when it may


def rested(state: State) -> tuple[str, ...]:
    """The nights on which a Demon has rested (reminders' notes)."""
    return tuple(m.note for m in state.marks if m.kind == RESTED)


class Toymaker(Role):
    id = "toymaker"
    policy = (
        "No rulings: the Demon chooses whether to rest; one that never has rests on the first "
        "night an attack could end the game."
    )
    reminders = {RESTED: "rested (the Toymaker)"}
    gives_team_info = True

    def night(self, state: State, player: int, key: str) -> Result:
        if state.night == 1:
            return state, []
        tonight = str(state.night)
        for demon in demons(state):
            rests: str | None
            if not rested(state) and len(residents(state)) <= FINAL:
                rests = "yes"  # the final night: it must not attack
            else:
                ask = "yesno"
                rests = choose_value(state, f"{key}:{demon}", demon, self.id, ("yes", "no"), ask)
            if rests == "yes":
                state = put_marks(
                    state, RESTED, SYSTEM, (demon,), character=self.id, note=tonight, keep=True
                )
                state = stay_demons(state, SYSTEM)
        return state, []

    def keeps_asleep(self, state: State, seat: Seat, player: int) -> bool:
        tonight = str(state.night)
        return any(
            m.kind == RESTED and m.target == player and m.note == tonight for m in state.marks
        )

    def choose(
        self, table: Table, state: State, player: int, options: list[str], pick: int
    ) -> tuple[str, ...] | None:
        return ("yes",) if table.rng.random() < RESTS else ("no",)
