"""The night: dusk, each wake in the script's night order, and dawn.

At dusk the wakes are listed in order, as (character, player) by the character each player
believes they are (a Drunk wakes as its Townsfolk). Each wake runs when its turn comes, if the
player still holds that character and is alive; a character woken by its death (the Ravenkeeper)
wakes only on the night it died, never while it lives.
"""

from __future__ import annotations

from functools import cache

from engine.clocktower.game.abilities.registry import (
    INFO_MARKERS_FROM,
    MARKERS,
    WAKE_WHEN_DEAD,
    WAKES,
)
from engine.clocktower.game.model import SYSTEM, Phase, State, evolve, seat
from engine.clocktower.game.setup import script_of
from engine.clocktower.nightorder import night_order
from engine.core import Announce, Effect

EXPIRE_AT_DUSK = ("poisoned", "safe", "triple", "negative", "shot")


@cache
def _order(script_ids: tuple[str, ...], kind: str) -> tuple[str, ...]:
    return tuple(e["id"] for e in night_order(script_of(script_ids))[kind])


def dusk(state: State) -> tuple[State, list[Effect]]:
    night = state.night + 1
    # Travellers need not be on the script; their wakes join the order at their official place.
    extra = tuple(sorted({s.character for s in state.seats if s.team == "traveller"}))
    order = _order(state.script_ids + extra, "first" if night == 1 else "other")
    queue: list[tuple[str, int]] = []
    for cid in order:
        if cid in MARKERS:
            if sum(s.team != "traveller" for s in state.seats) >= INFO_MARKERS_FROM:
                queue.append((cid, 0))
        elif cid in WAKES:
            queue.extend((cid, s.player) for s in state.seats if s.shown == cid)
    state = evolve(
        state,
        phase=Phase.NIGHT,
        night=night,
        marks=tuple(m for m in state.marks if m.kind not in EXPIRE_AT_DUSK or m.source == SYSTEM),
        queue=tuple(queue),
        cursor=0,
        died_tonight=(),
        vote=None,
    )
    return state, [Announce("night", {"night": night})]


def wake(state: State) -> tuple[State, list[Effect]]:
    """Run the wake at the cursor (it may raise ``Need``), then move the cursor on."""
    cid, player = state.queue[state.cursor]
    key = f"n{state.night}:{state.cursor}"
    effects: list[Effect] = []
    if cid in MARKERS:
        state, effects = MARKERS[cid](state, key)
    else:
        s = seat(state, player)
        awake = player in state.died_tonight if cid in WAKE_WHEN_DEAD else s.alive
        if awake and s.shown == cid:
            state, effects = WAKES[cid](state, player, cid, key)
    return evolve(state, cursor=state.cursor + 1), effects


def dawn(state: State) -> tuple[State, list[Effect]]:
    order = [s.player for s in state.seats]
    deaths = tuple(sorted(state.died_tonight, key=order.index))
    state = evolve(
        state,
        phase=Phase.DAY,
        day=state.day + 1,
        queue=(),
        cursor=0,
        answers=(),
        nominators=(),
        nominees=(),
        block=None,
        block_votes=0,
        executed=None,
        execution_killed=False,
    )
    return state, [Announce("dawn", {"day": state.day, "deaths": deaths})]
