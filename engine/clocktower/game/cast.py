"""The game's characters: official ones from the catalogue, homebrew ones from the script.

A script may define homebrew characters (its own id, name, team, ability and night numbers); the
game keeps them in ``State.homebrew`` so it needs nothing but its own state, and every lookup of
a character in the game goes through ``char``.
"""

from __future__ import annotations

from functools import cache

from engine.clocktower.catalogue import Character, character, characters, find, normalise_id
from engine.clocktower.game.model import State
from engine.clocktower.script import Script

DEALT = ("townsfolk", "outsider", "minion", "demon", "traveller")


@cache
def _official() -> dict[str, Character]:
    return {c.id: c for c in characters()}


def char(state: State, cid: str) -> Character:
    """The character ``cid`` of this game (homebrew first); KeyError if the game knows none."""
    for c in state.homebrew:
        if c.id == cid:
            return c
    found = _official().get(cid)  # an exact id, the common case: no loose matching needed
    return found if found is not None else character(cid)


@cache
def _script(ids: tuple[str, ...], homebrew: tuple[Character, ...]) -> Script:
    own = {c.id: c for c in homebrew}
    return Script("Game script", "", tuple(own.get(cid) or character(cid) for cid in ids))


def game_script(state: State, extra: tuple[str, ...] = ()) -> Script:
    """The script this game plays, with ``extra`` official characters (Travellers) added."""
    return _script(tuple(dict.fromkeys(state.script_ids + extra)), state.homebrew)


def script_team(state: State, team: str) -> tuple[str, ...]:
    """The characters of ``team`` on this game's script."""
    return tuple(c.id for c in game_script(state).characters if c.team == team)


def find_char(state: State, text: str) -> Character | None:
    """The character of this game named or id'd ``text`` (matched loosely, homebrew first)."""
    key = normalise_id(text)
    for c in state.homebrew:
        if key in (normalise_id(c.id), normalise_id(c.name)):
            return c
    return find(text)


def playable(state: State) -> tuple[str, ...]:
    """The script's characters that can be dealt (not Fabled or Loric, which no player holds)."""
    return tuple(c.id for c in game_script(state).characters if c.team in DEALT)


def base_edition(state: State) -> str | None:
    """The base edition every dealt character of the script comes from (its Travellers are the
    recommended ones), or None for a script that mixes editions or has homebrew."""
    return None if state.homebrew else _edition(state.script_ids)


@cache
def _edition(ids: tuple[str, ...]) -> str | None:
    found = [_official().get(c) for c in ids]
    editions = {c.edition for c in found if c is not None and c.team in DEALT[:4]}
    return editions.pop() if len(editions) == 1 and None not in found else None
