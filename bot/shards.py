"""``RAVENSWOOD_SHARDS``: which gateway shards this process runs, when the bot is split over
several processes (see README, "When you outgrow one machine").

Discord asks for one shard per 2,500 servers; a server's events arrive on shard
``(server_id >> 22) % shard_count`` and every DM on shard 0. ``0-3/16`` runs shards 0 to 3 of
16; ``4,6/16`` shards 4 and 6; ``5/16`` shard 5 alone. Every process of one bot must be given
the same count, and between them every shard once: the count is Discord's, the split is ours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RANGE = re.compile(r"(\d+)(?:-(\d+))?")


class ShardSpecError(ValueError):
    """``RAVENSWOOD_SHARDS`` says something we cannot run; the message says what to write."""


@dataclass(frozen=True)
class ShardSlice:
    ids: tuple[int, ...]  # the shards this process runs, ascending
    count: int  # the bot's shard count, over all its processes


def parse_shards(text: str) -> ShardSlice | None:
    """The slice ``text`` names; None when it is empty (one process, as always)."""
    text = text.strip()
    if not text:
        return None
    example = "write it like 0-3/16 (shards 0 to 3 of 16) or 5/16"
    ids_part, slash, count_part = text.partition("/")
    if not slash or not count_part.strip().isdigit():
        raise ShardSpecError(f"RAVENSWOOD_SHARDS is {text!r}; {example}.")
    count = int(count_part)
    if count < 1:
        raise ShardSpecError(f"RAVENSWOOD_SHARDS is {text!r}: the shard count must be at least 1.")
    ids: set[int] = set()
    for piece in ids_part.split(","):
        found = _RANGE.fullmatch(piece.strip())
        if found is None:
            raise ShardSpecError(f"RAVENSWOOD_SHARDS is {text!r}; {example}.")
        first = int(found[1])
        last = int(found[2]) if found[2] is not None else first
        if last < first:
            raise ShardSpecError(
                f"RAVENSWOOD_SHARDS is {text!r}: the range {piece.strip()} runs backwards."
            )
        if last >= count:
            raise ShardSpecError(
                f"RAVENSWOOD_SHARDS is {text!r}: shards are numbered 0 to {count - 1} "
                f"when there are {count}."
            )
        ids.update(range(first, last + 1))
    return ShardSlice(tuple(sorted(ids)), count)
