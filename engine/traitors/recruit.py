"""Recruitment (the ``recruit`` option): after a Traitor is banished, the living Traitors pick a
Faithful to offer a place among them; the offer is answered privately, then night falls.

Picks work like the night's murder choices: changeable, resolved by plurality (a tie drawn at
random) once every living Traitor has picked, or by the host's CloseNight.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Step
from engine.traitors.actions import CloseNight, RecruitAnswer, RecruitPick
from engine.traitors.events import (
    RecruitAccepted,
    RecruitChoice,
    Recruited,
    RecruitOffered,
    RecruitRefused,
    RecruitSkipped,
)
from engine.traitors.flow import (
    Effects,
    ask,
    begin_night,
    game_won,
    most_chosen,
    pick,
    tell_traitors,
)
from engine.traitors.guards import (
    refuse_unless,
    require_host,
    require_living_faithful,
    require_living_traitor,
)
from engine.traitors.model import Phase, State, awaiting, choice_of, put
from engine.traitors.prompts import briefing


def recruit_pick(state: State, action: RecruitPick) -> Step[State]:
    refuse_unless(
        state.phase is Phase.RECRUIT and state.offer is None,
        "The Traitors aren't choosing a recruit now.",
    )
    require_living_traitor(state, action.by, "Only living Traitors can choose a recruit.")
    require_living_faithful(state, action.target, "You can only recruit a living Faithful.")
    if choice_of(state.recruit_picks, action.by) == action.target:
        return Step(state)
    state = replace(state, recruit_picks=put(state.recruit_picks, action.by, action.target))
    effects: Effects = []
    waiting = awaiting(state)
    tell_traitors(state, effects, lambda t: RecruitChoice(t, action.by, action.target, waiting))
    return Step(state, tuple(effects)) if awaiting(state) else make_offer(state, effects)


def make_offer(state: State, effects: Effects) -> Step[State]:
    target = pick(state, most_chosen(state.recruit_picks, state.players), "recruit")
    state = replace(state, recruit_picks=(), offer=target)
    tell_traitors(state, effects, lambda t: RecruitOffered(t, target))
    return ask(state, effects)


def recruit_answer(state: State, action: RecruitAnswer) -> Step[State]:
    refuse_unless(
        state.phase is Phase.RECRUIT and state.offer is not None,
        "There is no recruit offer to answer.",
    )
    refuse_unless(action.by == state.offer, "Only the player who received the offer can answer it.")
    effects: Effects = []
    if not action.accept:
        return decline(state, effects, RecruitRefused)
    newcomer = action.by
    state = replace(
        state,
        offer=None,
        traitor_ids=state.traitor_ids | {newcomer},
        recruits=(*state.recruits, newcomer),
    )
    secret = briefing(state, newcomer)
    effects.append(Recruited(newcomer, secret.role, secret.traitors, secret.recruit))
    effects.extend(RecruitAccepted(t, newcomer) for t in secret.traitors)
    return game_won(state, effects) or begin_night(state, effects)


def decline(state: State, effects: Effects, how: type[RecruitRefused]) -> Step[State]:
    """The offer is refused (or lapses): the Traitors hear of it and night falls."""
    offer = state.offer
    assert offer is not None
    tell_traitors(state, effects, lambda t: how(t, offer))
    return begin_night(state, effects)


def close_recruit(state: State, action: CloseNight) -> Step[State]:
    """The host stops waiting: offer with the picks so far, skip if none, or treat an unanswered
    offer as refused."""
    require_host(state, action.by, "Only the host can close the night.")
    if state.offer is not None:
        return decline(state, [], RecruitRefused)
    if state.recruit_picks:
        return make_offer(state, [])
    effects: Effects = []
    tell_traitors(state, effects, lambda t: RecruitSkipped(t, state.round))
    return begin_night(state, effects)
