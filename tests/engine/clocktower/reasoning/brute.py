"""A brute-force reference for the reasoning model, written out plainly and separately.

It enumerates every starting evil team (Demon seat, Minion seats and characters), the Drunk,
the Fortune Teller's red herring, the Poisoner's target on every night and the heir of every
star pass, and multiplies out the likelihood of everything on the record as the model's story
has it (``engine.clocktower.reasoning.infer``'s docstring), in plain Python loops with no
numpy and none of the model's shortcuts (the sums over poison and herring, the memoised sweep,
the pruning). Slow: for small tables only.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict

from engine.clocktower.catalogue import character, setup_counts
from engine.clocktower.reasoning.infer import (
    GOOD_HANDS,
    IMPOSSIBLE,
    MINION_KILLED,
    NOMINATES,
    STAR_PASS,
    VOTES,
)
from engine.clocktower.reasoning.record import Record, day_moment

SOBER_CHARACTERS = {"empath", "chef", "fortuneteller", "washerwoman", "librarian",
                    "investigator", "undertaker", "ravenkeeper", "oracle", "seamstress", "sage",
                    "grandmother", "dreamer", "clockmaker", "flowergirl", "towncrier",
                    "savant"}  # fmt: skip
STATEMENT_KINDS = {"alignment": 1, "team": 0}  # which part of a registration a statement reads
LEARNERS = {"washerwoman": "townsfolk", "librarian": "outsider", "investigator": "minion"}


def reference(
    chars: tuple[str, ...], record: Record, good: tuple[int, ...] = ()
) -> tuple[dict[int, float], dict[int, float]]:
    """P(each player is the Demon at the end of the record), P(each is evil), for worlds in
    which the ``good`` players are good."""
    seats = record.seats
    n = len(seats)
    team = {c: character(c).team for c in chars}
    by_team = defaultdict(list)
    for c in chars:
        by_team[team[c]].append(c)
    claims = {c.player: c for c in record.claims}
    counts = setup_counts(n)
    demon_mass: dict[int, float] = defaultdict(float)
    evil_mass: dict[int, float] = defaultdict(float)
    total = 0.0
    k = counts["minion"]
    for d in seats:
        for minion_seats in itertools.combinations([p for p in seats if p != d], k):
            for cast in itertools.permutations(by_team["minion"], k):
                evil = {d: by_team["demon"][0], **dict(zip(minion_seats, cast, strict=True))}
                if any(p in evil for p in good):
                    continue
                for drunk in [None, *[p for p in claims if p not in evil
                                      and team.get(claims[p].character) == "townsfolk"]]:  # fmt: skip
                    prior = _prior(chars, team, by_team, counts, seats, claims, evil, drunk)
                    if prior == 0:
                        continue
                    for weight, now in _likelihoods(chars, team, by_team, record, evil, drunk):
                        w = prior * weight
                        total += w
                        demon_mass[now] += w
                        for p in evil:
                            evil_mass[p] += w
    return ({p: demon_mass[p] / total for p in seats}, {p: evil_mass[p] / total for p in seats})


def _prior(chars, team, by_team, counts, seats, claims, evil, drunk) -> float:
    """The number of full deals this partial world stands for, times the Drunk's token and
    the evil players' bluffs."""
    shift = sum(character(c).setup.outsiders[0] for c in evil.values() if character(c).setup)
    n_tf, n_os = counts["townsfolk"] - shift, counts["outsider"] + shift
    good = [p for p in seats if p not in evil]
    held = [claims[p].character for p in good if p in claims]
    if any(team.get(c) not in ("townsfolk", "outsider") for c in held):
        return 0.0
    if len(set(held)) != len(held):
        return 0.0
    if any(p in claims and claims[p].character not in team for p in evil):
        pass  # an evil player may claim anything
    tf_real = sum(
        team[claims[p].character] == "townsfolk" for p in good if p in claims and p != drunk
    )
    os_real = sum(team[claims[p].character] == "outsider" for p in good if p in claims)
    os_real += drunk is not None
    unclaimed = sum(p not in claims for p in good)
    t, o = n_tf - tf_real, n_os - os_real
    if t < 0 or o < 0 or t + o != unclaimed:
        return 0.0
    tf_pool = len(by_team["townsfolk"]) - tf_real - (drunk is not None)
    os_pool = len(by_team["outsider"]) - (os_real - (drunk is not None)) - (drunk is not None)
    if tf_pool < t or os_pool < o:
        return 0.0
    fill = math.comb(unclaimed, t) * math.perm(tf_pool, t) * math.perm(os_pool, o)
    if drunk is not None:
        if "drunk" not in chars:
            return 0.0
        fill /= max(len(by_team["townsfolk"]) - n_tf, 1)
    liars = sum(p in claims for p in evil)
    return fill * (1 / (len(by_team["townsfolk"]) + len(by_team["outsider"]))) ** liars


