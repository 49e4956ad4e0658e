"""The night: dusk, each wake in the script's night order, and dawn.

At dusk the wakes are listed in order, as (character, player) by the character each player
believes they are (a Drunk wakes as its Townsfolk). Each wake runs when its turn comes, if the
player still holds that character and its unit says they wake (alive, usually; the Ravenkeeper
only on the night it died).
"""

from __future__ import annotations

from functools import cache

from engine.clocktower.game.cast import game_script
from engine.clocktower.game.markers import MARKERS, info_nights
from engine.clocktower.game.model import Phase, State, evolve, seat
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.game.storyteller import panel
from engine.clocktower.nightorder import night_order
from engine.clocktower.script import Script
from engine.core import Announce, Effect


@cache
def _order(script: Script, kind: str) -> tuple[str, ...]:
    return tuple(e["id"] for e in night_order(script)[kind])


def dusk(state: State) -> tuple[State, list[Effect]]:
    night = state.night + 1
    # Travellers need not be on the script; their wakes join the order at their official place.
    extra = tuple(sorted({s.character for s in state.seats if s.team == "traveller"}))
    order = _order(game_script(state, extra), "first" if night == 1 else "other")
    queue: list[tuple[str, int]] = []
    for cid in order:
        if cid in MARKERS:
            if info_nights(state):
                queue.append((cid, 0))
        elif cid in REGISTRY.having("night") or (cid not in REGISTRY and not state.bot):
            queue.extend((cid, s.player) for s in state.seats if s.shown == cid)
    state = evolve(
        state,
        phase=Phase.NIGHT,
        night=night,
        marks=tuple(m for m in state.marks if m.until is None or m.until > night),
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
        unit = role(cid)
        if s.shown == cid and unit.wakes(state, s):
            if cid in REGISTRY:
                state, effects = unit.night(state, player, key)
            else:  # a character the storyteller runs: their panel of tools
                state, effects = panel(state, player, cid, key)
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
