"""The public record of a game: what everyone at the table has seen and heard.

The reasoning model reads only this (and, for one player, what they know privately): the
characters players claim and the information they say they got (``Claim``, ``Heard``), who died
when and how (``Death``), every nomination with its raised hands (``Nominated``) and the Slayer's
public shots (``Shot``). Time is counted in *moments*: night k is moment 2k - 1 and day d is
moment 2d, so night 1 < day 1 < night 2 < ...

``observe.Observer`` builds the facts from a game as it is played or replayed, the claimed
characters among them (the engine's public claims, ``State.claims``); the information a claimant
says they got is spoken beside the claim, and added by whoever heard it (self-play's talk).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


def night_moment(night: int) -> int:
    return 2 * night - 1


def day_moment(day: int) -> int:
    return 2 * day


@dataclass(frozen=True)
class Heard:
    """One thing a player says their ability told them, shaped as the engine's ``info`` tell:
    as ``character``, at ``moment``, the ``answer`` about ``players`` (to the ``question`` they
    asked: the Artist's)."""

    character: str
    moment: int
    answer: Any
    players: tuple[int, ...] = ()
    question: Any = None


@dataclass(frozen=True)
class Claim:
    """A player's public claim: the character they say they are and everything they say it
    told them. A later claim by the same player replaces the earlier one."""

    player: int
    character: str
    heard: tuple[Heard, ...] = ()


@dataclass(frozen=True)
class Death:
    player: int
    moment: int
    cause: str  # night | execution | slain | other


@dataclass(frozen=True)
class Nominated:
    """A nomination: who raised a hand, or (``at_once``) the nominator executed on the spot."""

    day: int
    nominator: int
    nominee: int
    yes: tuple[int, ...] = ()
    voters: tuple[int, ...] = ()
    at_once: bool = False


@dataclass(frozen=True)
class Shot:
    day: int
    by: int
    target: int
    died: bool


@dataclass(frozen=True)
class Record:
    """Everything public so far. ``seats`` are the residents (not Travellers) in seat order;
    ``dusks`` how many days have ended; ``over`` says the game has ended (a Demon's death then
    need not have been inherited)."""

    seats: tuple[int, ...]
    claims: tuple[Claim, ...] = ()
    deaths: tuple[Death, ...] = ()
    nominations: tuple[Nominated, ...] = ()
    shots: tuple[Shot, ...] = ()
    dusks: int = 0
    over: bool = False

    def alive_after(self, moment: int) -> tuple[int, ...]:
        """The residents still alive at the end of ``moment``."""
        dead = {d.player for d in self.deaths if d.moment <= moment}
        return tuple(p for p in self.seats if p not in dead)

    def claim_of(self, player: int) -> Claim | None:
        return next((c for c in self.claims if c.player == player), None)

    def with_claim(self, claim: Claim) -> Record:
        kept = tuple(c for c in self.claims if c.player != claim.player)
        return replace(self, claims=(*kept, claim))

    def until(self, moment: int) -> Record:
        """The record as it stood at the end of ``moment``: later facts and heard items gone
        (claims keep their characters: ``review`` sets them day by day)."""
        claims = tuple(
            replace(c, heard=tuple(h for h in c.heard if h.moment <= moment)) for c in self.claims
        )
        return replace(
            self,
            claims=claims,
            deaths=tuple(d for d in self.deaths if d.moment <= moment),
            nominations=tuple(n for n in self.nominations if day_moment(n.day) <= moment),
            shots=tuple(s for s in self.shots if day_moment(s.day) <= moment),
            dusks=min(self.dusks, moment // 2),
            over=False,
        )
