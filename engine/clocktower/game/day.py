"""The day: nominations, votes in seat order, the block, the execution and exiles.

Each living player nominates at most once a day and each player is nominated at most once a day.
Votes go round clockwise from the nominee's left and end with the nominee; a dead player votes yes
only by spending their one ghost vote (their turn is skipped once it is spent). A nominee with at
least half the living players' votes (rounded up) and more than the player on the block takes the
block; equal votes clear it. The storyteller ends the day: the player on the block is executed.
"""

from __future__ import annotations

from engine.clocktower.game.abilities.votes import counted_votes
from engine.clocktower.game.actions import EndDay, Exile, Nominate, Vote
from engine.clocktower.game.death import die
from engine.clocktower.game.ending import finish, settle
from engine.clocktower.game.guards import (
    refuse_unless,
    require_living_player,
    require_phase,
    storyteller_or_system,
)
from engine.clocktower.game.model import (
    SYSTEM,
    Nomination,
    Phase,
    State,
    VoteInProgress,
    evolve,
    seat,
    threshold,
    with_seat,
)
from engine.clocktower.game.night import dusk
from engine.clocktower.game.roles import role, seats_having
from engine.core import Announce, Effect

Result = tuple[State, list[Effect]]
NOT_DAY = "That can only be done during the day."


def day_key(state: State) -> str:
    """The key of the day's next step, under which its decisions are remembered."""
    return f"d{state.day}:{len(state.history)}:{len(state.nominees)}"


def _skip_spent(state: State, vote: VoteInProgress) -> VoteInProgress:
    """Move past voters who cannot vote yes (dead with their ghost vote spent)."""
    index = vote.index
    while index < len(vote.order) and not vote.exile:
        s = seat(state, vote.order[index])
        if s.alive or s.ghost_vote:
            break
        index += 1
    return evolve(vote, index=index)


def execute(state: State, player: int, key: str) -> Result:
    """Execute ``player`` (or who stands in for them); the executee's unit may end the game."""
    for s, unit in seats_having(state, "stand_in"):
        if s.alive:
            player = unit.stand_in(state, s, player, key)
    executee = seat(state, player)
    state = evolve(state, executed=player, execution_killed=executee.alive)
    effects: list[Effect] = [Announce("execution", {"player": player, "day": state.day})]
    ending = role(executee.character).executed(state, executee) if executee.alive else None
    state, more = die(state, player, "execution", key)
    effects += more
    if ending is not None:
        state, more = finish(state, *ending)
        effects += more
    return state, effects


def nominate(state: State, action: Nominate) -> Result:
    require_phase(state, Phase.DAY, NOT_DAY)
    refuse_unless(state.vote is None, "Wait until the current vote is over.")
    refuse_unless(state.executed is None, "Someone has been executed today; no more nominations.")
    require_living_player(state, action.by, "Only living players may nominate.")
    refuse_unless(action.target in state.players, "You can only nominate a player in this game.")
    refuse_unless(action.by not in state.nominators, "You have already nominated today.")
    refuse_unless(action.target not in state.nominees, "That player was already nominated today.")
    key = day_key(state)
    state = evolve(
        state, nominators=(*state.nominators, action.by), nominees=(*state.nominees, action.target)
    )
    effects: list[Effect] = [
        Announce("nomination", {"nominator": action.by, "nominee": action.target})
    ]
    target = seat(state, action.target)
    state, executes = role(target.character).nominated(state, target, action.by, key)
    if executes:
        state, more = settle(*execute(state, action.by, key))
        effects += more
        if state.phase is Phase.OVER:
            return state, effects
        state, more = dusk(state)
        return state, effects + more
    order = [s.player for s in state.seats]
    i = order.index(action.target)
    voters = tuple(order[i + 1 :] + order[: i + 1])
    vote = _skip_spent(state, VoteInProgress(action.by, action.target, voters))
    state = evolve(state, vote=vote)
    if vote.index >= len(vote.order):
        return _tally(state, effects)
    return state, effects