def _likelihoods(chars, team, by_team, record, evil, drunk):
    """(weight, Demon's seat at the end) for every herring, poison and heir choice."""
    seats = record.seats
    n = len(seats)
    claims = {c.player: c for c in record.claims}
    good = [p for p in seats if p not in evil]
    counts = setup_counts(n)
    shift = sum(character(c).setup.outsiders[0] for c in evil.values() if character(c).setup)
    in_play = {"townsfolk": counts["townsfolk"] - shift, "outsider": counts["outsider"] + shift,
               "minion": counts["minion"], "demon": 1}  # fmt: skip
    fts = [p for p in good if p in claims and p != drunk and claims[p].character == "fortuneteller"]
    herrings = [(r, 1 / len(good)) for r in good] if fts else [(None, 1.0)]
    poisoner = next((p for p, c in evil.items() if c == "poisoner"), None)
    last = max([h.moment for c in record.claims for h in c.heard] + [d.moment for d in record.deaths]
               + [day_moment(x.day) for x in record.nominations] + [0])  # fmt: skip
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
    for r, pr in herrings:
        for chosen in itertools.product(*targets):
            poisoned = {night: x for night, (x, _) in zip(nights, chosen, strict=True)}
            pp = math.prod(pt for _, pt in chosen)
            for weight, now in _story(
                chars, team, by_team, record, evil, drunk, r, poisoned, in_play
            ):
                yield pr * pp * weight, now


def _story(chars, team, by_team, record, evil, drunk, herring, poisoned, in_play):
    """Walk the record moment by moment for one choice of herring and poisons, branching on
    the heirs of a star pass."""
    seats = record.seats
    claims = {c.player: c for c in record.claims}
    last = max([h.moment for c in record.claims for h in c.heard] + [d.moment for d in record.deaths]
               + [day_moment(x.day) for x in record.nominations] + [0])  # fmt: skip
    final = max((d.moment for d in record.deaths), default=-1) if record.over else -1
    demon0 = next(p for p, c in evil.items() if team[c] == "demon")
    branches = [(1.0, demon0, set(seats))]
    for t in range(1, last + 1):
        grown = []
        for weight, demon, alive in branches:
            for w2, demon2, alive2 in _moment(chars, team, by_team, record, evil, drunk, herring,
                                              poisoned, in_play, t, t == final, demon, alive):  # fmt: skip
                grown.append((weight * w2, demon2, alive2))
        branches = grown
    for weight, demon, _ in branches:
        yield weight, demon
    del claims


