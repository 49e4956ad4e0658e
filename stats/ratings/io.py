"""Game files in and out: the "Clocktower IQ" YAML list, and CSV (our export format).

Imports are all-or-nothing: ``parse_games`` either returns every game or raises ValueError with
one sentence naming the file, the bad game/row and the problem. CSV columns are
``kind,script,storyteller,winner,good,evil`` with players separated by ";" inside a cell.

Both formats are read as a stream, one game at a time (YAML through the parser's events, never
a whole document tree). The games are counted on the text before any is built, and again as
they are read, so a file with more than MAX_GAMES games is refused in a fraction of a second
and in little more memory than its text.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

import yaml

from stats.ratings.names import shown
from stats.ratings.records import GameRecord, validate_game

MAX_FILE_CHARS = 16_000_000  # 100,000 games take about 8 million as CSV, 14 million as YAML
MAX_GAMES = 100_000  # fitted in seconds, every comparison in a minute or two (docs/benchmarks.md)
CSV_COLUMNS = ("kind", "script", "storyteller", "winner", "good", "evil")
_REQUIRED_CSV = {"winner", "good", "evil"}


# libyaml's parser when PyYAML was built with it (much faster), else PyYAML's own.
_EVENT_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NULLS = ("", "~", "null", "Null", "NULL")
_TOP_LEVEL_ITEM = re.compile(r"^-(?=[ \t]|$)", re.MULTILINE)


def parse_games(text: str, filename: str) -> list[GameRecord]:
    """Parse a YAML or CSV file of games (format from the extension, else from the content)."""
    filename = shown(filename)
    if len(text) > MAX_FILE_CHARS:
        raise ValueError(
            f"{filename} is too large ({len(text):,} characters; at most {MAX_FILE_CHARS:,})."
        )
    fmt = _detect_format(text, filename)
    _check_count(_quick_count(text, fmt), filename)
    games = _parse_yaml(text, filename) if fmt == "yaml" else _parse_csv(text, filename)
    if not games:
        raise ValueError(f"{filename} contains no games.")
    return games


def games_to_csv(games: Iterable[GameRecord]) -> str:
    """Write games as CSV that ``parse_games`` reads back unchanged."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for g in games:
        writer.writerow(
            [
                g.kind,
                g.script or "",
                g.storyteller or "",
                g.winner,
                ";".join(g.good),
                ";".join(g.evil),
            ]
        )
    return buffer.getvalue()


def _detect_format(text: str, filename: str) -> str:
    lower = filename.lower()
    if lower.endswith((".yaml", ".yml")):
        return "yaml"
    if lower.endswith(".csv"):
        return "csv"
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first.startswith("- ") or first == "-" or first.startswith("#"):
        return "yaml"
    if _REQUIRED_CSV <= {c.strip().lower() for c in first.split(",")}:
        return "csv"
    raise ValueError(
        f"{filename} is neither a YAML list of games nor a CSV with winner, good and evil columns."
    )


def _parse_yaml(text: str, filename: str) -> list[GameRecord]:
    games: list[GameRecord] = []
    anchors: dict[str, object] = {}
    try:
        events = yaml.parse(text, Loader=_EVENT_LOADER)
        root = _root_event(events)
        if not isinstance(root, yaml.SequenceStartEvent):
            raise ValueError(f"{filename} should be a YAML list of games.")
        for event in events:
            if isinstance(event, yaml.SequenceEndEvent):
                break
            number = len(games) + 1
            _check_count(number, filename)
            item = _node(event, events, anchors)
            if not isinstance(item, dict):
                raise ValueError(f"{filename}, game {number}: each game must be a mapping.")
            with _located(f"{filename}, game {number}"):
                game = validate_game(
                    good=item.get("good"),
                    evil=item.get("evil"),
                    winner=item.get("winner"),
                    storyteller=item.get("storyteller"),
                    kind=item.get("kind") or "clocktower",
                    script=item.get("edition", item.get("script")),
                )
            games.append(game)
    except yaml.YAMLError as exc:
        if "nesting depth" in str(getattr(exc, "problem", "")):  # libyaml's own limit
            raise ValueError(f"{filename} is nested too deeply to read.") from None
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise ValueError(f"{filename} is not valid YAML{where}.") from None
    return games


