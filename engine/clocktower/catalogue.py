"""The character catalogue: every released official character, from our own data file.

Facts (ids, names, teams, editions, night order, reminders, setup flags, jinx pairs, setup counts)
come from the official release data; the summaries, tags, structured setup modifiers and bag values
are ours. Everything is read once from ``data/characters.json`` and cached.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

TEAMS = ("townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric")
GOOD_TEAMS = ("townsfolk", "outsider")
EVIL_TEAMS = ("minion", "demon")
BASE_EDITIONS = {"tb": "Trouble Brewing", "bmr": "Bad Moon Rising", "snv": "Sects & Violets"}
MIN_PLAYERS, MAX_PLAYERS = 5, 15


@dataclass(frozen=True)
class SetupModifier:
    """How a character changes the bag, in structured form.

    ``outsiders`` lists the allowed changes to the Outsider count (Baron ``(2,)``, Godfather
    ``(-1, 1)``); ``any_outsiders`` means any count the Storyteller likes ("-? to +?", the Xaan's
    "X Outsiders"), of at least ``min_outsiders``; ``minions`` is added to the Minion count;
    ``demon`` False means no player holds a Demon at the start; ``in_bag`` False means the
    player is handed a ``shown_as`` token instead; ``copies`` lists how many extra copies of the
    character may be in play; ``duplicates`` (the official ``bag-duplicate``) lets it fill slots
    the script has no other character for; ``requires`` names a character it brings into play;
    ``excludes`` names characters that may not be in play beside it (the Heretic's jinxes: only
    one of each pair in play); ``chosen_minions``: no Minion is dealt beside this Demon, which
    makes the usual number from good players on the first night (the Kazali); ``shown_setup``
    names good characters whose own setup rule applies as if in play when this character's
    player is shown them (the Marionette's jinxes: shown the Balloonist, an Outsider may have
    been added; shown the Huntsman, the Damsel was).
    """

    outsiders: tuple[int, ...] = (0,)
    any_outsiders: bool = False
    min_outsiders: int = 0
    minions: int = 0
    demon: bool = True
    evil_townsfolk: int = 0
    copies: tuple[int, ...] = (0,)
    requires: tuple[str, ...] = ()
    in_bag: bool = True
    shown_as: str | None = None
    no_evil: bool = False
    majority: bool = False
    duplicates: bool = False
    excludes: tuple[str, ...] = ()
    chosen_minions: bool = False
    shown_setup: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class BagValue:
    """A good character's worth to its team (information, protection, plain help) or, for an evil
    character, the fraction of each kind of good value it cancels (``cuts``)."""

    info: float = 0.0
    protection: float = 0.0
    help: float = 0.0
    cuts: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Character:
    """One character. ``first_night``/``other_night`` are positions in the official night order
    (None: does not wake). ``edition`` is ``homebrew`` for script-defined characters."""

    id: str
    name: str
    team: str
    edition: str
    first_night: int | None
    other_night: int | None
    reminders: tuple[str, ...]
    setup: SetupModifier | None
    tags: tuple[str, ...]
    summary: str
    jinxes: tuple[str, ...] = ()
    reminders_global: tuple[str, ...] = ()
    setup_flag: bool = False
    bag: BagValue = field(default_factory=BagValue)

    @property
    def good(self) -> bool:
        return self.team in GOOD_TEAMS

    @property
    def evil(self) -> bool:
        return self.team in EVIL_TEAMS

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (for ``--json`` output and the bot)."""
        return {
            "id": self.id,
            "name": self.name,
            "team": self.team,
            "edition": self.edition,
            "first_night": self.first_night,
            "other_night": self.other_night,
            "reminders": list(self.reminders),
            "tags": list(self.tags),
            "summary": self.summary,
            "jinxes": list(self.jinxes),
        }


def normalise_id(text: str) -> str:
    """The matching key of an id or name: lower case without ``_``, ``-``, spaces or quotes."""
    return re.sub(r"[\s_\-'’.]+", "", text).lower()


@cache
def _raw() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(
        resources.files(__package__).joinpath("data/characters.json").read_text()
    )
    return raw


def _character(item: dict[str, Any]) -> Character:
    setup = item.get("setup")
    modifier = None
    if setup is not None:
        fields: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in setup.items()
        }
        modifier = SetupModifier(**fields)
    bag = item.get("bag") or {}
    value = BagValue(
        info=bag.get("info", 0.0),
        protection=bag.get("protection", 0.0),
        help=bag.get("help", 0.0),
        cuts=tuple(sorted(bag.get("cuts", {}).items())),
    )
    return Character(
        id=item["id"],
        name=item["name"],
        team=item["team"],
        edition=item["edition"],
        first_night=item["first_night"],
        other_night=item["other_night"],
        reminders=tuple(item["reminders"]),
        setup=modifier,
        tags=tuple(item["tags"]),
        summary=item["summary"],
        jinxes=tuple(item["jinxes"]),
        reminders_global=tuple(item["reminders_global"]),
        setup_flag=item["setup_flag"],
        bag=value,
    )


