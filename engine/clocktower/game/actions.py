"""Everything a player, the storyteller or the shell can do in a Clocktower game.

Fields are plain values, so ``engine.core.encode_action``/``decode_action(…, ACTIONS)`` round-trip
them through the JSON action log. ``by`` is the acting user (``SYSTEM`` = 0 for the shell acting
for a bot storyteller); the shell fills it from the interaction. ``question`` names the question
an answer answers (``engine.clocktower.game.questions``): it is refused once that question has
closed. Records from before answers carried it lack it, and replay as they always did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Join:
    """Take a seat (in join order); ``traveller``: as a Traveller (not counted in the setup).

    In the lobby anyone may join. Once the game is under way a newcomer may still arrive as a
    Traveller, by day between votes: the storyteller picks their Traveller character and
    alignment, and they sit at the end of the circle."""

    player: int
    traveller: bool = False


@dataclass(frozen=True)
class Leave:
    player: int


@dataclass(frozen=True)
class MoveSeat:
    """In the lobby, the storyteller (or, with the bot storyteller, the shell as ``SYSTEM``)
    moves ``player`` to seat ``position`` (0 = first); the others keep their order."""

    by: int
    player: int
    position: int


@dataclass(frozen=True)
class Start:
    """Deal the characters: ``characters`` (true ids, e.g. ``drunk``: in seat order, or with
    ``shuffle`` at random among the seats) or, empty, a balanced bag. The storyteller (or, with
    the bot storyteller, any seated player) starts."""

    by: int
    characters: tuple[str, ...] = ()
    shuffle: bool = False


@dataclass(frozen=True)
class NightChoice:
    """A waking player's choice of ``targets`` (as many as the prompt's ``pick``). The storyteller
    (or, with the bot storyteller, the shell as ``SYSTEM`` after a timeout) may choose for an idle
    player, naming them as ``player``."""

    by: int
    targets: tuple[int | str, ...]  # players; a character's id when the storyteller asks for one
    player: int | None = None
    question: str | None = None


@dataclass(frozen=True)
class SkipWake:
    """The storyteller (or ``SYSTEM`` with the bot storyteller) passes over the waking player
    whose night choice is awaited: that wake has no effect and gives no information."""

    by: int


@dataclass(frozen=True)
class StorytellerRuling:
    """The storyteller's answer to decision ``decision_id``: an index into its options, or
    (``value``, one value per part of the ruling's form) an answer of their own."""

    by: int
    decision_id: int
    choice: int = -1
    value: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class Nominate:
    by: int
    target: int
    question: str | None = None


@dataclass(frozen=True)
class Vote:
    """A voter raises (``yes``) or lowers their hand: counted at once if the count has reached
    them, else held until it does. The storyteller (or, with the bot storyteller, the shell as
    ``SYSTEM`` after a timeout) may answer for a voter, naming ``voter``."""

    by: int
    yes: bool
    voter: int | None = None
    question: str | None = None


@dataclass(frozen=True)
class CountHand:
    """The count moves on: the next voter's hand, set in advance, is counted and locks. The
    storyteller runs it, or the shell (``SYSTEM``) at the storyteller's pace."""

    by: int
    question: str | None = None


@dataclass(frozen=True)
class SetPace:
    """The storyteller sets how many seconds the count waits on each hand set in advance."""

    by: int
    seconds: int


@dataclass(frozen=True)
class Slay:
    """Anyone living may claim a Slayer's shot in public; only a real Slayer's can kill."""

    by: int
    target: int


@dataclass(frozen=True)
class EndDay:
    """The storyteller ends the day: the player on the block, if any, is executed."""

    by: int


@dataclass(frozen=True)
class Exile:
    """Any player (living or dead) calls for a living Traveller's exile; everyone then votes."""

    by: int
    target: int


@dataclass(frozen=True)
class Shoot:
    """The Gunslinger, after the day's first vote is tallied, shoots a player who voted."""

    by: int
    target: int


@dataclass(frozen=True)
class GiveVote:
    """A dead player gives their ghost vote to the Beggar as a vote token."""

    by: int
    to: int


@dataclass(frozen=True)
class Gossip:
    """A public statement (``statements.Statement`` as plain fields): "one of ``players`` is
    ``value``", ``kind`` being character, team or alignment. Anyone may make one a day; only a
    real, working Gossip's true statement kills tonight."""

    by: int
    kind: str
    players: tuple[int, ...]
    value: str


@dataclass(frozen=True)
class SwapSeats:
    """The Matron swaps two players' seats (up to three pairs a day)."""

    by: int
    first: int
    second: int


@dataclass(frozen=True)
class Verdict:
    """The Judge, once per game, forces the current nomination (made by someone else) to pass
    (``passes``: the nominee goes on the block) or fail."""

    by: int
    passes: bool


@dataclass(frozen=True)
class Adjust:
    """The storyteller's hand on the grimoire: ``change`` is one of ``kill``, ``revive``,
    ``character`` (``value``: an id), ``alignment`` (``good``/``evil``), ``drunk``, ``sober``,
    ``poison``, ``cure``, ``remind`` (``value``: the reminder's text) or ``forget`` (``value``: the
    text, or empty for all of the player's reminders)."""

    by: int
    player: int
    change: str
    value: str = ""


@dataclass(frozen=True)
class Show:
    """The storyteller shows ``player`` something privately: ``kind`` is ``character`` (an id),
    ``number``, ``yesno`` (a bool), ``player`` (an id) or ``text`` (a short line)."""

    by: int
    player: int
    kind: str
    value: Any


@dataclass(frozen=True)
class Ask:
    """During a storyteller-run wake, the storyteller asks the waking player to choose ``count``
    players (``kind`` = ``players``) or a character (``kind`` = ``character``)."""

    by: int
    kind: str
    count: int = 1
    question: str | None = None


@dataclass(frozen=True)
class FinishWake:
    """The storyteller is done with a storyteller-run wake; the night goes on."""

    by: int
    question: str | None = None


@dataclass(frozen=True)
class UseAbility:
    """A player claims to use a day ability the storyteller runs, described in ``text``; in
    ``public`` the table hears of it, otherwise only the storyteller."""

    by: int
    text: str
    public: bool = True


@dataclass(frozen=True)
class DeclareWinner:
    """A human storyteller ends the game with ``winner`` (``good`` or ``evil``) winning."""

    by: int
    winner: str


@dataclass(frozen=True)
class Claim:
    """A player publicly claims to be ``character``, by day. Claims are recorded for all to
    see (``State.claims``); one that breaks madness may get the claimant executed."""

    by: int
    character: str


@dataclass(frozen=True)
class ExecuteMad:
    """A human storyteller executes ``player`` for breaking madness, by day, while nobody has
    been executed today (it is the day's execution)."""

    by: int
    player: int


@dataclass(frozen=True)
class Juggle:
    """The Juggler's public guess that ``target`` is ``character`` (up to five, on their first
    day); anyone may make such guesses in public, only a real Juggler's count."""

    by: int
    target: int
    character: str


@dataclass(frozen=True)
class Visit:
    """The Savant visits the storyteller, by day, to learn two things (one true, one false)."""

    by: int


@dataclass(frozen=True)
class Question:
    """The Artist's one question to the storyteller, by day: free ``text`` (a human storyteller
    answers it) or a statement (``kind``, ``players``, ``value``: see ``statements``) the
    engine answers from the grimoire."""

    by: int
    text: str = ""
    kind: str = ""
    players: tuple[int, ...] = ()
    value: str = ""


@dataclass(frozen=True)
class KlutzChoice:
    """A dead player who says they are the Klutz publicly chooses a living player: if a real
    Klutz chooses an evil one, their team loses."""

    by: int
    target: int


ACTION_TYPES = (
    Join,
    Leave,
    MoveSeat,
    Start,
    NightChoice,
    SkipWake,
    StorytellerRuling,
    Nominate,
    Vote,
    CountHand,
    SetPace,
    Slay,
    EndDay,
    Exile,
    Shoot,
    GiveVote,
    Adjust,
    Show,
    Ask,
    FinishWake,
    UseAbility,
    DeclareWinner,
    Claim,
    ExecuteMad,
    Juggle,
    Visit,
    Question,
    KlutzChoice,
    Gossip,
    SwapSeats,
    Verdict,
)
Action = (
    Join
    | Leave
    | MoveSeat
    | Start
    | NightChoice
    | SkipWake
    | StorytellerRuling
    | Nominate
    | Vote
    | CountHand
    | SetPace
    | Slay
    | EndDay
    | Exile
    | Shoot
    | GiveVote
    | Adjust
    | Show
    | Ask
    | FinishWake
    | UseAbility
    | DeclareWinner
    | Claim
    | ExecuteMad
    | Juggle
    | Visit
    | Question
    | KlutzChoice
    | Gossip
    | SwapSeats
    | Verdict
)
ACTIONS: dict[str, type] = {cls.__name__: cls for cls in ACTION_TYPES}
