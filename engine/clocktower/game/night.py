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
from engine.clocktower.game.model import Phase, Seat, State, evolve, seat
from engine.clocktower.game.roles import REGISTRY, gained, role
from engine.clocktower.game.storyteller import panel
from engine.clocktower.nightorder import night_order
from engine.clocktower.script import Script
from engine.core import Announce, Effect


@cache
def _order(script: Script, kind: str) -> tuple[str, ...]:
    return tuple(e["id"] for e in night_order(script)[kind])


def _night_order(state: State, night: int, kind: str = "") -> tuple[str, ...]:
    """The night's order of wakes (``kind``: first or other; by default the night's own).
    Travellers need not be on the script; their wakes join the order at their official place."""
    extra = tuple(sorted({s.character for s in state.seats if s.team == "traveller"}))
    return _order(game_script(state, extra), kind or ("first" if night == 1 else "other"))


def _wakes_as(state: State, seat: Seat, cid: str) -> bool:
    """Whether ``seat`` wakes in ``cid``'s place: the character they believe they are, or one
    whose ability they gained (the Philosopher's)."""
    return seat.shown == cid or cid in gained(state, seat)


def dusk(state: State) -> tuple[State, list[Effect]]:
    night = state.night + 1
    order = _night_order(state, night)
    queue: list[tuple[str, int]] = []
    for cid in order:
        if cid in MARKERS:
            if info_nights(state):
                queue.append((cid, 0))
        elif cid in REGISTRY.having("night") or (cid not in REGISTRY and not state.bot):
            queue.extend((cid, s.player) for s in state.seats if _wakes_as(state, s, cid))
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
        if _wakes_as(state, s, cid) and unit.wakes(state, s):
            if cid in REGISTRY:
                state, effects = unit.night(state, player, key)
            else:  # a character the storyteller runs: their panel of tools
                state, effects = panel(state, player, cid, key)
    return evolve(state, cursor=state.cursor + 1), effects


def wake_later(state: State, cid: str, player: int) -> State:
    """``player`` has just come to hold ``cid``'s ability tonight (a character change, the
    Philosopher's choice): they wake in its place later tonight if that place is still to come,
    or, for an ability used only on the first night (a "you start knowing" one), right after the
    wake under way. Nothing by day, or for a character that never wakes."""
    if state.phase is not Phase.NIGHT or cid not in REGISTRY.having("night"):
        return state
    order = _night_order(state, state.night)
    if cid not in order:
        if cid not in _night_order(state, state.night, "first"):
            return state
        at = state.cursor + 1
    else:
        rank = order.index(cid)
        ranks = [order.index(c) if c in order else -1 for c, _ in state.queue]
        if state.cursor < len(ranks) and ranks[state.cursor] >= rank:
            return state  # its place tonight has passed (or is this very wake)
        at = state.cursor + 1
        while at < len(ranks) and ranks[at] <= rank:
            at += 1
    if (cid, player) in state.queue[state.cursor + 1 :]:
        return state
    queue = (*state.queue[:at], (cid, player), *state.queue[at:])
    return evolve(state, queue=queue)


def wake_twice(state: State, player: int) -> State:
    """``player``'s ability works twice tonight (the Barista): each of their wakes still to
    come happens twice over."""
    rest: list[tuple[str, int]] = []
    for entry in state.queue[state.cursor + 1 :]:
        rest += [entry, entry] if entry[1] == player else [entry]
    return evolve(state, queue=(*state.queue[: state.cursor + 1], *rest))


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
