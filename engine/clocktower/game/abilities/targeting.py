"""The targeting pattern: a player chosen by another's ability at night may react at once, and
abilities that must choose someone new each night remember their last choice.

A unit calls ``aim`` for each player its ability chooses, in the order it acts on them, before
acting: the chosen player's unit (``Role.chosen``) may change things first. The Goon makes the
first player to choose it each night drunk, so a Po that aims at the Goon second kills its first
target and not its third.

``choice_made`` keeps a nightly choice as a reminder noting the night and whether the ability
worked then; ``last_choice`` gives the previous one (the Exorcist's and the Devil's Advocate's
"different to last night") and ``chosen_on`` the one that took effect on a given night.
"""

from __future__ import annotations

from engine.clocktower.game.model import State, marks_of, put_marks, seat
from engine.clocktower.game.roles import REGISTRY, Result, gained
from engine.core import Effect


def aim(state: State, chooser: int, target: int, key: str) -> Result:
    """``chooser``'s ability chooses ``target``: the target's unit reacts (or that of an ability
    they gained or were given: the Boffin's Demon-Goon)."""
    if target not in state.players:
        return state, []
    s = seat(state, target)
    units = REGISTRY.having("chosen")
    if target == chooser or not units:
        return state, []
    held = (s.character, *gained(state, s))  # its own ability, or one it gained or was given
    unit = next((units[c] for c in held if c in units), None)
    if unit is None:
        return state, []
    return unit.chosen(state, s, chooser, key)


def aim_all(state: State, chooser: int, targets: tuple[int, ...], key: str) -> Result:
    """``aim`` at several players in turn (an ability that acts on them all at once)."""
    effects: list[Effect] = []
    for target in targets:
        state, more = aim(state, chooser, target, key)
        effects += more
    return state, effects


def choice_made(state: State, kind: str, source: int, target: int, worked: bool) -> State:
    """Remember ``source``'s choice tonight (replacing the one before)."""
    return put_marks(state, kind, source, (target,), note=f"{state.night}:{int(worked)}")


def last_choice(state: State, kind: str, source: int) -> int | None:
    """``source``'s choice on an earlier night, if any."""
    found = [m for m in marks_of(state, kind, source) if m.note.split(":")[0] != str(state.night)]
    return found[-1].target if found else None


def chosen_on(state: State, kind: str, source: int, night: int) -> int | None:
    """The player ``source`` chose on ``night`` while their ability worked, if any."""
    for m in marks_of(state, kind, source):
        if m.note == f"{night}:1":
            return m.target
    return None
