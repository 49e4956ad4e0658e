"""The state of one Clocktower game, and read-only queries on it.

Everything needed to continue a game lives in ``State``, immutably: every change builds a new
State with ``dataclasses.replace``, so a refused action changes nothing and a replayed action log
rebuilds an equal State. Seats are in seat order (clockwise); a seat keeps its player's true
character, the token they were shown (a Drunk is shown a Townsfolk) and their independent states.

This is the bottom of the game: it imports no character's unit, so every unit can import it.
A query that must ask the units (is a player drunk, does their ability work) lives above the
registry, in ``working``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from engine.clocktower.catalogue import Character
from engine.clocktower.game.events import Told

T = TypeVar("T")
SYSTEM = 0  # ``by`` of actions the shell takes for the bot storyteller (timeouts, ending a day)
NOBODY = 0  # a night choice of no one (the Po's, a once-per-game ability left unused tonight)
LIVES_ON = "lives_on"  # a reminder: the player registers as dead but lives (the Zombuul)
# A reminder: the player is the Demon without holding a Demon's character (Lil' Monsta's
# babysitter); ``Mark.character`` is the Demon they are. ``demons`` counts them.
IS_THE_DEMON = "is_the_demon"


class Phase(StrEnum):
    LOBBY = "lobby"
    SETUP = "setup"
    NIGHT = "night"
    DAY = "day"
    OVER = "over"


@dataclass(frozen=True)
class Seat:
    """One player's grimoire entry. ``shown`` is the character the player believes they are."""

    player: int
    character: str
    shown: str
    alignment: str  # "good" or "evil"
    team: str  # the true character's team: townsfolk, outsider, minion, demon
    alive: bool = True
    ghost_vote: bool = True
    used: bool = False  # a once-per-game ability is spent (Slayer, Virgin)
    mad: str | None = None  # unused: madness is reminders and units' hooks (``madness``)


@dataclass(frozen=True)
class Mark:
    """A reminder token with a meaning: ``kind`` placed by ``source`` on ``target`` with the
    ability of ``character`` (whose unit says, through ``Role.holds``, whether it still works).

    Kinds are named by the unit that places them (``Role.reminders``, in words for the
    grimoire), plus the storyteller's own (``source`` = ``SYSTEM``): drunk, poisoned, safe,
    reminder (with ``note``). A mark placed to last until a dusk (``until``: the night that dusk
    begins) is cleared then; marks lapse early when their source loses the ability; the
    storyteller's stay until removed.
    """

    kind: str
    source: int
    target: int
    note: str = ""
    character: str = ""
    until: int | None = None


@dataclass(frozen=True)
class Registration:
    """How a player registers to an ability: as a character, on a team, of an alignment (the
    Spy and the Recluse may register as other than they are: ``registration``)."""

    character: str
    team: str
    alignment: str


@dataclass(frozen=True)
class Madness:
    """``player`` must (``must``) or must not seem to be ``about``: a character id (the
    Cerenovus' choice) or a team (the Mutant must not seem an ``outsider``); ``cause`` is the
    character that makes them mad (``madness``)."""

    player: int
    about: str
    must: bool
    cause: str


@dataclass(frozen=True)
class TeamInfo:
    """What an evil player is told of its team at Minion or Demon info (``markers``): who the
    Demon is (to a Minion), who the Minions are, characters to bluff as; ``apart``: not told who
    the others are (the Poppy Grower). Units may change it (``Role.evil_info``)."""

    demon: tuple[int, ...] = ()
    minions: tuple[int, ...] = ()
    bluffs: tuple[str, ...] = ()
    apart: bool = False


@dataclass(frozen=True)
class Field:
    """One part of a ruling's answer: a ``player``, a ``character`` or a ``number``, from
    ``domain``; or a ``text`` (any short line, ``domain`` empty)."""

    kind: str
    domain: tuple[Any, ...]


