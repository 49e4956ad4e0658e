"""The vocabulary every game shares: rule errors, effects and the result of applying an action.

A game is a pure state machine: ``apply(state, action) -> Step``. The engine never formats
Discord text; effects are plain data naming *what* to tell *whom*, and the shell renders them.
Player ids are ints (Discord user ids in the bot, any ints in tests).

Effects are typed events: each game declares its own as frozen dataclasses deriving from
``Event`` and ``Public`` (posted in the game's channel) or ``Private`` (told to one player,
``to``), so a renamed or reshaped event fails the type check rather than a live game. Their
fields are their data (``Event.data``), ``event`` their name.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar


class RuleError(Exception):
    """An action the rules refuse; the message is a sentence a player can read."""


class Public:
    """Posted in the game's channel. Must never carry secret information."""


@dataclass(frozen=True)
class Private:
    """Sent to one player, ``to`` (by DM, with an ephemeral fallback)."""

    to: int


class Event:
    """A typed event: a frozen dataclass whose fields are its data, named by ``event``.

    ``sparse`` names fields that ``data`` leaves out while they hold their default: details
    only some events of a kind carry (a day ability's day on a night ability's answer)."""

    event: ClassVar[str] = ""
    sparse: ClassVar[frozenset[str]] = frozenset()

    @functools.cached_property
    def data(self) -> dict[str, Any]:
        """The fields (but a private event's recipient) as a mapping. Worked out once: a game's
        fingerprint reads the data of every event it remembers, after every action."""
        recipient = "to" if isinstance(self, Private) else None
        data = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.name != recipient and not (f.name in self.sparse and value == f.default):
                data[f.name] = value
        return data


@dataclass(frozen=True)
class Prompt:
    """Asks players to choose among legal options; the shell shows a menu or buttons.

    ``to`` lists who may answer; ``options`` are the legal choices (player ids or strings);
    ``default`` is what applies if nobody answers in time (None: the game waits).
    """

    to: tuple[int, ...]
    kind: str
    options: tuple[Any, ...]
    default: Any = None
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameOver:
    """The game has ended; ``winner`` names the winning side (or "abandoned"). ``outcome`` is the
    game's own typed result to record (a Clocktower ``Outcome``; None when abandoned), ``data``
    a game's plain record where it has no such type yet (the Traitors')."""

    winner: str
    data: Mapping[str, Any] = field(default_factory=dict)
    outcome: object = None


Effect = Public | Private | Prompt | GameOver


@dataclass(frozen=True)
class Step:
    """The new state and what to tell whom after one accepted action."""

    state: Any
    effects: tuple[Effect, ...] = ()


def seeded_rng(seed: int, *salt: object) -> random.Random:
    """A deterministic RNG for one decision: same seed and salt, same draws, on any platform.

    Games keep a seed and derive each random decision from it and a salt (e.g. the round
    number), so replaying the action log reproduces every draw exactly.
    """
    text = ":".join(str(part) for part in (seed, *salt)).encode()
    return random.Random(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))


def encode_action(action: Any) -> dict[str, Any]:
    """An action dataclass as JSON-ready data: its class name under ``type``, then its fields.

    Action fields are plain values (ints, strings, bools, None, tuples of those), so the
    action log in SQLite stays readable and replays exactly.
    """
    fields = {name: getattr(action, name) for name in action.__dataclass_fields__}
    return {"type": type(action).__name__, **fields}


def decode_action(data: Mapping[str, Any], actions: Mapping[str, type]) -> Any:
    """The inverse of ``encode_action``, for a game whose action classes are ``actions``."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in actions:
        raise ValueError(f"unknown action type {kind!r}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "type"}
    return actions[kind](**values)


def plain(value: Any) -> Any:
    """``value`` as canonical JSON-ready data: tuples and lists as lists, sets sorted, enums as
    their values, mappings with string keys. Anything else that JSON cannot hold is refused."""
    if isinstance(value, Enum):
        return plain(value.value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    raise TypeError(f"cannot fingerprint {type(value).__name__}: {value!r}")


def checksum(fingerprint: Any) -> str:
    """A short digest of a game's fingerprint (see each game's ``fingerprint``): stored with each
    accepted action and compared when the log is replayed, so a rule change that would rewrite a
    running game is noticed instead of silently adopted. The digest is of ``plain(fingerprint)``
    as compact sorted JSON; JSON's own encoder does the common cases (tuples, str enums, int
    keys), ``plain`` the rest, which keeps this cheap enough to run after every action."""
    text = json.dumps(
        fingerprint,
        sort_keys=True,
        separators=(",", ":"),
        default=_plain_rest,
        check_circular=False,  # a fingerprint is a tree; skipping the check halves the cost
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _plain_rest(value: Any) -> Any:
    if isinstance(value, (Enum, Mapping, set, frozenset)):
        return plain(value)
    raise TypeError(f"cannot fingerprint {type(value).__name__}: {value!r}")
