"""Win conditions and the end of the game.

The game ends the moment the rules say so: when no Demon is alive (after any Scarlet Woman or
star pass has taken over; unless a character prevents good's win, the Evil Twin, or postpones
the end, the Mastermind's extra day), when just two players are alive with a Demon among them,
and when a character's unit says so (a working Saint executed, a Mayor's quiet day, the
Vortox's, a Klutz's choice, the Evil Twin's good twin executed, an execution on the
Mastermind's extra day).
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.model import Phase, State, demons, evolve, residents
from engine.clocktower.game.roles import seats_having
from engine.core import Announce, Effect, GameOver


def prevented(state: State, winner: str) -> bool:
    """Whether a character stops ``winner`` from winning now (``Role.prevents``: good cannot
    win while both Evil Twins live)."""
    return any(unit.prevents(state, s, winner) for s, unit in seats_having(state, "prevents"))


def continuous_winner(state: State) -> tuple[str, str] | None:
    """(winner, ending) when a state condition has ended the game, else None. With no Demon
    alive good wins (unless something prevents it, and the game then goes on without a Demon);
    with a Demon alive and just two players, evil wins."""
    if not demons(state):
        postponed = any(u.postpones_end(state, s) for s, u in seats_having(state, "postpones_end"))
        return None if postponed or prevented(state, "good") else ("good", "demon_dead")
    if len(residents(state)) <= 2:
        return "evil", "two_left"
    return None


def result(state: State) -> dict[str, Any]:
    """The revealed grimoire and outcome (for GameOver, and the record for ratings)."""
    return {
        "winner": state.winner,
        "ending": state.ending,
        "days": state.day,
        "nights": state.night,
        "storyteller": state.storyteller,
        "bot_storyteller": state.bot,
        "script": state.script_ids,
        "seats": tuple(
            {
                "player": s.player,
                "character": s.character,
                "shown": s.shown,
                "alignment": s.alignment,
                "alive": s.alive,
            }
            for s in state.seats
        ),
        "good": tuple(s.player for s in state.seats if s.alignment == "good"),
        "evil": tuple(s.player for s in state.seats if s.alignment == "evil"),
        "bluffs": state.bluffs,
    }


def finish(state: State, winner: str, ending: str) -> tuple[State, list[Effect]]:
    state = evolve(
        state,
        phase=Phase.OVER,
        winner=winner,
        ending=ending,
        pending=None,
        asked=None,
        resume=None,
        vote=None,
    )
    return state, [
        Announce("game_over", {"winner": winner, "ending": ending}),
        GameOver(winner, result(state)),
    ]


def settle(state: State, effects: list[Effect]) -> tuple[State, list[Effect]]:
    """End the game now if a state condition says so (after any death)."""
    if state.phase is Phase.OVER or state.phase is Phase.LOBBY or not state.seats:
        return state, effects
    won = continuous_winner(state)
    if won is None:
        return state, effects
    state, more = finish(state, *won)
    return state, effects + more
