"""Whether a player's ability works now: alive or keeping it in death (``active``), neither drunk
nor poisoned (``sober``), and whether a reminder still has its effect (``holds``).

Each of these asks the characters' units (``Role.holds``, ``Role.makes_drunk``, ``Role.poisons``,
``Role.grants_ability``, ``Role.strips_ability``, ``Role.wakes``), so they sit above the registry (``roles``), while the
state they read (``model``) sits below it and knows no unit.
"""

from __future__ import annotations

from engine.clocktower.game.model import SYSTEM, Mark, Seat, State, lives, seat
from engine.clocktower.game.roles import REGISTRY, Role, role, seats_having

_judged: list[int] = []  # sources whose reminders are being judged (see ``holds``)


def holds(state: State, mark: Mark) -> bool:
    """Whether a reminder still has its effect: the storyteller's always; an ability's as long
    as its character's unit says (``Role.holds``; by default, while its source's ability works).

    Judging a source's sobriety may meet reminders that depend on it in turn (a Sailor who made
    themself drunk, a drunk Innkeeper's own patrons, two players making each other drunk), so a
    source is judged without its own reminders, nor those of sources already being judged:
    an ability is never undone by its own effect (the almanac's rule for the Sailor who chose
    themself), and two abilities that would each undo the other both stand down. ``_judged`` is
    only the stack of this evaluation, empty between calls."""
    if mark.source == SYSTEM:
        return True
    if mark.source in _judged:
        return False
    _judged.append(mark.source)
    try:
        said = role(mark.character).holds(state, mark)
        return works(state, mark.source) if said is None else said
    finally:
        _judged.pop()


def _marked(state: State, kind: str, player: int) -> bool:
    return any(m.kind == kind and m.target == player and holds(state, m) for m in state.marks)


def healthy(state: State, player: int) -> bool:
    """Made sober and healthy until dusk (the Barista): neither drunk nor poisoned, whatever
    else says so, and their information is true."""
    return _marked(state, "healthy", player)


def _by_ability(state: State, hook: str, player: int) -> bool:
    """Whether some character's ability, through ``hook``, affects ``player`` now."""
    return any(getattr(unit, hook)(state, s, player) for s, unit in seats_having(state, hook))


def is_drunk(state: State, player: int) -> bool:
    """Drunk by character (the Drunk), by a reminder that still holds, or by an ability that
    makes them drunk now (``Role.makes_drunk``: the Philosopher's choice)."""
    if _healthy_marks(state) and healthy(state, player):
        return False
    if seat(state, player).character in REGISTRY.having("always_drunk"):
        return True
    return _marked(state, "drunk", player) or _by_ability(state, "makes_drunk", player)


def is_poisoned(state: State, player: int) -> bool:
    """Poisoned by a reminder that still holds (a Poisoner's ends when she dies) or by an
    ability that poisons them now (``Role.poisons``: the No Dashii's neighbours)."""
    if _healthy_marks(state) and healthy(state, player):
        return False
    return _marked(state, "poisoned", player) or _by_ability(state, "poisons", player)


def _healthy_marks(state: State) -> bool:
    return any(m.kind == "healthy" for m in state.marks)


def active(state: State, player: int) -> bool:
    """Whether a player has their ability, sober or not: alive in truth (``lives``), or dead
    with an ability that lets them keep it (``Role.grants_ability``: the Vigormortis' Minions,
    the Bone Collector), and not stripped of it (``lost``)."""
    has = lives(state, player) or _by_ability(state, "grants_ability", player)
    return has and not lost(state, player)


def lost(state: State, player: int) -> bool:
    """Whether another character has taken the player's ability away now
    (``Role.strips_ability``: the Preacher's chosen Minions)."""
    return _by_ability(state, "strips_ability", player)


def wakes_tonight(state: State, seat_: Seat, unit: Role) -> bool:
    """Whether ``seat_`` wakes at ``unit``'s turn tonight: as the unit says (``Role.wakes``), by
    default while they have the ability (``active``)."""
    said = unit.wakes(state, seat_)
    return active(state, seat_.player) if said is None else said


def sober(state: State, player: int) -> bool:
    return not is_drunk(state, player) and not is_poisoned(state, player)


def works(state: State, player: int) -> bool:
    """Whether a player's ability has its effect now: alive (or keeping their ability in
    death, ``active``), neither drunk nor poisoned."""
    return active(state, player) and sober(state, player)