def vote(state: State, action: Vote) -> Result:
    require_phase(state, Phase.DAY, NOT_DAY)
    current = state.vote
    refuse_unless(current is not None, "There is no vote in progress.")
    assert current is not None
    voter = current.order[current.index]
    if action.voter is not None and (
        action.by == state.storyteller or (state.bot and action.by == SYSTEM)
    ):
        refuse_unless(action.voter == voter, "It is not that player's turn to vote.")
    else:
        refuse_unless(action.by == voter, "It is not your turn to vote.")
    s = seat(state, voter)
    yes = current.yes
    if action.yes and not current.exile:  # exiles ignore abilities and spend no ghost vote
        if s.alive:
            state = role(s.character).raise_hand(state, s)
        else:
            state = with_seat(state, voter, ghost_vote=False)
    if action.yes:
        yes = (*yes, voter)
    current = _skip_spent(state, evolve(current, yes=yes, index=current.index + 1))
    state = evolve(state, vote=current)
    effects: list[Effect] = [
        Announce("voted", {"voter": voter, "yes": action.yes, "count": len(yes)})
    ]
    if current.index >= len(current.order):
        return _tally(state, effects)
    return state, effects


def _tally(state: State, effects: list[Effect]) -> Result:
    current = state.vote
    assert current is not None
    need = threshold(state)
    if current.exile:  # exiles are never affected by abilities: one vote per raised hand
        return _exiled(state, effects, len(current.yes), need)
    votes = counted_votes(state, current.yes)
    block, block_votes = state.block, state.block_votes
    if votes >= need and votes > block_votes:
        block, block_votes = current.nominee, votes
    elif votes >= need and votes == block_votes:
        block = None
    record = Nomination(state.day, current.nominator, current.nominee, current.yes, votes, need)
    state = evolve(
        state, vote=None, block=block, block_votes=block_votes, history=(*state.history, record)
    )
    outcome = {
        "nominee": current.nominee,
        "votes": votes,
        "threshold": need,
        "block": block,
        "block_votes": block_votes,
    }
    return state, [*effects, Announce("vote_result", outcome)]


def _exiled(state: State, effects: list[Effect], votes: int, need: int) -> Result:
    current = state.vote
    assert current is not None
    record = Nomination(
        state.day, current.nominator, current.nominee, current.yes, votes, need, exile=True
    )
    state = evolve(state, vote=None, history=(*state.history, record))
    exiled = votes >= need
    outcome = {"nominee": current.nominee, "votes": votes, "threshold": need, "exiled": exiled}
    effects = [*effects, Announce("exile_result", outcome)]
    if exiled:
        state, more = die(state, current.nominee, "exile", day_key(state))
        effects += more
    return state, effects


def exile(state: State, action: Exile) -> Result:
    """A call for exile: any player may make it, once a day per Traveller; not a nomination."""
    require_phase(state, Phase.DAY, NOT_DAY)
    refuse_unless(state.vote is None, "Wait until the current vote is over.")
    refuse_unless(action.by in state.players, "Only players in this game can call for exile.")
    target = next((s for s in state.seats if s.player == action.target), None)
    refuse_unless(
        target is not None and target.team == "traveller" and target.alive,
        "Only a living Traveller can be exiled.",
    )
    called = any(
        n.exile and n.day == state.day and n.nominee == action.target for n in state.history
    )
    refuse_unless(not called, "That Traveller's exile was already called for today.")
    order = [s.player for s in state.seats]
    i = order.index(action.target)
    voters = tuple(order[i + 1 :] + order[: i + 1])
    state = evolve(state, vote=VoteInProgress(action.by, action.target, voters, exile=True))
    return state, [Announce("exile_called", {"by": action.by, "target": action.target})]


def end_day(state: State, action: EndDay) -> Result:
    require_phase(state, Phase.DAY, NOT_DAY)
    storyteller_or_system(state, action.by, "Only the storyteller can end the day.")
    refuse_unless(state.vote is None, "Finish the current vote first.")
    effects: list[Effect] = []
    if state.block is not None:
        state, effects = settle(*execute(state, state.block, day_key(state)))
        if state.phase is Phase.OVER:
            return state, effects
    elif state.executed is None:
        for s, unit in seats_having(state, "quiet_dusk"):
            won = unit.quiet_dusk(state, s)
            if won is not None:
                return finish(state, *won)
    state, more = dusk(state)
    return state, effects + more
