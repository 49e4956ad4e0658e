"""Character counts: how many of each type a script can deal, with every setup modifier applied.

The setup table gives the counts before modifiers. The evil side in play changes them (the
Baron's +2 Outsiders, Lil' Monsta's extra Minion and missing Demon player, the Summoner's Demon
slot turned Townsfolk, the Kazali's free choice of Outsiders and its Minions made in play), and so does a fabled on the script (the
Sentinel's one more or one fewer Outsider). A character the official data marks ``bag-duplicate``
may fill slots the script has no other character for (Witch Hunt's Witch), and a Drunk or
Marionette needs a spare Townsfolk token. The import check (which player counts a script
supports) and the bag (which counts it deals) both use this module, so they never disagree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from engine.clocktower.catalogue import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Character,
    SetupModifier,
    setup_counts,
)

PLAIN = SetupModifier()
TEAMS = ("townsfolk", "outsider", "minion", "demon", "fabled")
LABELS = {"townsfolk": "Townsfolk", "outsider": "Outsider(s)", "minion": "Minion(s)"}


def mod(char: Character) -> SetupModifier:
    return char.setup or PLAIN


def copies_allowed(char: Character) -> int:
    """How many players may hold ``char`` by its own setup rule: one, or more for a character
    that adds copies of itself (the Village Idiot's +0 to +2: three tokens)."""
    return 1 + max(mod(char).copies)


def needs_spare(char: Character) -> bool:
    """Handed a Townsfolk token that is not in play (the Drunk, the Marionette)."""
    return not mod(char).in_bag and mod(char).shown_as == "townsfolk"


@dataclass(frozen=True)
class Roster:
    """A script's characters as a bag sees them: by team, only those a bag may draw (never one
    that ends the evil team, the Atheist, or one whose partner is missing, a Huntsman without a
    Damsel), and how many Townsfolk tokens exist for a Drunk to be shown."""

    townsfolk: tuple[Character, ...]
    outsider: tuple[Character, ...]
    minion: tuple[Character, ...]
    demon: tuple[Character, ...]
    fabled: tuple[Character, ...]
    townsfolk_tokens: int

    @classmethod
    def of(cls, chars: Iterable[Character]) -> Roster:
        chars = tuple(chars)
        ids = {c.id for c in chars}
        drawable = [
            c for c in chars if not mod(c).no_evil and all(r in ids for r in mod(c).requires)
        ]
        teams = {t: tuple(c for c in drawable if c.team == t) for t in TEAMS}
        return cls(**teams, townsfolk_tokens=sum(c.team == "townsfolk" for c in chars))

    def pool(self, team: str) -> tuple[Character, ...]:
        found: tuple[Character, ...] = getattr(self, team)
        return found


def supply(pool: Sequence[Character]) -> float:
    """How many slots of a type the pool can fill: one each, any number with a bag-duplicate.
    (A Village Idiot's extra copies replace Townsfolk already drawn, so they fill nothing.)"""
    return math.inf if any(mod(c).duplicates for c in pool) else len(pool)


def pick(rng: random.Random, pool: Sequence[Character], k: int) -> list[Character] | None:
    """``k`` characters from ``pool``: distinct ones first, then copies of a ``bag-duplicate``
    character for the slots left over; None when the pool cannot fill ``k``."""
    if k < 0:
        return None
    if k <= len(pool):
        return rng.sample(list(pool), k)
    dupes = [c for c in pool if mod(c).duplicates]
    if not dupes:
        return None
    return list(pool) + [rng.choice(dupes) for _ in range(k - len(pool))]


@dataclass(frozen=True)
class EvilSide:
    """The evil characters at the start: their players, the Demon in play (held by a player, or
    not: Lil' Monsta) and every character whose setup modifier applies."""

    players: tuple[Character, ...]
    demon: Character | None
    held: bool

    @property
    def in_play(self) -> tuple[Character, ...]:
        extra = (self.demon,) if self.demon is not None and not self.held else ()
        return tuple(dict.fromkeys(self.players + extra))


def minion_slots(players: int, demon: Character | None) -> int:
    """The Minions dealt: the table's, with the Demon's extra; none beside a Demon that makes
    them in play (``chosen_minions``: the Kazali's, whose seats are dealt good)."""
    if demon is not None and mod(demon).chosen_minions:
        return 0
    return setup_counts(players)["minion"] + (mod(demon).minions if demon else 0)


def legion(players: int, demon: Character) -> EvilSide:
    """Most players are Legion."""
    return EvilSide((demon,) * (players // 2 + 1), demon, True)


def evil_side(
    demon: Character | None, minions: Sequence[Character], players: int
) -> EvilSide | None:
    """The evil side for a Demon and Minions, or None if that is no legal start (no Demon and no
    Summoner). A Summoner means no Demon at the start (its slot becomes a Townsfolk), so no
    Demon's extra Minion either."""
    if any(not mod(m).demon for m in minions):
        if len(minions) != setup_counts(players)["minion"]:
            return None
        return EvilSide(tuple(minions), None, False)
    if demon is None:
        return None
    held = mod(demon).demon
    return EvilSide(tuple(minions) + ((demon,) if held else ()), demon, held)


@dataclass(frozen=True)
class OutsiderRule:
    """The allowed changes to the Outsider count: fixed ``deltas``, or any count (``free``) of
    at least ``minimum`` Outsiders."""

    deltas: frozenset[int]
    free: bool
    minimum: int

    def counts(self, base: int, band: int | None) -> list[int]:
        """The Outsider counts allowed (before asking whether the script has the characters); a
        free rule within ``band`` of the fixed changes (None: any count up to MAX_PLAYERS)."""
        if not self.free:
            found = {base + d for d in self.deltas}
        elif band is None:
            found = set(range(MAX_PLAYERS + 1))
        else:
            found = {base + d + k for d in self.deltas for k in range(-band, band + 1)}
        legal = sorted(n for n in found if n >= self.minimum)
        # A removal with nothing to remove does nothing (a Vigormortis with no Outsiders); a
        # choice that can be made is made instead (a Godfather with none adds one).
        return legal or [self.minimum]


def outsider_rule(chars: Iterable[Character]) -> OutsiderRule:
    deltas = {0}
    free, minimum = False, 0
    for c in chars:
        m = mod(c)
        deltas = {a + b for a in deltas for b in m.outsiders}
        free |= m.any_outsiders
        minimum = max(minimum, m.min_outsiders)
    return OutsiderRule(frozenset(deltas), free, minimum)


Counts = tuple[int, int, int, int]  # Townsfolk, Outsiders, Minions, Demons, as dealt


def beside(roster: Roster, evil: Sequence[Character]) -> Roster:
    """The roster less the good characters a jinx keeps out of play beside ``evil``
    (``SetupModifier.excludes``: the Heretic beside a Baron or a Spy)."""
    if not any(mod(c).excludes for c in (*roster.townsfolk, *roster.outsider, *evil)):
        return roster
    ids = {c.id for c in evil}

    def fits(c: Character) -> bool:
        return not ids & set(mod(c).excludes) and not any(c.id in mod(e).excludes for e in evil)

    return replace(
        roster,
        townsfolk=tuple(filter(fits, roster.townsfolk)),
        outsider=tuple(filter(fits, roster.outsider)),
    )


def clash(chars: Iterable[Character]) -> tuple[str, str] | None:
    """Two characters that may not be in play together (``SetupModifier.excludes``: the
    Heretic's jinxes), or None."""
    chars = tuple(chars)
    ids = {c.id for c in chars}
    return next(((c.id, x) for c in chars for x in mod(c).excludes if x in ids), None)


def dealt_counts(dealt: Iterable[Character]) -> Counts:
    """A deal's (Townsfolk, Outsiders, Minions, Demons)."""
    teams = [c.team for c in dealt]
    return (
        teams.count("townsfolk"),
        teams.count("outsider"),
        teams.count("minion"),
        teams.count("demon"),
    )


def shown_setups(dealt: Sequence[Character], script: Iterable[Character]) -> tuple[Character, ...]:
    """The good characters a player of ``dealt`` may be shown whose setup rule then applies as if
    in play (``SetupModifier.shown_setup``: the Marionette shown the Balloonist): on the script,
    not dealt, and with any partner they bring in dealt (the Huntsman's Damsel)."""
    ids = {c.id for c in dealt}
    wanted = {x for c in dealt for x in mod(c).shown_setup}
    return tuple(
        c
        for c in script
        if c.id in wanted and c.id not in ids and all(r in ids for r in mod(c).requires)
    )


def legal_counts(dealt: Sequence[Character], script: Iterable[Character]) -> frozenset[Counts]:
    """Every (Townsfolk, Outsiders, Minions, Demons) that a legal deal of exactly ``dealt`` (the
    residents' characters, copies included) may have on ``script``, by the rules the bag deals
    by: each modifier in play may take any of its values (a Godfather's -1 or +1), the values of
    several add up (a Baron's +2 and a Balloonist's +0 or +1), the script's Fabled count too (the
    Sentinel's), a partner brought in (the Huntsman's Damsel) takes a slot of its own type or a
    Townsfolk's, a character a player is shown may count as in play (``shown_setups``: the
    Marionette shown the Balloonist), and an evil side with no Demon dealt is the Summoner's or
    that of a Demon no player holds (Lil' Monsta). With a character that deals no evil (the
    Atheist) every seat is good, the evil seats' tokens replaced by Townsfolk or Outsiders. A new
    modifier is data (``SetupModifier``), not code here."""
    script = tuple(script)
    found = _legal(dealt, script, ())
    for shown in shown_setups(dealt, script):
        found |= _legal(dealt, script, (shown,))
    return found


def needed_shown(dealt: Sequence[Character], script: Iterable[Character]) -> tuple[str, ...]:
    """The tokens one of which a player must be shown for ``dealt``'s counts to be legal (the
    Marionette shown the Balloonist, whose Outsider was added), or () when the counts need none
    (or are not legal either way)."""
    script = tuple(script)
    counts = dealt_counts(dealt)
    if counts in _legal(dealt, script, ()):
        return ()
    return tuple(c.id for c in shown_setups(dealt, script) if counts in _legal(dealt, script, (c,)))


def _legal(
    dealt: Sequence[Character], script: tuple[Character, ...], shown: tuple[Character, ...]
) -> frozenset[Counts]:
    """``legal_counts`` with the setup rules of ``shown`` applied as if they were in play."""
    players = len(dealt)
    in_play = tuple(dict.fromkeys(dealt))
    if any(mod(c).no_evil for c in in_play):
        table = setup_counts(players)
        most = table["outsider"] + table["minion"] + table["demon"]
        return frozenset((players - n, n, 0, 0) for n in range(table["outsider"], most + 1))
    held: list[Character | None] = [c for c in in_play if c.team == "demon"]
    summoned = any(not mod(c).demon for c in in_play if c.team == "minion")
    unheld: list[Character | None] = [c for c in script if c.team == "demon" and not mod(c).demon]
    demons = held or ([None] if summoned or not unheld else unheld)
    fabled = tuple(c for c in script if c.team == "fabled")
    found: set[Counts] = set()
    for demon in demons:
        if demon is not None and mod(demon).majority:
            evil = (0, players // 2 + 1)
        elif demon is None and not summoned:
            evil = (setup_counts(players)["minion"], 1)  # no Demon at all: the table's
        else:
            evil = (minion_slots(players, demon), int(demon is not None and mod(demon).demon))
        extra = () if demon is None or demon in in_play else (demon,)
        # The evil side's and the Fabled's changes first, then each good character's own (the
        # Balloonist's, the Hermit's), as the bag deals: a removal with nothing left to remove
        # does nothing (a Vigormortis with no Outsider, then a Balloonist's +1, deals one).
        own = tuple(c for c in in_play + shown if c.good and mod(c).outsiders != (0,))
        rule = outsider_rule(tuple(c for c in in_play + extra + fabled if c not in own))
        outsiders = set(rule.counts(setup_counts(players)["outsider"], None))
        for c in own:
            outsiders = {max(n + d, 0) for n in outsiders for d in mod(c).outsiders}
        for c in in_play + shown:
            for partner in mod(c).requires:
                if any(p.id == partner and p.team == "outsider" for p in in_play):
                    outsiders |= {n + 1 for n in outsiders}
        good = players - sum(evil)
        found |= {(good - n, n, *evil) for n in outsiders if 0 <= n <= good}
    return frozenset(found)


@dataclass(frozen=True)
class Shape:
    """One legal deal for the good players: how many Townsfolk and Outsiders, the Outsider
    change the evil side and fabled made (good characters' own changes come later), and the good
    character an evil player is shown whose setup rule made it (``shown_setups``: the Marionette
    shown the Balloonist, one Outsider added), kept out of the good draw."""

    townsfolk: int
    outsiders: int
    shift: int
    shown: str | None = None


def without(roster: Roster, cid: str | None) -> Roster:
    """The roster less one character (a token an evil player is shown is not in play)."""
    if cid is None:
        return roster
    return replace(
        roster,
        townsfolk=tuple(c for c in roster.townsfolk if c.id != cid),
        outsider=tuple(c for c in roster.outsider if c.id != cid),
    )


def shapes(
    side: EvilSide, players: int, roster: Roster, band: int | None = None
) -> tuple[list[Shape], tuple[float, str]]:
    """The legal shapes for this evil side, and (when there are none) the smallest shortfall as
    (size, sentence)."""
    base = setup_counts(players)["outsider"]
    good = players - len(side.players)
    roster = beside(roster, side.players)
    rule = outsider_rule(side.in_play + roster.fabled)
    spare_evil = sum(needs_spare(c) for c in side.players)
    found: list[Shape] = []
    worst: tuple[float, str] = (math.inf, "")
    plain = rule.counts(base, band)
    # A count only an evil player's shown character allows, its change made after the evil
    # side's as a good character's own is (the Marionette shown the Balloonist: +1 Outsider),
    # is a shape of its own, that character kept out of play.
    jinxed = [
        (out + d, c.id)
        for c in shown_setups(side.players, (*roster.townsfolk, *roster.outsider))
        if not mod(c).requires  # a partner it brings in is a good draw's (the Huntsman's)
        for out in plain
        for d in mod(c).outsiders
        if out + d >= 0 and out + d not in plain
    ]
    for out, cid in [(out, None) for out in plain] + jinxed:
        short = shortfall(without(roster, cid), good - out, out, spare_evil)
        if short is None:
            found.append(Shape(good - out, out, out - base, cid))
        elif short[0] < worst[0]:
            worst = short
    return found, worst


def shortfall(roster: Roster, tf: int, out: int, spare_evil: int = 0) -> tuple[float, str] | None:
    """What the script lacks to deal ``tf`` Townsfolk and ``out`` Outsiders, or None."""
    if tf < 0:
        return -tf, f"{out} Outsider(s) leave no room for Townsfolk"
    lacks = []
    for team, n in (("townsfolk", tf), ("outsider", out)):
        have = len(roster.pool(team))
        if n > supply(roster.pool(team)):
            lacks.append((n - have, f"{n} {LABELS[team]} (has {have})"))
    if lacks:
        return sum(n for n, _ in lacks), "; ".join(text for _, text in lacks)
    # A Drunk among the Outsiders is forced in when every other Outsider is dealt too.
    outs = roster.outsider
    plain_outs = sum(not needs_spare(c) for c in outs)
    forced = 0 if supply(outs) == math.inf else max(0, out - plain_outs)
    spare = forced + spare_evil
    if spare:
        distinct = min(tf, len(roster.townsfolk))  # pick() uses every distinct one first
        if roster.townsfolk_tokens - distinct < spare:
            return spare, (
                f"{tf + spare} Townsfolk, a spare one for each Drunk or Marionette "
                f"(has {roster.townsfolk_tokens})"
            )
    return None


def _representatives(pool: Sequence[Character], jinxed: set[str]) -> list[Character]:
    """One of the characters without a setup modifier or a jinx keeping them apart from another
    (interchangeable for counting), and every other character."""
    plain = [c for c in pool if c.setup is None and c.id not in jinxed]
    return plain[:1] + [c for c in pool if c not in plain]


def _jinxed(roster: Roster) -> set[str]:
    """The characters a jinx keeps apart from another on the roster (``excludes``, both ways):
    they are not interchangeable with the plain ones."""
    found: set[str] = set()
    for c in (*roster.townsfolk, *roster.outsider, *roster.minion, *roster.demon):
        if mod(c).excludes:
            found |= {c.id, *mod(c).excludes}
    return found


def evil_sides(roster: Roster, players: int) -> Iterator[EvilSide | tuple[float, str]]:
    """Every distinct evil start for ``players`` (up to interchangeable characters), or the
    shortfall that rules one out."""
    jinxed = _jinxed(roster)
    demons: list[Character | None] = [*_representatives(roster.demon, jinxed)]
    if not demons or any(not mod(m).demon for m in roster.minion):
        demons.append(None)  # a Summoner's start has no Demon, whatever Demons the script has
    plain = [m for m in roster.minion if m.setup is None and m.id not in jinxed]
    special = [m for m in roster.minion if m not in plain]
    for demon in demons:
        if demon is not None and mod(demon).majority:
            yield legion(players, demon)
            continue
        n = minion_slots(players, demon)
        have = len(roster.minion)
        if n > supply(roster.minion):
            who = f"with the {demon.name}, " if demon is not None and mod(demon).minions else ""
            yield n - have, f"{who}{n} Minion(s) (has {have})"
            continue
        for k in range(min(n, len(special)) + 1):
            for chosen in combinations(special, k):
                rest = n - k
                dupes = [m for m in chosen if mod(m).duplicates]
                if rest <= len(plain):
                    minions = [*chosen, *plain[:rest]]
                elif dupes:
                    minions = [*chosen, *plain, *[dupes[0]] * (rest - len(plain))]
                else:
                    continue
                side = evil_side(demon, minions, players)
                yield side if side is not None else (1.0, "a Demon (or a Summoner)")


def unsupported(chars: Iterable[Character]) -> dict[int, str]:
    """The player counts (5-15) with no legal bag, each with what the script lacks for it."""
    roster = Roster.of(chars)
    result = {}
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        best: tuple[float, str] = (math.inf, "more characters")
        for side in evil_sides(roster, players):
            found: list[Shape]
            if isinstance(side, tuple):
                found, short = [], _and_good(side, roster, players)
            else:
                found, short = shapes(side, players, roster)
            if found:
                break
            if short[0] < best[0]:
                best = short
        else:
            result[players] = best[1]
    return result


def _and_good(short: tuple[float, str], roster: Roster, players: int) -> tuple[float, str]:
    """An evil side's shortfall together with what good lacks at the table's own counts, so
    that one message names every type to add."""
    usual = setup_counts(players)
    good = shortfall(roster, usual["townsfolk"], usual["outsider"])
    return short if good is None else (short[0] + good[0], f"{short[1]}; {good[1]}")
