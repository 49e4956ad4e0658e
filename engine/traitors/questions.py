"""What a Traitors game asks, as types: the ballot, the night's murder, the recruit pick and
the offer. Each names itself by its round (``key``), turns an option into a button's token and a
token back into the answering action, which carries the key: the engine refuses an answer to a
question that is no longer open (``engine.core.require_open``), so a menu of an earlier vote or
night never counts in this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import Prompt
from engine.traitors.actions import Murder, RecruitAnswer, RecruitPick, Vote


@dataclass(frozen=True, kw_only=True)
class Ballot(Prompt):
    """The round table's vote (``revote``: between the tied players); a voter's own name is
    the one option refused to them."""

    kind: ClassVar[str] = "vote"
    stale: ClassVar[str] = "That ballot is from an earlier vote; use the menu of this one."
    round: int
    revote: bool = False

    @property
    def ref(self) -> str:
        return f"{self.round}.{int(self.revote)}"

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> Vote:
        return Vote(by=by, target=int(token), question=key)


@dataclass(frozen=True, kw_only=True)
class OfRound(Prompt):
    """A question asked once a round, so its round names it."""

    round: int

    @property
    def ref(self) -> str:
        return str(self.round)


@dataclass(frozen=True, kw_only=True)
class PlayerPick(OfRound):
    """The Traitors' choice of one Faithful, answered by its action class (``picks``)."""

    picks: ClassVar[type[Murder] | type[RecruitPick]]

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> Murder | RecruitPick:
        return cls.picks(by=by, target=int(token), question=key)


@dataclass(frozen=True, kw_only=True)
class MurderMenu(PlayerPick):
    """The Traitors' choice of tonight's victim among the Faithful."""

    kind: ClassVar[str] = "murder"
    stale: ClassVar[str] = "That menu is from an earlier night; use tonight's."
    picks: ClassVar[type[Murder]] = Murder


@dataclass(frozen=True, kw_only=True)
class RecruitMenu(PlayerPick):
    """The Traitors' choice of a Faithful to offer a place among them."""

    kind: ClassVar[str] = "recruit_pick"
    stale: ClassVar[str] = "That recruitment is over."
    picks: ClassVar[type[RecruitPick]] = RecruitPick


@dataclass(frozen=True, kw_only=True)
class RecruitOffer(OfRound):
    """The offered Faithful accepts or refuses; unanswered, the offer counts as refused."""

    kind: ClassVar[str] = "recruit_answer"
    stale: ClassVar[str] = "That offer is no longer open."
    options: tuple[Any, ...] = (True, False)
    default: Any = False

    @classmethod
    def reply(cls, key: str, by: int, token: str) -> RecruitAnswer:
        return RecruitAnswer(by=by, accept=token == "yes", question=key)


Question = Ballot | MurderMenu | RecruitMenu | RecruitOffer  # what the game may ask

QUESTIONS: dict[str, type[Prompt]] = {
    cls.kind: cls for cls in (Ballot, MurderMenu, RecruitMenu, RecruitOffer)
}
