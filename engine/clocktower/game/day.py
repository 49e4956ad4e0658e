"""The day: nominations, votes in seat order, the block, the execution and exiles.

Each living player nominates at most once a day and each player is nominated at most once a day;
nominating a Traveller calls for their exile instead. The count goes round clockwise from the
nominee's left and ends with the nominee. As at a real table, any voter may raise or lower their
hand (``Vote``) while the count has not reached them; a hand locks when it is counted. The voter
the count has reached is counted the moment they answer; a hand set in advance is counted when
the count moves on (``CountHand``: the storyteller, or the shell at the storyteller's pace,
``SetPace``). A dead player votes yes only by spending their one ghost vote (their turn is
skipped once it is spent). A nominee with at least half the living players' votes (rounded up)
and more than the player on the block takes the block; equal votes clear it. The storyteller ends
the day: the player on the block is executed.
"""

from __future__ import annotations

from engine.clocktower.game.abilities.votes import (
    counted_votes,
    nomination_rule,
    threshold,
    vote_secret,
)
from engine.clocktower.game.actions import CountHand, EndDay, Exile, Nominate, SetPace, Vote
from engine.clocktower.game.death import die
from engine.clocktower.game.ending import conclude, prevented, settle
from engine.clocktower.game.events import (
    Execution,
    ExecutionSurvived,
    ExileCalled,
    ExileResult,
    ExileSurvived,
    HandSet,
    Nominated,
    Pace,
    Voted,
    VoteResult,
)
from engine.clocktower.game.guards import (
    NOT_DAY,
    refuse_unless,
    require_day_between_votes,
    require_living_player,
    require_phase,
    storyteller_or_system,
)
from engine.clocktower.game.model import (
    SYSTEM,
    Nomination,
    Phase,
    Seat,
    State,
    VoteInProgress,
    evolve,
    seat,
    with_seat,
)
from engine.clocktower.game.night import dusk
from engine.clocktower.game.roles import REGISTRY, Role, role, seats_having
from engine.core import Effect

Result = tuple[State, list[Effect]]
MAX_PACE = 60


def day_key(state: State) -> str:
    """The key of the day's next step, under which its decisions are remembered."""
    return f"d{state.day}:{len(state.history)}:{len(state.nominees)}"


def ballot(state: State, voter: int) -> str | None:
    """What the characters in play say of ``voter``'s hand (``Role.ballot``): ``barred``,
    ``free``, ``forced`` (must be raised in a nomination's vote: the Zealot's) or None (as
    usual)."""
    found = None
    for s, unit in seats_having(state, "ballot"):
        said = unit.ballot(state, s, voter)
        if said == "barred":
            return said
        found = found or said
    return found


def may_vote(state: State, voter: int) -> bool:
    """Whether ``voter`` can raise a hand in a nomination's vote now: alive, or dead with their
    ghost vote, or as a character allows (the Voudon)."""
    said = ballot(state, voter)
    if said in ("barred", "free"):
        return said == "free"
    s = seat(state, voter)
    return s.alive or s.ghost_vote


def _skip_spent(state: State, vote: VoteInProgress) -> VoteInProgress:
    """Move past voters who cannot vote yes (dead with their ghost vote spent, or barred)."""
    index = vote.index
    while index < len(vote.order) and not vote.exile:
        if may_vote(state, vote.order[index]):
            break
        index += 1
    return evolve(vote, index=index)


def storyteller_judged(state: State) -> tuple[str, str] | None:
    """(winner, ending) if the human storyteller were executed now, as a character on the
    script says (``Role.judges_storyteller``: the Atheist); None: they cannot be nominated."""
    if state.storyteller is None:
        return None
    held = {s.character for s in state.seats}
    for cid, unit in REGISTRY.having("judges_storyteller").items():
        if cid in state.script_ids:
            said = unit.judges_storyteller(state, cid in held)
            if said is not None:
                return said
    return None


