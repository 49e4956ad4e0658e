"""Dying: the one way a player leaves life, with what it triggers (a new Demon, the dawn list),
and coming back to it.

A death may be stopped. Protection comes first (``Role.cannot_die``: the Sailor, the Tea Lady's
neighbours, the Innkeeper's patrons, the Devil's Advocate's choice), then a last escape that may
rule or spend itself (``Role.spares``: the Pacifist, the Fool, the Zombuul, who registers as dead
instead). The Assassin's kill, the storyteller's own hand and an exile stop for nothing. A player who
really dies is announced (by day now, by night at dawn), a dead Demon may be replaced
(``takeover``), the dead character's unit reacts (``Role.died``), then every other character
that watches deaths (``Role.someone_died``).
"""

from __future__ import annotations

from engine.clocktower.game.abilities.change import takeover
from engine.clocktower.game.abilities.protection import cannot_die
from engine.clocktower.game.model import (
    LIVES_ON,
    Phase,
    State,
    drop_marks,
    evolve,
    lives,
    residents,
    seat,
    with_seat,
)
from engine.clocktower.game.roles import Result, role, seats_having
from engine.core import Announce, Effect

# Deaths no protection or escape prevents: the Assassin's, the storyteller's own hand, and an
# exile (which no ability affects).
UNSTOPPABLE = ("assassin", "storyteller", "exile")


def die(state: State, player: int, cause: str, key: str) -> Result:
    """``player`` dies of ``cause``, unless something stops it. By day the death is announced
    now; by night at dawn, without its cause."""
    if not lives(state, player):
        return state, []
    if cause not in UNSTOPPABLE:
        if cannot_die(state, player, cause):
            return state, []
        for s, unit in seats_having(state, "spares"):
            state, spared = unit.spares(state, s, player, cause, key)
            if spared:  # one spared in truth but dead to the town (the Zombuul) is announced
                shows = not seat(state, player).alive
                return record_death(state, player, cause) if shows else (state, [])
    s = seat(state, player)
    before = len(residents(state))
    state = drop_marks(with_seat(state, player, alive=False), LIVES_ON, target=player)
    state, effects = record_death(state, player, cause) if s.alive else (state, [])
    if s.team == "demon":
        state, more = takeover(state, s.character, before)
        effects += more
    state, more = role(s.character).died(state, s, cause, key)
    effects += more
    for watcher, unit in seats_having(state, "someone_died"):
        if watcher.player != player:
            state, more = unit.someone_died(state, watcher, player, cause, key)
            effects += more
    return state, effects


def record_death(state: State, player: int, cause: str) -> tuple[State, list[Effect]]:
    """A death as the town sees it (a Zombuul's first death too): by night on the dawn list, by
    day announced at once and counted as today's."""
    if state.phase is Phase.NIGHT:
        return evolve(state, died_tonight=(*state.died_tonight, player)), []
    state = evolve(state, died_today=(*state.died_today, player))
    return state, [Announce("death", {"player": player, "cause": cause, "day": state.day})]


def revive(state: State, player: int) -> State:
    """``player`` comes back to life with their ability and a vote (the Professor's choice, the
    Shabaloth's regurgitation); at night the town hears of it at dawn."""
    state = with_seat(state, player, alive=True, ghost_vote=True)
    return evolve(state, revived_tonight=(*state.revived_tonight, player))
