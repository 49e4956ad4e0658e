"""Win conditions and the end of the game.

The game ends the moment the rules say so: when no Demon is alive (after any Scarlet Woman or
star pass has taken over, and unless a character postpones the end: the Mastermind's extra day),
when just two players are alive, when a working Saint is executed, or at the end of a day with
three players alive, no execution and a working Mayor.
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.model import Phase, State, demons, evolve, residents
from engine.clocktower.game.roles import seats_having
from engine.core import Announce, Effect, GameOver


def continuous_winner(state: State) -> tuple[str, str] | None:
    """(winner, ending) when a state condition has ended the game, else None."""
    if not demons(state):
        if any(u.postpones_end(state, s) for s, u in seats_having(state, "postpones_end")):
            return None
        return "good", "demon_dead"
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
