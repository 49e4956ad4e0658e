"""What a unit's ``weigh`` hook works with: ``Moment``, the worlds as one moment of the game
sees them, and ``Weight``, what it answers; ``Setup``, what the model knows before anyone speaks.

The reasoning model sits above the game, but the units speak this vocabulary, so this module
imports nothing of the game nor of the rest of the model: it reads the worlds through ``Rows``,
which ``worlds.Worlds`` provides."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

import numpy as np

TEAMS = ("townsfolk", "outsider", "minion", "demon")
TOWNSFOLK, OUTSIDER, MINION, DEMON = range(4)
UNKNOWN = -1  # the character code of a good player who has not claimed
FloatArray = np.ndarray
IntArray = np.ndarray
BoolArray = np.ndarray


@dataclass(frozen=True)
class Setup:
    """What the model knows before anyone speaks: the script's characters (by code, their
    index here), the residents in seat order and the setup counts."""

    chars: tuple[str, ...]
    seats: tuple[int, ...]

    @property
    def n(self) -> int:
        return len(self.seats)

    def code(self, cid: str) -> int:
        return self.chars.index(cid) if cid in self.chars else UNKNOWN

    def seat(self, player: int) -> int:
        return self.seats.index(player)


class Rows(Protocol):
    """What a moment reads of the worlds, one row each (``worlds.Worlds``): each seat's
    character code and alignment, the starting Demon's seat (its character is the Demon's now,
    whoever inherited it), the counts in play, and per seat what it may register as (and any
    per-character table, looked up once per set of worlds)."""

    @property
    def setup(self) -> Setup: ...

    @property
    def char(self) -> IntArray: ...

    @property
    def evil(self) -> BoolArray: ...

    @property
    def demon(self) -> IntArray: ...

    @property
    def outsiders(self) -> IntArray: ...

    @property
    def townsfolk(self) -> IntArray: ...

    @property
    def flags(self) -> tuple[BoolArray, BoolArray]: ...

    @property
    def team_table(self) -> np.ndarray: ...

    @property
    def register_table(self) -> np.ndarray:
        """Per character code (``UNKNOWN``'s last), the teams it may register as."""
        ...

    @property
    def evil_bits(self) -> IntArray:
        """Per world, the evil seats as a bitmask (``seat_bits``)."""
        ...

    def per_seat(self, table: str) -> np.ndarray:
        """A per-character table (``worlds.tables``: "team", "registers", ...) at every world
        and seat, computed once for these worlds."""
        ...

    def __len__(self) -> int: ...


@dataclass(frozen=True)
class Weight:
    """What a unit's ``weigh`` hook says of one heard item: its likelihood per world when the
    holder is sober and working, its likelihood when the holder is drunk or poisoned (or lying),
    and, for a character with a red herring, the sober likelihood when the herring is among the
    item's players.

    A sober Townsfolk's information must be false while the Vortox lives: ``misinformed`` is its
    likelihood then. ``informs`` says the item is information (False: a public event of an
    ability, a Slayer's shot or a Virgin's nomination, which the Vortox leaves alone); ``false``
    is the item's likelihood when it must be false, where the hook knows it better than the
    default (``misinformed``)."""

    sober: FloatArray
    impaired: float
    herring: FloatArray | None = None
    false: FloatArray | None = None
    informs: bool = True

    def misinformed(self) -> FloatArray:
        """The item's likelihood per world when it must be false (the Vortox's sober
        Townsfolk): the hook's ``false`` figure if it gave one; else never where it may be
        true (the storyteller may give no true answer nor a registration, so nothing the sober
        figure allows), and elsewhere each false answer alike; a public event as when sober."""
        if not self.informs:
            return self.sober
        if self.false is not None:
            return self.false
        # One true answer among 1 / impaired equally likely ones: each false one is then
        # impaired / (1 - impaired) likely (a yes-or-no's other answer is certain).
        false = min(self.impaired / max(1.0 - self.impaired, 1e-12), 1.0)
        figure: FloatArray = np.where(self.sober > 0, 0.0, false)
        return figure

    def take(self, rows: IntArray) -> Weight:
        """This weight for the worlds ``rows`` (when worlds are dropped or copied)."""
        return Weight(
            self.sober[rows],
            self.impaired,
            None if self.herring is None else self.herring[rows],
            None if self.false is None else self.false[rows],
            self.informs,
        )


def fires_on(surely: np.ndarray, maybe: np.ndarray, fired: bool) -> Weight:
    """A public ability that fires when its target registers a certain way (the Slayer's shot
    on the Demon, the Virgin's nominator as a Townsfolk): it fired only where the target may
    register so, and did not only where it need not; impaired, it never fires."""
    return Weight((maybe if fired else ~surely).astype(float), 0.0 if fired else 1.0, informs=False)


def townsfolk_neighbours(w: Rows, seat: IntArray, which: BoolArray) -> BoolArray:
    """Per world and seat, whether the player is the nearest Townsfolk clockwise or
    counterclockwise of ``seat`` (alive or dead), in the worlds ``which``. A good player who
    has not claimed counts as a Townsfolk (an approximation: mostly they are)."""
    n = w.setup.n
    out = np.zeros((len(w), n), dtype=bool)
    rows = np.flatnonzero(which)
    if not len(rows):
        return out
    townsfolk = w.team_table == TOWNSFOLK
    townsfolk[-1] = True  # ``UNKNOWN``
    at = seat[rows]
    clockwise, counter = around(marked_seats(np.take(w.char, rows, 0), townsfolk), at, n)
    for steps, way in ((clockwise, 1), (counter, -1)):
        ok = steps < n
        out[rows[ok], (at[ok] + way * steps[ok]) % n] = True
    return out


def seat_bits(seats: BoolArray) -> IntArray:
    """Each row of a per-world, per-seat mask as one unsigned integer, bit ``s`` for seat
    ``s`` (up to 64 seats): a product with the powers of two (several times faster than
    ``np.packbits`` along rows), in floats up to 53 seats (exact: integers below 2^53; numpy
    hands a float product to BLAS, twice as fast as its own loop in integers)."""
    n = seats.shape[1]
    if n <= 53:
        return (seats @ np.ldexp(1.0, np.arange(n))).astype(np.uint64)
    bits: IntArray = seats @ np.left_shift(np.uint64(1), np.arange(n, dtype=np.uint64))
    return bits


def marked_seats(char: IntArray, marks: BoolArray) -> IntArray:
    """Per world (a row of character codes), as a bitmask, the seats whose character the
    per-code ``marks`` marks (``UNKNOWN``'s last)."""
    return seat_bits(np.take(marks, char, 0))


def around(mask: IntArray, seat: IntArray, n: int) -> tuple[IntArray, IntArray]:
    """Per world, from ``seat``, the steps clockwise to the nearest of the ``n`` seats the
    bitmask ``mask`` marks (``seat_bits``), itself apart, and the steps counterclockwise (``n``:
    none). Each mask is turned to start at its seat and looked up (``_around``)."""
    marked = mask.astype(np.int64)
    at = seat % n
    turned = ((marked >> at) | (marked << (n - at))) & ((1 << n) - 1)
    clockwise, counter = _around(n)
    return clockwise[turned], counter[turned]


@cache
def _around(n: int) -> tuple[IntArray, IntArray]:
    """Per bitmask of marked seats counted from a seat (bit ``k``: ``k`` steps clockwise of
    it), the steps to the nearest marked one clockwise and counterclockwise, the seat itself
    apart (``n``: none)."""
    masks = np.arange(1 << n)
    clockwise, counter = np.full(1 << n, n), np.full(1 << n, n)
    for k in range(n - 1, 0, -1):  # nearest last: it overwrites
        clockwise[(masks >> k) & 1 == 1] = k
        counter[(masks >> (n - k)) & 1 == 1] = k
    clockwise.setflags(write=False)
    counter.setflags(write=False)
    return clockwise, counter


@dataclass
class Moment:
    """The worlds as one moment of the game sees them: the Demon's seat now, who lives.

    Travellers are not in the worlds (their characters are public, their alignments the
    storyteller's): a Traveller may or may not register as evil, is never the Demon nor a
    character of the script, and what a player says about one is not weighed."""

    worlds: Rows
    demon: IntArray
    alive: frozenset[int]

    def seat(self, player: int) -> int:
        return self.worlds.setup.seat(player)

    def resident(self, player: int) -> bool:
        return player in self.worlds.setup.seats

    def flags(self) -> tuple[np.ndarray, np.ndarray]:
        """Per world and seat: whether the player surely registers as evil, and whether they
        may (the Spy may register good, the Recluse evil)."""
        return self.worlds.flags

    def evil_count(self, players: Iterable[int]) -> tuple[IntArray, IntArray]:
        """How many of ``players`` register as evil: the fewest and the most."""
        must, may = self.flags()
        players = list(players)
        seats = [self.seat(p) for p in players if self.resident(p)]
        travellers = len(players) - len(seats)
        return must[:, seats].sum(axis=1), may[:, seats].sum(axis=1) + travellers

    def demon_among(self, players: Iterable[int]) -> tuple[np.ndarray, np.ndarray]:
        """Whether one of ``players`` surely registers as the Demon now (is it), and whether
        one may (or is a good player who may register as one: the Recluse)."""
        seats = [self.seat(p) for p in players if self.resident(p)]
        must = (self.demon[:, None] == np.array(seats, dtype=np.int64)[None, :]).any(axis=1)
        may = must.copy()
        for s in seats:  # a good player who may register as the Demon: the Recluse
            may |= self.worlds.per_seat("registers")[:, s, DEMON] & ~self.worlds.evil[:, s]
        return must, may

    def registers_as(self, player: int, team: str) -> tuple[np.ndarray, np.ndarray]:
        """Whether ``player`` surely registers as one of ``team``, and whether they may."""
        if not self.resident(player):
            none = np.zeros(len(self.demon), dtype=bool)
            return none, none
        s, t = self.seat(player), TEAMS.index(team)
        regs = self.worlds.per_seat("registers")[:, s]
        true = self.worlds.per_seat("team")[:, s] == t
        unknown = self.worlds.char[:, s] == UNKNOWN
        return true & ~unknown, regs[:, t]

    def is_character(self, player: int, cid: str) -> FloatArray:
        """The chance ``player`` registers as ``cid``: 1 where it is their character or one
        they may misregister as; for a good player who has not claimed, one in the number of
        good characters on the script."""
        if not self.resident(player):
            return np.ones(len(self.demon))
        code = self.worlds.setup.code(cid)
        if code == UNKNOWN:
            return np.zeros(len(self.demon))
        chance: FloatArray = _character_odds(self.worlds, code)[0].take(self._chars(player))
        return chance

    def _chars(self, player: int) -> IntArray:
        """Per world, ``player``'s character code, as an index into a per-code table (the
        last entry ``UNKNOWN``'s)."""
        chars: IntArray = self.worlds.char[:, self.seat(player)].astype(np.intp)
        return chars

    def script_team(self, team: str) -> int:
        """How many characters of ``team`` the script has."""
        codes = self.worlds.team_table[:-1]
        return int((codes == TEAMS.index(team)).sum())

    def in_play(self, team: str) -> IntArray:
        """How many of ``team`` are in play, per world."""
        w = self.worlds
        k = {
            "townsfolk": w.townsfolk,
            "outsider": w.outsiders,
            "minion": ((w.evil & (w.char != UNKNOWN)).sum(axis=1) - 1),  # no Townsfolk made evil
            "demon": np.ones(len(w)),
        }
        return np.asarray(k[team])

    def statement(
        self, kind: str, players: Iterable[int], value: str
    ) -> tuple[FloatArray, FloatArray]:
        """The chance that "one of ``players`` is ``value``" (``kind``: a character id, a team
        or an alignment, as ``engine.clocktower.game.statements`` says it) is surely true, and
        that it is surely false, as the players may register; what is left is open (the
        storyteller's ruling: a Recluse may register as the Demon). A good player who has not
        claimed is a Townsfolk as often as the worlds' good players are, and a given good
        character one time in the script's good characters; players are taken apart. The
        Demon is the one now (a Minion who inherited is one); characters are those dealt."""
        size = len(self.demon)
        none, sure_false = np.zeros(size), np.ones(size)
        for player in players:
            yes, no = self._holds(kind, player, value) if self.resident(player) else (none, none)
            none = 1.0 - (1.0 - none) * (1.0 - yes)
            sure_false = sure_false * no
        return none, sure_false

    def _holds(self, kind: str, player: int, value: str) -> tuple[FloatArray, FloatArray]:
        """The chance ``player`` surely is ``value``, and surely is not: what the player's
        character decides is looked up in small per-code tables (``_character_odds``,
        ``_team_odds``), then the worlds' own facts (the Demon now, the counts in play)."""
        w, s = self.worlds, self.seat(player)
        if kind == "alignment":
            must, may = (f[:, s] for f in self.flags())
            evil = (must.astype(float), (~may).astype(float))
            return evil if value == "evil" else evil[::-1]
        chars = self._chars(player)
        if kind == "team" and value == "demon":  # the Demon now (an heir too)
            demon = self.demon == s
            recluse = w.register_table[:, DEMON].take(chars) & ~w.evil[:, s]
            return demon.astype(float), (~demon & ~recluse).astype(float)
        if kind == "team":
            if value not in TEAMS:
                return np.zeros(len(chars)), np.ones(len(chars))
            t = TEAMS.index(value)
            alone, may = (table.take(chars) for table in _team_odds(w, t))
            unknown = chars == UNKNOWN
            base = np.zeros(len(chars))
            if t in (TOWNSFOLK, OUTSIDER):
                share = w.townsfolk / np.maximum(w.townsfolk + w.outsiders, 1)
                base = share if t == TOWNSFOLK else 1.0 - share
            heir = self.demon == s  # the Demon now is of no other team (a Minion who inherited)
            yes = np.where(unknown, base, alone & ~heir)
            return yes, np.where(unknown, 1.0 - base, ~may | heir)
        _, yes, no = (table.take(chars) for table in _character_odds(w, w.setup.code(value)))
        return yes, no


def _character_odds(w: Rows, code: int) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Per character code (``UNKNOWN``'s last), for "is the character ``code``": the chance
    (``Moment.is_character``), the chance it surely is and the chance it surely is not (an
    unknown character's one in the script's good characters, a misregistration's open)."""
    team, regs = w.team_table, w.register_table
    codes = np.arange(len(team))
    unknown = codes == len(team) - 1
    if code == UNKNOWN:
        zeros = np.zeros(len(team))
        return zeros, zeros, np.ones(len(team))
    t = team[code]
    misregisters = regs[:, t] & (team != t) & ~unknown
    good = int(((team[:-1] == TOWNSFOLK) | (team[:-1] == OUTSIDER)).sum())
    guess = unknown * (t in (TOWNSFOLK, OUTSIDER)) / max(good, 1)
    may = np.maximum((codes == code) | misregisters, guess).astype(float)
    alone = (codes == code) & (regs.sum(axis=1) == 1)
    return may, np.where(unknown, may, alone), np.where(unknown, 1.0 - may, may == 0)


def _team_odds(w: Rows, t: int) -> tuple[BoolArray, BoolArray]:
    """Per character code (``UNKNOWN``'s last, which the caller weighs apart), whether it
    registers as the team ``t`` only, and whether it may."""
    regs = w.register_table
    return regs[:, t] & (regs.sum(axis=1) == 1), regs[:, t]
