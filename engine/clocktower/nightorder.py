"""The night order of a script: who wakes when, on the first night and on the other nights.

The official order comes from the catalogue; homebrew characters are placed by their own wake
numbers on the same scale; a ``_meta`` order is followed as given, with any waking character or
marker it leaves out merged in at its official place (and a note saying so).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.catalogue import Character, OfficialText, official_night
from engine.clocktower.script import MARKERS, Script

MARKER_NAMES = {
    "dusk": ("Dusk", "Start the night."),
    "minioninfo": (
        "Minion info",
        "With 7 or more players: the Minions learn each other and the Demon.",
    ),
    "demoninfo": (
        "Demon info",
        "With 7 or more players: the Demon learns its Minions and 3 bluffs.",
    ),
    "dawn": ("Dawn", "End the night."),
}


def _rank(kind: str) -> dict[str, float]:
    return {entry: float(i) for i, entry in enumerate(official_night(kind))}


def _wake(char: Character, kind: str) -> int | None:
    return char.first_night if kind == "first" else char.other_night


def _default(script: Script, kind: str) -> list[tuple[float, str]]:
    ranks = _rank(kind)
    markers = ("dusk", "minioninfo", "demoninfo", "dawn") if kind == "first" else ("dusk", "dawn")
    entries = [(ranks[m], m) for m in markers]
    for char in script.characters:
        number = _wake(char, kind)
        if number is not None and number > 0:
            # Homebrew numbers sit just after the official entry with the same number.
            entries.append((number + (0.5 if char.edition == "homebrew" else 0.0), char.id))
    return sorted(entries)


def _merge(
    custom: tuple[str, ...], default: list[tuple[float, str]]
) -> tuple[list[str], list[str]]:
    """The custom order with the default entries it lacks inserted at their official rank."""
    rank = {cid: r for r, cid in default}
    order = list(custom)
    missing = [cid for _, cid in default if cid not in order]
    for cid in missing:
        at = next(
            (i for i, other in enumerate(order) if other in rank and rank[other] > rank[cid]),
            len(order),
        )
        order.insert(at, cid)
    return order, [cid for cid in missing if cid not in MARKERS]


def _entry(
    cid: str, kind: str, chars: dict[str, Character], texts: Mapping[str, OfficialText]
) -> dict[str, Any]:
    if cid in MARKER_NAMES:
        name, note = MARKER_NAMES[cid]
        return {"id": cid, "name": name, "team": None, "marker": True, "note": note}
    char = chars[cid]
    note = char.summary
    if cid in texts and char.edition != "homebrew":
        text = texts[cid]
        note = (text.first_night if kind == "first" else text.other_night) or text.ability
    return {"id": cid, "name": char.name, "team": char.team, "marker": False, "note": note}


def night_order(script: Script, texts: Mapping[str, OfficialText] | None = None) -> dict[str, Any]:
    """First-night and other-night wake orders, each a list of entries with markers, plus notes.

    Every entry has ``id``, ``name``, ``team`` (None for markers), ``marker`` and ``note``: our
    summary, or with ``texts`` (an operator's official roles.json) the official night reminder.
    """
    chars = {c.id: c for c in script.characters}
    result: dict[str, Any] = {"script": script.name, "custom": {}, "notes": []}
    for kind, custom in (("first", script.first_night_order), ("other", script.other_night_order)):
        default = _default(script, kind)
        if custom is None:
            order = [cid for _, cid in default]
            result["custom"][kind] = False
        else:
            order, added = _merge(tuple(c for c in custom if c in chars or c in MARKERS), default)
            result["custom"][kind] = True
            if added:
                result["notes"].append(
                    f"The script's {kind}-night order leaves out {', '.join(added)}; "
                    "they were placed at their official position."
                )
            if kind == "other":
                order = [c for c in order if c not in ("minioninfo", "demoninfo")]
        result[kind] = [_entry(cid, kind, chars, texts or {}) for cid in order]
    return result


def night_text(order: dict[str, Any]) -> str:
    """A plain-text night sheet, each entry with its note (the CLI, and the bot's attachment)."""
    lines = [f"{order['script']}"]
    for kind, title in (("first", "First night"), ("other", "Other nights")):
        lines.append(f"\n{title}{' (script order)' if order['custom'][kind] else ''}:")
        number = 0
        for entry in order[kind]:
            number += not entry["marker"]
            mark = "--" if entry["marker"] else f"{number:2d}."
            lines.append(f"  {mark} {entry['name']}: {entry['note']}")
    lines.extend(f"\nNote: {note}" for note in order["notes"])
    return "\n".join(lines)