@dataclass(frozen=True)
class Form:
    """The full range of a ruling's answers, when it is larger than the options suggested.

    An answer has one value per field (a lone field's answer is its value). Fields of one kind
    take different values; the first ``unordered`` values are a set (a pair of players, three
    bluffs) and are kept sorted. ``allowed`` lists the legal answers when not every combination
    is one (sober information: its true answers and registrations); None: any combination.
    ``forbidden`` lists answers that are never legal (information the Vortox makes false: its
    true answers). A ``text`` field takes any short line (the Savant's statements).
    """

    fields: tuple[Field, ...]
    unordered: int = 0
    allowed: frozenset[Any] | None = None
    forbidden: frozenset[Any] | None = None

    def canonical(self, values: tuple[Any, ...]) -> Any:
        head = tuple(sorted(values[: self.unordered]))
        values = head + tuple(values[self.unordered :])
        return values[0] if len(values) == 1 else values


@dataclass(frozen=True)
class Pending:
    """A decision the game waits for: a player's night choice or a storyteller ruling.

    ``key`` names the decision within the game (the answer is memoised under it and the
    interrupted step re-run); ``options`` are the legal answers (for a ruling: the true answer
    first when there is one, ``truth`` its index), or with a ``form`` the suggested ones among the
    form's full range; ``pick`` is how many distinct targets a night choice takes.
    """

    id: int
    key: str
    kind: str  # night_choice | ruling
    to: int | None  # the player, or the storyteller (None: the bot storyteller)
    topic: str  # the character waking, or the ruling's subject (info, drunk_token, bluffs ...)
    options: tuple[Any, ...]
    truth: int | None = None
    pick: int = 1
    default: Any = None
    data: tuple[tuple[str, Any], ...] = ()
    form: Form | None = None


@dataclass(frozen=True)
class VoteInProgress:
    nominator: int
    nominee: int
    order: tuple[int, ...]  # voters clockwise from the nominee's left, ending with the nominee
    index: int = 0
    yes: tuple[int, ...] = ()
    exile: bool = False  # a call to exile a Traveller: everyone votes freely, no ghost votes
    hands: tuple[tuple[int, bool], ...] = ()  # hands set in advance, not yet counted


@dataclass(frozen=True)
class Nomination:
    """One finished nomination, for the day's readable history."""

    day: int
    nominator: int
    nominee: int
    yes: tuple[int, ...]
    votes: int
    threshold: int
    exile: bool = False
    secret: bool = False  # its hands and count were kept from the table (``Role.conceals_vote``)


@dataclass(frozen=True)
class Change:
    """A character change during play (``abilities.change``): who, when, from what to what.
    Abilities that look back at the day (the Flowergirl, the Town Crier) read who held which
    character before tonight's changes; the Juggler's first day is the one after the change."""

    night: int
    player: int
    before: str
    after: str


@dataclass(frozen=True)
class State:
    seed: int
    storyteller: int | None
    bot: bool
    script_ids: tuple[str, ...]
    homebrew: tuple[Character, ...] = ()  # the script's own characters (see ``cast``)
    house_rules: tuple[str, ...] = ()  # the script's homebrew rules, as written (the Bootlegger)
    players: tuple[int, ...] = ()
    travellers: tuple[int, ...] = ()  # players who joined as Travellers
    phase: Phase = Phase.LOBBY
    day: int = 0
    night: int = 0
    seats: tuple[Seat, ...] = ()
    marks: tuple[Mark, ...] = ()
    bluffs: tuple[str, ...] = ()
    pending: Pending | None = None
    asked: Pending | None = None  # a player's choice the storyteller asked for in a panel
    pace: float | None = None  # seconds the count waits on a hand set in advance (None: default)
    # A day action interrupted by a ruling, re-run once it is answered; or the end of a day that
    # waits for a choice owed on learning of a death (``day.close_day``).
    resume: Any = None
    answers: tuple[tuple[str, Any], ...] = ()
    decisions: int = 0
    queue: tuple[tuple[str, int], ...] = ()  # tonight's wakes: (character, player)
    cursor: int = 0
    died_tonight: tuple[int, ...] = ()
    died_today: tuple[int, ...] = ()  # who died since dawn (the Zombuul, the Godfather ask)
    revived_tonight: tuple[int, ...] = ()  # brought back to life tonight, announced at dawn
    woke: tuple[int, ...] = ()  # who woke tonight for their own ability (the Chambermaid's count)
    nominators: tuple[int, ...] = ()
    nominees: tuple[int, ...] = ()
    vote: VoteInProgress | None = None
    block: int | None = None
    block_votes: int = 0
    executed: int | None = None  # today's (or, at night, the previous day's) executee
    execution_killed: bool = False  # whether that execution killed them (not already dead)
    executions: tuple[tuple[int, int], ...] = ()  # (day, executee) of every execution so far
    history: tuple[Nomination, ...] = ()
    told: tuple[Told, ...] = ()
    winner: str | None = None  # "good" or "evil"
    ending: str | None = None
    claims: tuple[tuple[int, int, str], ...] = ()  # public claims: (day, player, character)
    abnormal: tuple[tuple[int, int], ...] = ()  # (day, player): an ability worked abnormally
    changes: tuple[Change, ...] = ()  # character changes during play, in order


