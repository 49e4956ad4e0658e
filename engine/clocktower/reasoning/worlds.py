"""The possible worlds behind what a table has said, as numpy arrays (one row per world).

A world says who holds the Demon (or stands in for it: the Minion babysitting Lil' Monsta, the
Summoner until it makes one) and which seats hold which Minions, who (if anyone) among
the players claiming a Townsfolk is really the Drunk, and so each player's alignment and, for
the good players who have claimed, their true character (their claim, since good players claim
honestly). Good players who have not claimed are summed out: a world's prior weight is the
number of full deals it stands for, under a uniformly random legal deal (every legal bag
equally likely, then a uniformly random seating, then the Drunk's token uniform among the
Townsfolk not in play). So the Baron is as likely as the deals that hold him, and a claimed
Outsider at a table that starts with none needs a Baron to be true.

Hard facts prune worlds before any weighing: two good players cannot hold one character, a
good player never claims an evil character, and the team counts of the setup (with its
modifiers: the Baron's two Outsiders) must be met. The feasible worlds are kept compactly
(``Feasible``) and built in full (``Worlds``) all at once, or, when there are too many,
those that ``sample`` chooses.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache, cached_property, lru_cache

import numpy as np

from engine.clocktower.bag import settings
from engine.clocktower.catalogue import MAX_PLAYERS, character, setup_counts
from engine.clocktower.counts import outsider_rule
from engine.clocktower.game.roles import REGISTRY, Role, role
from engine.clocktower.reasoning.moment import (
    DEMON,
    MINION,
    OUTSIDER,
    TEAMS,
    TOWNSFOLK,
    UNKNOWN,
    BoolArray,
    FloatArray,
    IntArray,
    Setup,
    seat_bits,
)
from engine.clocktower.reasoning.record import Claim


@cache
def tables(chars: tuple[str, ...]) -> dict[str, np.ndarray]:
    """Per character code (the last entry is ``UNKNOWN``'s): its team, the teams it may register
    as (truly, Legion as a Minion too, or, for the Spy and Recluse, by misregistration), whether executing it loses the
    game (the Saint), the players needed alive for it to inherit a dead Demon (0: it does not),
    the night it makes a Demon (``summons``, ``Role.summons_on_night``; 0: never),
    and the flags of its part in the worlds that its unit declares (``Role``: ``poisons`` for
    ``poisons_nightly``, and ``poisons_neighbours``, ``lives_on``, ``falsifies``,
    ``quiet_day_ends``, ``outlives_demon``, ``keeps_game``, ``night_x`` for
    ``poisons_townsfolk_on_night_x``; ``moves``: 1 for a star pass to a Minion, 2 for a
    jump into an Outsider; ``kill_bit``: a bit of its own for each non-Demon that may kill at
    night, ``Role.night_kills``)."""
    size = len(chars) + 1
    team = np.full(size, -1, dtype=np.int8)
    registers = np.zeros((size, 4), dtype=bool)
    inherits = np.zeros(size, dtype=np.int16)  # 0: never; else the players needed alive
    summons = np.zeros(size, dtype=np.int16)  # 0: never; else the night it makes a Demon
    losing = np.zeros(size, dtype=bool)
    moves = np.zeros(size, dtype=np.int8)
    kill_bit = np.zeros(size, dtype=np.int64)
    killers = 0
    flags = {name: np.zeros(size, dtype=bool) for name in FLAGS.values()}
    for i, cid in enumerate(chars):
        c = character(cid)
        unit = role(cid)
        for attribute, name in FLAGS.items():
            flags[name][i] = getattr(unit, attribute)
        inherits[i] = unit.inherits or 0
        summons[i] = unit.summons_on_night
        moves[i] = MOVES.index(unit.moves_to)
        if c.team != "demon" and type(unit).night_kills is not Role.night_kills:
            kill_bit[i], killers = 1 << killers, killers + 1
        losing[i] = cid in REGISTRY.own("executed")
        team[i] = TEAMS.index(c.team)
        registers[i, team[i]] = True
        for other in (*(t for t, _alignment in unit.registers_as), *unit.registers_too):
            registers[i, TEAMS.index(other)] = True
    registers[-1, [TOWNSFOLK, OUTSIDER]] = True  # an unclaimed good player: some good character
    evil = (team == MINION) | (team == DEMON)
    return {
        "must_evil": evil & ~(registers[:, TOWNSFOLK] | registers[:, OUTSIDER]),
        "may_evil": evil | registers[:, MINION] | registers[:, DEMON],
        "team": team,
        "registers": registers,
        "inherits": inherits,
        "summons": summons,
        "losing": losing,
        "moves": moves,
        "kill_bit": kill_bit,
        **flags,
    }


# The flags a unit declares for the worlds (``Role``), by the name ``tables`` gives them.
FLAGS = {
    "poisons_nightly": "poisons",
    "poisons_neighbours": "poisons_neighbours",
    "lives_on": "lives_on",
    "falsifies": "falsifies",
    "quiet_day_ends": "quiet_day_ends",
    "outlives_demon": "outlives_demon",
    "keeps_game": "keeps_game",
    "poisons_townsfolk_on_night_x": "night_x",
}
MOVES = ("", "minion", "outsider")  # ``Role.moves_to``, by its code in ``tables``


@lru_cache(maxsize=4096)
def _outsider_counts(chars: tuple[str, ...], codes: tuple[int, ...], n: int) -> tuple[int, ...]:
    """``outsider_counts`` of the characters ``codes`` of ``chars`` (the evil Townsfolk's,
    ``len(chars)``, changes nothing), once per set of them."""
    return outsider_counts(tuple(chars[c] for c in codes if c < len(chars)), n)


def outsider_counts(cids: tuple[str, ...], n: int) -> tuple[int, ...]:
    """The Outsider counts a deal with the characters ``cids`` in play may have at ``n`` seats,
    as the bag deals them (``counts.outsider_rule``): the table's count moved by each
    character's shifts (the Baron's 2; the Godfather's -1 or 1), or, where one leaves it to the
    storyteller (the Lord of Typhon, the Xaan: at least one), any count within the bag's
    ``free_outsider_band`` of that."""
    rule = outsider_rule(character(c) for c in cids)
    band = int(settings()["free_outsider_band"])
    return tuple(rule.counts(setup_counts(n)["outsider"], band))


def supported(chars: tuple[str, ...], players: int = MAX_PLAYERS) -> bool:
    """Whether the model covers this script (``uncovered`` names what it does not) and its
    evil teams at ``players`` fit the worlds (``too_many_teams``)."""
    return not uncovered(chars) and not too_many_teams(chars, players)


TEAMS_HELD = 3_000_000  # the most starting evil teams the worlds build (Bad Moon Rising: 524k)


def too_many_teams(chars: tuple[str, ...], players: int = MAX_PLAYERS) -> bool:
    """Whether the script's evil characters make more starting evil teams than the worlds
    hold (``TEAMS_HELD``) at a table of ``players`` (by default the largest): each Demon (or
    Summoner) at each seat, its Minions' seats and characters, times the seat of a Townsfolk
    made evil (a script of every character would need billions)."""
    known = [c for c in chars if c in REGISTRY]
    n = players
    heads = [c for c in known if character(c).team == "demon" or role(c).summons_on_night]
    minions = sum(character(c).team == "minion" and c not in heads for c in known)
    more = max(((s := character(c).setup) and s.minions or 0 for c in heads), default=0)
    k = setup_counts(n)["minion"] + more  # the Lord of Typhon's or Lil' Monsta's one more
    teams = len(heads) * n * math.comb(n - 1, k) * math.perm(max(minions, k), k)
    if any((s := character(c).setup) is not None and s.evil_townsfolk for c in known):
        teams *= n - k  # the seat of the Townsfolk made evil
    return teams > TEAMS_HELD


def uncovered(chars: tuple[str, ...]) -> dict[str, str]:
    """The characters of a script the model does not cover, each with why: an evil character
    that does not declare how it acts on the worlds (``Role.reasoned``), or a setup modifier
    beyond what ``evil_teams`` deals: Outsider shifts or a free Outsider count, a Demon's extra
    Minions (seated as its unit says), a Townsfolk made evil (the Bounty Hunter's), Minions
    the Demon makes of good players (the Kazali's), a Demon most players hold (Legion), copies
    of a Townsfolk (the Village Idiot's, one of them perhaps made evil), a Demon no player
    is dealt whose token a Minion holds (Lil' Monsta, ``Role.held_by_minion``), a Minion
    dealt instead of a Demon that makes one later (the Summoner, ``Role.summons_on_night``)."""
    why: dict[str, str] = {}
    for cid in chars:
        if cid not in REGISTRY:
            why[cid] = "the engine does not run it"
            continue
        c = character(cid)
        if c.evil and not role(cid).reasoned:
            why[cid] = "its effect on the possible worlds is not modelled"
        setup = c.setup
        if setup is not None and (
            (setup.minions and c.team != "demon")
            or (setup.copies != (0,) and not c.good)
            or setup.evil_townsfolk > 1
            or (
                not setup.demon and not role(cid).held_by_minion and not role(cid).summons_on_night
            )  # fmt: skip
            or (setup.duplicates and not setup.majority)
        ):
            why[cid] = "its setup changes the evil team or the bag beyond an Outsider shift"
    return why


@dataclass(frozen=True)
class Teams:
    """Every starting evil team at ``n`` seats, one row each: the Demon's seat, the code of the
    evil character at each seat (-1: a good player; ``len(chars)``: the Townsfolk a
    ``converter`` made evil, whose character is summed out), how many deals of the evil team's seats it
    stands for (``deals``: 1, or more where a Demon's seating rule moves the dealt Minions to
    these seats, the Lord of Typhon's line; for Minions the Demon made of good players, the
    Kazali's, the chance of its choice of them), whether the Minions' seats were dealt good
    (``chosen``), and the Outsider shifts its deal may have (the Baron's 2; the Godfather's -1
    or 1; a free count's several): one column per choice, ``NO_SHIFT`` where a team has
    fewer. ``good_bits`` holds each row's good seats as a bitmask (bit ``s`` for seat ``s``):
    a set of seats' good players is one popcount. ``size`` counts the Demon and its Minions
    (not a Townsfolk made evil, ``converted``: whether one is, the Bounty Hunter's); ``alike``
    numbers the rows alike in all but their seats (shifts, deals, size, chosen, converted),
    whose worlds weigh alike wherever their good players' counts are alike."""

    demon: IntArray
    cast: IntArray
    evil: BoolArray
    good_bits: IntArray
    size: IntArray
    converted: BoolArray
    alike: IntArray
    shift: IntArray
    digit: IntArray  # per cast code (the last entry: a good seat), its digit in a key
    keys: IntArray  # each row's key (its cast, read as a number), sorted
    order: IntArray  # the row of each sorted key
    deals: FloatArray
    chosen: BoolArray

    def key(self, cast: IntArray) -> IntArray:
        """Each cast's key: its seats' digits, read as a number in base ``digit.max() + 1``."""
        base = int(self.digit.max()) + 1
        places = base ** np.arange(cast.shape[1])
        keys: IntArray = (self.digit[cast].astype(np.int64) * places).sum(axis=1)
        return keys

    def find(self, keys: IntArray) -> IntArray:
        """The row of each team's ``key`` (-1: not a starting evil team)."""
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[at] == keys, self.order[at], -1)


def minion_seats(cid: str, n: int, seat: int) -> dict[tuple[int, ...], int]:
    """The seats the Minions dealt beside the Demon ``cid`` at ``seat`` may hold, each with how
    many deals of their seats lead there: as many Minions as the table has and the Demon adds
    (the Lord of Typhon's one more), seated as its unit says (``Role.seat_minions``); for a
    Demon no player is dealt (``Role.held_by_minion``: Lil' Monsta), its babysitting Minion
    is at ``seat`` and these are the others; likewise for a Summoner ``cid`` at ``seat``. For a
    Demon most players hold (Legion's ``majority``), its other seats, all after ``seat``: the
    first in seat order is the Demon now (the one whose attack it is; the others inherit in
    seat order, ``Role.inherits``)."""
    if _holds_majority(cid):
        return dict.fromkeys(itertools.combinations(range(seat + 1, n), n // 2), 1)
    setup = character(cid).setup
    unit = role(cid)
    k = setup_counts(n)["minion"] + (setup.minions if setup is not None else 0)
    k -= unit.held_by_minion or bool(unit.summons_on_night)  # the Minion at ``seat`` is one
    found: dict[tuple[int, ...], int] = {}
    for dealt in itertools.combinations([s for s in range(n) if s != seat], k):
        seats = unit.seat_minions(n, seat, dealt)
        found[seats] = found.get(seats, 0) + 1
    return found


@cache
def copied(chars: tuple[str, ...]) -> int | None:
    """The code of the script's Townsfolk the setup may deal in copies (the Village Idiot's
    ``copies``, one of them drunk when there are several; None: none)."""
    found = (
        i
        for i, c in enumerate(chars)
        if (s := character(c).setup) and s.copies != (0,) and character(c).team == "townsfolk"
    )
    return next(found, None)


def copies_of(chars: tuple[str, ...]) -> tuple[int, ...]:
    """How many more copies of the ``copied`` character the setup may deal ((0,): none)."""
    code = copied(chars)
    setup = character(chars[code]).setup if code is not None else None
    return setup.copies if setup is not None else (0,)


@cache
def converter(chars: tuple[str, ...]) -> int | None:
    """The code of the script's Townsfolk whose setup makes another Townsfolk evil (the
    Bounty Hunter's ``evil_townsfolk``; None: none). That Townsfolk's cast code in ``Teams``
    is ``len(chars)``; in ``Worlds`` it is an evil ``UNKNOWN``."""
    found = (i for i, c in enumerate(chars) if (s := character(c).setup) and s.evil_townsfolk)
    return next(found, None)


@cache
def summonable(chars: tuple[str, ...]) -> tuple[int, ...]:
    """The codes of the script's Demons a player can hold (a Summoner's choices: not Lil'
    Monsta, whose setup deals no Demon)."""
    return tuple(
        i
        for i, c in enumerate(chars)
        if character(c).team == "demon" and ((s := character(c).setup) is None or s.demon)
    )


@cache
def _babysat(chars: tuple[str, ...]) -> int | None:
    """The code of the script's Demon that a Minion holds (``Role.held_by_minion``: Lil'
    Monsta; None: none)."""
    return next((i for i, c in enumerate(chars) if role(c).held_by_minion), None)


def _holds_majority(cid: str) -> bool:
    """Whether most players hold this Demon (Legion): its other seats are copies of it."""
    setup = character(cid).setup
    return setup is not None and setup.majority


def _chosen(cid: str, n: int, minions: int) -> float | None:
    """For a Demon that makes its Minions of good players (the Kazali's ``chosen_minions``),
    the chance of each of its choices (which players become which of the script's Minions,
    uniformly); None for a Demon dealt beside its Minions."""
    setup = character(cid).setup
    if setup is None or not setup.chosen_minions:
        return None
    k = setup_counts(n)["minion"]
    return 1.0 / (math.comb(n - 1, k) * math.perm(minions, k))


@cache
def evil_teams(chars: tuple[str, ...], n: int) -> Teams:
    """Every Demon seat and character (or a Summoner's, heading a team dealt no Demon), every
    set of Minion seats it may have beside it (``minion_seats``) and every assignment of
    distinct Minion characters to them, with the Outsider counts each team's characters allow
    (``outsider_counts``)."""
    info = tables(chars)
    codes = info["team"]
    # The Summoner heads a team of its own (no Demon dealt), never one with a Demon.
    summoners = [i for i, t in enumerate(codes[:-1]) if t == MINION and info["summons"][i]]
    demons = [i for i, t in enumerate(codes[:-1]) if t == DEMON]
    minions = [i for i, t in enumerate(codes[:-1]) if t == MINION and i not in summoners]
    converts = converter(chars) is not None
    heads, rows, deals, chosen = [], [], [], []
    for d in range(n):
        for demon in demons + summoners:
            made = _chosen(chars[demon], n, len(minions))
            held = _holds_majority(chars[demon])
            babysat = role(chars[demon]).held_by_minion  # the seat ``d`` holds a Minion
            for seats, ways in minion_seats(chars[demon], n, d).items():
                casts = (
                    [(demon,) * len(seats)]
                    if held
                    else itertools.permutations(minions, len(seats) + babysat)
                )
                for cast in casts:
                    row = [-1] * n
                    for s, m in zip((d, *seats) if babysat else seats, cast, strict=True):
                        row[s] = m
                    if not babysat:
                        row[d] = demon
                    these = [row]
                    if converts:  # with the Bounty Hunter in play, any good seat is evil
                        these += [row[:e] + [len(chars)] + row[e + 1 :] for e in range(n)
                                  if row[e] < 0]  # fmt: skip
                    heads += [d] * len(these)
                    rows += these
                    # Lil' Monsta's: each of its Minions babysits as likely.
                    sits = 1.0 / (len(seats) + 1) if babysat else 1.0
                    deals += [ways * sits * (1.0 if made is None else made)] * len(these)
                    chosen += [made is not None] * len(these)
    cast_array = np.array(rows, dtype=np.int16).reshape(-1, n)
    evil = cast_array >= 0
    base = setup_counts(n)["outsider"]
    # The Outsider counts of the characters in play at setup (not the Kazali's Minions).
    at_setup = [[row[d]] if made else sorted(c for c in row if c >= 0)
                for row, d, made in zip(rows, heads, chosen, strict=True)]  # fmt: skip
    choices = [
        [count - base for count in _outsider_counts(chars, tuple(codes), n)] for codes in at_setup
    ]
    widest = max((len(c) for c in choices), default=1)
    shift = np.full((len(rows), widest), NO_SHIFT, dtype=np.int64)
    for i, c in enumerate(choices):
        shift[i, : len(c)] = c
    digit = np.zeros(len(chars) + 2, dtype=np.int64)  # the evil Townsfolk's: len(chars)
    digit[[*demons, *minions, len(chars)]] = np.arange(1, len(demons) + len(minions) + 2)
    deal_array, chosen_array = np.array(deals, dtype=float), np.array(chosen, dtype=bool)
    made = (cast_array == len(chars)).any(axis=1)
    size = evil.sum(axis=1) - made
    alike, _ = _groups(  # each column's values by their rank: small integers
        [np.unique(c, return_inverse=True)[1].reshape(-1)
         for c in (*shift.T, deal_array, size, chosen_array, made)]
    )  # fmt: skip
    teams = Teams(
        np.array(heads, dtype=np.int64), cast_array, evil, seat_bits(~evil), size, made, alike, shift,
        digit, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), deal_array, chosen_array,
    )  # fmt: skip
    keys = teams.key(cast_array)
    order = np.argsort(keys)
    return replace(teams, keys=keys[order], order=order)


NO_SHIFT = 99  # no such Outsider shift (``Teams.shift``)
SMALL = 64  # counts of characters and seats stay below this
PERMUTATIONS = np.array(
    [[math.perm(a, k) if k <= a else 0 for k in range(SMALL)] for a in range(SMALL)], dtype=float
)


# ``PERMUTATIONS`` beside zeros for negative arguments (clipped to -1), flat: ``_perm`` is one
# lookup; and the factorials, 1 for a negative count (as ``PERMUTATIONS[0, 0]``).
_PERMS = np.pad(PERMUTATIONS, ((1, 0), (1, 0))).ravel()
_FACTORIALS = np.pad(PERMUTATIONS.diagonal(), (1, 0), constant_values=1.0)


def _perm(a: IntArray, k: IntArray) -> FloatArray:
    """a! / (a - k)!, zero where k > a or either is negative (vectorised, small integers:
    beyond ``SMALL`` as at ``SMALL - 1``)."""
    row = np.clip(np.asarray(a, dtype=np.int64), -1, SMALL - 1) + 1
    perms: FloatArray = _PERMS.take(row * (SMALL + 1) + np.clip(k, -1, SMALL - 1) + 1)
    return perms


def _choose(a: IntArray, k: IntArray) -> FloatArray:
    """The binomial coefficient, zero outside 0 <= k <= a."""
    k = np.asarray(k)
    chosen: FloatArray = _perm(a, k) / _FACTORIALS.take(np.clip(k, -1, SMALL - 1) + 1)
    return chosen


@dataclass
class Worlds:
    """The worlds, one row each. ``char`` is each seat's true character code (``UNKNOWN`` for a
    good player who has not claimed); ``demon`` the starting Demon's seat; ``drunk`` the seat of
    a claimed Townsfolk who is really the Drunk (-1: none such); ``drunk_copy`` that of a
    claimer of a character dealt in copies who is the drunk one (the Village Idiots'; -1: none
    such); ``prior`` each world's weight
    (for sampled worlds, the importance weight of its draws); ``outsiders`` and ``townsfolk``
    the counts in play. ``origin`` says which of the worlds first built a row descends from (a
    sweep may split a world in two, one per heir), ``copies`` how often each of those was drawn
    (infinite for worlds weighed exactly)."""

    setup: Setup
    char: IntArray
    evil: BoolArray
    demon: IntArray
    drunk: IntArray
    drunk_copy: IntArray
    outsiders: IntArray
    townsfolk: IntArray
    prior: FloatArray
    origin: IntArray
    copies: FloatArray
    sampled: bool = False
    feasible: int = 0  # how many worlds the sample was drawn from
    derived: dict[str, np.ndarray] = field(default_factory=dict, repr=False, compare=False)

    def _derive(self, name: str, make: Callable[[], np.ndarray]) -> np.ndarray:
        """A per-world array computed once for these worlds."""
        if name not in self.derived:
            self.derived[name] = make()
        return self.derived[name]

    @property
    def demon_kind(self) -> IntArray:
        """Per world, the starting Demon's character code: its seat's (a Summoner's, standing
        in for the Demon it will make, ``Role.summons_on_night``), or, where that seat holds a
        Minion (the babysitter of a Demon no player is dealt, ``Role.held_by_minion``), that
        Demon's."""

        def make() -> IntArray:
            kind: IntArray = self.char[np.arange(len(self)), self.demon].astype(np.int64)
            babysat = _babysat(self.setup.chars)
            if babysat is not None:
                summons = tables(self.setup.chars)["summons"][kind] > 0
                kind = np.where((self.team_table[kind] == DEMON) | summons, kind, babysat)
            return kind

        return self._derive("demon_kind", make)

    @property
    def flags(self) -> tuple[BoolArray, BoolArray]:
        """Per world and seat: whether the player surely registers as evil, and whether they
        may (the Spy may register good, the Recluse evil); a Townsfolk made evil surely
        does."""
        if converter(self.setup.chars) is None:
            return self.per_seat("must_evil"), self.per_seat("may_evil")
        made = self._derive("made", lambda: self.evil & (self.char == UNKNOWN))
        must = self._derive("flag:must", lambda: self.per_seat("must_evil") | made)
        return must, self._derive("flag:may", lambda: self.per_seat("may_evil") | made)

    @property
    def evil_team(self) -> BoolArray:
        """Per world and seat, whether the player is of the Demon's team (evil, and no
        Townsfolk made evil, who knows no teammate and plays as the good do: the Demon kills
        them as it kills the good, they never inherit, and their hands and nominations are
        as good as a good player's)."""
        if converter(self.setup.chars) is None:
            return self.evil
        return self._derive("evil_team", lambda: self.evil & (self.char != UNKNOWN))

    @property
    def evil_bits(self) -> IntArray:
        """Per world, ``evil`` as a bitmask of seats (bit ``s`` for seat ``s``)."""
        return self._derive("evil_bits", lambda: seat_bits(self.evil))

    @property
    def team_bits(self) -> IntArray:
        """Per world, ``evil_team`` as a bitmask of seats: the sweep counts a set of players'
        teammates with one popcount, not a row slice per moment."""
        if converter(self.setup.chars) is None:
            return self.evil_bits
        return self._derive("team_bits", lambda: seat_bits(self.evil_team))

    def killers(self) -> tuple[IntArray, IntArray, IntArray]:
        """The evil players whose character may kill at night beside the Demon (``tables``'
        ``kill_bit``): their worlds, seats and bits, in world order (few per world)."""

        def make() -> np.ndarray:
            rows, seats = np.nonzero(self.evil)
            bits = tables(self.setup.chars)["kill_bit"][self.char[rows, seats]]
            kills = bits > 0
            return np.stack([rows[kills], seats[kills], bits[kills]])

        rows, seats, bits = self._derive("killers", make)
        return rows, seats, bits

    @property
    def team_table(self) -> np.ndarray:
        """Per character code, its team's index in ``TEAMS`` (-1 for ``UNKNOWN``)."""
        return tables(self.setup.chars)["team"]

    @property
    def register_table(self) -> np.ndarray:
        """Per character code, the teams it may register as (``UNKNOWN``'s last)."""
        return tables(self.setup.chars)["registers"]

    def per_seat(self, table: str) -> np.ndarray:
        """A per-character table (of ``tables``) looked up at every world and seat (``take``:
        numpy's indexing by the int16 codes is several times slower, forty for ``registers``)."""
        return self._derive(table, lambda: np.take(tables(self.setup.chars)[table], self.char, 0))

    def holder(self, table: str) -> IntArray:
        """Per world, the seat of a character the per-character ``table`` marks (-1: none)."""

        def make() -> IntArray:
            marks = tables(self.setup.chars)[table].astype(bool)
            if not marks.any():  # on no character of the script
                return np.full(len(self), -1)
            hit = np.take(marks, self.char)
            return np.where(hit.any(axis=1), hit.argmax(axis=1), -1)

        return self._derive("holder:" + table, make)

    def __len__(self) -> int:
        return len(self.demon)

    def recast(self, which: BoolArray, seat: IntArray, code: IntArray) -> Worlds:
        """These worlds with the player at ``seat`` now evil and holding ``code`` where
        ``which`` (per world; a good player the Fang Gu jumped into)."""
        rows = np.flatnonzero(which)
        char, evil = self.char.copy(), self.evil.copy()
        char[rows, seat[rows]] = code[rows]
        evil[rows, seat[rows]] = True
        return replace(self, char=char, evil=evil, derived={})

    def take(self, rows: IntArray) -> Worlds:
        """The worlds ``rows``, keeping what was derived of them one number per world (a
        bitmask, a holder's seat: cheaper taken than worked out again; a per-seat table is
        not, as most are never read again)."""
        derived = {k: v[rows] for k, v in self.derived.items() if v.shape == (len(self),)}
        return Worlds(
            self.setup,
            np.take(self.char, rows, 0),  # (rows of a 2-D array: take is 4x faster)
            np.take(self.evil, rows, 0),
            self.demon[rows],
            self.drunk[rows],
            self.drunk_copy[rows],
            self.outsiders[rows],
            self.townsfolk[rows],
            self.prior[rows],
            self.origin[rows],
            self.copies,
            self.sampled,
            self.feasible,
            derived,
        )


@dataclass(frozen=True, eq=False)
class Feasible:
    """Every world the claims' hard facts allow, compactly: each world's evil team (``slot``,
    an index into ``teams``, the rows of ``evil_teams`` that occur), its Drunk's seat (-1:
    none), its prior (normalised) and the counts of Outsiders and Townsfolk in play, which of
    its team's Outsider shifts it has and which claimer of a copied character is the drunk
    one (``variant``: a column of ``Teams.shift`` times the copies' columns, plus the column
    of ``drunk_copy``, that claimer's seat, -1: none). ``claimed`` is each seat's claimed
    character code (``UNKNOWN``: none)."""

    setup: Setup
    claimed: IntArray
    teams: IntArray
    slot: IntArray
    drunk: IntArray
    prior: FloatArray
    outsiders: IntArray
    townsfolk: IntArray
    variant: IntArray
    drunk_copy: IntArray

    def __len__(self) -> int:
        return len(self.slot)

    @cached_property
    def _cast(self) -> tuple[IntArray, BoolArray, IntArray]:
        """Per team (``teams``), each seat's character (a good player's, their claim; a
        Townsfolk made evil's, any of them) and alignment, and its Demon's seat: built once,
        as the search builds worlds of a few teams at a time."""
        teams = evil_teams(self.setup.chars, self.setup.n)
        cast = np.take(teams.cast, self.teams, 0)
        evil = np.take(teams.evil, self.teams, 0)
        char = np.where(evil, cast, self.claimed[None, :]).astype(np.int16)
        char[cast == len(self.setup.chars)] = UNKNOWN
        return char, evil, teams.demon[self.teams]

    def worlds(
        self, pick: IntArray | None = None, prior: FloatArray | None = None,
        copies: FloatArray | None = None,
    ) -> Worlds:  # fmt: skip
        """The worlds ``pick`` (all of them: None) in full. Drawn worlds come with their
        importance weights (``prior``) and how often each was drawn (``copies``)."""
        sampled = pick is not None
        if pick is None:
            pick = np.arange(len(self))
        if prior is None:
            prior = self.prior[pick]
        slot = self.slot.take(pick)
        chars, evil, demon = self._cast
        char = chars.take(slot, 0)
        drunk = self.drunk.take(pick)
        has = np.flatnonzero(drunk >= 0)
        char[has, drunk.take(has)] = _drunk_code(self.setup.chars)
        return Worlds(
            self.setup,
            char,
            evil.take(slot, 0),
            demon.take(slot),
            drunk,
            self.drunk_copy.take(pick),
            self.outsiders.take(pick),
            self.townsfolk.take(pick),
            prior,
            np.arange(len(pick)),
            np.full(len(pick), np.inf) if copies is None else copies,
            sampled,
            len(self),
        )


def _townsfolk_fill(
    unclaimed: IntArray, t: IntArray, pool: IntArray, converted: IntArray, total: IntArray,
    claimed: IntArray | None,
) -> FloatArray:  # fmt: skip
    """Per team and Drunk column (``_feasible``'s), the ways to deal the ``t`` Townsfolk among
    the ``unclaimed`` good players from the ``pool`` of Townsfolk no good claimer holds. With
    a converter on the script (``claimed``: per team, whether a good player claims it), a
    team with a Townsfolk made evil needs it in play, truly claimed or dealt unclaimed, and
    that Townsfolk's character is one more from the pool, the storyteller's pick one in the
    ``total`` Townsfolk less the converter; a team without one needs it out of play."""
    ways = _choose(unclaimed[:, None], t)
    if claimed is None:
        plain: FloatArray = ways * _perm(pool, t)
        return plain
    real = claimed[:, None] * np.array([[1, 1, 0]])  # held, unless by the Drunk (who claims it)
    free = 1 - claimed[:, None]  # in the pool, not claimed by a good player
    without = ways * _perm(pool - free, t)  # the unclaimed hold it not
    within = ways * t * _perm(pool - 1, t - 1) * free  # one of them holds it
    pick = np.maximum(pool - t, 0) / np.maximum(total - 1, 1)[:, None]
    made = converted[:, None].astype(bool)
    fill: FloatArray = np.where(made, (real * without + within) * pick, (1 - real) * without)
    return fill


def _copies(
    unclaimed: IntArray, t: IntArray, total: IntArray, n_tf: int, held: IntArray,
    others: IntArray, sober: BoolArray, extra: tuple[int, ...], options: IntArray,
    kind: IntArray, copy_options: IntArray, made: tuple[IntArray, IntArray] | None,
) -> FloatArray:  # fmt: skip
    """Per team, Drunk column and drunk copy's column (``_feasible``'s), on a script with a
    Townsfolk dealt in copies (the Village Idiot: as many more of it as one of its ``copies``,
    uniformly, each in another Townsfolk's place; with several, one of them drunk, uniformly):
    the ways to deal the ``t`` Townsfolk among the ``unclaimed`` good players (per Drunk
    column; ``held``: its good claimers, ``others``: other Townsfolk's, ``sober``: whether each
    column's claimer of it is good), summed over how many of them hold it, times the chance
    of its copies and the
    Drunk's token (one of the Townsfolk not in play). A Drunk who claims it holds its token:
    then it is not in play. With a converter on the script (``made``: per team, whether a
    Townsfolk is made evil, and how many good players claim the converter), ``_convert``
    says how the Townsfolk made evil, one of the copies or another, is dealt."""
    pool = (n_tf - 1 - others)[:, None]  # other Townsfolk no good claimer holds
    real = held[:, None] - (kind == 2)[None, :]  # its claimers who hold it
    u, total2 = unclaimed[:, None], total[:, None]
    out = np.zeros((len(held), len(options), len(copy_options)))
    # (j, cv): how many who have not claimed hold it, and whether the Townsfolk made evil does
    for j, cv in itertools.product(range(max(extra) + 2), (0, 1) if made else (0,)):
        m = real + j + cv  # in play
        k = t - j  # the other Townsfolk among those who have not claimed
        if made is None:
            fill = _perm(pool, k)
        else:
            fill = _convert(pool, k, total2, kind, cv, *made)
        ways = _choose(u, t) * _choose(t, np.full_like(t, j)) * fill
        legal = (real >= 0) & ((m == 0) | (np.isin(m - 1, extra) & (kind != 2)[None, :]))
        dealt = (
            m * _perm(n_tf - 1 - (total2 - m), m - 1) / np.maximum(_choose(total2 - 1, m - 1), 1)
        )
        chance = np.where(m == 0, 1.0, dealt / len(extra)) * legal
        left = n_tf - (total2 - m + (m > 0))  # the Townsfolk not in play, for the Drunk's token
        token = np.where(options[None, :] >= 0, 1 / np.maximum(left, 1), 1.0)
        base = ways * chance * token
        several = m >= 2
        column = np.empty((*m.shape, len(copy_options)))
        column[:, :, 0] = np.where(several, (j + cv) / np.maximum(m, 1), 1.0)  # none who claimed
        drunk_claimer = sober[:, None, 1:] & (
            copy_options[None, None, 1:] != options[None, :, None]
        )
        column[:, :, 1:] = np.where(
            several[:, :, None] & drunk_claimer, 1 / np.maximum(m, 1)[:, :, None], 0.0
        )
        out += base[:, :, None] * column
    return out


def _convert(
    pool: IntArray, k: IntArray, total: IntArray, kind: IntArray, cv: int,
    converted: IntArray, claimers: IntArray,
) -> FloatArray:  # fmt: skip
    """``_copies``'s ways to deal the ``k`` other Townsfolk of those who have not claimed from
    the ``pool``, beside a converter (the Bounty Hunter; ``claimers``: its good claimers, per
    team; a Drunk who claims it, ``kind`` 3, holds its token): in a team with a Townsfolk made
    evil (``converted``) it is in play, truly claimed or held by one of the ``k``, and the
    Townsfolk made evil holds a copy (``cv`` 1) or one more from the pool, the storyteller's
    pick one in the ``total`` Townsfolk less the converter; in a team without, it is out of
    play."""
    real = claimers[:, None] - (kind == 3)[None, :]  # its claimers who hold it
    free = (claimers == 0)[:, None]  # in the pool
    held = (real == 1) * _perm(pool, k) + free * k * _perm(pool - 1, k - 1)
    other = held * np.maximum(pool - k, 0) if not cv else held
    made = other / np.maximum(total - 1, 1)
    out = (real == 0) * _perm(pool - free, k) if not cv else np.zeros_like(made)
    fill: FloatArray = np.where(converted[:, None].astype(bool), made, out)
    return fill


def _drunk_code(chars: tuple[str, ...]) -> int:
    """The code of the script's good character whose player claims a Townsfolk it is not
    (``Role.poses_as_townsfolk``: the Drunk, the Lunatic; ``UNKNOWN``: none). A script with
    two such has the first one's worlds only (an approximation: no base script has both)."""
    found = (
        i
        for i, c in enumerate(chars)
        if role(c).poses_as_townsfolk and character(c).team in ("townsfolk", "outsider")
    )
    return next(found, UNKNOWN)


def feasible(setup: Setup, claims: tuple[Claim, ...], good: tuple[int, ...] = ()) -> Feasible:
    """The worlds consistent with the claims' hard facts (and with ``good`` players good);
    only the claimed characters matter, so equal claims share them (cached)."""
    said = tuple(sorted((c.player, c.character) for c in claims))
    return _feasible(setup, said, tuple(sorted(good)))


def count(setup: Setup, claims: tuple[Claim, ...], good: tuple[int, ...] = ()) -> int:
    """How many worlds are feasible (cached longer than the worlds themselves)."""
    said = tuple(sorted((c.player, c.character) for c in claims))
    return _count(setup, said, tuple(sorted(good)))


@lru_cache(maxsize=1024)
def _count(setup: Setup, said: tuple[tuple[int, str], ...], good: tuple[int, ...]) -> int:
    return len(_feasible(setup, said, good))


def build(setup: Setup, claims: tuple[Claim, ...], good: tuple[int, ...] = ()) -> Worlds:
    """Every feasible world, in full (for tables small enough to enumerate; cached)."""
    said = tuple(sorted((c.player, c.character) for c in claims))
    return _build(setup, said, tuple(sorted(good)))


@lru_cache(maxsize=256)
def _build(setup: Setup, said: tuple[tuple[int, str], ...], good: tuple[int, ...]) -> Worlds:
    return _feasible(setup, said, good).worlds()


@lru_cache(maxsize=8)  # at 15 players a feasible set is some 10 MB
def _feasible(setup: Setup, said: tuple[tuple[int, str], ...], good: tuple[int, ...]) -> Feasible:
    info = tables(setup.chars)
    team = info["team"]
    n = setup.n
    teams = evil_teams(setup.chars, n)
    claimed = np.full(n, UNKNOWN, dtype=np.int16)
    spoke = np.zeros(n, dtype=bool)
    for player, cid in said:
        if player in setup.seats:
            claimed[setup.seat(player)] = setup.code(cid)
            spoke[setup.seat(player)] = True
    claimed_team = np.where(claimed >= 0, team[claimed], -1)
    bits = teams.good_bits
    must_be_good = _mask([setup.seat(p) for p in good])
    keep = (bits & must_be_good) == must_be_good
    liars = (claimed_team == MINION) | (claimed_team == DEMON) | ((claimed_team < 0) & spoke)
    keep &= (bits & _mask(liars)) == 0  # a good player never claims an evil (or unknown) one
    copy_code = copied(setup.chars)
    extra = copies_of(setup.chars)
    for code in set(claimed[claimed >= 0].tolist()):
        holders = claimed == code
        most = 1 if code != copy_code else 1 + max(extra)
        if holders.sum() > most:  # two good players never hold one character (but copies)
            keep &= np.bitwise_count(bits & _mask(holders)) <= most
    rows0 = np.flatnonzero(keep)
    conv_code = converter(setup.chars)
    # Columns: nobody among the claimed Townsfolk is the Drunk, or this one is.
    options = np.array([-1, *np.flatnonzero(claimed_team == TOWNSFOLK).tolist()])
    if _drunk_code(setup.chars) == UNKNOWN:
        options = options[:1]
    # Columns of the drunk one of a character dealt in copies: none claimed, or this claimer.
    copy_options = np.array(
        [-1, *np.flatnonzero(claimed == (copy_code if copy_code is not None else -2)).tolist()]
    )
    # A team's worlds weigh alike to another's of its kind (``Teams.alike``) with as many good
    # players among the claimers of each kind, but for which claimers are good (the Drunk's
    # columns, multiplied in below): each such set of teams is weighed once.
    kept = bits[rows0]
    sober = _good_at(kept, copy_options[1:])
    alike, first = _groups(
        [teams.alike[rows0], *(_among(kept, claimed == c) for c in (conv_code,) if c is not None),
         *(_among(kept, seats) for seats in (claimed >= 0, claimed_team == TOWNSFOLK,
                                             claimed_team == OUTSIDER)), *sober.T]
    )  # fmt: skip
    weight, os_totals, tf_totals = _weigh(
        setup, teams, rows0[first], claimed, claimed_team, options, copy_options
    )
    # Each team's cells (shift, Drunk, drunk copy) in a row: a world's cell says all but its
    # team, read from small tables per cell (and per alike teams' cell), not divided out.
    cells_of = weight.shape[1:]
    weight = weight.reshape(len(weight), math.prod(cells_of))
    picked, cell = _weighed_cells(weight, alike)
    shift_at, column, copy_at = (a.ravel() for a in np.indices(cells_of))
    drunk = options[column].astype(np.int64)  # per cell, the Drunk's seat (-1: none)
    if len(options) > 1:  # a world whose Drunk is evil is none (fewer than the cells)
        seat = drunk.take(cell)
        bit = (kept.take(picked) >> np.maximum(seat, 0).astype(np.uint64)) & np.uint64(1)
        drunk_good = (seat < 0) | (bit > 0)
        picked, cell = picked[drunk_good], cell[drunk_good]
    at = alike[picked] * weight.shape[1] + cell  # the alike teams' cell
    prior = weight.ravel().take(at)
    first_of = np.ones(len(picked), dtype=bool)  # ``picked`` is sorted: its distinct teams
    first_of[1:] = picked[1:] != picked[:-1]
    used, slot = picked[first_of], np.cumsum(first_of) - 1
    return Feasible(
        setup,
        claimed,
        rows0[used],
        slot,
        drunk.take(cell),
        prior / prior.sum() if len(prior) else prior,
        os_totals[:, shift_at].ravel().take(at),
        tf_totals[:, shift_at].ravel().take(at),
        (shift_at * len(copy_options) + copy_at).astype(np.int64).take(cell),
        copy_options[copy_at].astype(np.int64).take(cell),
    )


def _weighed_cells(weight: FloatArray, alike: IntArray) -> tuple[IntArray, IntArray]:
    """Each row's cells of positive ``weight`` (per group of alike rows, and cell), row by
    row and cell by cell (the order of ``np.flatnonzero`` over the rows' weights), without
    writing out every row's weights: each group's cells repeated for its rows."""
    group, cells = np.nonzero(weight > 0)
    count = np.bincount(group, minlength=len(weight))
    start = np.cumsum(count) - count  # each group's first cell in ``cells``
    per_row = count.take(alike)
    picked = np.repeat(np.arange(len(alike)), per_row)
    into = np.arange(len(picked)) - np.repeat(np.cumsum(per_row) - per_row, per_row)
    return picked, cells.take(np.repeat(start.take(alike), per_row) + into)


def _weigh(
    setup: Setup, teams: Teams, rows: IntArray, claimed: IntArray, claimed_team: IntArray,
    options: IntArray, copy_options: IntArray,
) -> tuple[FloatArray, IntArray, IntArray]:  # fmt: skip
    """``_feasible``'s weights of the evil teams ``rows``, per team, Outsider shift, Drunk
    column (``options``; as if the claimer in it is good) and drunk copy's column (a copied
    character's claimers, ``copy_options``), and per team and shift the Outsiders and
    Townsfolk in play."""
    team = tables(setup.chars)["team"]
    n = setup.n
    counts = setup_counts(n)
    bits = teams.good_bits[rows]
    g_tf = _among(bits, claimed_team == TOWNSFOLK)
    g_os = _among(bits, claimed_team == OUTSIDER)
    chosen = teams.chosen[rows]
    team_size = teams.size[rows]
    # Minions the Demon made of good players (the Kazali's) were dealt good characters, as
    # unknown as those of the good who have not claimed (their claims are their bluffs).
    unclaimed = _among(bits, claimed < 0) + np.where(chosen, team_size - 1, 0)
    evil_claimers = _among(~bits, claimed >= 0)
    n_tf = int((team[:-1] == TOWNSFOLK).sum())
    n_os = int((team[:-1] == OUTSIDER).sum())
    bluff = 1.0 / max(n_tf + n_os, 1)
    # The deals' count depends only on whether one is the Drunk, and whether the Drunk is the
    # one who claims the converter (the Bounty Hunter): columns none, another, that one.
    # With both (the Village Idiot beside the Bounty Hunter), a fourth: the Drunk claims the
    # converter.
    copy_code = copied(setup.chars)
    extra = copies_of(setup.chars)
    conv_code = converter(setup.chars)
    both = conv_code is not None and copy_code is not None
    is_drunk = np.array([[0, 1, 1, 1][: 3 + both]])
    tf_real = g_tf[:, None] - is_drunk
    kind = np.where(options >= 0, 1, 0)
    for special, code in ((copy_code, 2), (conv_code, 2 + both)):
        if special is not None:
            kind[(options >= 0) & (claimed[np.maximum(options, 0)] == special)] = code
    moved = teams.shift[rows]  # one column per Outsider shift a team may choose
    os_totals = counts["outsider"] + moved
    converted = teams.converted[rows].astype(np.int64)
    dealt_good = n - np.where(chosen, 1, team_size)  # the seats dealt a good character
    tf_totals = dealt_good[:, None] - os_totals  # the Townsfolk made evil is one
    conv_claimers = None if conv_code is None else _among(bits, claimed == conv_code)
    weights = []
    for j in range(moved.shape[1]):
        os_total, tf_total = os_totals[:, j], tf_totals[:, j]
        t = tf_total[:, None] - tf_real - converted[:, None]
        o = os_total[:, None] - g_os[:, None] - is_drunk
        other = (
            _perm(n_os - g_os[:, None] - is_drunk, o)
            * (bluff**evil_claimers)[:, None]
            * (moved[:, j] != NO_SHIFT)[:, None]
            * teams.deals[rows][:, None]
        )
        if copy_code is None:
            fill = _townsfolk_fill(
                unclaimed, t, n_tf - tf_real - is_drunk, converted, tf_total, conv_claimers
            )
            token = np.where(options >= 0, 1 / np.maximum(n_tf - tf_total, 1)[:, None], 1.0)
            weights.append(((fill * other)[:, kind] * token)[:, :, None])
        else:
            held = _among(bits, claimed == copy_code)  # its good claimers
            others = _among(bits, (claimed_team == TOWNSFOLK) & (claimed != copy_code))
            claimer = claimed[np.maximum(copy_options, 0)] == copy_code
            sober = _good_at(bits, np.maximum(copy_options, 0)) & claimer[None, :]
            fill_token = _copies(
                unclaimed, t[:, kind], tf_total, n_tf, held, others, sober, extra, options,
                kind, copy_options, None if conv_claimers is None else (converted, conv_claimers),
            )  # fmt: skip
            weights.append(other[:, kind, None] * fill_token)
    return np.stack(weights, axis=1), os_totals, tf_totals


def _mask(seats: BoolArray | list[int]) -> np.uint64:
    """The seats (a per-seat mask, or seat numbers) as bits, bit ``s`` for seat ``s``."""
    at = np.flatnonzero(seats).tolist() if isinstance(seats, np.ndarray) else seats
    return np.uint64(sum(1 << s for s in set(at)))


def _among(bits: IntArray, seats: BoolArray) -> IntArray:
    """Per row of seat ``bits``, how many of the ``seats`` (a per-seat mask) are set."""
    counted: IntArray = np.bitwise_count(bits & _mask(seats)).astype(np.int64)
    return counted


def _good_at(bits: IntArray, seats: IntArray) -> BoolArray:
    """Per row of seat ``bits`` and each of the ``seats``, whether its bit is set."""
    at: BoolArray = ((bits[:, None] >> seats.astype(np.uint64)[None, :]) & np.uint64(1)).astype(
        bool
    )
    return at


def _groups(columns: list[IntArray]) -> tuple[IntArray, IntArray]:
    """The rows alike in all ``columns`` (small non-negative integers): each row's group, and
    one row of each group. The values make one key per row (mixed radix), grouped through a
    table of every key (no sort) unless that table would be much longer than the rows."""
    size = len(columns[0])
    key, space = np.zeros(size, dtype=np.int64), 1
    for column in columns:
        radix = int(column.max()) + 1 if size else 1
        key, space = key * radix + column, space * radix
    if space > 4 * size + 4096:
        _, first, group = np.unique(key, return_index=True, return_inverse=True)
        return group.reshape(-1), first
    seen = np.zeros(space, dtype=bool)
    seen[key] = True
    keys = np.flatnonzero(seen)
    index = np.empty(space, dtype=np.int64)
    index[keys] = np.arange(len(keys))
    group = index[key]
    first = np.empty(len(keys), dtype=np.int64)
    first[group] = np.arange(size)  # one row of each group (any one: they weigh alike)
    return group, first
