"""Counted nouns, so that every message and command-line line that states a number reads right:
"1 game", "2 games", "0 Outsiders", "1 Minion"."""

from __future__ import annotations

TEAMS = {
    "townsfolk": ("Townsfolk", "Townsfolk"),
    "outsider": ("Outsider", "Outsiders"),
    "minion": ("Minion", "Minions"),
    "demon": ("Demon", "Demons"),
    "traveller": ("Traveller", "Travellers"),
}


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and the noun, singular only for exactly one."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def team_count(team: str, count: int) -> str:
    """'3 Townsfolk', '0 Outsiders', '1 Minion', '1 Demon'."""
    one, many = TEAMS.get(team, (team, team))
    return plural(count, one, many)
