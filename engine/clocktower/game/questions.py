"""What a Clocktower game asks, as types: a player's night choice, a storyteller's ruling and
panel, a vote's hand and the day's nomination menu.

Each names itself (``key``: its kind and its decision's id, the vote's place in the day's
history, or the day), turns an option into a button's token and a token back into the answering
action. The action carries the key, and the engine refuses an answer to a question no longer
open (``engine.core.require_open``): a night menu of an earlier night, a vote board of a
finished vote, a panel of a finished wake, a nomination menu of an earlier day. A ruling's
answer names its decision already (``StorytellerRuling.decision_id``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.actions import (
    Ask,
    CountHand,
    FinishWake,
    NightChoice,
    Nominate,
    StorytellerRuling,
    Vote,
)
from engine.clocktower.game.model import Form
from engine.core import Prompt, token_value

COUNT = "count"  # the vote board's storyteller button: count the next hand set in advance
PANEL_TOOLS: dict[str, tuple[str, int]] = {  # a panel's asks: what, how many
    "ask1": ("players", 1),
    "ask2": ("players", 2),
    "askc": ("character", 1),
}
DONE = "done"


@dataclass(frozen=True, kw_only=True)
class NightMenu(Prompt):
    """A waking player chooses ``pick`` of the options: players, or (``ask``) a character or
    yes or no. ``character`` is the one they believe they are ("" while it is hidden from them,
    ``secrecy``); ``details`` says more (the choice is ``optional``, another's ability
    ``because`` of which they choose, ``when``)."""

    kind: ClassVar[str] = "night_choice"
    stale: ClassVar[str] = "That menu is from an earlier wake; use the one you were sent last."
    decision: int
    character: str
    pick: int = 1
    night: int = 0
    ask: str = "players"

    @property
    def ref(self) -> str:
        return str(self.decision)

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> NightChoice:
        """``token``: one option's token, or several joined by ``-`` (a menu taking two); empty
        for nobody (an optional choice)."""
        targets = tuple(token_value(t) for t in token.split("-") if t)
        return NightChoice(by, targets, question=key)


@dataclass(frozen=True, kw_only=True)
class Ruling(Prompt):
    """A decision the rules leave to the storyteller (``to`` is empty with the bot storyteller):
    ``options`` are the legal answers (or, with a ``form``, suggestions among its full range),
    ``truth`` the index of the true one (None: none is true), ``topic`` what it is about, and
    ``details`` the ruling's own particulars (the player, the reason ...)."""

    kind: ClassVar[str] = "ruling"
    stale: ClassVar[str] = "That decision has already been made."
    decision: int
    topic: str
    truth: int | None = None
    form: Form | None = None

    @property
    def ref(self) -> str:
        return str(self.decision)

    def token(self, option: Any) -> str:
        return str(self.options.index(option))

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> StorytellerRuling:
        return StorytellerRuling(by, int(key.partition(".")[2]), int(token))


@dataclass(frozen=True, kw_only=True)
class Panel(Prompt):
    """A wake a human storyteller runs: ``player`` wakes as ``character``; the options are the
    storyteller's tools (ask for one or two players or a character, then done)."""

    kind: ClassVar[str] = "panel"
    stale: ClassVar[str] = "That wake is over; use the panel of the wake under way."
    options: tuple[Any, ...] = (*PANEL_TOOLS, DONE)
    decision: int
    character: str

    @property
    def ref(self) -> str:
        return str(self.decision)

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> Ask | FinishWake:
        if token in PANEL_TOOLS:
            what, count = PANEL_TOOLS[token]
            return Ask(by, what, count, question=key)
        return FinishWake(by, question=key)


@dataclass(frozen=True, kw_only=True)
class VoteBoard(Prompt):
    """The running vote: the voter the count has reached raises or lowers their hand (anyone
    still to be counted may set theirs in advance; the storyteller may answer for the voter, or
    ``count`` the next hand set in advance). ``index`` is the vote's place in the game's
    history of nominations; ``count`` the hands up so far, None while the vote is secret (the
    Organ Grinder's: the voter's eyes are closed too)."""

    kind: ClassVar[str] = "vote"
    stale: ClassVar[str] = "That vote is over; use the buttons of the current vote."
    options: tuple[Any, ...] = (True, False)
    default: Any = False
    index: int
    nominee: int
    exile: bool
    count: int | None
    ghost: bool

    @property
    def ref(self) -> str:
        return str(self.index)

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> Vote | CountHand:
        if token == COUNT:
            return CountHand(by, question=key)
        return Vote(by, token == "yes", question=key)


@dataclass(frozen=True, kw_only=True)
class NominationMenu(Prompt):
    """Today's nominations: ``to`` may still nominate, ``options`` may still be nominated."""

    kind: ClassVar[str] = "nominate"
    stale: ClassVar[str] = "That menu is from an earlier day; use today's."
    day: int

    @property
    def ref(self) -> str:
        return str(self.day)

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> Nominate:
        return Nominate(by, int(token), question=key)


Question = NightMenu | Ruling | Panel | VoteBoard | NominationMenu  # what the game may ask

QUESTIONS: dict[str, type[Prompt]] = {
    cls.kind: cls for cls in (NightMenu, Ruling, Panel, VoteBoard, NominationMenu)
}