def _moment(
    chars, team, by_team, record, evil, drunk, herring, poisoned, in_play, t, final, demon, alive
):
    night = t % 2 == 1
    weight = 1.0
    deaths = [d.player for d in record.deaths if d.moment == t]
    outcomes = [(1.0, demon, set(alive))]
    if night:
        outcomes = []
        current = [(1.0, demon, set(alive))]
        for victim in deaths:
            nxt = []
            for w, dm, al in current:
                good_alive = sum(p not in evil for p in al)
                if victim == dm:
                    heirs = _heir(evil, al, victim, dm)
                    if heirs is None:
                        nxt.append(
                            (w * STAR_PASS * (1 if final else IMPOSSIBLE), dm, al - {victim})
                        )
                    else:
                        for h in heirs:
                            nxt.append((w * STAR_PASS / len(heirs), h, al - {victim}))
                elif victim in evil:
                    nxt.append((w * MINION_KILLED, dm, al - {victim}))
                else:
                    nxt.append((w * (1 - STAR_PASS) / good_alive, dm, al - {victim}))
            current = nxt
        outcomes = current
    else:
        for x in record.nominations:
            if day_moment(x.day) != t:
                continue
            status = "demon" if x.nominee == demon else "minion" if x.nominee in evil else "good"
            if x.nominator in evil:
                weight *= NOMINATES[status]
            if x.at_once:
                continue
            for v in x.voters:
                if v == x.nominee or v not in evil:
                    continue
                rate = VOTES[status]
                weight *= rate / GOOD_HANDS if v in x.yes else (1 - rate) / (1 - GOOD_HANDS)
    result = []
    for w, dm, al in outcomes:
        w *= weight * _items(chars, team, by_team, record, evil, drunk, herring, poisoned,
                             in_play, t, dm, al)  # fmt: skip
        if not night:
            for victim in deaths:
                if victim == dm:
                    heirs = _heir(evil, al, victim, dm, star_pass=False)
                    if heirs is None:
                        w *= 1 if final else IMPOSSIBLE
                    else:
                        (dm,) = heirs
                al = al - {victim}
        result.append((w, dm, al))
    return result


def _heir(evil, alive, dead, demon, star_pass=True):
    """Who inherits the Demon: a Scarlet Woman with five alive first; else (a star pass) any
    living Minion; None when nobody can."""
    minions = [p for p in evil if p != demon and p in alive and p != dead]
    sw = [p for p in minions if evil[p] == "scarletwoman" and len(alive) >= 5]
    if sw:
        return sw
    if star_pass and minions:
        return minions
    return None


def _items(chars, team, by_team, record, evil, drunk, herring, poisoned, in_play, t, demon, alive):
    """The likelihood of the heard items at moment ``t`` (``alive``: after its night's
    deaths): what the claims say, and what a claimed Virgin's first nomination, a claimed
    Slayer's first shot and a claimed Tea Lady's dying neighbours showed."""
    weight = 1.0
    seats = record.seats
    n = len(seats)
    night = (t + 1) // 2
    claims = {c.player: c for c in record.claims}
    for c in record.claims:
        impaired = c.player in evil or c.player == drunk or poisoned.get(night) == c.player
        for h in c.heard:
            if h.moment != t or h.character != c.character or c.character not in SOBER_CHARACTERS:
                continue
            if impaired:
                weight *= _impaired(h, by_team, n, chars, record, alive)
            else:
                weight *= _sober(h, chars, team, record, evil, drunk, herring, in_play, demon,
                                 n, alive)  # fmt: skip
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


def _registers(p, evil, drunk, claims, team):
    """The (team, alignment) ways ``p`` may register; ``None`` team for a good player who has
    not claimed (some good character)."""
    if p in evil:
        c = evil[p]
        ways = {(team[c], "evil")}
        if c == "spy":
            ways |= {("townsfolk", "good"), ("outsider", "good")}
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
        return float(may) if ans else float(not any(w == {"minion"} for w in ways))
    if c == "clockmaker":
        return _clockmaker(ans, record, evil, drunk, claims, team, demon)
    if c == "savant":
        (t1, f1), (t2, f2) = (_statement(x, chars, evil, drunk, claims, team) for x in ans)
        return t1 * f2 + f1 * t2
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


def _statement(x, chars, evil, drunk, claims, team):
    """The chance a statement ("one of players is value") is surely true, and surely false."""
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
    figures = {"seamstress": 1 / 2, "sage": 1 / math.comb(n - 1, 2), "flowergirl": 1 / 2,
               "towncrier": 1 / 2, "savant": 1 / 3, "clockmaker": 1 / (n // 2),
               "grandmother": 1 / ((n - 1) * goods), "dreamer": 1 / (goods * (len(chars) - goods)),
               "oracle": 1 / (len([p for p in record.seats if p not in alive]) + 1)}  # fmt: skip
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
