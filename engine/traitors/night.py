"""The night: the living Traitors choose a Faithful to murder; dawn reveals the victim.

The night resolves by itself once every living Traitor has chosen (a plurality decides, a tie is
drawn at random), or when the host closes it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Step, seeded_rng
from engine.traitors.actions import CloseNight, Murder
from engine.traitors.events import Dawn, MurderChoice
from engine.traitors.flow import Effects, game_won, most_chosen, pick, remove, tell_traitors
from engine.traitors.guards import (
    refuse_unless,
    require_host,
    require_living_traitor,
    require_phase,
)
from engine.traitors.model import (
    Fate,
    Phase,
    Role,
    State,
    awaiting,
    choice_of,
    faithful,
    is_living,
    put,
)


def murder(state: State, action: Murder) -> Step[State]:
    require_phase(state, Phase.NIGHT, "The Traitors murder only at night.")
    require_living_traitor(state, action.by, "Only living Traitors can murder.")
    refuse_unless(is_living(state, action.target), "You can only murder a living player.")
    refuse_unless(action.target in faithful(state), "You can't murder a fellow Traitor.")
    if choice_of(state.night_choices, action.by) == action.target:
        return Step(state)
    state = replace(state, night_choices=put(state.night_choices, action.by, action.target))
    effects: Effects = []
    waiting = awaiting(state)
    tell_traitors(state, effects, lambda t: MurderChoice(t, action.by, action.target, waiting))
    return Step(state, tuple(effects)) if awaiting(state) else dawn(state, effects)


def close_night(state: State, action: CloseNight) -> Step[State]:
    require_phase(state, Phase.NIGHT, "It isn't night.")
    require_host(state, action.by, "Only the host can close the night.")
    return dawn(state, [])


def dawn(state: State, effects: Effects) -> Step[State]:
    """The murder happens, the next day begins, and the win rule is checked."""
    if state.night_choices:
        victim = pick(state, most_chosen(state.night_choices, state.players), "murder")
    else:
        victim = seeded_rng(state.seed, "murder-random", state.round).choice(faithful(state))
    state = remove(state, victim, Fate.MURDERED)
    state = replace(state, phase=Phase.DAY, round=state.round + 1, night_choices=())
    effects.append(Dawn(state.round, victim, Role.FAITHFUL))
    return game_won(state, effects) or Step(state, tuple(effects))