def execute(state: State, player: int, key: str) -> Result:
    """Execute ``player`` (or who stands in for them). The executee's unit may end the game if
    the execution kills them (the Saint), another character whatever happens (the Mastermind's
    extra day); a protected executee survives, and the town sees it. The storyteller, when a
    character lets them be nominated, is executed by that character's judgement alone."""
    if player == state.storyteller and player not in state.players:
        state = evolve(state, executed=player, execution_killed=False)
        judged = storyteller_judged(state)
        assert judged is not None
        state, more = conclude(state, *judged)
        return state, [Execution(player, state.day), *more]
    for s, unit in seats_having(state, "stand_in"):
        if s.alive:
            player = unit.stand_in(state, s, player, key)
    executee = seat(state, player)
    state = evolve(
        state,
        executed=player,
        execution_killed=False,
        executions=(*state.executions, (state.day, player)),
    )
    effects: list[Effect] = [Execution(player, state.day)]
    judged = next(
        filter(
            None,
            (
                u.judges_execution(state, s, player)
                for s, u in seats_having(state, "judges_execution")
            ),
        ),
        None,
    )
    ending = role(executee.character).executed(state, executee) if executee.alive else None
    for s, unit in seats_having(state, "execution"):
        ending = ending or unit.execution(state, s, player)
    state, more = die(state, player, "execution", key)
    effects += more
    killed = executee.alive and not seat(state, player).alive
    state = evolve(state, execution_killed=killed)
    if executee.alive and seat(state, player).alive:
        effects.append(ExecutionSurvived(player, state.day))
    over = judged or (ending if killed else None)
    if over is not None:
        state, more = conclude(state, *over)
        effects += more
    return state, effects


def nominate(state: State, action: Nominate) -> Result:
    require_day_between_votes(state)
    if any(s.player == action.target and s.team == "traveller" and s.alive for s in state.seats):
        return exile(state, Exile(action.by, action.target))  # the rules: a call for exile
    again = state.executed is not None and nominates_again(state, action.by)
    refuse_unless(
        state.executed is None or again, "Someone has been executed today; no more nominations."
    )
    said = nomination_rule(state, action.by)
    refuse_unless(not said, said or "")
    if said is None:
        require_living_player(state, action.by, "Only living players may nominate.")
        refuse_unless(
            action.by not in state.nominators or again, "You have already nominated today."
        )
    storyteller = action.target == state.storyteller and storyteller_judged(state) is not None
    refuse_unless(
        action.target in state.players or storyteller,
        "You can only nominate a player in this game.",
    )
    refuse_unless(
        action.target not in state.nominees or again, "That player was already nominated today."
    )
    key = day_key(state)
    state = evolve(
        state, nominators=(*state.nominators, action.by), nominees=(*state.nominees, action.target)
    )
    effects: list[Effect] = [Nominated(action.by, action.target)]
    if storyteller:  # no character's ability touches the storyteller; everyone votes in order
        voters = tuple(s.player for s in state.seats)
        vote = _skip_spent(state, VoteInProgress(action.by, action.target, voters))
        return evolve(state, vote=vote), effects
    for s, unit in seats_having(state, "nominating"):
        state, more = unit.nominating(state, s, action.by, action.target, key)
        effects += more
    state, effects = settle(state, effects)
    if state.phase is Phase.OVER:
        return state, effects
    target = seat(state, action.target)
    executes = False
    if action.by in state.players:  # not the storyteller (the Bishop's rule)
        state, executes = role(target.character).nominated(state, target, action.by, key)
    if executes:
        state, more = settle(*execute(state, action.by, key))
        effects += more
        if state.phase is Phase.OVER:
            return state, effects
        ender = SYSTEM if state.storyteller is None else state.storyteller
        state, more = close_day(state, EndDay(ender))
        return state, effects + more
    order = [s.player for s in state.seats]
    i = order.index(action.target)
    voters = tuple(order[i + 1 :] + order[: i + 1])
    vote = _skip_spent(state, VoteInProgress(action.by, action.target, voters))
    state = evolve(state, vote=vote)
    if vote.index >= len(vote.order):
        return _tally(state, effects)
    return state, effects


