"""The win rules of TG(n, m) and the names of the voting strategies, shared by every path.

Parity (the default, as on the television show): the Traitors win once they are at least as many
as the Faithful. Majority (the Mafia literature's convention): they must outnumber them. The
Faithful win when no Traitor remains.
"""

from __future__ import annotations

from typing import Any

RULES = ("parity", "majority")
FAITHFUL_STRATEGIES = ("random", "vote-left")
TRAITOR_STRATEGIES = ("random", "collude", "vote-left")


def check_rule(rule: str) -> str:
    """The rule name, or ValueError naming the legal ones."""
    if rule not in RULES:
        raise ValueError(f"Unknown rule {rule!r}: choose parity or majority.")
    return rule


def traitors_won(traitors: Any, faithful: Any, rule: str) -> Any:
    """Whether ``traitors`` living Traitors against ``faithful`` living Faithful have won.

    Works elementwise on numpy arrays as well as on ints.
    """
    ahead = traitors >= faithful if rule == "parity" else traitors > faithful
    return (traitors > 0) & ahead


def winning_count(players: int, rule: str) -> int:
    """The fewest Traitors among ``players`` living who have already won (at least 1).

    Having won only gets easier with more Traitors, so "t Traitors among ``players`` have won"
    is exactly ``t >= winning_count(players, rule)``.
    """
    check_rule(rule)
    t = 1
    while not traitors_won(t, players - t, rule):
        t += 1
    return t
