"""The round table: secret ballots, revealed together; the most-voted player is banished.

A tie goes to one re-vote among the tied players (everyone living still votes); a second tie is
drawn at random. Banishing a Traitor in a recruit game leads to recruitment, otherwise to night.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.core import Step
from engine.traitors.actions import CloseVote, OpenVote, Vote
from engine.traitors.events import BallotCast, Revote, VoteOpened, VotesRevealed
from engine.traitors.flow import (
    Effects,
    ask,
    begin_night,
    begin_recruit,
    game_won,
    most_chosen,
    pick,
    remove,
)
from engine.traitors.guards import refuse_unless, require_host, require_phase
from engine.traitors.model import (
    Fate,
    Phase,
    Role,
    State,
    awaiting,
    choice_of,
    is_living,
    living,
    put,
    role_of,
)

NOT_OPEN = "Voting isn't open."


def open_vote(state: State, action: OpenVote) -> Step[State]:
    refuse_unless(state.phase is not Phase.VOTE, "The vote is already open.")
    require_phase(state, Phase.DAY, "The vote can only be opened during the day.")
    require_host(state, action.by, "Only the host can open the vote.")
    state = replace(state, phase=Phase.VOTE, ballots=(), candidates=())
    return ask(state, [VoteOpened(state.round, living(state), ())])


def vote(state: State, action: Vote) -> Step[State]:
    require_phase(state, Phase.VOTE, NOT_OPEN)
    refuse_unless(is_living(state, action.by), "Only living players may vote.")
    refuse_unless(action.target != action.by, "You can't vote for yourself.")
    refuse_unless(is_living(state, action.target), "You can only vote for a living player.")
    refuse_unless(
        not state.candidates or action.target in state.candidates,
        "In the re-vote you can only vote for one of the tied players.",
    )
    previous = choice_of(state.ballots, action.by)
    if previous == action.target:
        return Step(state)
    state = replace(state, ballots=put(state.ballots, action.by, action.target))
    waiting, ballots = awaiting(state), dict(state.ballots)
    voted = tuple(p for p in living(state) if p in ballots)
    cast = BallotCast(
        state.round, bool(state.candidates), action.by, previous is not None, voted, waiting
    )
    effects: Effects = [cast]
    return Step(state, tuple(effects)) if waiting else reveal(state, effects)


def close_vote(state: State, action: CloseVote) -> Step[State]:
    require_phase(state, Phase.VOTE, NOT_OPEN)
    require_host(state, action.by, "Only the host can close the vote.")
    refuse_unless(bool(state.ballots), "Nobody has voted yet.")
    return reveal(state, [])


def reveal(state: State, effects: Effects) -> Step[State]:
    """Show every ballot; banish, or call the one re-vote, or draw among a second tie."""
    counts = Counter(target for _, target in state.ballots)
    ballots = dict(state.ballots)
    seat = state.players.index
    revote = bool(state.candidates)
    top: tuple[int, ...]
    if len(state.candidates) == 1:  # the other tied players departed
        top = state.candidates
    else:
        top = most_chosen(state.ballots, state.players)
    shown = VotesRevealed(
        round=state.round,
        revote=revote,
        ballots=tuple((v, ballots[v]) for v in state.players if v in ballots),
        counts=tuple(sorted(counts.items(), key=lambda kv: (-kv[1], seat(kv[0])))),
        tied=top if len(top) > 1 else (),
        banished=None,
        role=None,
        tie_broken=False,
    )
    if len(top) > 1 and not revote:
        state = replace(state, ballots=(), candidates=top)
        effects.append(shown)
        effects.append(Revote(state.round, top))
        return ask(state, effects)
    banished = pick(state, top, "vote-tie")
    role = role_of(state, banished)
    state = replace(remove(state, banished, Fate.BANISHED), ballots=(), candidates=())
    effects.append(replace(shown, banished=banished, role=role, tie_broken=len(top) > 1))
    won = game_won(state, effects)
    if won:
        return won
    if role is Role.TRAITOR and state.recruit:
        return begin_recruit(state, effects)
    return begin_night(state, effects)
