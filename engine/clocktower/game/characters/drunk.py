"""The Drunk: thinks they are a Townsfolk not in play (the storyteller picks which), and their
ability never works; they wake, and are told things, as that Townsfolk."""

from __future__ import annotations

from engine.clocktower.game.cast import script_team
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Seat, State, with_seat
from engine.clocktower.game.roles import Role


class Drunk(Role):
    id = "drunk"
    poses_as_townsfolk = True
    policy = "The Drunk's token is a random Townsfolk of the script not in play."
    always_drunk = True
    topics = {"drunk_token": "the Townsfolk the Drunk believes they are"}

    def setup(self, state: State, seat: Seat) -> State:
        taken = {x.character for x in state.seats} | {x.shown for x in state.seats}
        spare = tuple(c for c in script_team(state, "townsfolk") if c not in taken)
        token = rule(
            state,
            f"setup:token:{seat.player}",
            "drunk_token",
            spare,
            truth=None,
            player=seat.player,
        )
        return with_seat(state, seat.player, shown=token)
