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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar


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


@dataclass(frozen=True, kw_only=True)
class Prompt:
    """A question the game asks: who may answer (``to``), the legal ``options`` and the
    ``default`` if nobody answers in time (None: the game waits). Each game declares its
    questions as frozen subclasses beside its events, named by ``kind``; their other fields are
    their data (``data``), ``details`` the particulars only some questions of a kind carry.

    A question owns its wire format, the way a chess move owns its notation: ``key`` names it
    among all the game's questions (its kind and its id, e.g. ``ballot.3.0``), ``token(option)``
    is an option as the short text a button carries, and ``answer(by, token)`` the action that
    answers it. The action carries ``key``, so the engine refuses an answer to a question that
    is no longer open (``require_open``), whichever old menu it came from.
    """

    kind: ClassVar[str] = ""
    stale: ClassVar[str] = "That question is no longer open."  # the refusal of a late answer
    to: tuple[int, ...]
    options: tuple[Any, ...] = ()
    default: Any = None
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ref(self) -> str:
        """The question's id among those of its kind (digits and dots)."""
        raise NotImplementedError

    @property
    def key(self) -> str:
        return f"{self.kind}.{self.ref}"

    def token(self, option: Any) -> str:
        """An option as a button's text: a player's id, a word."""
        return "yes" if option is True else "no" if option is False else str(option)

    def answer(self, by: int, token: str) -> Any:
        """The action by which ``by`` answers this question with ``token``."""
        return self.reply(self.key, by, token)

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> Any:
        """The answer to the question named ``key``, from its key alone: a menu outlives the
        question it asked, and the engine, not the menu, says whether it is still open."""
        raise NotImplementedError

    @functools.cached_property
    def data(self) -> dict[str, Any]:
        """The question's own fields (not ``to``, ``options``, ``default``) and its details."""
        own = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _ASKING}
        return {**own, **self.details}


_ASKING = frozenset({"to", "options", "default", "details"})


def token_value(token: str) -> int | str:
    """A token as the option it names: a player's id as an int, anything else as text."""
    return int(token) if token.isdigit() else token


def answer(vocabulary: Mapping[str, type[Prompt]], key: str, by: int, token: str) -> Any:
    """The action answering the question named ``key`` with ``token``, for a game whose
    question classes are ``vocabulary`` (by kind)."""
    kind = key.partition(".")[0]
    question = vocabulary.get(kind)
    if question is None:
        raise RuleError("That button is from an older version of the bot; use the slash commands.")
    return question.reply(key, by, token)


def require_open(
    asked: Callable[[], Iterable[Prompt]],
    vocabulary: Mapping[str, type[Prompt]],
    key: str | None,
) -> None:
    """Refuse an answer to a question no longer open (``asked``: the questions open before it,
    worked out only for an answer with a key), with the sentence of its kind. The games check
    this after their own rules, whose refusal says more ("Only living Traitors choose"). An
    action without ``key`` (a slash command, self-play, a log from before questions had keys)
    is not checked."""
    if key is None or any(q.key == key for q in asked()):
        return
    question = vocabulary.get(str(key).partition(".")[0])
    raise RuleError(question.stale if question is not None else Prompt.stale)


@dataclass(frozen=True)
class GameOver:
    """The game has ended; ``winner`` names the winning side (or "abandoned"). ``outcome`` is the
    game's own typed record of it (a Clocktower or a Traitors ``Outcome``; None when a Clocktower
    game is abandoned), which the shell renders and records."""

    winner: str
    outcome: object = None


Effect = Public | Private | Prompt | GameOver


S = TypeVar("S")


@dataclass(frozen=True)
class Step(Generic[S]):
    """The new state and what to tell whom after one accepted action (``S``: the game's state)."""

    state: S
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
