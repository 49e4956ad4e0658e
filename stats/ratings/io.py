"""Game files in and out: the "Clocktower IQ" YAML list, and CSV (our export format).

Imports are all-or-nothing: ``parse_games`` either returns every game or raises ValueError with
one sentence naming the file, the bad game/row and the problem. CSV columns are
``kind,script,storyteller,winner,good,evil`` with players separated by ";" inside a cell.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

import yaml

from stats.ratings.records import GameRecord, validate_game

MAX_FILE_CHARS = 5_000_000
MAX_GAMES = 50_000
CSV_COLUMNS = ("kind", "script", "storyteller", "winner", "good", "evil")
_REQUIRED_CSV = {"winner", "good", "evil"}
_NULL_TAG = "tag:yaml.org,2002:null"


class _TextLoader(yaml.SafeLoader):
    """Safe YAML where every plain scalar stays text, except an empty value or null.

    YAML 1.1 would read players called No, Yes, On or Off as booleans, 007 as the number 7 and
    1e3 as 1000.0; in a list of names each of them is a name.
    """


_TextLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag == _NULL_TAG]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def parse_games(text: str, filename: str) -> list[GameRecord]:
    """Parse a YAML or CSV file of games (format from the extension, else from the content)."""
    if len(text) > MAX_FILE_CHARS:
        raise ValueError(
            f"{filename} is too large ({len(text):,} characters; at most {MAX_FILE_CHARS:,})."
        )
    fmt = _detect_format(text, filename)
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
    try:
        data = yaml.load(text, Loader=_TextLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise ValueError(f"{filename} is not valid YAML{where}.") from None
    if not isinstance(data, list):
        raise ValueError(f"{filename} should be a YAML list of games.")
    _check_count(len(data), filename)
    games = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise ValueError(f"{filename}, game {number}: each game must be a mapping.")
        games.append(
            _validated(
                f"{filename}, game {number}",
                good=item.get("good"),
                evil=item.get("evil"),
                winner=item.get("winner"),
                storyteller=item.get("storyteller"),
                kind=item.get("kind") or "clocktower",
                script=item.get("edition", item.get("script")),
            )
        )
    return games


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
            games.append(
                _validated(
                    f"{filename}, row {reader.line_num}",
                    good=_split_team(cells.get("good", "")),
                    evil=_split_team(cells.get("evil", "")),
                    winner=cells.get("winner"),
                    storyteller=cells.get("storyteller") or None,
                    kind=cells.get("kind") or "clocktower",
                    script=cells.get("script") or None,
                )
            )
    except csv.Error as exc:
        raise ValueError(f"{filename}, line {reader.line_num}: {exc}.") from None
    return games


def _split_team(cell: str) -> Sequence[str]:
    return [name for name in (part.strip() for part in cell.split(";")) if name]


def _validated(where: str, **fields) -> GameRecord:
    try:
        return validate_game(**fields)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}.") from None


def _check_count(count: int, filename: str) -> None:
    if count > MAX_GAMES:
        raise ValueError(f"{filename} has more than {MAX_GAMES:,} games.")