def evolve(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` without re-running ``__init__``: a copy with some fields changed.

    Several times faster, and the engine builds a new State for every change; safe because these
    dataclasses have no ``__post_init__`` and every field is immutable.
    """
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


class Index:
    """Lookups derived from one tuple of seats, built once for it: the engine asks them at
    every step, and most steps leave the seats as they were.

    Kept on the State outside its fields (so equality, ``repr`` and the log ignore it) and
    carried along by ``evolve`` to the next State; ``index`` checks that it was built from that
    State's very tuple of seats before use, so a State with new seats builds its own. ``memo``
    holds other modules' lookups on the same seats (``roles.seats_having``)."""

    __slots__ = ("seats", "by_player", "living", "alive", "demons", "residents", "memo")

    def __init__(self, seats: tuple[Seat, ...]) -> None:
        self.seats = seats
        by_player: dict[int, Seat] = {}
        for s in seats:
            by_player.setdefault(s.player, s)
        self.by_player = by_player
        self.living = tuple(s.player for s in seats if s.alive)
        self.alive = frozenset(self.living)
        self.demons = tuple(s for s in seats if s.team == "demon")
        self.residents = tuple(s for s in seats if s.team != "traveller")
        self.memo: dict[str, Any] = {}


def index(state: State) -> Index:
    """The ``Index`` of the state's seats."""
    found: Index | None = state.__dict__.get("_index")
    if found is None or found.seats is not state.seats:
        found = Index(state.seats)
        state.__dict__["_index"] = found  # a frozen State: not a field, so set it directly
    return found


def seat(state: State, player: int) -> Seat:
    found: Index | None = state.__dict__.get("_index")  # ``index``, inlined: asked very often
    if found is None or found.seats is not state.seats:
        found = index(state)
    return found.by_player[player]  # KeyError(player) for no such seat


def with_seat(state: State, player: int, **changes: Any) -> State:
    seats = tuple(evolve(s, **changes) if s.player == player else s for s in state.seats)
    return evolve(state, seats=seats)


def living(state: State) -> tuple[int, ...]:
    return index(state).living


def lives(state: State, player: int) -> bool:
    """Whether ``player`` is alive in truth: alive, or registering as dead while living on (the
    Zombuul after its first death). Everything public (votes, neighbours, the town square) reads
    ``Seat.alive``; the win conditions, abilities and deaths read this."""
    return seat(state, player).alive or _lives_on(state, player)


def _lives_on(state: State, player: int) -> bool:
    return any(m.kind == LIVES_ON and m.target == player for m in state.marks)


def _undead(state: State) -> set[int]:
    """Players registering as dead who live on."""
    return {m.target for m in state.marks if m.kind == LIVES_ON}


def residents(state: State) -> tuple[int, ...]:
    """Living players who are not Travellers: the count the game-ending rules use."""
    return _living(state).residents


class _Living:
    """Who lives in truth, as one tuple of seats and one of reminders decide it (the game's end
    is judged after every step, and most steps change neither)."""

    __slots__ = ("marks", "residents", "demons")

    def __init__(self, state: State, seats: Index) -> None:
        self.marks = state.marks
        undead = _undead(state)
        self.residents = tuple(s.player for s in seats.residents if s.alive or s.player in undead)
        found = tuple(s.player for s in seats.demons if s.alive or s.player in undead)
        held = [m.target for m in state.marks if m.kind == IS_THE_DEMON]
        if held:
            found += tuple(p for p in dict.fromkeys(held) if p not in found and p in seats.alive)
        self.demons = found


def _living(state: State) -> _Living:
    seats = index(state)
    found: _Living | None = seats.memo.get("_living")
    if found is None or found.marks is not state.marks:
        found = seats.memo["_living"] = _Living(state, seats)
    return found


def alive(state: State, player: int) -> bool:
    return player in index(state).alive


def holders(state: State, character: str, living_only: bool = True) -> tuple[int, ...]:
    """Players whose true character is ``character``."""
    return tuple(
        s.player for s in state.seats if s.character == character and (s.alive or not living_only)
    )


def demons(state: State) -> tuple[int, ...]:
    """Living Demons (a Zombuul registering as dead lives on; a player who is the Demon by a
    reminder, ``IS_THE_DEMON``, counts too). Secret."""
    return _living(state).demons


def demon_by_reminder(state: State, player: int) -> bool:
    """``player`` is the Demon by a reminder (``IS_THE_DEMON``: Lil' Monsta's babysitter) rather
    than by their character: jinxes make such a Minion die when executed (the Psychopath's, the
    Vizier's)."""
    return any(m.kind == IS_THE_DEMON and m.target == player for m in state.marks)


def minions(state: State) -> tuple[int, ...]:
    """Living Minions. Secret."""
    return tuple(s.player for s in state.seats if s.alive and s.team == "minion")


def mark_target(state: State, kind: str, source: int) -> int | None:
    for m in state.marks:
        if m.kind == kind and m.source == source:
            return m.target
    return None


def put_mark(
    state: State,
    kind: str,
    source: int,
    target: int,
    dusks: int | None = None,
    note: str = "",
    keep: bool = False,
) -> State:
    """Place ``source``'s reminder on ``target`` (replacing their earlier one of that kind,
    unless ``keep``), made with the ability of the character ``source`` holds now; it lasts
    until the ``dusks``-th dusk from now (None: for the game); ``note`` says more (what a
    player is mad about)."""
    return put_marks(state, kind, source, (target,), dusks, note=note, keep=keep)


def put_marks(
    state: State,
    kind: str,
    source: int,
    targets: tuple[int, ...],
    dusks: int | None = None,
    character: str | None = None,
    note: str = "",
    keep: bool = False,
) -> State:
    """``put_mark`` on several targets at once (the Innkeeper's two patrons, the Minstrel's
    whole town); ``character``: made with that ability rather than the one ``source`` holds
    (an ability gained, the Apprentice's)."""
    kept = state.marks
    if not keep:
        kept = tuple(m for m in state.marks if not (m.kind == kind and m.source == source))
    made_by = character if character is not None else ""
    if character is None and source != SYSTEM:
        made_by = seat(state, source).character
    until = None if dusks is None else state.night + dusks
    new = tuple(Mark(kind, source, t, note, made_by, until) for t in targets)
    return evolve(state, marks=(*kept, *new))


def drop_marks(
    state: State, kind: str, source: int | None = None, target: int | None = None
) -> State:
    """Remove the reminders of ``kind`` (from ``source``, on ``target``, where given)."""
    kept = tuple(
        m
        for m in state.marks
        if not (
            m.kind == kind
            and (source is None or m.source == source)
            and (target is None or m.target == target)
        )
    )
    return evolve(state, marks=kept)


def marks_of(state: State, kind: str, source: int) -> tuple[Mark, ...]:
    """``source``'s reminders of ``kind``, whether or not they still hold."""
    return tuple(m for m in state.marks if m.kind == kind and m.source == source)


def answer(state: State, key: str) -> Any:
    for k, v in state.answers:
        if k == key:
            return v
    return _MISSING


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


_MISSING: Any = _Missing()
MISSING = _MISSING


def neighbours(state: State, player: int) -> tuple[int, int]:
    """The nearest living players either side (the Empath's neighbours)."""
    order = [s.player for s in state.seats]
    i = order.index(player)
    n = len(order)
    left = next(order[(i - k) % n] for k in range(1, n) if alive(state, order[(i - k) % n]))
    right = next(order[(i + k) % n] for k in range(1, n) if alive(state, order[(i + k) % n]))
    return left, right
