"""The night: dusk, each wake in the script's night order, and dawn.

At dusk the wakes are listed in order, as (character, player) by the places each player is woken
at (``Role.wakes_at``: the character they believe they are, so a Drunk wakes as its Townsfolk; the
Lunatic at its own place); a Fabled or Loric in force that overrides ``Role.night`` has its turn
at its place too, taken by the storyteller (player ``SYSTEM``). Each wake runs when its turn
comes, if the player is still woken there and its unit says they wake (alive, usually; the
Ravenkeeper only on the night it died); a player the turn rouses to use their ability
(``Role.rouses``) is counted as having woken tonight. An ability gained mid-night (the
Apprentice's, the Philosopher's) joins the rest of tonight's list (``wake_later``). At dawn the night's deaths and revivals are announced, then characters that act at daybreak do
(``Role.at_dawn``: the Moonchild who died in the night chooses).
"""

from __future__ import annotations

from functools import cache

from engine.clocktower.game.abilities.wake import kept_asleep
from engine.clocktower.game.cast import game_script
from engine.clocktower.game.events import Dawn, Night
from engine.clocktower.game.markers import MARKERS, info_nights
from engine.clocktower.game.model import NOBODY, Phase, State, evolve, seat
from engine.clocktower.game.roles import REGISTRY, holder, role, seats_having
from engine.clocktower.game.storyteller import panel
from engine.clocktower.game.working import wakes_tonight
from engine.clocktower.nightorder import night_order
from engine.clocktower.script import Script
from engine.core import Effect


@cache
def _order(script: Script, kind: str) -> tuple[str, ...]:
    return tuple(e["id"] for e in night_order(script)[kind])


def woken_at(state: State, player: int) -> tuple[str, ...]:
    s = seat(state, player)
    return role(s.character).wakes_at(state, s)


def _night_order(state: State, night: int, kind: str = "") -> tuple[str, ...]:
    """The night's order of wakes (``kind``: first or other; by default the night's own).
    Travellers need not be on the script; their wakes join the order at their official place,
    as do abilities gained from off the script."""
    extra = {s.character for s in state.seats if s.team == "traveller"}
    extra |= {c for s in state.seats for c in woken_at(state, s.player)}
    extra -= set(state.script_ids)
    return _order(
        game_script(state, tuple(sorted(extra))), kind or ("first" if night == 1 else "other")
    )


def _queue(state: State, night: int) -> tuple[tuple[str, int], ...]:
    places = {s.player: woken_at(state, s.player) for s in state.seats}
    order = _night_order(state, night)
    queue: list[tuple[str, int]] = []
    unheld = REGISTRY.unheld("night")
    for cid in order:
        if cid in MARKERS:
            if info_nights(state):
                queue.append((cid, 0))
        elif cid in REGISTRY.having("night") or (cid not in REGISTRY and not state.bot):
            queue.extend((cid, s.player) for s in state.seats if cid in places[s.player])
            if cid in unheld and unheld[cid].unheld(state):
                queue.append((cid, NOBODY))  # an ability no player holds wakes as the game's
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
    return evolve(state, queue=_queue(state, night)), [Night(night)]


def wake(state: State) -> tuple[State, list[Effect]]:
    """Run the wake at the cursor (it may raise ``Need``), then move the cursor on."""
    cid, player = state.queue[state.cursor]
    key = f"n{state.night}:{state.cursor}"
    effects: list[Effect] = []
    if cid in MARKERS:
        state, effects = MARKERS[cid](state, key)
    elif player == NOBODY:  # an ability no player holds (``Role.unheld``), if it still is
        if role(cid).unheld(state):
            state, effects = role(cid).night(state, NOBODY, key)
    else:
        s = seat(state, player)
        unit = role(cid)
        if cid in woken_at(state, player) and wakes_tonight(state, s, unit):
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
    effects: list[Effect] = [Dawn(state.day, deaths, revived)]
    for s, unit in seats_having(state, "at_dawn"):  # their choices are still remembered here
        state, more = unit.at_dawn(state, s, f"n{state.night}:dawn:{holder(s)}")
        effects += more
    return evolve(state, answers=()), effects
