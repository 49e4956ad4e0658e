"""Everything a player, the host or the shell can do in a Traitors game.

Fields are plain ints and bools, so ``engine.core.encode_action``/``decode_action(…, ACTIONS)``
round-trip them through the JSON action log. ``by`` is always the acting user; the shell fills it
from the interaction, so nobody can act for someone else. ``question`` names the question an
answer answers (``engine.traitors.questions``): it is refused once that question has closed.
Records from before answers carried it lack it, and replay as they always did.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Join:
    player: int


@dataclass(frozen=True)
class Leave:
    """Leave the lobby. After the start the shell reports a leaver with ``Depart``."""

    player: int


@dataclass(frozen=True)
class Start:
    """Host only: assign ``traitors`` Traitors at random (seeded) and begin day 1."""

    by: int
    traitors: int


@dataclass(frozen=True)
class Murder:
    """A living Traitor's choice of victim for tonight; may be changed until the night resolves."""

    by: int
    target: int
    question: str | None = None


@dataclass(frozen=True)
class CloseNight:
    """Host only: stop waiting. At night, murder with the choices made so far (none: a seeded
    random Faithful); while recruiting, offer with the picks so far (none: no offer), or take an
    unanswered offer as refused."""

    by: int


@dataclass(frozen=True)
class OpenVote:
    """Host only: end the day's discussion and open the round-table vote."""

    by: int


@dataclass(frozen=True)
class Vote:
    """A living player's secret ballot; may be changed until the ballots are revealed."""

    by: int
    target: int
    question: str | None = None


@dataclass(frozen=True)
class CloseVote:
    """Host only: reveal the ballots cast so far (at least one) without waiting for the rest."""

    by: int


@dataclass(frozen=True)
class RecruitPick:
    """A living Traitor's choice of which Faithful to offer a place among the Traitors."""

    by: int
    target: int
    question: str | None = None


@dataclass(frozen=True)
class RecruitAnswer:
    """The offered Faithful accepts (becomes a Traitor) or refuses."""

    by: int
    accept: bool
    question: str | None = None


@dataclass(frozen=True)
class Depart:
    """The shell reports that ``player`` left the server or the game: they are out for good."""

    player: int


@dataclass(frozen=True)
class Abort:
    """Host only: end the game now; it is recorded as abandoned, not as a result."""

    by: int


Action = (
    Join
    | Leave
    | Start
    | Murder
    | CloseNight
    | OpenVote
    | Vote
    | CloseVote
    | RecruitPick
    | RecruitAnswer
    | Depart
    | Abort
)

ACTIONS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Join,
        Leave,
        Start,
        Murder,
        CloseNight,
        OpenVote,
        Vote,
        CloseVote,
        RecruitPick,
        RecruitAnswer,
        Depart,
        Abort,
    )
}
