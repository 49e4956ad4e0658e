"""The wake pattern: who is kept asleep tonight, and who woke for their ability.

A character may keep another from waking (``Role.keeps_asleep``: the Exorcist's Demon); the
sleeper's unit asks ``kept_asleep`` where its wake begins (a Demon kept asleep neither attacks
nor, for the Pukka, poisons, though the Pukka's earlier poison still kills). Whoever a wake
rouses to use their ability is recorded tonight (``State.woke``) for the Chambermaid.
"""

from __future__ import annotations

from engine.clocktower.game.model import State, seat
from engine.clocktower.game.roles import REGISTRY, role, seats_having
from engine.clocktower.game.working import wakes_tonight


def kept_asleep(state: State, player: int) -> bool:
    return any(u.keeps_asleep(state, s, player) for s, u in seats_having(state, "keeps_asleep"))


def woke_tonight(state: State) -> set[int]:
    """Who wakes tonight for their own ability: those already woken, and those whose turn is
    still to come and who will wake then as things stand."""
    found = set(state.woke)
    for cid, player in state.queue[state.cursor + 1 :]:
        if player == 0 or player in found or kept_asleep(state, player):
            continue
        s = seat(state, player)
        if cid not in role(s.character).wakes_at(state, s):
            continue
        unit = REGISTRY.get(cid)
        if unit is None or (wakes_tonight(state, s, unit) and unit.rouses(state, s)):
            found.add(player)
    return found
