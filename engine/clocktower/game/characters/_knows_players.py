"""What the Steward, Knight and Noble share: they start knowing a few other players who, taken
together, have some property (one good player; two that are not the Demon; three of whom exactly
one is evil). Each is its own unit; this is their common shape: every group of that size is
judged as its members truly are and as they may register (the Spy, the Recluse), so the
storyteller is offered a true group, the groups registration allows, and (drunk or poisoned)
any group, the consistent lie first."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from engine.clocktower.game.abilities.info import MAX_FALSE, learn
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Field, Registration, State
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Table
from engine.clocktower.reasoning.record import Heard, night_moment
from engine.core import seeded_rng

Trait = Callable[[Registration], bool]  # the property each member is judged by
Fits = Callable[[tuple[bool, ...]], bool]  # whether the members' traits make a right group


def knows_players(
    state: State, player: int, character: str, key: str, size: int, trait: Trait, fits: Fits
) -> Result:
    """``player`` learns ``size`` other players whose traits ``fits``: a lone player as itself,
    more as a sorted tuple."""
    others = [s.player for s in state.seats if s.player != player]
    ways = {p: tuple(dict.fromkeys(trait(r) for r in registrations(state, p))) for p in others}
    true_groups, legal, wrong = [], [], []
    for group in itertools.combinations(others, size):
        if fits(tuple(ways[p][0] for p in group)):
            true_groups.append(group)
        elif any(fits(combo) for combo in itertools.product(*(ways[p] for p in group))):
            legal.append(group)
        else:
            wrong.append(group)
    rng = seeded_rng(state.seed, key)

    def shape(group: tuple[int, ...]) -> object:
        return group[0] if size == 1 else group

    def lie(world: World) -> object:
        fitting = [g for g in itertools.combinations(others, size) if _fits(world, g, trait, fits)]
        return shape(rng.choice(fitting)) if fitting else None

    truth = shape(rng.choice(true_groups)) if true_groups else None
    return learn(
        state,
        player,
        character,
        key,
        truth,
        [shape(g) for g in rng.sample(legal, min(MAX_FALSE, len(legal)))],
        [shape(g) for g in rng.sample(wrong, min(MAX_FALSE, len(wrong)))],
        lie=lie,
        fields=tuple(Field("player", tuple(others)) for _ in range(size)),
        unordered=size,
        also_true=[shape(g) for g in true_groups],
        also_registered=[shape(g) for g in legal],
    )


def made_up(
    table: Table,
    state: State,
    player: int,
    world: World,
    night: int,
    character: str,
    size: int,
    trait: Trait,
    fits: Fits,
) -> Heard | None:
    """What an evil player bluffing one of these says it learned on the first night: a group
    that fits in its team's story ``world``."""
    if night != 1:
        return None
    others = [s.player for s in state.seats if s.player != player and s.team != "traveller"]
    fitting = [g for g in itertools.combinations(others, size) if _fits(world, g, trait, fits)]
    if not fitting:
        return None
    group = table.rng.choice(fitting)
    return Heard(character, night_moment(night), group[0] if size == 1 else group)


def _fits(world: World, group: tuple[int, ...], trait: Trait, fits: Fits) -> bool:
    return fits(tuple(trait(world[p]) for p in group))
