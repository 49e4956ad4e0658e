"""Script import: the official JSON format, validated all at once.

A script is a JSON array of official ids (``"fortuneteller"`` or ``{"id": "fortuneteller"}``), at
most one ``{"id": "_meta", ...}`` object, and homebrew character objects. Ids match loosely
(case, ``_``, ``-`` and spaces ignored). Every problem found is collected with its position and a
fix, and raised together as one ``ScriptError``; nothing else ever escapes ``load_script``.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.clocktower.catalogue import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TEAMS,
    Character,
    SetupModifier,
    find,
    jinx_pairs,
    normalise_id,
    suggest,
)
from engine.clocktower.counts import unsupported

log = logging.getLogger(__name__)

MAX_BYTES = 1_000_000
MAX_ID = 50
MARKERS = ("dusk", "minioninfo", "demoninfo", "dawn")
TEAM_SPELLINGS = {**{t: t for t in TEAMS}, "traveler": "traveller"}
# Homebrew characters carry no tags; these ability-text cues guess them, transparently.
TAG_CUES = (
    ("misinfo", ("poison", "drunk", "false info", "register")),
    ("kill", ("die", "dies", "kill")),
    ("protect", ("safe", "can't die", "cannot die", "protect")),
    ("revive", ("resurrect", "regain", "alive again")),
    ("alignChange", ("become evil", "becomes evil", "change alignment", "turns evil")),
    ("charChange", ("become a", "becomes a", "swap character", "gain a", "gains a")),
    ("madness", ("mad",)),
    ("info", ("learn", "you know", "start knowing")),
)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a script: where, what, and how to fix it."""

    position: str
    message: str
    fix: str = ""

    def __str__(self) -> str:
        return f"{self.position}: {self.message}" + (f" {self.fix}" if self.fix else "")

    def to_dict(self) -> dict[str, str]:
        return {"position": self.position, "message": self.message, "fix": self.fix}


