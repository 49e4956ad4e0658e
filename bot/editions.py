"""The base editions by any of their names (tb, "Trouble Brewing", sv…), as scripts: shared by
`/script`, `/clocktower new` and their `ravenswood` twins, so both accept the same names."""

from __future__ import annotations

from functools import cache

from engine.clocktower.catalogue import BASE_EDITIONS, edition_characters, normalise_id
from engine.clocktower.script import Script, load_script, script_from_ids

BASE_ALIASES = {
    **{normalise_id(code): code for code in BASE_EDITIONS},
    **{normalise_id(name): code for code, name in BASE_EDITIONS.items()},
    "sectsandviolets": "snv",
    "sv": "snv",
}


def base_code(name: str) -> str | None:
    """The edition's code (tb, bmr, snv) if ``name`` names a base edition."""
    return BASE_ALIASES.get(normalise_id(name))


@cache
def base_script(code: str) -> Script:
    """A base edition as a script (built from the catalogue, so always available)."""
    ids = [c.id for c in edition_characters(code)]
    return script_from_ids(ids, BASE_EDITIONS[code])


def for_players(script: Script, players: int | None) -> Script:
    """The script checked for seating ``players`` (raises ScriptError if it cannot)."""
    return script if players is None else load_script(script.to_json(), players)
