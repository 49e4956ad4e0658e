"""What the game currently asks of whom, what a player privately knows, and the final record.

These are derived from the State alone, so the shell can call them at any time (after a restart,
for ``/traitors me`` or a "Show my secret" button) and get what the effects said when they were
first emitted.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.traitors.events import MurderChoice, RecruitChoice, RoleTold
from engine.traitors.model import (
    Fate,
    Phase,
    Role,
    State,
    awaiting,
    faithful,
    living,
    role_of,
    started,
    traitors,
)
from engine.traitors.questions import Ballot, MurderMenu, Question, RecruitMenu, RecruitOffer


@dataclass(frozen=True)
class Outcome:
    """How a game of The Traitors ended (abandoned too: ``winner`` None): every role, who was
    recruited, each removal as (player, fate, round), who was left."""

    winner: str | None
    host: int
    rounds: int
    roles: tuple[tuple[int, Role | None], ...]
    traitors: tuple[int, ...]
    faithful: tuple[int, ...]
    recruits: tuple[int, ...]
    fates: tuple[tuple[int, Fate, int], ...]
    survivors: tuple[int, ...]


def open_prompts(state: State) -> tuple[Question, ...]:
    """The questions open now (``engine.traitors.questions``). A newer one of the same kind
    supersedes an older one.

    ``to`` is everyone who may answer, including those who already answered (they may change
    their mind). The ballot goes to all living players with all living players (or, in a
    re-vote, the tied players) as options; a voter's own name is the one option refused to them.
    """
    round_ = state.round
    if state.phase is Phase.NIGHT:
        return (MurderMenu(to=traitors(state), options=faithful(state), round=round_),)
    if state.phase is Phase.VOTE:
        options = state.candidates or living(state)
        revote = bool(state.candidates)
        return (Ballot(to=living(state), options=options, round=round_, revote=revote),)
    if state.phase is Phase.RECRUIT:
        if state.offer is None:
            return (RecruitMenu(to=traitors(state), options=faithful(state), round=round_),)
        return (RecruitOffer(to=(state.offer,), round=round_),)
    return ()


def briefing(state: State, player: int) -> RoleTold:
    """A player's secret as it stands: their role and, for a Traitor, the other living Traitors."""
    role = role_of(state, player)
    assert role is not None, "a player's secret exists once the game has started"
    fellows = tuple(p for p in traitors(state) if p != player) if role is Role.TRAITOR else ()
    return RoleTold(player, role, fellows, state.recruit)


def choices_so_far(state: State, player: int) -> tuple[MurderChoice, ...]:
    """What the Traitors have chosen so far tonight (or for the recruit), as each choice was told
    to ``player`` when it was made: for a living Traitor, nothing for anyone else. Only the last
    says who is still to choose, as it stands now."""
    if player not in traitors(state):
        return ()
    if state.phase is Phase.NIGHT:
        told, chosen = MurderChoice, state.night_choices
    elif state.phase is Phase.RECRUIT and state.offer is None:
        told, chosen = RecruitChoice, state.recruit_picks
    else:
        return ()
    last = len(chosen) - 1
    return tuple(
        told(player, by, target, awaiting(state) if index == last else ())
        for index, (by, target) in enumerate(chosen)
    )


def result(state: State) -> Outcome:
    """The full record for GameOver: every role (recruits count as Traitors), fates, survivors."""
    roles = tuple((p, role_of(state, p)) for p in state.players) if started(state) else ()
    return Outcome(
        winner=state.winner,
        host=state.host,
        rounds=state.round,
        roles=roles,
        traitors=tuple(p for p, role in roles if role is Role.TRAITOR),
        faithful=tuple(p for p, role in roles if role is Role.FAITHFUL),
        recruits=state.recruits,
        fates=state.fates,
        survivors=living(state) if started(state) else (),
    )