def _voter(state: State, action: Vote) -> int:
    """Whose hand the vote sets: the player's own, or (``voter``) one the storyteller answers
    for (the shell for the bot storyteller, after a timeout); a human storyteller's hand with no
    ``voter`` is the one the count has reached. A player naming anyone else as ``voter`` is
    refused, never taken as their own hand."""
    current = state.vote
    assert current is not None
    if action.voter is not None and (
        action.by == state.storyteller or (state.bot and action.by == SYSTEM)
    ):
        return action.voter
    if not state.bot and action.by == state.storyteller:  # the board's buttons, pressed by them
        return current.order[current.index]
    refuse_unless(action.voter in (None, action.by), "You can only raise or lower your own hand.")
    refuse_unless(action.by in current.order, "You have no vote in this count.")
    return action.by


def vote(state: State, action: Vote) -> Result:
    """Raise or lower a hand: counted at once when the count has reached the voter, else held
    until it does."""
    require_phase(state, Phase.DAY, NOT_DAY)
    current = state.vote
    refuse_unless(current is not None, "There is no vote in progress.")
    assert current is not None
    voter = _voter(state, action)
    refuse_unless(voter in current.order, "That player has no vote in this count.")
    position = current.order.index(voter)
    refuse_unless(position >= current.index, "That hand was already counted; it is locked.")
    if action.yes and not current.exile:
        _may_raise(state, voter)
    if not action.yes and not current.exile and action.by == voter:
        refuse_unless(ballot(state, voter) != "forced", "You must vote for every nomination now.")
    if position == current.index:
        return _count(state, voter, action.yes)
    hands = tuple((p, y) for p, y in current.hands if p != voter) + ((voter, action.yes),)
    state = evolve(state, vote=evolve(current, hands=hands))
    return state, concealed(state, [HandSet(voter, action.yes)])


def _may_raise(state: State, voter: int) -> None:
    """Refuse a raised hand the rules would not count (a spent ghost vote, a Beggar's, one the
    Voudon bars)."""
    s = seat(state, voter)
    said = ballot(state, voter)
    refuse_unless(said != "barred", "Only the Voudon and the dead may vote now.")
    if not s.alive:
        refuse_unless(
            s.ghost_vote or said == "free",
            "A dead player votes yes only with their ghost vote, spent.",
        )
    else:
        role(s.character).raise_hand(state, s)  # raises RuleError if it would be refused


def count_hand(state: State, action: CountHand) -> Result:
    """The count moves on to the next voter, whose hand was set in advance."""
    require_phase(state, Phase.DAY, NOT_DAY)
    refuse_unless(action.by in (state.storyteller, SYSTEM), "Only the storyteller runs the count.")
    current = state.vote
    refuse_unless(current is not None, "There is no vote in progress.")
    assert current is not None
    voter = current.order[current.index]
    hand = dict(current.hands).get(voter)
    refuse_unless(hand is not None, "The count waits for that player's hand.")
    assert hand is not None
    return _count(state, voter, hand)


def _count(state: State, voter: int, yes: bool) -> Result:
    """Count the voter the count has reached: their hand locks, and the count moves on."""
    current = state.vote
    assert current is not None
    s = seat(state, voter)
    if yes and not current.exile:  # exiles ignore abilities and spend no ghost vote
        if s.alive:
            state = role(s.character).raise_hand(state, s)
        elif ballot(state, voter) != "free":
            state = with_seat(state, voter, ghost_vote=False)
    raised = (*current.yes, voter) if yes else current.yes
    hands = tuple((p, y) for p, y in current.hands if p != voter)
    current = _skip_spent(state, evolve(current, yes=raised, index=current.index + 1, hands=hands))
    state = evolve(state, vote=current)
    effects: list[Effect] = [Voted(voter, yes, len(raised))]
    if current.index >= len(current.order):
        return _tally(state, effects)
    return state, concealed(state, effects)


def set_pace(state: State, action: SetPace) -> Result:
    """How many seconds the count waits on each hand set in advance (the shell's clock)."""
    storyteller_or_system(state, action.by, "Only the storyteller sets the pace of the count.")
    refuse_unless(0 <= action.seconds <= MAX_PACE, f"Choose 0 to {MAX_PACE} seconds a hand.")
    return evolve(state, pace=float(action.seconds)), [Pace(action.seconds)]


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
    record = Nomination(
        state.day,
        current.nominator,
        current.nominee,
        current.yes,
        votes,
        need,
        secret=vote_secret(state),
    )
    state = evolve(
        state, vote=None, block=block, block_votes=block_votes, history=(*state.history, record)
    )
    outcome = VoteResult(
        current.nominee, votes, threshold=need, block=block, block_votes=block_votes
    )
    return state, concealed(state, [*effects, outcome])


