"""What a Clocktower game says, as typed events: public ones for the table, private ones
(``Told``) for one player or the storyteller (see ``engine.core``: an event's fields are its
data, ``event`` its name).

Every private event is remembered in ``State.told`` (``effects.tell``), so a player can ask for
it again (``briefing``) and the game's fingerprint includes it as ``[to, event, data]``: a field
renamed or added here changes every stored checksum, so it needs a new ``RULES_VERSION``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Event, Private, Public

Players = tuple[int, ...]


# In public: the lobby --------------------------------------------------------------------------
@dataclass(frozen=True)
class Joined(Event, Public):
    event = "joined"
    player: int
    players: Players
    traveller: bool


@dataclass(frozen=True)
class Left(Event, Public):
    event = "left"
    player: int
    players: Players


@dataclass(frozen=True)
class Seated(Event, Public):
    """The storyteller moved ``player`` to seat ``position`` (from 0)."""

    event = "seated"
    player: int
    position: int
    players: Players


@dataclass(frozen=True)
class Started(Event, Public):
    """The deal: how many of each team (``counts``), the Travellers and the Fabled in play."""

    event = "started"
    players: Players
    counts: Mapping[str, int]
    travellers: tuple[tuple[int, str], ...]
    fabled: tuple[str, ...]


# In public: Travellers -------------------------------------------------------------------------
@dataclass(frozen=True)
class TravellerArrived(Event, Public):
    event = "traveller_arrived"
    player: int
    traveller: str
    players: Players


@dataclass(frozen=True)
class TravellerLeft(Event, Public):
    event = "traveller_left"
    player: int
    players: Players


# In public: night and day ----------------------------------------------------------------------
@dataclass(frozen=True)
class Night(Event, Public):
    event = "night"
    night: int


@dataclass(frozen=True)
class Dawn(Event, Public):
    """Who died in the night, and who came back to life (``revived``, only when someone did)."""

    event = "dawn"
    sparse = frozenset({"revived"})
    day: int
    deaths: Players
    revived: Players = ()


@dataclass(frozen=True)
class Died(Event, Public):
    """A death by day (by night, the dawn names it); ``cause``: execution, shot, exile ..."""

    event = "death"
    player: int
    cause: str
    day: int


@dataclass(frozen=True)
class Revived(Event, Public):
    event = "revived"
    player: int


@dataclass(frozen=True)
class GameEnded(Event, Public):
    """The winner and why; the ``GameOver`` that follows carries the whole grimoire."""

    event = "game_over"
    winner: str
    ending: str


# In public: nominations and votes --------------------------------------------------------------
@dataclass(frozen=True)
class Nominated(Event, Public):
    event = "nomination"
    nominator: int
    nominee: int


@dataclass(frozen=True)
class ExileCalled(Event, Public):
    event = "exile_called"
    by: int
    target: int


@dataclass(frozen=True)
class HandSet(Event, Public):
    """A hand raised or lowered in advance, before the count reaches it."""

    event = "hand"
    voter: int
    yes: bool


@dataclass(frozen=True)
class Voted(Event, Public):
    """The count reached ``voter``: their hand is locked, ``count`` hands are up so far."""

    event = "voted"
    voter: int
    yes: bool
    count: int


@dataclass(frozen=True)
class Pace(Event, Public):
    event = "pace"
    seconds: int


@dataclass(frozen=True)
class VoteResult(Event, Public):
    event = "vote_result"
    nominee: int
    votes: int
    threshold: int
    block: int | None
    block_votes: int


@dataclass(frozen=True)
class ExileResult(Event, Public):
    event = "exile_result"
    nominee: int
    votes: int
    threshold: int
    exiled: bool


@dataclass(frozen=True)
class Execution(Event, Public):
    event = "execution"
    player: int
    day: int


@dataclass(frozen=True)
class ExecutionSurvived(Event, Public):
    event = "execution_survived"
    player: int
    day: int


@dataclass(frozen=True)
class ExileSurvived(Event, Public):
    event = "exile_survived"
    player: int


# In public: what characters do by day ----------------------------------------------------------
@dataclass(frozen=True)
class Claimed(Event, Public):
    """A public claim to be ``claim`` (by which the bot storyteller judges madness)."""

    event = "claim"
    player: int
    claim: str
    day: int


@dataclass(frozen=True)
class AbilityUsed(Event, Public):
    """A player says in public what their ability does (a human storyteller resolves it)."""

    event = "ability_used"
    player: int
    text: str


# In private ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Told(Event, Private):
    """A private event, remembered in ``State.told``."""


@dataclass(frozen=True)
class CharacterTold(Told):
    """The character and alignment a player believes they have (the deal, a Traveller's
    arrival)."""

    event = "character"
    character: str
    alignment: str


@dataclass(frozen=True)
class CharacterUnknown(Told):
    """The deal, to a player who is not told their character or alignment: ``by`` is the
    character whose rule hides them (the Tor's, ``secrecy``)."""

    event = "character_unknown"
    by: str


@dataclass(frozen=True)
class SetupNotes(Told):
    """To a human storyteller: what they run by hand (``counts``: the setup's note, or "")."""

    event = "setup_notes"
    manual: tuple[str, ...]
    unwoken: tuple[str, ...]
    fabled: tuple[str, ...]
    counts: str


@dataclass(frozen=True)
class EndingReached(Told):
    """To a human storyteller: by the rules the engine runs ``winner`` would now win because of
    ``ending``, but ``unrun`` (characters in play the engine does not run) may change that; if
    the game is over, the storyteller declares it."""

    event = "ending_reached"
    winner: str
    ending: str
    unrun: tuple[str, ...]


@dataclass(frozen=True)
class MinionInfo(Told):
    """A Minion learns its Demon and fellow Minions; ``bluffs``: characters to bluff as (the
    Snitch's); ``apart``: it is not told who the others are (the Poppy Grower's)."""

    event = "minion_info"
    sparse = frozenset({"bluffs", "apart"})
    demon: Players
    minions: Players
    bluffs: tuple[str, ...] = ()
    apart: bool = False


@dataclass(frozen=True)
class DemonInfo(Told):
    """The Demon learns its Minions and three bluffs; ``apart``: not who its Minions are."""

    event = "demon_info"
    sparse = frozenset({"apart"})
    minions: Players
    bluffs: tuple[str, ...]
    apart: bool = False


@dataclass(frozen=True)
class Info(Told):
    """What a character learned: ``answer`` shaped per character (its unit reads it,
    ``Role.reads``), ``players`` whom it is about where the answer does not say. A day ability's
    answer carries the ``day``; the Artist's its ``question``; ``teller`` names the storyteller
    who told it, where there are several (the Knaves)."""

    event = "info"
    sparse = frozenset({"day", "question", "teller"})
    character: str
    night: int
    answer: Any
    players: Players
    day: int | None = None
    question: Any = None
    teller: str = ""


@dataclass(frozen=True)
class Grimoire(Told):
    """The Spy's look at the grimoire: ``(player, character, alignment, alive)`` per seat and
    ``(kind, source, target, note)`` per reminder."""

    event = "grimoire"
    character: str
    night: int
    seats: tuple[tuple[int, str, str, bool], ...]
    marks: tuple[tuple[str, int, int, str], ...]


@dataclass(frozen=True)
class Became(Told):
    """Their character changed (and their ability with it)."""

    event = "became"
    character: str


@dataclass(frozen=True)
class BecameDemon(Became):
    event = "became_demon"


@dataclass(frozen=True)
class Turned(Told):
    event = "turned"
    alignment: str


@dataclass(frozen=True)
class WakeSkipped(Told):
    event = "wake_skipped"
    character: str
    night: int


# In private: a human storyteller's tools -------------------------------------------------------
@dataclass(frozen=True)
class Shown(Told):
    """The storyteller showed a player ``value`` (of ``kind``), as ``character`` if waking."""

    event = "shown"
    kind: str
    value: Any
    character: str | None
    night: int
    day: int
    phase: str


@dataclass(frozen=True)
class Chosen(Told):
    """To the storyteller: the waking ``player``'s answer to their ask."""

    event = "chosen"
    player: int
    character: str
    kind: str
    choice: tuple[Any, ...]


@dataclass(frozen=True)
class AbilityReported(Told):
    """To the storyteller: a player uses a day ability (``public``: said to the table too)."""

    event = "ability_used"
    player: int
    text: str
    public: bool
    character: str
    name: str
