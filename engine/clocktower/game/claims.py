"""Public claims, and the execution of players who break madness.

Any player may say in public, by day, which character they are (``Claim``: ``/clocktower claim
character``). The claim is recorded for everyone (``State.claims``, announced as ``claim``), so
players and self-play can weigh it, and it is what the bot storyteller judges madness by: a
claim that breaks madness (``madness.judge_claim``) is a ruling whether to execute the claimant.
A human storyteller judges madness by everything said at the table and executes with
``ExecuteMad``. Either execution is the day's one execution.
"""

from __future__ import annotations

from engine.clocktower.game.actions import Claim, ExecuteMad
from engine.clocktower.game.cast import find_char
from engine.clocktower.game.day import day_key, execute
from engine.clocktower.game.events import Claimed
from engine.clocktower.game.guards import NOT_DAY, refuse_unless, require_phase
from engine.clocktower.game.madness import judge_claim
from engine.clocktower.game.model import Phase, State, evolve
from engine.clocktower.game.roles import Result, seats_having
from engine.core import Effect


def claimed(state: State, player: int) -> str | None:
    """What ``player`` last claimed to be in public (None: nothing yet)."""
    said = [cid for _, p, cid in state.claims if p == player]
    return said[-1] if said else None


def claim(state: State, action: Claim) -> Result:
    require_phase(state, Phase.DAY, NOT_DAY)
    refuse_unless(action.by in state.players, "Only players in this game can claim a character.")
    refuse_unless(state.vote is None, "Wait until the current vote is over.")
    found = find_char(state, action.character)
    refuse_unless(found is not None, f"{action.character[:40]} is not a character I know.")
    assert found is not None
    key = day_key(state) + f":claim{len(state.claims)}"
    state = evolve(state, claims=(*state.claims, (state.day, action.by, found.id)))
    effects: list[Effect] = [Claimed(action.by, found.id, state.day)]
    for s, unit in seats_having(state, "claimed"):
        state, more = unit.claimed(state, s, action.by, found.id, key)
        effects += more
    if judge_claim(state, action.by, found.id, key):
        state, more = execute(state, action.by, key)
        effects += more
    return state, effects


def execute_mad(state: State, action: ExecuteMad) -> Result:
    refuse_unless(not state.bot, "The bot storyteller judges madness by the players' claims.")
    refuse_unless(action.by == state.storyteller, "Only the storyteller can do that.")
    require_phase(state, Phase.DAY, "A player who breaks madness is executed by day.")
    refuse_unless(state.vote is None, "Wait until the current vote is over.")
    refuse_unless(action.player in state.players, "That player is not in this game.")
    refuse_unless(
        state.executed is None, "Someone has been executed today; it was the day's execution."
    )
    return execute(state, action.player, day_key(state) + ":mad")