def concealed(state: State, effects: list[Effect]) -> list[Effect]:
    """A nomination's vote as the table hears it: as a character keeping votes secret says
    (``Role.conceals_vote``: the Organ Grinder's), else as it is; an exile's vote is never
    touched by abilities."""
    if state.vote is not None and state.vote.exile:
        return effects
    for s, unit in seats_having(state, "conceals_vote"):
        hidden = unit.conceals_vote(state, s, effects)
        if hidden is not None:
            return hidden
    return effects


def _exiled(state: State, effects: list[Effect], votes: int, need: int) -> Result:
    current = state.vote
    assert current is not None
    record = Nomination(
        state.day, current.nominator, current.nominee, current.yes, votes, need, exile=True
    )
    state = evolve(state, vote=None, history=(*state.history, record))
    exiled = votes >= need
    effects = [*effects, ExileResult(current.nominee, votes, threshold=need, exiled=exiled)]
    traveller = seat(state, current.nominee)
    if exiled and role(traveller.character).exiled(state, traveller, day_key(state)):
        state, more = die(state, current.nominee, "exile", day_key(state))
        effects += more
    elif exiled:
        effects.append(ExileSurvived(current.nominee))
    return state, effects


def exile(state: State, action: Exile) -> Result:
    """A call for exile: any player may make it, once a day per Traveller; not a nomination."""
    require_day_between_votes(state)
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
    return state, [ExileCalled(action.by, action.target)]


def end_day(state: State, action: EndDay) -> Result:
    require_phase(state, Phase.DAY, NOT_DAY)
    storyteller_or_system(state, action.by, "Only the storyteller can end the day.")
    refuse_unless(state.vote is None, "Finish the current vote first.")
    owed = next(
        (u for s, u in seats_having(state, "storyteller_turn") if u.storyteller_turn(state, s)),
        None,
    )
    refuse_unless(owed is None, f"The day cannot end yet: {owed.duty if owed else ''}")
    effects: list[Effect] = []
    if state.block is not None:
        state, effects = settle(*execute(state, state.block, day_key(state)))
        if state.phase is Phase.OVER:
            return state, effects
        if any(nominates_again(state, s.player) for s in state.seats):
            # A Butcher may nominate again: the day goes on, the block starts afresh.
            return evolve(state, block=None, block_votes=0), effects
    for s, unit in seats_having(state, "dusk_ending"):
        won = unit.dusk_ending(state, s)
        if won is not None and not prevented(state, won[0]):
            state, more = conclude(state, *won)
            effects += more
            if state.phase is Phase.OVER:
                return state, effects
    state, more = close_day(state, action)
    return state, effects + more


def close_day(state: State, action: EndDay) -> Result:
    """Night falls, unless a player who learned today that they died still owes a choice (the
    executed Klutz's): then the day waits for it, the block cleared, and ``action`` ends it once
    the choice is made (``State.resume``; the driver asks for the choice, ``settle_owed``)."""
    if owing(state):
        return evolve(state, block=None, block_votes=0, resume=action), []
    return dusk(state)


def owing(state: State) -> list[tuple[Seat, Role]]:
    """The players who learned by day that they died and still owe a choice, with their units."""
    return [(s, u) for s, u in seats_having(state, "owes_choice") if u.owes_choice(state, s)]


def settle_owed(state: State) -> Result:
    """Ask for and resolve every choice owed on learning of a death by day, in seat order (the
    game waits for each: ``decisions.Need``); a choice may end the game."""
    effects: list[Effect] = []
    for s, unit in owing(state):
        state, more = unit.choose_owed(state, s, f"{day_key(state)}:owed:{s.player}")
        effects += more
        if state.phase is Phase.OVER:
            break
    return state, effects


def nominates_again(state: State, by: int) -> bool:
    """Whether ``by`` may nominate once more after today's execution (the Butcher)."""
    return any(
        unit.nominates_again(state, s, by) for s, unit in seats_having(state, "nominates_again")
    )
