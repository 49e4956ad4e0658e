"""Difficulty scoring: a transparent sum of tag weights and synergies, weighed by table size.

Weights, synergy deltas and category bounds live in ``data/scoring.toml``. The result explains
every point: each character's tags and weight, each synergy that fired and why, the total, the
table-size factor, the category, and where the script sits beside the three base editions
(``Score``, whose JSON form is the ``ravenswood script score --json`` answer).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.clocktower.catalogue import (
    BASE_EDITIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Character,
    edition_characters,
)
from engine.clocktower.script import Problem, Script, script_from_ids

DEALT = ("townsfolk", "outsider", "minion", "demon")
INFO_TAGS = ("info", "onceInfo")
KILL_TAGS = ("kill", "multiKill")


@cache
def rules() -> dict[str, Any]:
    """The scoring data file, parsed."""
    return tomllib.loads(resources.files(__package__).joinpath("data/scoring.toml").read_text())


@dataclass(frozen=True)
class Tally:
    """The counts the synergy rules look at."""

    info: int
    misinfo: int
    kill_sources: int
    extra_killers: int
    protectors: int
    align_change: bool
    char_change: bool


def mirrored(char: Character, tag: str) -> bool:
    """Whether this tag helps the evil side here: an evil character's protection or revival
    (the Devil's Advocate's, the Al-Hadikhia's) hardens the game as much as good's eases it."""
    return char.evil and tag in rules()["evil"]["mirrored"]


def tag_weight(char: Character, tag: str) -> float:
    if tag == "kill" and char.team == "demon" and rules()["kill"]["demon_kill_is_baseline"]:
        return 0.0
    weight = float(rules()["weights"].get(tag, 0.0))
    return -weight if mirrored(char, tag) else weight


def _tally(chars: tuple[Character, ...]) -> Tally:
    def having(*tags: str) -> list[Character]:
        return [c for c in chars if any(t in c.tags and not mirrored(c, t) for t in tags)]

    extra = [c for c in having(*KILL_TAGS) if c.team != "demon"]
    demons = any(c.team == "demon" for c in chars)
    return Tally(
        info=len(having(*INFO_TAGS)),
        misinfo=len(having("misinfo")),
        kill_sources=len(extra) + int(demons),
        extra_killers=len(extra),
        protectors=len(having("protect")),
        align_change=bool(having("alignChange")),
        char_change=bool(having("charChange")),
    )


def _extra_misinformers(t: Tally, r: dict[str, Any]) -> tuple[float, str] | None:
    if t.misinfo > 1:
        return r["delta"] * (
            t.misinfo - 1
        ), f"{t.misinfo} misinformers: {t.misinfo - 1} beyond the first"
    return None


def _extra_kill_sources(t: Tally, r: dict[str, Any]) -> tuple[float, str] | None:
    if t.extra_killers:
        return r["delta"] * t.extra_killers, f"{t.extra_killers} kill source(s) besides the Demon"
    return None


def _align_and_char(t: Tally, r: dict[str, Any]) -> tuple[float, str] | None:
    if t.align_change and t.char_change:
        return r["delta"], "both alignment changes and character changes"
    return None


def _protection_above_kills(t: Tally, r: dict[str, Any]) -> tuple[float, str] | None:
    if t.protectors > t.kill_sources:
        return r["delta"], f"{t.protectors} protectors against {t.kill_sources} kill sources"
    return None


def _kills_above_protection(t: Tally, r: dict[str, Any]) -> tuple[float, str] | None:
    if t.kill_sources - t.protectors > r["margin"]:
        return r["delta"], (
            f"{t.kill_sources} kill sources against {t.protectors} protectors "
            f"(more than {r['margin']} ahead)"
        )
    return None


def _info_outweighs(t: Tally, r: dict[str, Any]) -> tuple[float, str] | None:
    if t.info and t.info >= r["ratio"] * t.misinfo:  # no information outweighs nothing
        return r["delta"], f"{t.info} information characters, at least {r['ratio']} x {t.misinfo}"
    return None


def _misinfo_matches(t: Tally, r: dict[str, Any]) -> tuple[float, str] | None:
    if t.misinfo and t.misinfo >= t.info:  # no misinformation matches nothing
        return r["delta"], f"{t.misinfo} misinformers against {t.info} information characters"
    return None


SYNERGIES: dict[str, Callable[[Tally, dict[str, Any]], tuple[float, str] | None]] = {
    "extra_misinformers": _extra_misinformers,
    "extra_kill_sources": _extra_kill_sources,
    "align_and_char_change": _align_and_char,
    "protection_above_kills": _protection_above_kills,
    "kills_above_protection": _kills_above_protection,
    "info_outweighs_misinfo": _info_outweighs,
    "misinfo_matches_info": _misinfo_matches,
}


def category(score: float) -> str:
    for cat in rules()["category"]:
        if "max" not in cat or score <= cat["max"]:
            return str(cat["name"])
    raise AssertionError("the last category must have no max")


def dealt(chars: tuple[Character, ...]) -> int:
    """How many of the script's characters can be dealt (no Travellers, no Fabled)."""
    return sum(c.team in DEALT for c in chars)


def table_factor(players: int, characters: int) -> float:
    """The weight a table of ``players`` gives a script of ``characters`` dealable characters:
    a player reasons about every character on the script (any may be in play or bluffed) and
    the table adds the ones really in play, so the difficulty met grows with their sum."""
    table = rules()["table"]
    return float(
        table["scale"] * (characters + players) / (characters + table["reference_players"])
    )


def normalise(raw: float, players: int, characters: int) -> float:
    return round(raw * table_factor(players, characters), 2)


@dataclass(frozen=True)
class CharacterWeight:
    """One character's part of a score: its tags, and the weight they add up to, explained."""

    id: str
    name: str
    team: str
    tags: tuple[str, ...]
    weight: float
    why: str


@dataclass(frozen=True)
class Synergy:
    """A synergy rule that fired: what it adds, and why."""

    rule: str
    delta: float
    why: str


@dataclass(frozen=True)
class AtTable:
    """A score and its category at one table size."""

    players: int
    score: float
    category: str


@dataclass(frozen=True)
class BaseEdition:
    """A base edition's score at the same table, for comparison."""

    edition: str
    name: str
    players: int
    score: float
    category: str


@dataclass(frozen=True)
class Comparison:
    """Where a script sits beside the base editions, in words (``summary``) and figures."""

    base_editions: tuple[BaseEdition, ...]
    summary: str


@dataclass(frozen=True)
class Score:
    """A script's difficulty at a table of ``players``, every point explained (``text``); its
    JSON form (``to_dict``) is ``ravenswood script score --json``'s."""

    script: str
    players: int
    raw: float
    score: float
    category: str
    formula: str
    characters: tuple[CharacterWeight, ...]
    synergies: tuple[Synergy, ...]
    by_players: tuple[AtTable, ...]
    comparison: Comparison
    jinxes: tuple[tuple[str, str], ...]
    warnings: tuple[Problem, ...]

    def to_dict(self) -> dict[str, Any]:
        found = asdict(self)
        warnings = found.pop("warnings")
        return {**found, "errors": [], "warnings": warnings}

    def text(self) -> str:
        """Every point in plain text: each character's tags and weight, each synergy and why,
        the total, the category and the base editions (the CLI, and the bot's file)."""
        lines = [
            f"{self.script}: {self.score:g} ({self.category}) at {self.players} players",
            f"  score = {self.formula}",
            "",
            "Characters (tag weights):",
        ]
        width = max((len(c.name) for c in self.characters), default=0)
        lines += [f"  {c.name:<{width}} {c.weight:+5g}  {c.why}" for c in self.characters]
        lines.append("Synergies:")
        lines += [f"  {s.rule:<24} {s.delta:+5g}  {s.why}" for s in self.synergies] or [
            "  none fired"
        ]
        bases = ", ".join(
            f"{b.name} {b.score:g} ({b.category})" for b in self.comparison.base_editions
        )
        lines.append(f"Beside the base editions: {self.comparison.summary} ({bases}).")
        by = ", ".join(f"{row.players}: {row.score:g} {row.category}" for row in self.by_players)
        lines.append(f"By player count: {by}.")
        lines += [f"Warning: {w.position}: {w.message}" for w in self.warnings]
        return "\n".join(lines)


def at_table(raw: float, players: int, characters: int) -> AtTable:
    """The score and category at one table size."""
    score = normalise(raw, players, characters)
    return AtTable(players, score, category(score))


def raw_score(
    chars: tuple[Character, ...],
) -> tuple[float, tuple[CharacterWeight, ...], tuple[Synergy, ...]]:
    """The unnormalised score, with the per-character and per-synergy explanation."""
    rows: list[CharacterWeight] = []
    for c in chars:
        parts = {tag: tag_weight(c, tag) for tag in c.tags}
        why = ", ".join(
            f"{tag} {w:+g}" + (" (helps evil)" if mirrored(c, tag) else "")
            for tag, w in parts.items()
        )
        weight = round(sum(parts.values()), 2)
        rows.append(CharacterWeight(c.id, c.name, c.team, tuple(c.tags), weight, why or "no tags"))
    tally = _tally(chars)
    synergies: list[Synergy] = []
    for name, rule in SYNERGIES.items():
        fired = rule(tally, rules()["synergy"][name])
        if fired is not None:
            synergies.append(Synergy(name, round(fired[0], 2), fired[1]))
    total = sum(r.weight for r in rows) + sum(s.delta for s in synergies)
    return round(total, 2), tuple(rows), tuple(synergies)


@cache
def base_raw_scores() -> dict[str, tuple[float, int]]:
    """The raw scores and dealable character counts of the three base editions (from the
    catalogue, no files needed)."""
    scores = {}
    for edition in BASE_EDITIONS:
        script = script_from_ids(
            [c.id for c in edition_characters(edition)], BASE_EDITIONS[edition]
        )
        scores[edition] = raw_score(script.characters)[0], dealt(script.characters)
    return scores


def _comparison(score: float, players: int) -> Comparison:
    bases: list[BaseEdition] = []
    for edition, (raw, characters) in base_raw_scores().items():
        at = at_table(raw, players, characters)
        bases.append(
            BaseEdition(edition, BASE_EDITIONS[edition], at.players, at.score, at.category)
        )
    easier = [b.name for b in bases if b.score < score]
    harder = [b.name for b in bases if b.score > score]
    parts = []
    if easier:
        parts.append(f"harder than {', '.join(easier)}")
    if harder:
        parts.append(f"easier than {', '.join(harder)}")
    return Comparison(tuple(bases), "; ".join(parts) or "level with the base editions")


def score_script(script: Script, players: int | None = None) -> Score:
    """The score, category and full explanation."""
    n = players or rules()["default_players"]
    raw, rows, synergies = raw_score(script.characters)
    characters = dealt(script.characters)
    score = normalise(raw, n, characters)
    table = rules()["table"]
    return Score(
        script=script.name,
        players=n,
        raw=raw,
        score=score,
        category=category(score),
        formula=f"({raw:g} = tags {sum(r.weight for r in rows):g} + synergies "
        f"{sum(s.delta for s in synergies):g}) x {table['scale']:g} x ({characters} characters "
        f"+ {n} players) / ({characters} + {table['reference_players']})",
        characters=rows,
        synergies=synergies,
        by_players=tuple(at_table(raw, p, characters) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        comparison=_comparison(score, n),
        jinxes=script.jinxes,
        warnings=tuple(script.warnings),
    )
