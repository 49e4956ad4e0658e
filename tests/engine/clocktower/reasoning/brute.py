"""A brute-force reference for the reasoning model, written out plainly and separately.

It enumerates every starting evil team (Demon seat and character, Minion seats and characters),
every Outsider shift the team's setup allows, the Drunk (or Lunatic), the Fortune Teller's red
herring, the nightly poisoner's target on every night and every place a dying Demon may go
(a star pass's heir, a Fang Gu's Outsider), and multiplies out the likelihood of everything on
the record as the model's story has it (``engine.clocktower.reasoning.infer``'s docstring), in
plain Python loops with no numpy and none of the model's shortcuts (the sums over poison and
herring, the memoised sweep, the pruning). What the units declare for the worlds
(``Role.night_kills``, ``lives_on``, ``moves_to``...) is read as data. Slow: for small tables.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from dataclasses import dataclass, replace

from engine.clocktower.bag import settings
from engine.clocktower.catalogue import character, setup_counts
from engine.clocktower.game.characters._woke import informs, wake_chance
from engine.clocktower.game.characters.mathematician import LIES as MATHEMATICIAN_LIES
from engine.clocktower.game.roles import role
from engine.clocktower.reasoning.infer import (
    GOOD_HANDS,
    IMPOSSIBLE,
    KILLS,
    MINION_KILLED,
    NOMINATES,
    OTHER_DEATHS,
    QUIET_DAY,
    SAVED,
    STAR_PASS,
    VOTES,
    infer,
)
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import Claim, Record, day_moment

SOBER_CHARACTERS = {"empath", "chef", "fortuneteller", "washerwoman", "librarian",
                    "investigator", "undertaker", "ravenkeeper", "oracle", "seamstress", "sage",
                    "grandmother", "dreamer", "clockmaker", "flowergirl", "towncrier",
                    "savant", "artist", "chambermaid", "juggler", "mathematician",
                    "villageidiot"}  # fmt: skip
COUNTED = {"chambermaid", "juggler", "mathematician"}  # a count of chances: ``_counted``
STATEMENT_KINDS = {"alignment": 1, "team": 0}  # which part of a registration a statement reads
LEARNERS = {"washerwoman": "townsfolk", "librarian": "outsider", "investigator": "minion"}
EVIL_TF = "a townsfolk made evil"  # the Bounty Hunter's: evil, of no team, any Townsfolk


def _summoners(by_team):
    """The script's Minions dealt instead of a Demon, who make one later (the Summoner)."""
    return [c for c in by_team["minion"] if role(c).summons_on_night]


def _team(evil):
    """The Demon's team among the evil players (not a Townsfolk made evil)."""
    return {p: c for p, c in evil.items() if c != EVIL_TF}


def _chosen(evil):
    """Whether the Demon made its Minions of good players on the first night (the Kazali)."""
    return any(character(c).setup is not None and character(c).setup.chosen_minions
               for c in _team(evil).values())  # fmt: skip


@dataclass(frozen=True)
class _Now:
    """One branch of a world's story: the Demon's seat and character, who lives, the evil
    players (a Fang Gu's jump makes one), whether the Demon lives on though seen dead, and
    this night's standing effects (the No Dashii's poisoned neighbours, the Vortox)."""

    demon: int
    kind: str
    alive: frozenset
    evil: dict
    undead: bool = False
    poisoned: frozenset = frozenset()
    false: bool = False


def reference(
    chars: tuple[str, ...], record: Record, good: tuple[int, ...] = ()
) -> tuple[dict[int, float], dict[int, float]]:
    """P(each player is the Demon at the end of the record), P(each is evil at the end), for
    worlds in which the ``good`` players are good."""
    seats = record.seats
    team = {c: character(c).team for c in chars}
    by_team = defaultdict(list)
    for c in chars:
        by_team[team[c]].append(c)
    claims = {c.player: c for c in record.claims}
    counts = setup_counts(len(seats))
    poser = next((c for c in chars if role(c).poses_as_townsfolk
                  and team[c] in ("townsfolk", "outsider")), None)  # fmt: skip
    converter = next((c for c in chars if character(c).setup is not None
                      and character(c).setup.evil_townsfolk), None)  # fmt: skip
    copied = next((c for c in chars if character(c).setup is not None
                   and character(c).setup.copies != (0,)), None)  # fmt: skip
    demon_mass: dict[int, float] = defaultdict(float)
    evil_mass: dict[int, float] = defaultdict(float)
    total = 0.0
    dealt = [c for c in by_team["minion"] if c not in _summoners(by_team)]  # beside a Demon
    for d in seats:
        for demon_char in by_team["demon"] + _summoners(by_team):
            held = character(demon_char).setup is not None and character(demon_char).setup.majority
            babysat = role(demon_char).held_by_minion  # Lil' Monsta: a Minion at ``d`` holds it
            for minion_seats in _dealt_minions(demon_char, seats, d):
                casts = ([(demon_char,) * len(minion_seats)] if held  # Legion's other seats
                         else itertools.permutations(dealt, len(minion_seats) + babysat))  # fmt: skip
                for cast in casts:
                    if babysat:  # the babysitter's Minion first; each babysits as likely
                        side = dict(zip([d, *minion_seats], cast, strict=True))
                    else:
                        side = {d: demon_char, **dict(zip(minion_seats, cast, strict=True))}
                    sits = 1 / len(side) if babysat else 1.0
                    made = [None]
                    if converter is not None:
                        made += [p for p in seats if p not in side]
                    for e in made:
                        evil = side if e is None else {**side, e: EVIL_TF}
                        if any(p in evil for p in good):
                            continue
                        at_setup = [demon_char] if _chosen(side) else list(side.values())
                        for shift in _shifts(at_setup, len(seats)):
                            copied_drunks = [None] + [p for p in claims if p not in evil
                                                      and claims[p].character == copied]  # fmt: skip
                            drunks = [None]
                            if poser is not None:
                                drunks += [p for p in claims if p not in evil
                                           and team.get(claims[p].character) == "townsfolk"]  # fmt: skip
                            for drunk, drunk_copy in itertools.product(drunks, copied_drunks):
                                if drunk is not None and drunk == drunk_copy:
                                    continue
                                prior = _prior(chars, team, by_team, counts, seats, claims, evil,
                                               drunk, shift, converter, drunk_copy)  # fmt: skip
                                if prior == 0:
                                    continue
                                story = _likelihoods(chars, team, by_team, record, evil, drunk,
                                                     shift, poser, drunk_copy,
                                                     (d, demon_char))  # fmt: skip
                                for weight, now in story:
                                    w = prior * weight * sits
                                    total += w
                                    demon_mass[now.demon] += w
                                    for p in now.evil:
                                        evil_mass[p] += w
    return ({p: demon_mass[p] / total for p in seats}, {p: evil_mass[p] / total for p in seats})


