"""How players register to abilities: as themselves, or (the Spy, the Recluse) as something else.

A character that may misregister says how in its unit (``Role.registrations``, usually through
``misregistrations`` below). Whether it does, each time it matters, is a storyteller ruling; the
engine offers every registration the rules allow.
"""

from __future__ import annotations

from engine.clocktower.game.cast import script_team
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import IS_THE_DEMON, Registration, State, seat
from engine.clocktower.game.roles import role, seats_having
from engine.clocktower.game.working import lost, sober


def true_registration(state: State, player: int) -> Registration:
    s = seat(state, player)
    return Registration(s.character, s.team, s.alignment)


def misregistrations(
    state: State, player: int, ways: tuple[tuple[str, str], ...]
) -> tuple[Registration, ...]:
    """The true registration, then every character of each (team, alignment) in ``ways`` on the
    script. Misregistration works even when dead, but not when drunk, poisoned or stripped of
    the ability (the Preacher's)."""
    true = true_registration(state, player)
    if not sober(state, player) or lost(state, player):
        return (true,)
    found = [true]
    for team, alignment in ways:
        found.extend(Registration(c, team, alignment) for c in script_team(state, team))
    return tuple(dict.fromkeys(found))


def registrations(state: State, player: int) -> tuple[Registration, ...]:
    """Every way ``player`` may register now, the true one first: as their own unit says (a
    player who is the Demon by a reminder, ``IS_THE_DEMON``, as that Demon first), and as other
    characters make them (``Role.registers_other``: the Lycanthrope's)."""
    s = seat(state, player)
    found = role(s.character).registrations(state, s)
    own = (true_registration(state, player),) if found is None else found
    sits = [m.character for m in state.marks if m.kind == IS_THE_DEMON and m.target == player]
    if sits:  # the Demon by a reminder (Lil' Monsta's babysitter): that first, itself too
        own = (Registration(sits[-1], "demon", "evil"), *own)
    other = [
        r
        for s_, unit in seats_having(state, "registers_other")
        if s_.player != player
        for r in unit.registers_other(state, s_, player)
    ]
    return tuple(dict.fromkeys((*own, *other))) if other else own


def misregisters(state: State, player: int) -> bool:
    return len(registrations(state, player)) > 1


def alignments(state: State, player: int) -> tuple[str, ...]:
    """The alignments ``player`` may register as, the true one first."""
    return tuple(dict.fromkeys(r.alignment for r in registrations(state, player)))


def may_register_as_team(state: State, player: int, team: str) -> tuple[bool, ...]:
    """Whether ``player`` registers as ``team``: (truth,) or (truth, the other answer). A
    player who truly is two things at once (Legion, a Minion babysitting Lil' Monsta) is both."""
    found = registrations(state, player)
    true = {
        r.team for r in found if r.character in (found[0].character, seat(state, player).character)
    }
    truth = team in true
    teams = [r.team for r in found if r.team not in true]
    return (truth, not truth) if any((t == team) != truth for t in teams) else (truth,)


def registers_as(state: State, key: str, player: int, team: str, cause: str) -> bool:
    """Whether ``player`` registers as ``team`` where that decides something (the Virgin's
    execution, the Slayer's kill): the storyteller rules when a Spy or Recluse may go either
    way; ``cause`` names the character whose ability asks (its unit may set the bot's policy)."""
    options = may_register_as_team(state, player, team)
    hit: bool = rule(state, key, "registration", options, player=player, team=team, cause=cause)
    return hit
