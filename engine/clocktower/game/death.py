"""Dying: the one way a player leaves life, with what it triggers (a new Demon, the dawn list)."""

from __future__ import annotations

from engine.clocktower.game.abilities.change import takeover
from engine.clocktower.game.model import Phase, State, evolve, residents, seat, with_seat
from engine.clocktower.game.roles import Result, role
from engine.core import Announce, Effect


def die(state: State, player: int, cause: str, key: str) -> Result:
    """``player`` dies. By day the death is announced now; by night at dawn, without its cause.
    A dead Demon may be replaced (``takeover``), then the dead character's unit reacts."""
    s = seat(state, player)
    if not s.alive:
        return state, []
    before = len(residents(state))
    state = with_seat(state, player, alive=False)
    effects: list[Effect] = []
    if state.phase is Phase.NIGHT:
        state = evolve(state, died_tonight=(*state.died_tonight, player))
    else:
        effects.append(Announce("death", {"player": player, "cause": cause, "day": state.day}))
    if s.team == "demon":
        state, more = takeover(state, s.character, before)
        effects += more
    state, more = role(s.character).died(state, s, cause, key)
    return state, effects + more
