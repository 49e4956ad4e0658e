"""The night sheet's markers that are not characters: Minion info and Demon info (first night,
seven or more players besides Travellers), and what the evil team learns of itself.

What an evil player is told of its team is a ``TeamInfo`` that units in play may change
(``Role.evil_info``), and a player who does not know they are evil (``secrecy``) is told
nothing of it: the Magician is shown to the Demon as a Minion and to the Minions as the
Demon, the Poppy Grower keeps them apart while it has its ability (``team_info`` runs again when
they learn each other), the Snitch gives each Minion three bluffs. Likewise an evil player's
look at the grimoire (the Spy's) misses the tokens units hide (``Role.hides_grimoire``)."""

from __future__ import annotations

from collections.abc import Callable

from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import DemonInfo, MinionInfo
from engine.clocktower.game.model import State, TeamInfo, demons, minions
from engine.clocktower.game.roles import Result, seats_having
from engine.clocktower.game.secrecy import hidden
from engine.core import Effect

INFO_MARKERS_FROM = 7  # Minion and Demon info happen with this many players or more


def shaped(state: State, to: int, info: TeamInfo, key: str) -> TeamInfo:
    """``info`` for ``to`` as the characters in play change it (``Role.evil_info``)."""
    for s, unit in seats_having(state, "evil_info"):
        info = unit.evil_info(state, s, to, info, key)
    return info


def minion_info(state: State, key: str) -> Result:
    effects: list[Effect] = []
    team = minions(state)
    for p in team:
        if hidden(state, p):
            continue  # not knowing they are a Minion, they learn nothing of their team
        others = tuple(m for m in team if m != p)
        info = shaped(state, p, TeamInfo(demon=demons(state), minions=others), key)
        if info.apart and not info.bluffs:
            continue  # told nothing at all
        told = MinionInfo(p, demon=(), minions=(), bluffs=info.bluffs, apart=True)
        if not info.apart:
            told = MinionInfo(p, demon=info.demon, minions=info.minions, bluffs=info.bluffs)
        state, e = tell(state, told)
        effects.append(e)
    return state, effects


def demon_info(state: State, key: str) -> Result:
    effects: list[Effect] = []
    for p in demons(state):
        if hidden(state, p):
            continue
        info = shaped(state, p, TeamInfo(minions=minions(state), bluffs=state.bluffs), key)
        minions_ = () if info.apart else info.minions
        state, e = tell(state, DemonInfo(p, minions=minions_, bluffs=info.bluffs, apart=info.apart))
        effects.append(e)
    return state, effects


def team_info(state: State, key: str) -> Result:
    """The living Minions and Demons learn who each other are, later in the game (the Poppy
    Grower's death), as the characters in play shape it."""
    state, effects = minion_info(state, key)
    state, more = demon_info(state, key)
    return state, effects + more


def known_evil(
    state: State, player: int, parts: tuple[str, ...] = ("demon", "minions")
) -> set[int]:
    """The evil players ``player`` was told of (its Minion or Demon info): the ``parts`` named
    ``demon`` (the Demon a Minion knows), ``minions``, or both."""
    told = [t for t in state.told if t.to == player and isinstance(t, (MinionInfo, DemonInfo))]
    return {p for t in told for part in parts for p in t.data.get(part, ())}


def hidden_tokens(state: State, viewer: int) -> set[int]:
    """The players whose tokens ``viewer``'s look at the grimoire misses
    (``Role.hides_grimoire``), and the viewer's own while their character is hidden from them
    (``secrecy``)."""
    missed = {
        p
        for s, unit in seats_having(state, "hides_grimoire")
        for p in unit.hides_grimoire(state, s)
    }
    return missed | {viewer} if hidden(state, viewer) else missed


MARKERS: dict[str, Callable[[State, str], Result]] = {
    "minioninfo": minion_info,
    "demoninfo": demon_info,
}


def info_nights(state: State) -> bool:
    """Whether the evil team gets Minion and Demon info (and so bluffs): a table big enough,
    or a character that gives it at any size (``Role.gives_team_info``: the Toymaker)."""
    big = sum(s.team != "traveller" for s in state.seats) >= INFO_MARKERS_FROM
    return big or bool(seats_having(state, "gives_team_info"))
