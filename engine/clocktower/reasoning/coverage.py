"""What the reasoning model covers, said for people: the one sentence that names the characters
it cannot yet weigh and why (``worlds.uncovered``), shown where a figure would otherwise rest on
them (``/script score``'s balance, ``/clocktower review``)."""

from __future__ import annotations

from engine.clocktower.catalogue import MAX_PLAYERS, find
from engine.clocktower.reasoning.worlds import too_many_teams, uncovered

NAMED = 8  # characters named in full; more are counted


def names(cids: tuple[str, ...]) -> str:
    """``a``, ``a and b``, ``a, b and c`` of the characters' names (the first ``NAMED``)."""
    said = [c.name if (c := find(cid)) is not None else cid for cid in cids[:NAMED]]
    if len(cids) > NAMED:
        said.append(f"{len(cids) - NAMED} more")
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def not_covered(chars: tuple[str, ...], players: int = MAX_PLAYERS) -> str | None:
    """Why the model cannot weigh a game of this script at ``players`` (None: it can): which
    characters, and for each group of them why (a clause, to end a sentence)."""
    why = uncovered(chars)
    if not why and too_many_teams(chars, players):
        return (
            "the reasoning model cannot yet weigh a script with this many evil characters "
            f"at {players} players"
        )
    if not why:
        return None
    reasons: dict[str, list[str]] = {}
    for cid, reason in why.items():
        reasons.setdefault(reason, []).append(cid)
    parts = [f"{names(tuple(cids))} ({reason})" for reason, cids in reasons.items()]
    return "the reasoning model cannot yet weigh " + "; nor ".join(parts)