@cache
def _catalogue() -> dict[str, Character]:
    return {item["id"]: _character(item) for item in _raw()["characters"]}


@cache
def _by_key() -> dict[str, Character]:
    keys: dict[str, Character] = {}
    for char in _catalogue().values():
        keys.setdefault(normalise_id(char.name), char)
    for char in _catalogue().values():
        keys[normalise_id(char.id)] = char
    return keys


def characters() -> tuple[Character, ...]:
    """Every official character, in the catalogue's order."""
    return tuple(_catalogue().values())


def character(cid: str) -> Character:
    """The official character with this id or name (matched loosely); KeyError if none."""
    found = _catalogue().get(cid) or find(cid)
    if found is None:
        raise KeyError(cid)
    return found


def find(text: str) -> Character | None:
    """The official character whose id or name matches ``text`` loosely, or None."""
    return _by_key().get(normalise_id(text))


def suggest(text: str, limit: int = 3) -> list[str]:
    """The closest official ids to a misspelt one, best first."""
    import difflib

    key = normalise_id(text)
    keys = _by_key()
    close = difflib.get_close_matches(key, list(keys), n=limit * 2, cutoff=0.6)
    ids: list[str] = []
    for k in close:
        if keys[k].id not in ids:
            ids.append(keys[k].id)
    return ids[:limit]


def search(fragment: str, limit: int = 25, teams: tuple[str, ...] = TEAMS) -> list[Character]:
    """Characters whose id or name contains ``fragment`` (prefix matches first): autocomplete."""
    key = normalise_id(fragment)
    found = [
        c
        for c in _catalogue().values()
        if c.team in teams and (key in normalise_id(c.name) or key in c.id)
    ]
    found.sort(key=lambda c: (not normalise_id(c.name).startswith(key), c.name))
    return found[:limit]


def jinx_pairs() -> tuple[tuple[str, str], ...]:
    """Every official jinx, as a pair of ids."""
    return tuple((a, b) for a, b in _raw()["jinxes"])


def official_night(kind: str) -> tuple[str, ...]:
    """The official wake order (``first`` or ``other``), with dusk/minioninfo/demoninfo/dawn."""
    return tuple(_raw()["first_night" if kind == "first" else "other_night"])


def setup_counts(players: int) -> dict[str, int]:
    """Townsfolk, Outsiders, Minions and Demons for ``players`` (5-15), before modifiers."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Clocktower needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    return dict(_raw()["setup_counts"][str(players)])


def edition_characters(edition: str) -> tuple[Character, ...]:
    """The non-traveller characters of one base edition, as on its script."""
    return tuple(
        c
        for c in _catalogue().values()
        if c.edition == edition and c.team in GOOD_TEAMS + EVIL_TEAMS
    )


@dataclass(frozen=True)
class OfficialText:
    """A character's official wording: its ability and its night-sheet reminders."""

    ability: str
    first_night: str = ""
    other_night: str = ""


def official_texts(roles_json: str | bytes) -> dict[str, OfficialText]:
    """Official texts by catalogue id, from an official ``roles.json`` the operator supplies.

    The bot shows these instead of our summaries when configured (the project ships none of
    them). Entries that are not objects with a text ``id`` and ``ability`` are skipped; input
    that is not a JSON list gives ``{}``.
    """
    try:
        data = json.loads(roles_json)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, list):
        return {}
    found = {}
    for item in data:
        if not isinstance(item, dict) or not isinstance(item.get("ability"), str):
            continue
        char = find(item["id"]) if isinstance(item.get("id"), str) else None
        if char is None:
            continue
        first, other = item.get("firstNightReminder"), item.get("otherNightReminder")
        found[char.id] = OfficialText(
            item["ability"],
            first if isinstance(first, str) else "",
            other if isinstance(other, str) else "",
        )
    return found


def summary_overlap(official: dict[str, OfficialText]) -> list[tuple[str, float]]:
    """How close each of our summaries is to the official ability text, closest first: the
    ``difflib`` ratio of the two (lower-cased), 1.0 for a copy. Our summaries must stay in our
    own words; the maintainers keep every ratio below 0.6 (``ravenswood script summaries``)."""
    import difflib

    found = [
        (
            cid,
            round(
                difflib.SequenceMatcher(
                    None, _catalogue()[cid].summary.lower(), text.ability.lower()
                ).ratio(),
                3,
            ),
        )
        for cid, text in official.items()
    ]
    return sorted(found, key=lambda pair: (-pair[1], pair[0]))