class ScriptError(ValueError):
    """A script that cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in problems))


@dataclass(frozen=True)
class Script:
    """An imported script: its characters in script order (official and homebrew) and metadata."""

    name: str
    author: str
    characters: tuple[Character, ...]
    first_night_order: tuple[str, ...] | None = None
    other_night_order: tuple[str, ...] | None = None
    bootlegger: tuple[str, ...] = ()
    warnings: tuple[Problem, ...] = ()
    supported_players: tuple[int, ...] = ()

    def team(self, team: str) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.team == team)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters)

    @property
    def homebrew(self) -> tuple[Character, ...]:
        return tuple(c for c in self.characters if c.edition == "homebrew")

    @property
    def jinxes(self) -> tuple[tuple[str, str], ...]:
        """The official jinxes between characters on this script."""
        ids = set(self.ids)
        return tuple((a, b) for a, b in jinx_pairs() if a in ids and b in ids)

    def to_json(self) -> str:
        """The script in canonical official form, for saving and re-import."""
        meta: dict[str, Any] = {"id": "_meta", "name": self.name}
        if self.author:
            meta["author"] = self.author
        if self.bootlegger:
            meta["bootlegger"] = list(self.bootlegger)
        if self.first_night_order is not None:
            meta["firstNight"] = list(self.first_night_order)
        if self.other_night_order is not None:
            meta["otherNight"] = list(self.other_night_order)
        items: list[Any] = [meta]
        for c in self.characters:
            if c.edition != "homebrew":
                items.append(c.id)
                continue
            item: dict[str, Any] = {"id": c.id, "name": c.name, "team": c.team}
            item["ability"] = c.summary
            if c.first_night is not None:
                item["firstNight"] = c.first_night
            if c.other_night is not None:
                item["otherNight"] = c.other_night
            item["reminders"] = list(c.reminders)
            if c.setup_flag:
                item["setup"] = True
            if c.setup is not None and c.setup.duplicates:
                item["special"] = [{"type": "selection", "name": "bag-duplicate"}]
            items.append(item)
        return json.dumps(items, ensure_ascii=False, indent=1)


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse(text: str | bytes) -> Any:
    """Decode and parse, turning every failure into a ScriptError with a line and column."""
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise ScriptError(
            [Problem("script", f"is {size:,} bytes, over the 1 MB limit.", "Remove unused items.")]
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ScriptError(
                [Problem(f"byte {exc.start}", "is not UTF-8 text.", "Save the file as UTF-8.")]
            ) from None
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise ScriptError([Problem("script", "is empty.", "Paste the script's JSON text.")])
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise ScriptError(
            [Problem(where, f"is not valid JSON ({exc.msg}).", "Check brackets, quotes, commas.")]
        ) from None
    except RecursionError:
        raise ScriptError(
            [Problem("script", "is nested far too deeply.", "A script is a flat list.")]
        ) from None
    except ValueError as exc:
        raise ScriptError(
            [Problem("script", f"is not valid JSON ({exc}).", "Use plain numbers and text.")]
        ) from None


def _describe(value: Any) -> str:
    names = {
        bool: "true/false",
        int: "a number",
        float: "a number",
        list: "a list",
        dict: "an object",
        str: "text",
    }
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _is_number(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return isinstance(value, int) or math.isfinite(value)


def _guess_tags(ability: str) -> tuple[str, ...]:
    text = ability.lower()
    return tuple(tag for tag, cues in TAG_CUES if any(cue in text for cue in cues))


class _Reader:
    """Walks the entries of one script, collecting characters, metadata and problems."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.chars: list[Character] = []
        self.seen: dict[str, str] = {}
        self.meta: dict[str, Any] | None = None
        self.meta_at = ""
        self.unread: list[str] = []  # entries that may be characters but could not be read

    def entry(self, index: int, item: Any) -> None:
        where = f"entry {index + 1}"
        if isinstance(item, str):
            self.official(where, item)
        elif isinstance(item, dict):
            self.object(where, item)
        else:
            self.unread.append(where)
            self.problems.append(
                Problem(where, f"is {_describe(item)}.", 'Write a character id in quotes, "imp".')
            )

    def object(self, where: str, item: dict[str, Any]) -> None:
        cid = item.get("id")
        if not isinstance(cid, str) or not cid.strip():
            self.unread.append(where)
            self.problems.append(
                Problem(where, "is an object without a text 'id'.", 'Add "id": "<character>".')
            )
            return
        if normalise_id(cid) == "meta":
            self.take_meta(where, item)
        elif find(cid[:MAX_ID]) is not None or not any(
            k in item for k in ("name", "team", "ability")
        ):
            self.official(where, cid)
        else:
            self.homebrew(where, item)

    def official(self, where: str, cid: str) -> None:
        if len(cid) > MAX_ID:
            self.unread.append(where)
            self.problems.append(Problem(where, "has an id over 50 characters.", "Shorten it."))
            return
        if normalise_id(cid) == "meta":
            self.problems.append(
                Problem(where, 'names "_meta" as a plain id.', 'Use {"id": "_meta", "name": ...}.')
            )
            return
        char = find(cid)
        if char is None:
            self.unread.append(where)
            close = suggest(cid)
            fix = f"Did you mean {', '.join(close)}?" if close else "Check the spelling."
            self.problems.append(Problem(f'{where} ("{cid}")', "is not a known character.", fix))
            return
        self.add(where, cid, char)

    def add(self, where: str, cid: str, char: Character) -> None:
        key = normalise_id(char.id)
        if key in self.seen:
            self.problems.append(
                Problem(f'{where} ("{cid}")', f"repeats {self.seen[key]}.", "Remove one of them.")
            )
            return
        self.seen[key] = where
        self.chars.append(char)

    def homebrew(self, where: str, item: dict[str, Any]) -> None:
        cid = item["id"]
        label = f'{where} ("{cid[:MAX_ID]}")'
        before = len(self.problems)
        if len(cid) > MAX_ID:
            self.problems.append(Problem(label, "has an id over 50 characters.", "Shorten it."))
        for key in ("name", "ability"):
            value = item.get(key)
            if not isinstance(value, str) or not value.strip():
                self.problems.append(
                    Problem(
                        label,
                        f"is a homebrew character without a text '{key}'.",
                        f'Add "{key}": "...".',
                    )
                )
        team = item.get("team")
        if not isinstance(team, str) or team.lower() not in TEAM_SPELLINGS:
            has = "has no 'team'" if team is None else f"has team {team!r}"
            self.problems.append(Problem(label, f"{has}.", f"Use one of: {', '.join(TEAMS)}."))
        nights: dict[str, int | None] = {}
        for key in ("firstNight", "otherNight"):
            value = item.get(key, 0)
            if not _is_number(value) or not 0 <= value <= 1000:
                self.problems.append(
                    Problem(label, f"has {key} {_describe(value)}.", "Use 0 or a wake number.")
                )
                value = 0
            nights[key] = round(value) if value else None
        special = item.get("special", [])
        if not isinstance(special, list):
            self.problems.append(
                Problem(label, "has 'special' that is not a list.", '[{"name": ...}, ...].')
            )
            special = []
        reminders = item.get("reminders", [])
        if not isinstance(reminders, list) or not all(isinstance(r, str) for r in reminders):
            self.problems.append(
                Problem(label, "has reminders that are not a list of text.", '["Token", ...].')
            )
            reminders = []
        if len(self.problems) > before:
            self.unread.append(where)
            return
        ability = item["ability"].strip()[:500]
        tags = _guess_tags(ability)
        self.warnings.append(
            Problem(
                label, f"is homebrew; tags guessed from its ability: {', '.join(tags) or 'none'}."
            )
        )
        team_id = TEAM_SPELLINGS[str(team).lower()]
        if team_id == "traveller":
            tags = (*tags, "traveller")
        names = {x.get("name") for x in special if isinstance(x, dict)}
        if item.get("setup") is True:
            self.warnings.append(
                Problem(label, "changes the setup in its own way; the bag cannot apply it.")
            )
        char = Character(
            id=cid,
            name=item["name"].strip()[:60],
            team=team_id,
            edition="homebrew",
            first_night=nights["firstNight"],
            other_night=nights["otherNight"],
            reminders=tuple(r[:40] for r in reminders[:40]),
            # the official "bag-duplicate": may fill slots the script has no other character for
            setup=SetupModifier(duplicates=True) if "bag-duplicate" in names else None,
            tags=tags,
            summary=ability,
            setup_flag=item.get("setup") is True,
        )
        self.add(where, cid, char)

    def take_meta(self, where: str, item: dict[str, Any]) -> None:
        if self.meta is not None:
            self.problems.append(
                Problem(
                    where, f"is a second _meta object (first at {self.meta_at}).", "Merge them."
                )
            )
            return
        self.meta, self.meta_at = item, where
        for key in ("name", "author"):
            if key in item and not isinstance(item[key], str):
                self.problems.append(
                    Problem(f"{where} _meta.{key}", f"is {_describe(item[key])}.", "Use text.")
                )
        rules = item.get("bootlegger", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            self.problems.append(
                Problem(f"{where} _meta.bootlegger", "is not a list of text.", '["rule", ...].')
            )
        for key in ("firstNight", "otherNight"):
            order = item.get(key)
            if order is not None and (
                not isinstance(order, list) or not all(isinstance(x, str) for x in order)
            ):
                self.problems.append(
                    Problem(f"{where} _meta.{key}", "is not a list of ids.", '["dusk", ...].')
                )

    def night_order(self, key: str) -> tuple[str, ...] | None:
        """The _meta order as on-script ids and markers; unknown entries are warned and dropped."""
        order = (self.meta or {}).get(key)
        if not isinstance(order, list) or not all(isinstance(x, str) for x in order):
            return None
        on_script = {normalise_id(c.id): c.id for c in self.chars}
        result: list[str] = []
        for raw in order:
            key_ = normalise_id(raw)
            cid = key_ if key_ in MARKERS else on_script.get(key_)
            if cid is None:
                self.warnings.append(
                    Problem(
                        f"{self.meta_at} _meta.{key}",
                        f'lists "{raw[:50]}", not on the script.',
                        "It is ignored.",
                    )
                )
            elif cid not in result:
                result.append(cid)
        return tuple(result)


def _check_counts(reader: _Reader, players: int | None) -> tuple[int, ...]:
    """The player counts the script can deal a legal bag for; problems or warnings for the rest.

    Setup modifiers count (a Lil' Monsta needs one more Minion, a bag-duplicate Witch fills every
    Minion slot, a Drunk needs a spare Townsfolk token). When some entries could not be read, a
    shortage may only be their knock-on: it is still reported (every problem at once), but says
    so and asks for those entries to be fixed first.
    """
    chars = reader.chars
    read, fix = "", "Add characters of those types."
    if reader.unread:
        where = ", ".join(reader.unread[:3]) + (" …" if len(reader.unread) > 3 else "")
        read = f", counting only the {len(chars)} character(s) read"
        fix = f"Fix {where} first (this may follow from it); then, if it remains, add characters."
    if not any(c.team == "demon" or (c.setup and not c.setup.demon) for c in chars):
        reader.problems.append(
            Problem("script", f"has no Demon{read}.", fix if read else "Add at least one Demon.")
        )
        return ()
    missing = unsupported(chars)
    supported = tuple(n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if n not in missing)
    if players is not None and players in missing:
        reader.problems.append(
            Problem(
                "script",
                f"is too small for {players} players: needs {missing[players]}{read}.",
                fix,
            )
        )
    elif not supported:
        reader.problems.append(
            Problem(
                "script", f"is too small for any game: needs {missing[MIN_PLAYERS]}{read}.", fix
            )
        )
    elif missing and not read:
        counts = ", ".join(str(n) for n in missing)
        last = max(missing)
        reader.warnings.append(
            Problem(
                "script",
                f"cannot seat {counts} players (for {last}: needs {missing[last]}).",
                "Add Townsfolk, Outsiders or Minions to support them.",
            )
        )
    return supported


def load_script(text: str | bytes, players: int | None = None) -> Script:
    """Parse and validate a script; raise ``ScriptError`` listing every problem at once.

    With ``players``, a script that cannot seat that many is an error; otherwise the counts it
    cannot seat are warnings. No other exception escapes, whatever the input.
    """
    try:
        return _load(text, players)
    except ScriptError:
        raise
    except Exception as exc:  # the contract: only ScriptError escapes, even on our own bug
        log.exception("unexpected failure importing a script")
        raise ScriptError(
            [Problem("script", f"could not be read ({type(exc).__name__}).")]
        ) from None


def _not_a_list(data: Any) -> Problem:
    """Why a script that is not a JSON array cannot be read, with the likeliest fix."""
    if not isinstance(data, dict):
        return Problem(
            "script",
            f"is {_describe(data)}, but a script is a list of characters in [ ].",
            'Write it as ["washerwoman", "imp", ...].',
        )
    inner = next((k for k, v in data.items() if isinstance(v, list)), None)
    if "id" not in data and inner is not None:
        fix = f'Paste just the list under "{inner[:40]}" (the part in [ ]).'
    else:
        fix = 'Put it in [ ] with the characters: [{"id": "_meta", ...}, "imp", ...].'
    what = "one object in { }" if "id" in data else "an object in { }"
    return Problem("script", f"is {what}, but a script is a list of characters in [ ].", fix)


def _load(text: str | bytes, players: int | None) -> Script:
    data = _parse(text)
    if not isinstance(data, list):
        raise ScriptError([_not_a_list(data)])
    if players is not None and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ScriptError(
            [Problem("players", f"is {players}; use {MIN_PLAYERS} to {MAX_PLAYERS}.")]
        )
    reader = _Reader()
    for index, item in enumerate(data):
        reader.entry(index, item)
    if not reader.chars and not reader.problems:
        reader.problems.append(Problem("script", "has no characters.", "Add character ids."))
    supported = _check_counts(reader, players) if reader.chars else ()
    first, other = reader.night_order("firstNight"), reader.night_order("otherNight")
    if reader.problems:
        raise ScriptError(reader.problems)
    meta = reader.meta or {}
    given = meta.get("name")
    name = given if isinstance(given, str) else ""
    if not name.strip():
        reader.warnings.append(
            Problem("script", "has no name.", 'Add {"id": "_meta", "name": ...}.')
        )
    rules = meta.get("bootlegger", [])
    return Script(
        name=(name.strip() or "Untitled script")[:100],
        author=str(meta.get("author") if isinstance(meta.get("author"), str) else "")[:100],
        characters=tuple(reader.chars),
        first_night_order=first,
        other_night_order=other,
        bootlegger=tuple(r[:500] for r in rules[:10]),
        warnings=tuple(reader.warnings),
        supported_players=supported,
    )


def load_folder(folder: Path) -> dict[str, Script]:
    """Every script file of a folder (``*.json`` but an ``*-index.json``), by file stem: the
    reference data's real scripts, for the tests and benchmarks that play them."""
    return {
        path.stem: load_script(path.read_bytes())
        for path in sorted(folder.glob("*.json"))
        if not path.name.endswith("-index.json")
    }


def script_from_ids(ids: list[str], name: str = "Custom script") -> Script:
    """A script from official ids (raises ``ScriptError`` like ``load_script``)."""
    return load_script(json.dumps([{"id": "_meta", "name": name}, *ids]))
