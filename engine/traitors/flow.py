"""Moving between phases: deciding plurality choices, removing players, ending the game.

Handlers collect effects in a list and hand it on; whichever step ends the action returns the
``Step``. Randomness comes only from ``seeded_rng(state.seed, what, round)``, so replaying an
action log redraws exactly the same murders, tie-breaks and roles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace

from engine.core import Effect, GameOver, Private, Step, seeded_rng
from engine.traitors.events import NightFalls, Recruiting
from engine.traitors.model import Fate, Pairs, Phase, State, traitors, winner
from engine.traitors.prompts import open_prompts, result

Effects = list[Effect]


def most_chosen(pairs: Pairs, seats: Iterable[int]) -> tuple[int, ...]:
    """The targets named most often, in seat order (several when tied)."""
    counts = Counter(target for _, target in pairs)
    best = max(counts.values())
    return tuple(p for p in seats if counts[p] == best)


def pick(state: State, tied: tuple[int, ...], what: str) -> int:
    """The single target, or a seeded uniform draw among the tied ones."""
    if len(tied) == 1:
        return tied[0]
    return seeded_rng(state.seed, what, state.round).choice(tied)


def tell_traitors(state: State, effects: Effects, told: Callable[[int], Private]) -> None:
    """Tell every living Traitor: ``told(traitor)`` is what each hears."""
    effects.extend(told(t) for t in traitors(state))


def ask(state: State, effects: Effects) -> Step[State]:
    """End the action with the menus now open (after a change of phase or of the options)."""
    return Step(state, (*effects, *open_prompts(state)))


def remove(state: State, player: int, fate: Fate) -> State:
    return replace(state, fates=(*state.fates, (player, fate, state.round)))


def finish(state: State, effects: Effects, side: str) -> Step[State]:
    state = replace(
        state,
        phase=Phase.OVER,
        winner=side,
        night_choices=(),
        ballots=(),
        candidates=(),
        recruit_picks=(),
        offer=None,
    )
    return Step(state, (*effects, GameOver(side, outcome=result(state))))


def game_won(state: State, effects: Effects) -> Step[State] | None:
    """After a removal or a recruit: the final Step if the win rule now holds."""
    side = winner(state)
    return finish(state, effects, side) if side else None


def begin_night(state: State, effects: Effects) -> Step[State]:
    state = replace(state, phase=Phase.NIGHT, night_choices=(), recruit_picks=(), offer=None)
    effects.append(NightFalls(state.round))
    return ask(state, effects)


def begin_recruit(state: State, effects: Effects) -> Step[State]:
    state = replace(state, phase=Phase.RECRUIT, recruit_picks=(), offer=None)
    effects.append(Recruiting(state.round))
    return ask(state, effects)
