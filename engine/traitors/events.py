"""What a Traitors game says, as typed events: public ones for the table, private ones for a
player (see ``engine.core``: an event's fields are its data)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Event, Private, Public
from engine.traitors.model import Role

Players = tuple[int, ...]


# In public -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Joined(Event, Public):
    event = "joined"
    player: int
    players: Players


@dataclass(frozen=True)
class Left(Event, Public):
    event = "left"
    player: int
    players: Players


@dataclass(frozen=True)
class HostChanged(Event, Public):
    event = "host_changed"
    host: int
    previous: int


@dataclass(frozen=True)
class Started(Event, Public):
    event = "started"
    players: Players
    traitor_count: int
    recruit: bool
    round: int


@dataclass(frozen=True)
class VoteOpened(Event, Public):
    event = "vote_opened"
    round: int
    voters: Players
    candidates: Players


@dataclass(frozen=True)
class BallotCast(Event, Public):
    """A ballot went in (who voted is public; for whom stays secret until the reveal)."""

    event = "ballot_cast"
    round: int
    revote: bool
    voter: int
    changed: bool
    voted: Players
    awaiting: Players


@dataclass(frozen=True)
class VotesRevealed(Event, Public):
    """Every ballot shown; a banishment (``banished``, their ``role``) or a tie (``tied``)."""

    event = "votes_revealed"
    round: int
    revote: bool
    ballots: tuple[tuple[int, int], ...]
    counts: tuple[tuple[int, int], ...]
    tied: Players
    banished: int | None
    role: Role | None
    tie_broken: bool


@dataclass(frozen=True)
class Revote(Event, Public):
    event = "revote"
    round: int
    candidates: Players


@dataclass(frozen=True)
class NightFalls(Event, Public):
    event = "night_falls"
    round: int


@dataclass(frozen=True)
class Recruiting(Event, Public):
    event = "recruiting"
    round: int


@dataclass(frozen=True)
class Dawn(Event, Public):
    event = "dawn"
    round: int
    victim: int
    role: Role


@dataclass(frozen=True)
class Departed(Event, Public):
    """A player left the server mid-game; their role is revealed."""

    event = "departed"
    round: int
    player: int
    role: Role


# In private ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoleTold(Event, Private):
    """A player's secret: their role, and for a Traitor the other living Traitors."""

    event = "role"
    role: Role
    traitors: Players
    recruit: bool


@dataclass(frozen=True)
class Recruited(RoleTold):
    """A Faithful accepted the Traitors' offer: their new secret."""

    event = "recruited"


@dataclass(frozen=True)
class RecruitAccepted(Event, Private):
    event = "recruit_accepted"
    player: int


@dataclass(frozen=True)
class MurderChoice(Event, Private):
    """A Traitor's choice of victim, told to every Traitor."""

    event = "murder_choice"
    by: int
    target: int
    awaiting: Players


@dataclass(frozen=True)
class RecruitChoice(MurderChoice):
    event = "recruit_choice"


@dataclass(frozen=True)
class RecruitOffered(Event, Private):
    event = "recruit_offered"
    target: int


@dataclass(frozen=True)
class RecruitRefused(Event, Private):
    event = "recruit_refused"
    player: int


@dataclass(frozen=True)
class RecruitLapsed(RecruitRefused):
    """The Faithful offered a place left the game before answering."""

    event = "recruit_lapsed"


@dataclass(frozen=True)
class RecruitSkipped(Event, Private):
    event = "recruit_skipped"
    round: int