def _dealt_minions(demon_char, seats, d):
    """Every deal of the Minions' seats beside the Demon at ``d`` (the table's count, and the
    Demon's extra), each one by one, where its seating rule moves them (the Lord of Typhon)."""
    setup = character(demon_char).setup
    at = seats.index(d)
    if setup is not None and setup.majority:  # Legion: the first in seat order is the Demon
        yield from (
            list(later) for later in itertools.combinations(seats[at + 1 :], len(seats) // 2)
        )
        return
    k = setup_counts(len(seats))["minion"] + (setup.minions if setup is not None else 0)
    # Lil' Monsta's babysitter, or the Summoner, at ``d`` is one of them
    k -= role(demon_char).held_by_minion or bool(role(demon_char).summons_on_night)
    others = [i for i in range(len(seats)) if i != at]
    for dealt in itertools.combinations(others, k):
        yield [seats[i] for i in role(demon_char).seat_minions(len(seats), at, dealt)]


def _shifts(evil_chars, n):
    """The Outsider shifts the evil characters allow: each one's shifts added up; a free count
    (``any_outsiders``) within the bag's band of those; at least the largest minimum (or that
    minimum, when none is)."""
    sums = {0}
    free, least = False, 0
    for c in evil_chars:
        setup = character(c).setup
        if setup is None:
            continue
        sums = {a + b for a in sums for b in setup.outsiders}
        free = free or setup.any_outsiders
        least = max(least, setup.min_outsiders)
    if free:
        band = settings()["free_outsider_band"]
        sums = {a + b for a in sums for b in range(-band, band + 1)}
    base = setup_counts(n)["outsider"]
    legal = sorted(x for x in sums if base + x >= least)
    return legal or [least - base]


def _prior(chars, team, by_team, counts, seats, claims, evil, drunk, shift, converter,
           drunk_copy=None) -> float:  # fmt: skip
    """The number of full deals this partial world stands for, times the Drunk's token and
    the evil players' bluffs; with a ``converter`` (the Bounty Hunter) on the script, a world
    with a Townsfolk made evil needs it in play (claimed by a good player who is not the Drunk,
    or held by one who has not claimed), times the storyteller's pick of that Townsfolk among
    the others, and a world without one needs it out of play."""
    n_os = counts["outsider"] + shift
    side = _team(evil)
    demon = next((p for p, c in side.items() if team[c] == "demon"), None)
    chosen = _chosen(evil)  # the Kazali's: its Minions were dealt good
    n_tf = len(seats) - (1 if chosen else len(side)) - n_os  # a Townsfolk made evil is one
    made = next((p for p, c in evil.items() if c == EVIL_TF), None)
    good = [p for p in seats if p not in evil]
    held = [claims[p].character for p in good if p in claims]
    if any(team.get(c) not in ("townsfolk", "outsider") for c in held):
        return 0.0
    copied = next((c for c in chars if character(c).setup is not None
                   and character(c).setup.copies != (0,)), None)  # fmt: skip
    if any(held.count(c) > (1 if c != copied else 1 + max(character(c).setup.copies))
           for c in held):  # fmt: skip
        return 0.0
    if copied is not None:
        return _prior_copies(chars, team, by_team, counts, seats, claims, evil, drunk, shift,
                             drunk_copy, copied, converter)  # fmt: skip
    real_tf = [claims[p].character for p in good if p in claims and p != drunk
               and team[claims[p].character] == "townsfolk"]  # fmt: skip
    os_real = sum(team[claims[p].character] == "outsider" for p in good if p in claims)
    os_real += drunk is not None
    unclaimed = [p for p in good if p not in claims]
    if chosen:  # what the Kazali's Minions were dealt is unknown (their claims are bluffs)
        unclaimed += [p for p in side if p != demon]
    t = n_tf - len(real_tf) - (made is not None)
    o = n_os - os_real
    if t < 0 or o < 0 or t + o != len(unclaimed):
        return 0.0
    token = claims[drunk].character if drunk is not None else None
    pool = [c for c in by_team["townsfolk"] if c not in real_tf and c != token]
    os_pool = len(by_team["outsider"]) - (os_real - (drunk is not None)) - (drunk is not None)
    if os_pool < o:
        return 0.0
    u = len(unclaimed)
    if converter is None:
        fill = math.comb(u, t) * _perm(len(pool), t)
    elif made is None:  # the converter is not in play
        if converter in real_tf:
            return 0.0
        fill = math.comb(u, t) * _perm(len([c for c in pool if c != converter]), t)
    elif converter in real_tf:  # claimed truly: the made one is any Townsfolk left
        fill = math.comb(u, t) * _perm(len(pool), t) * max(len(pool) - t, 0)
    elif converter in pool:  # held by one who has not claimed: which one, then the rest
        fill = sum(  # each who has not claimed may hold it: one Townsfolk slot of theirs
            math.comb(u - 1, t - 1) * _perm(len(pool) - 1, t - 1) * max(len(pool) - t, 0)
            for _holder in unclaimed
            if t >= 1
        )
    else:
        return 0.0
    if made is not None:
        fill /= max(n_tf - 1, 1)
    fill *= _perm(os_pool, o)
    if drunk is not None:
        fill /= max(len(by_team["townsfolk"]) - n_tf, 1)
    if chosen:  # the Kazali's choice of players and Minions
        k = len(side) - 1
        fill /= math.comb(len(seats) - 1, k) * math.perm(
            len(by_team["minion"]) - len(_summoners(by_team)), k
        )
    liars = sum(p in claims for p in evil)
    return fill * (1 / (len(by_team["townsfolk"]) + len(by_team["outsider"]))) ** liars


def _prior_copies(chars, team, by_team, counts, seats, claims, evil, drunk, shift, drunk_copy,
                  copied, converter):  # fmt: skip
    """``_prior`` on a script with a Townsfolk dealt in copies (the Village Idiot): which of
    those who have not claimed hold a copy, one by one; each count of copies as likely (one
    of them drunk when there are several); a Drunk shown it means it is not in play. Beside
    a ``converter`` (the Bounty Hunter), as ``_prior`` has it, the Townsfolk made evil holds a
    copy or another Townsfolk, and the converter is truly claimed or held by one who has not
    claimed and holds no copy."""
    extra = character(copied).setup.copies
    n_os = counts["outsider"] + shift
    side = _team(evil)
    n_tf = len(seats) - (1 if _chosen(evil) else len(side)) - n_os
    good = [p for p in seats if p not in evil]
    sober = [p for p in good if p in claims and p != drunk]
    real = [p for p in sober if claims[p].character == copied]  # hold it
    if drunk_copy is not None and drunk_copy not in real:
        return 0.0
    others = [claims[p].character for p in sober
              if team[claims[p].character] == "townsfolk" and p not in real]  # fmt: skip
    os_real = sum(team[claims[p].character] == "outsider" for p in good if p in claims)
    os_real += drunk is not None
    unclaimed = [p for p in good if p not in claims]
    if _chosen(evil):  # what the Kazali's Minions were dealt is unknown
        unclaimed += [p for p, c in side.items() if character(c).team != "demon"]
    made = next((p for p, c in evil.items() if c == EVIL_TF), None)
    t = n_tf - len(others) - len(real) - (made is not None)
    o = n_os - os_real
    if t < 0 or o < 0 or t + o != len(unclaimed):
        return 0.0
    token = claims[drunk].character if drunk is not None else None
    pool = [c for c in by_team["townsfolk"] if c != copied and c not in others and c != token]
    total = 0.0
    made_copy = (False, True) if made is not None else (False,)
    for j, cv in itertools.product(range(max(extra) + 2), made_copy):
        for _holders in itertools.combinations(unclaimed, j):  # those who hold a copy
            m = len(real) + j + cv
            if m and (token == copied or m - 1 not in extra):
                continue
            rest = len(unclaimed) - j
            k = t - j  # those of the rest who hold another Townsfolk
            if k < 0:
                continue
            ways = math.comb(rest, k)
            if converter is None:
                ways *= _perm(len(pool), k)
            elif made is None:  # the converter is out of play
                if converter in others:
                    continue
                ways *= _perm(len([c for c in pool if c != converter]), k)
            else:
                if converter in others:  # truly claimed
                    ways *= _perm(len(pool), k)
                elif converter in pool:  # one of the k holds it: which, then the rest
                    ways *= k * _perm(len(pool) - 1, k - 1)
                else:
                    continue
                ways *= 1 if cv else max(len(pool) - k, 0)  # the Townsfolk made evil's
                ways /= max(n_tf - 1, 1)  # the storyteller's pick of it
            if m == 0:
                chance = 1.0
            else:  # which one was dealt, the others' Townsfolk it replaced, which were chosen
                replaced = len(by_team["townsfolk"]) - 1 - (n_tf - m)
                chance = m * _perm(replaced, m - 1) / math.comb(n_tf - 1, m - 1) / len(extra)
            if m >= 2:
                chance *= (1 if drunk_copy is not None else j + cv) / m
            elif drunk_copy is not None:
                chance = 0.0
            if drunk is not None:
                chance /= max(len(by_team["townsfolk"]) - (n_tf - m + (m > 0)), 1)
            total += ways * chance
    liars = sum(p in claims for p in evil)
    bluff = (1 / (len(by_team["townsfolk"]) + len(by_team["outsider"]))) ** liars
    os_pool = len(by_team["outsider"]) - (os_real - (drunk is not None)) - (drunk is not None)
    return total * _perm(os_pool, o) * bluff


def _perm(a, k):
    return math.perm(a, k) if 0 <= k <= a else 0


def _last(record):
    return max([h.moment for c in record.claims for h in c.heard]
               + [d.moment for d in record.deaths]
               + [day_moment(x.day) for x in record.nominations] + [0])  # fmt: skip


def _likelihoods(chars, team, by_team, record, evil, drunk, shift, poser, drunk_copy, start):
    """(weight, the story's end) for every herring, poison and branch choice, from the Demon
    ``start`` (its seat and character)."""
    seats = record.seats
    claims = {c.player: c for c in record.claims}
    good = [p for p in seats if p not in evil]
    counts = setup_counts(len(seats))
    dealt = 1 if _chosen(evil) else len(_team(evil))  # the seats dealt evil characters
    in_play = {"townsfolk": len(seats) - dealt - counts["outsider"] - shift,
               "outsider": counts["outsider"] + shift, "minion": len(_team(evil)) - 1,
               "demon": 1}  # fmt: skip
    fts = [p for p in good if p in claims and p != drunk and claims[p].character == "fortuneteller"]
    herrings = [(r, 1 / len(good)) for r in good] if fts else [(None, 1.0)]
    poisoner = next((p for p, c in _team(evil).items() if role(c).poisons_nightly), None)
    last = _last(record)
    nights = range(1, (last + 1) // 2 + 1)
    alive_at = {}
    alive = set(seats)
    for t in range(1, last + 1):
        if t % 2:
            alive_at[(t + 1) // 2] = set(alive)
        alive -= {d.player for d in record.deaths if d.moment == t}
    targets = []
    for night in nights:
        if poisoner is not None and poisoner in alive_at[night]:
            others = [p for p in alive_at[night] if p != poisoner]
            targets.append([(x, 1 / len(others)) for x in others])
        else:
            targets.append([(None, 1.0)])
    world = (chars, team, by_team, record, drunk, in_play, poser, drunk_copy)
    for r, pr in herrings:
        for chosen in itertools.product(*targets):
            poisoned = {night: x for night, (x, _) in zip(nights, chosen, strict=True)}
            pp = math.prod(pt for _, pt in chosen)
            for weight, now in _story(world, evil, r, poisoned, start):
                yield pr * pp * weight, now


def _story(world, evil, herring, poisoned, start):
    """Walk the record moment by moment for one choice of herring and poisons, from the
    Demon ``start``, branching where a dying Demon may go."""
    chars, team, by_team, record, drunk, in_play, poser, drunk_copy = world
    final = max((d.moment for d in record.deaths), default=-1) if record.over else -1
    branches = [(1.0, _Now(*start, frozenset(record.seats), dict(evil)))]
    for t in range(1, _last(record) + 1):
        grown = []
        for weight, now in branches:
            for w2, now2 in _moment(world, herring, poisoned, t, t == final, now):
                grown.append((weight * w2, now2))
        branches = grown
    yield from branches


def _demon_alive(now):
    return now.demon in now.alive or now.undead


def _kill_factor(world, t, now):
    """P(the night's death count | this branch), when the script's killers differ."""
    chars, team, by_team, record, *_ = world
    night = (t + 1) // 2
    quiet = not [d for d in record.deaths if d.moment == t - 1]
    last = len([d for d in record.deaths if d.moment == t - 2])

    def dist(c):
        kills = list(role(c).night_kills(night, quiet, last)[:KILLS])
        return kills + [0.0] * (KILLS - len(kills))

    demon_dists = {tuple(dist(c)) for c in by_team["demon"] + _summoners(by_team)}
    minion_killers = [c for c in chars if team[c] != "demon" and dist(c)[0] < 1]
    if len(demon_dists) <= 1 and not minion_killers:
        return 1.0
    count = dist(now.kind) if _demon_alive(now) else [1.0] + [0.0] * (KILLS - 1)
    for p, c in now.evil.items():
        if p in now.alive and p != now.demon and c in minion_killers:
            other = dist(c)
            count = [sum(count[m - j] * other[j] for j in range(m + 1)) for m in range(KILLS)]
    seen = min(len([d for d in record.deaths if d.moment == t]), KILLS - 1)
    total = 0.0
    for k in range(KILLS):
        for j in range(k + 1):
            made = math.comb(k, j) * (1 - SAVED) ** j * SAVED ** (k - j)
            if 0 <= seen - j < len(OTHER_DEATHS):
                total += count[k] * made * OTHER_DEATHS[seen - j]
    return max(total, IMPOSSIBLE)


def _standing(world, now, night):
    """The night's standing effects: a living Demon's (the No Dashii's nearest Townsfolk
    either side, an unclaimed good player counting as one; the Vortox's false information),
    and on night X every claimed good Townsfolk poisoned while a Xaan lives (X: the Outsiders
    in play)."""
    chars, team, by_team, record, drunk, in_play, poser, drunk_copy = world
    claims = {c.player: c for c in record.claims}
    seats = list(record.seats)

    def townsfolk(p):
        if p in now.evil:
            return now.evil[p] == EVIL_TF or team[now.evil[p]] == "townsfolk"
        if p == drunk:
            return False
        return p not in claims or team[claims[p].character] == "townsfolk"

    poisoned = set()
    unit = role(now.kind)
    alive = _demon_alive(now)
    if alive and unit.poisons_neighbours:
        i = seats.index(now.demon)
        for step in (1, -1):
            for k in range(1, len(seats)):
                p = seats[(i + step * k) % len(seats)]
                if townsfolk(p):
                    poisoned.add(p)
                    break
    xaan = any(role(c).poisons_townsfolk_on_night_x and p in now.alive
               for p, c in _team(now.evil).items())  # fmt: skip
    if xaan and in_play["outsider"] == night:
        poisoned |= {p for p in claims if p not in now.evil and townsfolk(p)}
    return replace(now, poisoned=frozenset(poisoned), false=alive and unit.falsifies)


def _demon_died(world, now, victim, final, night, executed=False):
    """Where the Demon's death leads: [(weight, branch)]."""
    chars, team, by_team, record, drunk, in_play, poser, drunk_copy = world
    claims = {c.player: c for c in record.claims}
    gone = now.alive - {victim}
    if role(now.kind).lives_on and not now.undead:
        return [(1.0, replace(now, undead=True, alive=gone))]
    minions = [p for p in _team(now.evil) if p != now.demon and p in now.alive and p != victim]
    heirs = [p for p in minions if (role(now.evil[p]).inherits or 99) <= len(now.alive)]
    if heirs:
        return [(1.0, replace(now, demon=heirs[0], alive=gone))]
    stuck = 1.0 if final else IMPOSSIBLE
    moves = role(now.kind).moves_to
    if night and moves == "minion" and minions:
        return [(1 / len(minions), replace(now, demon=p, alive=gone)) for p in minions]
    if night and moves == "outsider":
        good = [p for p in record.seats if p not in now.evil]

        def outsider(p):
            return p == drunk or (p in claims and team[claims[p].character] == "outsider")

        known = sum(outsider(p) for p in good)
        unknown = [p for p in good if p not in claims]
        share = max(in_play["outsider"] - known, 0) / max(len(unknown), 1)
        weights = {p: 1.0 if outsider(p) else share if p in unknown else 0.0
                   for p in good if p in gone}  # fmt: skip
        weights = {p: x for p, x in weights.items() if x > 0}
        if weights:
            total = sum(weights.values())
            return [(x / total, replace(now, demon=p, alive=gone, evil={**now.evil, p: now.kind}))
                    for p, x in weights.items()]  # fmt: skip
    if not night and executed:
        if any(role(c).outlives_demon for p, c in _team(now.evil).items() if p in gone):
            return [(1.0, replace(now, alive=gone))]
    if any(role(c).keeps_game for p, c in _team(now.evil).items() if p in gone):
        return [(1.0, replace(now, alive=gone))]
    return [(stuck, replace(now, alive=gone))]


def _summoned(world, now, t):
    """On its night, a living Summoner (standing in for the Demon) makes a living good player
    a Demon of the script a player can hold, each player and each Demon as likely."""
    chars, team, by_team, record, *_ = world
    if role(now.kind).summons_on_night != (t + 1) // 2 or not _demon_alive(now):
        return [(1.0, now)]
    made = [c for c in by_team["demon"] if character(c).setup is None or character(c).setup.demon]
    good = [p for p in record.seats if p in now.alive and p not in _team(now.evil)]
    return [(1 / len(made) / len(good), replace(now, demon=p, kind=c, evil={**now.evil, p: c}))
            for c in made for p in good] or [(1.0, now)]  # fmt: skip


def _moment(world, herring, poisoned, t, final, now):
    chars, team, by_team, record, drunk, in_play, poser, drunk_copy = world
    night = t % 2 == 1
    weight = 1.0
    deaths = [d for d in record.deaths if d.moment == t]
    if night:
        made = [(1.0, now)]
        if t > 1:
            executed = any(d.cause == "execution" for d in record.deaths if d.moment == t - 1)
            if not executed and role(now.kind).quiet_day_ends and _demon_alive(now):
                weight *= QUIET_DAY
            made = [(w * _kill_factor(world, t, br), br) for w, br in _summoned(world, now, t)]
        current = [(weight * w, _standing(world, br, (t + 1) // 2)) for w, br in made]
        for d in deaths:
            victim = d.player
            nxt = []
            for w, br in current:
                if victim == br.demon:
                    for w2, br2 in _demon_died(world, br, victim, final, night=True):
                        nxt.append((w * STAR_PASS * w2, br2))
                elif victim in _team(br.evil):
                    nxt.append((w * MINION_KILLED, replace(br, alive=br.alive - {victim})))
                else:
                    good_alive = sum(p not in _team(br.evil) for p in br.alive)
                    nxt.append((w * (1 - STAR_PASS) / good_alive,
                                replace(br, alive=br.alive - {victim})))  # fmt: skip
            current = nxt
        outcomes = current
    else:
        evil = _team(now.evil)  # a Townsfolk made evil nominates and votes as the good do
        for x in record.nominations:
            if day_moment(x.day) != t:
                continue
            status = (
                "demon" if x.nominee == now.demon else "minion" if x.nominee in evil else "good"
            )
            if x.nominator in evil:
                weight *= NOMINATES[status]
            if x.at_once:
                continue
            for v in x.voters:
                if v == x.nominee or v not in evil:
                    continue
                rate = VOTES[status]
                weight *= rate / GOOD_HANDS if v in x.yes else (1 - rate) / (1 - GOOD_HANDS)
        outcomes = [(weight, now)]
    result = []
    for w, br in outcomes:
        w *= _items(world, herring, poisoned, t, br)
        if not night:
            for d in deaths:
                if d.player == br.demon:
                    options = _demon_died(world, br, d.player, final, night=False,
                                          executed=d.cause == "execution")  # fmt: skip
                    ((w2, br),) = options
                    w *= w2
                else:
                    br = replace(br, alive=br.alive - {d.player})
        result.append((w, br))
    return result


def _items(world, herring, poisoned, t, now):
    """The likelihood of the heard items at moment ``t`` (``now.alive``: after its night's
    deaths): what the claims say, and what a claimed Virgin's first nomination, a claimed
    Slayer's first shot and a claimed Tea Lady's dying neighbours showed."""
    chars, team, by_team, record, drunk, in_play, poser, drunk_copy = world
    evil, demon, alive = now.evil, now.demon, now.alive
    weight = 1.0
    seats = record.seats
    n = len(seats)
    night = (t + 1) // 2
    claims = {c.player: c for c in record.claims}
    for c in record.claims:
        impaired = (
            c.player in evil
            or c.player == drunk
            or c.player == drunk_copy
            or poisoned.get(night) == c.player
            or c.player in now.poisoned
        )
        lies = now.false and not impaired and team.get(c.character) == "townsfolk"
        for h in c.heard:
            if h.moment != t or h.character != c.character or c.character not in SOBER_CHARACTERS:
                continue
            if impaired:
                weight *= _impaired(h, by_team, n, chars, record, alive)
                continue
            if c.character in COUNTED:
                sober, spread = _counted(h, c.player, world, now, t)
                weight *= (1 - sober) / spread if lies else sober
                continue
            sober = _sober(h, chars, team, record, evil, drunk, herring, in_play, demon, n, alive)
            if lies:  # one of the other answers, each as likely as one impaired answer
                q = _impaired(h, by_team, n, chars, record, alive)
                weight *= 0.0 if sober > 0 else min(q / (1 - q), 1.0)
            else:
                weight *= sober
        if c.character == "tealady" and c.player in alive and not impaired:
            before = [p for p in seats if p in record.alive_after(t - 1)]
            if len(before) >= 3:
                at = before.index(c.player)
                near = (before[at - 1], before[(at + 1) % len(before)])
                for d in record.deaths:
                    if d.moment == t and d.player in near:
                        good = all(all(a == "good" for _, a in
                                       _registers(p, evil, drunk, claims, team)[1]) for p in near)  # fmt: skip
                        weight *= 0.0 if good else 1.0
        if c.character == "virgin":
            first = next((x for x in record.nominations if x.nominee == c.player), None)
            if first is not None and day_moment(first.day) == t:
                ways = _registers(first.nominator, evil, drunk, claims, team)[1]
                may = any(tm in ("townsfolk", None) for tm, _ in ways)
                must = all(tm == "townsfolk" for tm, _ in ways)
                sober = may if first.at_once else not must
                weight *= (0.0 if first.at_once else 1.0) if impaired else float(sober)
        if c.character == "slayer":
            shot = next((x for x in record.shots if x.by == c.player), None)
            if shot is not None and day_moment(shot.day) == t:
                ways = _registers(shot.target, evil, drunk, claims, team)[1]
                must = shot.target == demon
                may = must or (shot.target not in evil and ("demon", "evil") in ways)
                sober = may if shot.died else not must
                weight *= (0.0 if shot.died else 1.0) if impaired else float(sober)
    return weight


def _holding(p, world, now):
    """What ``p`` holds, plainly: an evil character, "drunk", a claimed one, or None."""
    chars, team, by_team, record, drunk, in_play, poser, *_ = world
    claims = {c.player: c.character for c in record.claims}
    if p in now.evil:
        return now.evil[p]
    return "drunk" if p == drunk else claims.get(p)


def _wake(cid, night, chars, team, info=False, townsfolk_only=False):
    """How likely a holder of ``cid`` (None: unclaimed good) wakes for its ability tonight."""

    def one(c):
        told = informs(c) if info else True
        kept = team[c] == "townsfolk" if townsfolk_only else True
        return wake_chance(c, night) * told * kept

    goods = [c for c in chars if team[c] in ("townsfolk", "outsider")]
    if cid is None:
        return sum(one(c) for c in goods) / len(goods)
    if cid == "drunk":
        townsfolk = [c for c in goods if team[c] == "townsfolk"]
        return 0.0 if townsfolk_only else sum(one(c) for c in townsfolk) / len(townsfolk)
    return one(cid)


def _counted(h, claimer, world, now, t):
    """A count of chances (the Chambermaid's wakers, the Juggler's right guesses, the
    Mathematician's abnormal abilities): the sober likelihood, summed plainly over every way
    the chances fall, and how many other answers a false one is among."""
    chars, team, by_team, record, drunk, in_play, poser, *_ = world
    claims = {c.player: c for c in record.claims}
    night = (t + 1) // 2
    if h.character == "chambermaid":
        chances = [_wake(_holding(p, world, now), night, chars, team) for p in h.players]
        return _count_is(chances, h.answer), 2
    if h.character == "juggler":
        odds = [_statement(("character", (p,), cid), chars, now.evil, drunk, claims, team,
                           now.demon) for p, cid in h.question]  # fmt: skip
        total = 0.0
        for fall in itertools.product(range(3), repeat=len(odds)):
            w = math.prod(
                (yes, no, 1 - yes - no)[f] for (yes, no), f in zip(odds, fall, strict=True)
            )
            right, open_ = fall.count(0), fall.count(2)
            total += w * (right <= h.answer <= right + open_)
        return total, len(odds)
    standing = _standing(world, now, night)
    poisoner = [p for p in now.alive if p in now.evil and role(now.evil[p]).poisons_nightly]
    chances = []
    for p in record.seats:
        if p == claimer or p in now.evil or p not in now.alive:
            continue
        held = _holding(p, world, now)
        told = _wake(held, night, chars, team, info=True)
        lied = standing.false * _wake(held, night, chars, team, info=True, townsfolk_only=True)
        fixed = p == drunk or p in standing.poisoned
        target = 1 / (len(now.alive) - 1) if poisoner and p not in poisoner else 0.0
        sweet = any(p not in now.alive and _holding(p, world, now) == "sweetheart"
                    for p in record.seats) / (len(record.seats) - 1)  # fmt: skip
        impaired = 1 - (1 - fixed) * (1 - target) * (1 - sweet)
        chances.append(lied + (told - lied) * impaired * MATHEMATICIAN_LIES)
    return _count_is(chances, h.answer), len(record.seats)


def _count_is(chances, count):
    """The chance exactly ``count`` of independent events with these chances happen, summed
    over every subset."""
    total = 0.0
    for fall in itertools.product((False, True), repeat=len(chances)):
        if sum(fall) == count:
            total += math.prod(c if f else 1 - c for c, f in zip(chances, fall, strict=True))
    return total


def _registers(p, evil, drunk, claims, team):
    """The (team, alignment) ways ``p`` may register; ``None`` team for a good player who has
    not claimed (some good character)."""
    if p in evil and evil[p] == EVIL_TF:
        return None, {(None, "evil")}
    if p in evil:
        c = evil[p]
        ways = {(team[c], "evil")}
        if c == "spy":
            ways |= {("townsfolk", "good"), ("outsider", "good")}
        ways |= {(other, "evil") for other in role(c).registers_too}
        return c, ways
    if p == drunk:
        return "drunk", {("outsider", "good")}
    if p not in claims:
        return None, {(None, "good")}
    c = claims[p].character
    ways = {(team[c], "good")}
    if c == "recluse":
        ways |= {("minion", "evil"), ("demon", "evil")}
    return c, ways


def _sober(h, chars, team, record, evil, drunk, herring, in_play, demon, n, alive):
    claims = {c.player: c for c in record.claims}

    def evil_may(p):
        return any(a == "evil" for _, a in _registers(p, evil, drunk, claims, team)[1])

    def evil_must(p):
        return all(a == "evil" for _, a in _registers(p, evil, drunk, claims, team)[1])

    def is_char(p, cid):
        true, ways = _registers(p, evil, drunk, claims, team)
        if true is None:
            good = sum(team[c] in ("townsfolk", "outsider") for c in chars)
            return 1 / good if team.get(cid) in ("townsfolk", "outsider") else 0.0
        if true == cid:
            return 1.0
        return (
            1.0
            if (team.get(cid), "good" if team.get(cid) in ("townsfolk", "outsider") else "evil")
            in ways
            and team[true] != team.get(cid)
            else 0.0
        )

    c, ans, players = h.character, h.answer, h.players
    if c == "villageidiot":
        (target,) = players
        return float(evil_may(target)) if ans == "evil" else float(not evil_must(target))
    if c == "empath":
        lo = sum(evil_must(p) for p in players)
        hi = sum(evil_may(p) for p in players)
        return 1.0 if lo <= ans <= hi else 0.0
    if c == "chef":
        order = list(record.seats)
        pairs = list(zip(order, order[1:] + order[:1], strict=True))
        lo = sum(evil_must(a) and evil_must(b) for a, b in pairs)
        hi = sum(evil_may(a) and evil_may(b) for a, b in pairs)
        return 1.0 if lo <= ans <= hi else 0.0
    if c == "fortuneteller":
        must = demon in players
        may = must or any(
            p not in evil and ("demon", "evil") in _registers(p, evil, drunk, claims, team)[1]
            for p in players
        )
        if herring in players:
            return 1.0 if ans else 0.0
        return float(may) if ans else float(not must)
    if c in LEARNERS:
        want = LEARNERS[c]
        if ans is None:
            return 1.0 if in_play[want] == 0 else 0.0
        a, b, cid = ans
        k = max(in_play[want] - (want == "townsfolk"), 1)
        return (is_char(a, cid) + is_char(b, cid)) / (k * (n - 2))
    goods = sum(team[x] in ("townsfolk", "outsider") for x in chars)
    evils = len(chars) - goods
    if c == "oracle":
        dead = [p for p in seats_of(record) if p not in alive]
        lo, hi = sum(evil_must(p) for p in dead), sum(evil_may(p) for p in dead)
        return 1.0 if lo <= ans <= hi else 0.0
    if c == "seamstress":
        a, b = players
        sides = [{w for _, w in _registers(p, evil, drunk, claims, team)[1]} for p in (a, b)]
        return float(any((x == y) == ans for x in sides[0] for y in sides[1]))
    if c == "sage":
        return float(_demon_may(ans, demon, evil, drunk, claims, team)) / (n - 2)
    if c == "grandmother":
        child, cid = ans
        return 0.0 if child in evil else is_char(child, cid) / (n - 1 - len(evil))
    if c == "dreamer":
        (target,) = players
        return is_char(target, ans[0]) / evils + is_char(target, ans[1]) / goods
    if c == "flowergirl":
        if ans:
            return float(_demon_may(players, demon, evil, drunk, claims, team))
        return float(demon not in players)
    if c == "towncrier":
        ways = [{tm for tm, _ in _registers(p, evil, drunk, claims, team)[1]} for p in players]
        may = any("minion" in w and p != demon for w, p in zip(ways, players, strict=True))
        sure = any(w == {"minion"} and p != demon for w, p in zip(ways, players, strict=True))
        return float(may) if ans else float(not sure)  # the Demon now (an heir) is no Minion
    if c == "clockmaker":
        return _clockmaker(ans, record, evil, drunk, claims, team, demon)
    if c == "savant":
        (t1, f1), (t2, f2) = (_statement(x, chars, evil, drunk, claims, team, demon) for x in ans)
        return t1 * f2 + f1 * t2
    if c == "artist":
        t, f = _statement(h.question, chars, evil, drunk, claims, team, demon)
        return 1 - f if ans else 1 - t
    (target,) = players  # undertaker, ravenkeeper
    return is_char(target, ans)


def seats_of(record):
    return record.seats


def _demon_may(players, demon, evil, drunk, claims, team):
    return any(
        p == demon
        or (p not in evil and ("demon", "evil") in _registers(p, evil, drunk, claims, team)[1])
        for p in players
    )


def _clockmaker(ans, record, evil, drunk, claims, team, demon):
    """Between the fewest steps from any may-be Demon to any may-be Minion and the steps from
    the Demon to its nearest sure Minion (the model's reading)."""
    seats = list(record.seats)
    n = len(seats)

    def steps(a, b):
        i, j = seats.index(a), seats.index(b)
        return min(abs(i - j), n - abs(i - j))

    ways = {p: {tm for tm, _ in _registers(p, evil, drunk, claims, team)[1]} for p in seats}
    demons = [p for p in seats if p == demon or (p not in evil and "demon" in ways[p])]
    minions = [p for p in seats if p != demon and "minion" in ways[p]]
    sure = [p for p in seats if ways[p] == {"minion"}]
    fewest = min((steps(d, m) for d in demons for m in minions if d != m), default=n)
    near = min((steps(demon, m) for m in sure), default=n)
    if ans is None:
        return float(not sure)
    return float(fewest <= ans <= near)


def _statement(x, chars, evil, drunk, claims, team, demon):
    """The chance a statement ("one of players is value") is surely true, and surely false;
    a team is the one now (the Demon's heir is the Demon)."""
    kind, players, value = x
    yes, no = 0.0, 1.0
    for p in players:
        true, ways = _registers(p, evil, drunk, claims, team)
        if kind == "character":
            good = sum(team[c] in ("townsfolk", "outsider") for c in chars)
            if true is None:
                t = 1 / good if team.get(value) in ("townsfolk", "outsider") else 0.0
                f = 1 - t
            else:
                may = true == value or any(tm == team.get(value) for tm, _ in ways
                                            if tm != team[true] or true == value)  # fmt: skip
                t, f = float(true == value and len(ways) == 1), float(not may)
        elif kind == "team" and value == "demon":
            t = float(p == demon)
            f = float(p != demon and not (p not in evil and ("demon", "evil") in ways))
        elif kind == "team" and p == demon:
            t, f = 0.0, 1.0
        else:
            part = STATEMENT_KINDS[kind]
            if true is None and kind == "team":
                raise AssertionError("the reference judges no team of an unclaimed player")
            got = {w[part] for w in ways}
            t, f = float(got == {value}), float(value not in got)
        yes, no = 1 - (1 - yes) * (1 - t), no * f
    return yes, no


def _impaired(h, by_team, n, chars, record, alive):
    c = h.character
    goods = len(by_team["townsfolk"]) + len(by_team["outsider"])
    figures = {"seamstress": 1 / 2, "villageidiot": 1 / 2, "sage": 1 / math.comb(n - 1, 2), "flowergirl": 1 / 2,
               "towncrier": 1 / 2, "savant": 1 / 3, "artist": 1 / 2, "clockmaker": 1 / (n // 2),
               "grandmother": 1 / ((n - 1) * goods), "dreamer": 1 / (goods * (len(chars) - goods)),
               "oracle": 1 / (len([p for p in record.seats if p not in alive]) + 1),
               "chambermaid": 1 / 3, "mathematician": 1 / (n + 1),
               "juggler": 1 / (len(h.question or ()) + 1)}  # fmt: skip
    if c in figures:
        return figures[c]
    if c == "empath":
        return 1 / 3
    if c == "chef":
        return 1 / 4
    if c == "fortuneteller":
        return 1 / 2
    if c in LEARNERS:
        if h.answer is None:
            return 0.25
        return 1 / ((n - 1) * (n - 2) / 2 * len(by_team[LEARNERS[c]]))
    return 1 / len(chars)


def assert_as_brute(setup: Setup, record: Record, moves: float) -> None:
    """The model's beliefs on ``record`` are the plain enumeration's (to 1e-9), and what was
    heard moved some player's chance of being evil by more than ``moves`` (so the test would
    notice information left unread)."""
    beliefs = infer(setup, record)
    demon, evil = reference(setup.chars, record)
    for p in record.seats:
        assert abs(beliefs.demon[p] - demon[p]) <= 1e-9, p
        assert abs(beliefs.evil[p] - evil[p]) <= 1e-9, p
    claims = tuple(Claim(c.player, c.character) for c in record.claims)
    quiet = infer(setup, Record(record.seats, claims, record.deaths, dusks=record.dusks))
    assert max(abs(beliefs.evil[p] - quiet.evil[p]) for p in record.seats) > moves
