"""Players leaving mid-game, and the host ending it.

A departed player is out for good and their role is revealed, as for a banishment. Choices
made by or naming them are withdrawn; if the game was waiting only on them, it moves on.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Step
from engine.traitors.actions import Abort, Depart
from engine.traitors.events import Departed, HostChanged, RecruitLapsed
from engine.traitors.flow import Effects, ask, finish, game_won, remove
from engine.traitors.guards import refuse_unless, require_host
from engine.traitors.lobby import leave, next_seat
from engine.traitors.model import Fate, Phase, State, awaiting, drop, is_living, living, role_of
from engine.traitors.night import dawn
from engine.traitors.recruit import decline, make_offer
from engine.traitors.vote import reveal


def depart(state: State, action: Depart) -> Step[State]:
    player = action.player
    if state.phase is Phase.LOBBY:
        return leave(state, player)
    refuse_unless(player in state.players, "That player isn't in this game.")
    if not is_living(state, player):
        refuse_unless(player == state.host, "That player has already left the game.")
        passed: Effects = []
        return Step(_pass_host(state, player, passed), tuple(passed))
    state = replace(
        remove(state, player, Fate.DEPARTED),
        night_choices=drop(state.night_choices, player),
        ballots=drop(state.ballots, player),
        recruit_picks=drop(state.recruit_picks, player),
        candidates=tuple(p for p in state.candidates if p != player),
    )
    role = role_of(state, player)
    assert role is not None  # a living player of a started game
    effects: Effects = [Departed(state.round, player, role)]
    if player == state.host:
        state = _pass_host(state, player, effects)
    return game_won(state, effects) or _carry_on(state, effects, player)


def _pass_host(state: State, player: int, effects: Effects) -> State:
    """The next living player in seat order after the old host becomes host."""
    host = next_seat(state.players, player, living(state))
    effects.append(HostChanged(host, player))
    return replace(state, host=host)


def _carry_on(state: State, effects: Effects, player: int) -> Step[State]:
    """Resume the phase without the departed player: resolve what no longer waits on anyone,
    re-ask where the options or the askers changed."""
    if state.phase is Phase.NIGHT:
        return ask(state, effects) if awaiting(state) else dawn(state, effects)
    if state.phase is Phase.VOTE:
        if len(state.candidates) == 1 or not awaiting(state):
            return reveal(state, effects)
        return ask(state, effects)
    if state.phase is Phase.RECRUIT:
        if state.offer == player:
            return decline(state, effects, RecruitLapsed)
        if state.offer is None:
            return ask(state, effects) if awaiting(state) else make_offer(state, effects)
    return Step(state, tuple(effects))


def abort(state: State, action: Abort) -> Step[State]:
    require_host(state, action.by, "Only the host can end the game.")
    return finish(state, [], "abandoned")
