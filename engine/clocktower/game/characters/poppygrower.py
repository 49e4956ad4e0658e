"""The Poppy Grower: while it has its ability, the Minions and the Demon are not told who each
other are (``Role.evil_info``: the Demon still learns its three bluffs; a Poppy Grower drunk or
poisoned at that time keeps nobody apart). Once it dies, the living Minions and Demon learn each
other that night, once: at its place in the night order, or at the night's end when it dies
later that night (its turn added to the end of tonight's wakes).

Jinx with the Spy: while the Poppy Grower has its ability, the Spy does not see the grimoire
(``Role.hides_grimoire``: every token hidden)."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.events import DemonInfo, MinionInfo
from engine.clocktower.game.markers import team_info
from engine.clocktower.game.model import Phase, Seat, State, TeamInfo, evolve, lives
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


def kept_apart(state: State) -> bool:
    """Whether some evil player's latest word of its team kept them apart."""
    latest: dict[int, bool] = {}
    for t in state.told:
        if isinstance(t, (MinionInfo, DemonInfo)):
            latest[t.to] = t.apart
    return any(latest.values())


class PoppyGrower(Role):
    id = "poppygrower"
    policy: ClassVar[str] = (
        "No rulings: the evil team learns each other the night the Poppy Grower dies."
    )

    def evil_info(self, state: State, seat: Seat, to: int, info: TeamInfo, key: str) -> TeamInfo:
        if not works(state, seat.player):
            return info
        return TeamInfo(info.demon, info.minions, info.bluffs, apart=True)

    def hides_grimoire(self, state: State, seat: Seat) -> tuple[int, ...]:
        return tuple(s.player for s in state.seats) if works(state, seat.player) else ()

    def wakes(self, state: State, seat: Seat) -> bool:
        return state.night > 1 and not lives(state, seat.player) and kept_apart(state)

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the evil team wakes, not the Poppy Grower

    def night(self, state: State, player: int, key: str) -> Result:
        return team_info(state, key)

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        """Dying after its place tonight, the evil team learns each other at the night's end."""
        turn = (self.id, seat.player)
        if state.phase is not Phase.NIGHT or turn in state.queue[state.cursor + 1 :]:
            return state, []
        return evolve(state, queue=(*state.queue, turn)), []
