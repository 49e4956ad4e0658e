"""What the reasoning model covers, said for people: the one sentence that names the characters
it cannot yet weigh (``worlds.uncovered``), shown where a figure would otherwise rest on them
(``/script score``'s balance, ``/clocktower review``)."""

from __future__ import annotations

from engine.clocktower.catalogue import find
from engine.clocktower.reasoning.worlds import uncovered

NAMED = 8  # characters named in full; more are counted


def names(cids: tuple[str, ...]) -> str:
    """``a``, ``a and b``, ``a, b and c`` of the characters' names (the first ``NAMED``)."""
    said = [c.name if (c := find(cid)) is not None else cid for cid in cids[:NAMED]]
    if len(cids) > NAMED:
        said.append(f"{len(cids) - NAMED} more")
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def not_covered(chars: tuple[str, ...]) -> str | None:
    """Why the model cannot weigh a game of this script (None: it can): which characters, and
    that it does not know their part in the worlds (a clause, to end a sentence)."""
    missing = uncovered(chars)
    if not missing:
        return None
    return (
        f"the reasoning model cannot yet weigh {names(missing)} (it does not know how "
        f"{'that character acts' if len(missing) == 1 else 'those characters act'} on the "
        "possible worlds)"
    )
