"""One finished two-team game, as the rating model sees it, and the checks every source shares.

The bot's results table, `/ratings record`, and file imports all funnel through
``validate_game`` so that the same sentence explains the same mistake wherever it is made, and
no name that would print as something else (stats.ratings.names) gets in.
For Traitors games, ``good`` holds the Faithful and ``evil`` the Traitors.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from stats.ratings.names import name_problem, shown

MAX_TEAM_SIZE = 40
MAX_NAME_LENGTH = 100
WINNER_ALIASES = {
    "good": "good",
    "evil": "evil",
    "faithful": "good",
    "traitor": "evil",
    "traitors": "evil",
}
# Names are stored in CSV with ";" between players, so a name may not contain one.
_FORBIDDEN_IN_NAME = re.compile("[;\n\r\t]")


@dataclass(frozen=True)
class GameRecord:
    """A finished game: who played on each side, who won, who ran it and what was played."""

    good: tuple[str, ...]
    evil: tuple[str, ...]
    winner: str  # "good" | "evil"
    storyteller: str | None = None
    kind: str = "clocktower"
    script: str | None = None


def _clean_name(raw: object, role: str) -> str:
    if not isinstance(raw, str | int) or isinstance(raw, bool):
        raise ValueError(f"a {role} must be a name, not {raw!r}")
    name = str(raw).strip()
    if not name:
        raise ValueError(f"a {role} has an empty name")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(
            f"the {role} name '{shown(name[:20])}...' is longer than {MAX_NAME_LENGTH}"
        )
    if _FORBIDDEN_IN_NAME.search(name):
        raise ValueError(f"the {role} name '{shown(name)}' contains ';', a tab or a line break")
    problem = name_problem(name)
    if problem:
        raise ValueError(f"the {role} name '{shown(name)}' {problem}")
    return name


def _clean_team(raw: Iterable[object] | None, side: str) -> tuple[str, ...]:
    if raw is None or isinstance(raw, str | bytes) or not isinstance(raw, Iterable):
        raise ValueError(f"the {side} team must be a list of players")
    team = tuple(_clean_name(p, f"{side} player") for p in raw)
    if not team:
        raise ValueError(f"the {side} team is empty")
    if len(team) > MAX_TEAM_SIZE:
        raise ValueError(f"the {side} team has {len(team)} players (at most {MAX_TEAM_SIZE})")
    repeated = sorted({p for p in team if team.count(p) > 1})
    if repeated:
        raise ValueError(f"{repeated[0]} is listed twice on the {side} team")
    return team


def validate_game(
    good: Iterable[object] | None,
    evil: Iterable[object] | None,
    winner: object,
    storyteller: object = None,
    kind: str = "clocktower",
    script: object = None,
) -> GameRecord:
    """Check and normalise one game; raise ValueError with a sentence fragment saying what's wrong.

    The winner may be "good"/"evil" (or "faithful"/"traitors"), in any case.
    """
    good_team = _clean_team(good, "good")
    evil_team = _clean_team(evil, "evil")
    both = sorted(set(good_team) & set(evil_team))
    if both:
        raise ValueError(f"{both[0]} is on both teams")
    side = WINNER_ALIASES.get(str(winner).strip().lower()) if winner is not None else None
    if side is None:
        raise ValueError(f"the winner {winner!r} is neither good nor evil")
    teller = None
    if storyteller is not None and str(storyteller).strip():
        # A storyteller may also play (it happens in small tabletop groups), so no check here.
        teller = _clean_name(storyteller, "storyteller")
    kind_name = _clean_name(kind, "game kind").lower()
    script_name = None
    if script is not None and str(script).strip():
        script_name = _clean_name(script, "script")
    return GameRecord(good_team, evil_team, side, teller, kind_name, script_name)
