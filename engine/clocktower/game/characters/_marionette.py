"""The Marionette's jinxes with the Demons whose Minions are made in play (the Kazali's, Lil'
Monsta's, the Summoner's) and with the Plague Doctor: a player becoming the Marionette during
play, and a Marionette that waits for the Demon. Their units and the Marionette's share these,
imported at module level (a helper module registers no unit, so the registry keeps the units'
name order)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import (
    Change,
    State,
    demons,
    drop_marks,
    evolve,
    neighbours,
    seat,
    with_seat,
)
from engine.clocktower.game.roles import Result
from engine.core import Effect

MARIONETTE = "marionette"
JOIN_TOPIC = "marionette_joins"
WAITS = "marionette_waits"  # a Marionette to enter play after the Demon (a game with none seated)


@dataclass(frozen=True)
class MarionetteShown(Told):
    """To the Demon: ``players`` are (one of them) the Marionette."""

    event = "marionette"
    players: tuple[int, ...]


def beside_demon(state: State, player: int) -> bool:
    return any(seat(state, n).team == "demon" for n in neighbours(state, player))


def may_join(state: State, player: int) -> bool:
    """Whether ``player`` may become a Marionette entering play after the Demon (the jinx with
    the Demons whose Minions are made in play): a good neighbour of a Demon."""
    return seat(state, player).alignment == "good" and beside_demon(state, player)


def make_marionette(state: State, player: int) -> Result:
    """``player`` becomes the Marionette during play (the Plague Doctor's jinx): evil, believing
    they are still what they were (they are not told), and the Demon learns it."""
    before = seat(state, player).character
    state = with_seat(state, player, character=MARIONETTE, team="minion", alignment="evil")
    state = evolve(state, changes=(*state.changes, Change(state.night, player, before, MARIONETTE)))
    effects: list[Effect] = []
    for d in demons(state):
        state, told = tell(state, MarionetteShown(d, players=(player,)))
        effects.append(told)
    return state, effects


def join(state: State, key: str) -> Result:
    """The jinx with the Demons no player holds at setup (Lil' Monsta, the Summoner's): a
    Marionette that would be in play enters it once the Demon exists, as one of its good
    neighbours, the storyteller's pick (their units call this as the Demon comes)."""
    if not any(m.kind == WAITS for m in state.marks):
        return state, []
    state = drop_marks(state, WAITS)
    near = sorted(
        {
            n
            for d in demons(state)
            for n in neighbours(state, d)
            if seat(state, n).alignment == "good" and seat(state, n).team != "traveller"
        }
    )
    if not near:
        return state, []
    who = rule(state, key + ":marionette", JOIN_TOPIC, tuple(near), truth=None)
    return make_marionette(state, int(who))
