"""The night: dusk, each wake in the script's night order, and dawn.

At dusk the wakes are listed in order, as (character, player) by the places each player is woken
at (``Role.wakes_at``: the character they believe they are, so a Drunk wakes as its Townsfolk; the
Lunatic at its own place). Each wake runs when its turn comes, if the player is still woken there
and its unit says they wake (alive, usually; the Ravenkeeper only on the night it died); a player
the turn rouses to use their ability (``Role.rouses``) is counted as having woken tonight. An
ability gained mid-night (the Apprentice's) joins the rest of tonight's list (``requeue``). At
dawn the night's deaths and revivals are announced, then characters that act at daybreak do
(``Role.at_dawn``: the Moonchild who died in the night chooses).
"""

from __future__ import annotations

from functools import cache

from engine.clocktower.game.abilities.wake import kept_asleep
from engine.clocktower.game.cast import game_script
from engine.clocktower.game.markers import MARKERS, info_nights
from engine.clocktower.game.model import Phase, State, evolve, seat
from engine.clocktower.game.roles import REGISTRY, role, seats_having
from engine.clocktower.game.storyteller import panel
from engine.clocktower.nightorder import night_order
from engine.clocktower.script import Script
from engine.core import Announce, Effect


@cache
def _order(script: Script, kind: str) -> tuple[str, ...]:
    return tuple(e["id"] for e in night_order(script)[kind])


def woken_at(state: State, player: int) -> tuple[str, ...]:
    s = seat(state, player)
    return role(s.character).wakes_at(state, s)


def _queue(state: State, night: int) -> tuple[tuple[str, int], ...]:
    # Travellers need not be on the script; their wakes join the order at their official place,
    # as do abilities gained from off the script.
    extra = {s.character for s in state.seats if s.team == "traveller"}
    places = {s.player: woken_at(state, s.player) for s in state.seats}
    extra |= {c for p in places.values() for c in p if c not in state.script_ids}
    order = _order(game_script(state, tuple(sorted(extra))), "first" if night == 1 else "other")
    queue: list[tuple[str, int]] = []
    for cid in order:
        if cid in MARKERS:
            if info_nights(state):
                queue.append((cid, 0))
        elif cid in REGISTRY.having("night") or (cid not in REGISTRY and not state.bot):
            queue.extend((cid, s.player) for s in state.seats if cid in places[s.player])
    return tuple(queue)


def dusk(state: State) -> tuple[State, list[Effect]]:
    night = state.night + 1
    state = evolve(
        state,
        phase=Phase.NIGHT,
        night=night,
        marks=tuple(m for m in state.marks if m.until is None or m.until > night),
        cursor=0,
        died_tonight=(),
        revived_tonight=(),
        woke=(),
        vote=None,
    )
    return evolve(state, queue=_queue(state, night)), [Announce("night", {"night": night})]


def requeue(state: State) -> State:
    """Tonight's remaining wakes listed again after the current one (a player woken at a new
    place, the Apprentice's borrowed ability, wakes there tonight if its turn is still to
    come)."""
    done = state.queue[: state.cursor + 1]
    fresh = _queue(state, state.night)
    current = state.queue[state.cursor]
    rest = fresh[fresh.index(current) + 1 :] if current in fresh else ()
    return evolve(state, queue=done + rest)


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
        if cid in woken_at(state, player) and unit.wakes(state, s):
            if cid in REGISTRY:
                # asked before the wake changes anything; a player kept asleep did not wake
                rouses = unit.rouses(state, s) and not kept_asleep(state, player)
                state, effects = unit.night(state, player, key)
            else:  # a character the storyteller runs: their panel of tools
                rouses = True
                state, effects = panel(state, player, cid, key)
            if rouses and player not in state.woke:
                state = evolve(state, woke=(*state.woke, player))
    return evolve(state, cursor=state.cursor + 1), effects


def dawn(state: State) -> tuple[State, list[Effect]]:
    order = [s.player for s in state.seats]
    deaths = tuple(sorted(state.died_tonight, key=order.index))
    revived = tuple(
        p for p in sorted(state.revived_tonight, key=order.index) if seat(state, p).alive
    )
    state = evolve(
        state,
        phase=Phase.DAY,
        day=state.day + 1,
        queue=(),
        cursor=0,
        nominators=(),
        nominees=(),
        block=None,
        block_votes=0,
        executed=None,
        execution_killed=False,
        died_today=(),
    )
    news = {"day": state.day, "deaths": deaths}
    if revived:
        news["revived"] = revived
    effects: list[Effect] = [Announce("dawn", news)]
    for s, unit in seats_having(state, "at_dawn"):  # their choices are still remembered here
        state, more = unit.at_dawn(state, s, f"n{state.night}:dawn:{s.player}")
        effects += more
    return evolve(state, answers=()), effects