def _root_event(events: Iterator[yaml.Event]) -> yaml.Event | None:
    """The event that starts the (first) document's root node, or None for an empty stream."""
    for event in events:
        if isinstance(event, yaml.NodeEvent | yaml.CollectionStartEvent):
            return event
    return None


def _node(event: yaml.Event, events: Iterator[yaml.Event], anchors: dict[str, object]) -> object:
    """Build one node from its first event, reading the rest of it from ``events``.

    Every scalar stays text (YAML 1.1 would read players called No, Yes, On or Off as
    booleans, 007 as the number 7 and 1e3 as 1000.0; in a list of names each of them is a
    name), except an empty or null plain scalar, which is None.
    """
    if isinstance(event, yaml.AliasEvent):
        if event.anchor not in anchors:
            raise yaml.YAMLError(f"unknown alias {event.anchor}")
        return anchors[event.anchor]
    value: object
    if isinstance(event, yaml.ScalarEvent):
        value = None if event.implicit[0] and event.value in _NULLS else event.value
    elif isinstance(event, yaml.SequenceStartEvent):
        items: list[object] = []
        for item in events:
            if isinstance(item, yaml.SequenceEndEvent):
                break
            items.append(_node(item, events, anchors))
        value = items
    else:  # a mapping: keys must be text to be looked up
        mapping: dict[str, object] = {}
        for key in events:
            if isinstance(key, yaml.MappingEndEvent):
                break
            name = _node(key, events, anchors)
            mapping[name if isinstance(name, str) else repr(name)] = _node(
                next(events), events, anchors
            )
        value = mapping
    anchor = getattr(event, "anchor", None)
    if anchor:
        anchors[anchor] = value
    return value


def _parse_csv(text: str, filename: str) -> list[GameRecord]:
    reader = csv.DictReader(io.StringIO(text))
    header = {(h or "").strip().lower() for h in reader.fieldnames or ()}
    missing = sorted(_REQUIRED_CSV - header)
    if missing:
        raise ValueError(f"{filename}: the CSV header lacks the column(s) {', '.join(missing)}.")
    games: list[GameRecord] = []
    try:
        for row in reader:
            _check_count(len(games) + 1, filename)
            cells = {(k or "").strip().lower(): (v or "") for k, v in row.items() if k}
            with _located(f"{filename}, row {reader.line_num}"):
                game = validate_game(
                    good=_split_team(cells.get("good", "")),
                    evil=_split_team(cells.get("evil", "")),
                    winner=cells.get("winner"),
                    storyteller=cells.get("storyteller") or None,
                    kind=cells.get("kind") or "clocktower",
                    script=cells.get("script") or None,
                )
            games.append(game)
    except csv.Error as exc:
        raise ValueError(f"{filename}, line {reader.line_num}: {exc}.") from None
    return games


def _split_team(cell: str) -> Sequence[str]:
    return [name for name in (part.strip() for part in cell.split(";")) if name]


@contextmanager
def _located(where: str) -> Iterator[None]:
    """A ValueError from inside becomes one sentence that starts by saying where it was."""
    try:
        yield
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}.") from None


def _quick_count(text: str, fmt: str) -> int:
    """The number of games, counted before any is built, so that a file over the limit is
    refused in a fraction of a second: CSV records (the same parser, minus the header), or
    lines that open a top-level YAML list item ("- " at the margin; a flow-style list counts 0
    here and is counted while it is read)."""
    if fmt == "yaml":
        return sum(1 for _ in _TOP_LEVEL_ITEM.finditer(text))
    try:
        return max(sum(1 for _ in csv.reader(io.StringIO(text))) - 1, 0)
    except csv.Error:
        return 0  # reported with its line number by the real parse


def _check_count(count: int, filename: str) -> None:
    if count > MAX_GAMES:
        raise ValueError(f"{filename} has more than {MAX_GAMES:,} games.")
