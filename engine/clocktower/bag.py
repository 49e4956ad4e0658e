"""Balanced bags: a legal, seeded random set of characters for n players.

In the spirit of classic Mafia random-setup balancing: every good character has a value as
information, as protection and as plain help (negative for liabilities); every evil character
cancels a fraction of some kinds (a Poisoner cuts information as a roleblocker cuts a cop). Evil
is drawn first; good characters are then re-drawn until the good value per good player, after
those cuts, falls in a window that rises with the setup table's ratio of evil to good players.

The rules' own counts are not held against a draw. The Outsiders the rules deal -- the setup
table's, plus any change made by the evil side or a fabled (the Baron's +2, which is that
character's whole effect on good) -- move the window down by their expected cost: their number
times the gap between the script's mean Townsfolk and mean Outsider value, per good player.
Without this the table's own Outsiders (none at 7, 10 and 13 players, two at 9, 12 and 15)
would swing the figure more than any choice of characters, and the window would accept only the
weakest draws at some counts and only the strongest at others (a 10-player Trouble Brewing bag
with a Baron would almost always hold the Saint). Extra or missing evil players (the Lord of
Typhon's Minion, the Summoner's late Demon, Legion's crowd) leave the ratio at the table's, their
strength being in their cuts. Good characters' own changes (the Balloonist's Outsider) stay in
the figure.

The window's centre and slope (``bag.toml``) are calibrated on the three base editions, whose
setup table is designed to be fair: their median random draw lies inside the window at every
count from 5 to 15, so balancing trims the tails rather than picking one corner.

Before re-drawing good, the exact range of figures a good draw of that shape can reach is
checked; an evil draw no good draw can balance is set aside (a bounded number of times, so a
script that can never balance still gets its closest bag), and where the rules leave the
Outsider count open the count is chosen among those good can balance.
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from statistics import fmean
from typing import Any

from engine.clocktower.catalogue import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Character,
    character,
    characters,
    setup_counts,
)
from engine.clocktower.counts import (
    EvilSide,
    Roster,
    Shape,
    beside,
    clash,
    evil_side,
    evil_sides,
    legion,
    minion_slots,
    mod,
    needs_spare,
    pick,
    shapes,
    without,
)
from engine.clocktower.script import Script
from engine.core import seeded_rng

MAX_TRAVELLERS = 5
KINDS = ("info", "protection", "help")
TEAM_ORDER = {"townsfolk": 0, "outsider": 1, "minion": 2, "demon": 3}


class BagError(ValueError):
    """No legal bag can be drawn (a sentence the storyteller can act on)."""


@cache
def settings() -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("data/bag.toml").read_text())


# The balance figure -------------------------------------------------------------------------


def _keep(evil: list[Character]) -> dict[str, float]:
    keep = dict.fromkeys(KINDS, 1.0)
    for e in evil:
        for kind, cut in e.bag.cuts:
            keep[kind] *= 1.0 - cut
    return keep


def _value(c: Character, keep: dict[str, float]) -> float:
    v = c.bag
    help_ = v.help * keep["help"] if v.help > 0 else v.help  # a liability is never cut
    return v.info * keep["info"] + v.protection * keep["protection"] + help_


def figure(good: list[Character], evil: list[Character]) -> float:
    """The good team's value per good player after the evil characters' cuts."""
    keep = _keep(evil)
    return round(sum(_value(c, keep) for c in good) / max(len(good), 1), 3)


@dataclass(frozen=True)
class Window:
    """The accepted figures for one evil draw, and why they are where they are."""

    low: float
    high: float
    ratio: float
    shift: float  # how far the Outsiders the rules deal moved it down
    outsiders: int  # how many that is

    def miss(self, fig: float) -> float:
        return round(max(self.low - fig, fig - self.high, 0.0), 3)


def _window(ratio: float, drop: float, outsiders: int) -> Window:
    w = settings()["window"]
    target = w["centre"] + w["slope"] * ratio - drop
    return Window(
        round(target - w["half_width"], 3),
        round(target + w["half_width"], 3),
        round(ratio, 3),
        round(drop, 3),
        outsiders,
    )


def _outsider_cost(roster: Roster, keep: dict[str, float]) -> float:
    """What turning one Townsfolk into an Outsider costs good, on this script, on average."""
    townsfolk = [_value(c, keep) for c in roster.townsfolk]
    outsiders = [_value(c, keep) for c in roster.outsider]
    if not townsfolk or not outsiders:
        return 0.0
    return fmean(townsfolk) - fmean(outsiders)


def _reach(roster: Roster, shape: Shape, keep: dict[str, float]) -> tuple[float, float]:
    """The lowest and highest figure a good draw of this shape can have, before good
    characters' own setup rules (exact: the k lowest and k highest values of each type)."""
    low = high = 0.0
    for pool, k in ((roster.townsfolk, shape.townsfolk), (roster.outsider, shape.outsiders)):
        values = sorted(_value(c, keep) for c in pool)
        extra = k - len(values)  # slots only a bag-duplicate character can fill
        if extra > 0:
            spares = [_value(c, keep) for c in pool if mod(c).duplicates]
            low += sum(values) + extra * min(spares)
            high += sum(values) + extra * max(spares)
        elif k:
            low, high = low + sum(values[:k]), high + sum(values[-k:])
    n = max(shape.townsfolk + shape.outsiders, 1)
    return round(low / n, 3), round(high / n, 3)


# Evil first ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Aim:
    """What one evil draw of one shape asks of good: the cuts, the window (with the allowance
    for the Outsiders the rules deal), and the exact range of figures a plain good draw of that
    shape can reach."""

    cut_by: tuple[Character, ...]
    window: Window
    reach: tuple[float, float]

    @classmethod
    def of(cls, roster: Roster, side: EvilSide, shape: Shape, players: int) -> _Aim:
        keep = _keep(list(side.in_play))
        usual = setup_counts(players)
        evil = usual["minion"] + usual["demon"]
        drop = shape.outsiders * _outsider_cost(roster, keep)
        good = shape.townsfolk + shape.outsiders
        window = _window(evil / (players - evil), drop / good, shape.outsiders)
        return cls(side.in_play, window, _reach(without(roster, shape.shown), shape, keep))

    @property
    def futile(self) -> bool:
        """No good draw of this shape can land in the window."""
        return self.reach[1] < self.window.low or self.reach[0] > self.window.high


@dataclass(frozen=True)
class _Evil:
    side: EvilSide
    shape: Shape
    aim: _Aim


def _draw_evil(script: Script, roster: Roster, players: int, rng: random.Random) -> list[_Evil]:
    """A random Demon and Minions, once for each Outsider count their modifiers allow (empty
    when the script lacks the characters that draw needs)."""
    demon = rng.choice(roster.demon) if roster.demon else None
    if demon is not None and mod(demon).majority:
        side: EvilSide | None = legion(players, demon)
    else:
        minions = pick(rng, roster.minion, minion_slots(players, demon))
        side = evil_side(demon, minions, players) if minions is not None else None
    if side is None:
        return []
    found = shapes(side, players, roster, settings()["free_outsider_band"])[0]
    found = found or shapes(side, players, roster)[0]  # a free count beyond the usual band
    return [_Evil(side, shape, _Aim.of(roster, side, shape, players)) for shape in found]


def _every_evil(roster: Roster, players: int) -> list[_Evil]:
    """Every legal evil side and shape (one of each kind of interchangeable character)."""
    found = []
    for side in evil_sides(roster, players):
        if isinstance(side, EvilSide):
            for shape in shapes(side, players, roster)[0]:
                found.append(_Evil(side, shape, _Aim.of(roster, side, shape, players)))
    return found


def _evil_notes(evil: _Evil, roster: Roster, players: int) -> list[dict[str, str]]:
    notes = []
    for c in evil.side.in_play + roster.fabled:
        m = mod(c)
        parts = []
        if m.outsiders != (0,) or m.any_outsiders:
            parts.append(f"Outsiders {evil.shape.shift:+d}")
        if m.minions:
            parts.append(f"Minions {m.minions:+d}")
        if not m.demon:
            parts.append("no player holds the Demon")
        if m.majority:
            parts.append(f"{len(evil.side.players)} of {players} players are {c.name}")
        if parts or m.note:
            notes.append({"id": c.id, "effect": "; ".join(parts + ([m.note] if m.note else []))})
    if evil.shape.shown is not None:
        who = next(c for c in evil.side.players if evil.shape.shown in mod(c).shown_setup)
        notes.append(
            {
                "id": who.id,
                "effect": f"shown the {character(evil.shape.shown).name}, whose rule added an "
                "Outsider (a jinx)",
            }
        )
    return notes


# Then good ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Good:
    players: tuple[Character, ...]
    notes: tuple[dict[str, str], ...]
    evil_townsfolk: str | None


def _spots(good: list[Character], team: str) -> list[int]:
    """Where a setup rule may put a character: slots of ``team`` whose holder changes nothing
    about the bag (not a Balloonist, Huntsman, Village Idiot or Bounty Hunter, nor a partner
    one of them brought in)."""
    partners = {r for c in good for r in mod(c).requires}

    def free(c: Character) -> bool:
        m = mod(c)
        changes = m.outsiders != (0,) or m.requires or m.copies != (0,) or m.evil_townsfolk
        return not changes and c.id not in partners

    return [i for i, c in enumerate(good) if c.team == team and free(c)]


def _shifted(
    roster: Roster, good: list[Character], tf: int, out: int, rng: random.Random
) -> tuple[list[Character], list[dict[str, str]]] | None:
    """Every good character's own Outsider change (Balloonist +0/+1, Hermit -0/-1) applied: the
    changers stay and the rest is re-drawn around them."""
    changers = list(dict.fromkeys(c for c in good if mod(c).outsiders != (0,)))
    chosen = {c.id: rng.choice(mod(c).outsiders) for c in changers}
    shift = sum(chosen.values())
    notes = [{"id": cid, "effect": f"Outsiders {d:+d}"} for cid, d in chosen.items() if d]
    if not shift:
        return good, notes
    fill = []
    for team, n in (("townsfolk", tf - shift), ("outsider", out + shift)):
        rest = [c for c in roster.pool(team) if mod(c).outsiders == (0,)]
        drawn = pick(rng, rest, n - sum(c.team == team for c in changers))
        if drawn is None:
            return None
        fill += drawn
    return changers + fill, notes


def _draw_good(script: Script, roster: Roster, evil: _Evil, rng: random.Random) -> _Good | None:
    """A random good side of the evil draw's shape with the good characters' own setup rules
    applied, or None when this draw cannot be made legal (the caller draws again)."""
    tf, out = evil.shape.townsfolk, evil.shape.outsiders
    roster = without(roster, evil.shape.shown)  # the token an evil player is shown
    townsfolk, outsiders = pick(rng, roster.townsfolk, tf), pick(rng, roster.outsider, out)
    if townsfolk is None or outsiders is None:
        return None
    shifted = _shifted(roster, townsfolk + outsiders, tf, out, rng)
    if shifted is None:
        return None
    good, notes = shifted
    by_id = {c.id: c for c in script.characters}
    for c in list(dict.fromkeys(good)):
        m = mod(c)
        for req in m.requires:
            if any(x.id == req for x in good):
                continue
            partner = by_id[req]
            # The usual practice: the partner takes a slot of its own type (the Damsel an
            # Outsider's); with none to take, a Townsfolk's (one more Outsider).
            spots = _spots(good, partner.team) or _spots(good, "townsfolk")
            if not spots:
                return None
            gone = good.pop(rng.choice(spots))
            good.append(partner)
            whose = "an Outsider's" if gone.team == "outsider" else "a Townsfolk's"
            notes.append({"id": c.id, "effect": f"adds the {partner.name} in {whose} place"})
        copies = rng.choice(m.copies)
        if copies:
            spots = _spots(good, "townsfolk")
            if len(spots) < copies:
                return None
            for i in sorted(rng.sample(spots, copies), reverse=True):
                good.pop(i)
            good += [c] * copies
            notes.append({"id": c.id, "effect": f"{copies} extra {c.name}(s); {m.note}".strip()})
    # Each Drunk or Marionette is shown a Townsfolk that is not in play.
    in_play = {c.id for c in good}
    spare = sum(c.team == "townsfolk" and c.id not in in_play for c in script.characters)
    if sum(needs_spare(c) for c in good + list(evil.side.players)) > spare:
        return None
    evil_tf = None
    hunter = next((c for c in good if mod(c).evil_townsfolk), None)
    if hunter is not None:
        others = [x.id for x in good if x.team == "townsfolk" and x is not hunter]
        if others:
            evil_tf = rng.choice(others)
            notes.append({"id": hunter.id, "effect": f"the {evil_tf} is evil"})
    return _Good(tuple(good), tuple(notes), evil_tf)


# Tokens, bluffs, travellers -----------------------------------------------------------------


def _tokens(
    chars: list[Character], script: Script, rng: random.Random, fixed: str | None = None
) -> tuple[list[str], list[dict[str, str]], list[str]]:
    """What each player is handed (the Drunk is shown a Townsfolk not in play, the Lunatic a
    Demon, the Marionette ``fixed`` when the shape needs it shown that), and three Demon bluffs
    from the good characters left over."""
    in_play = {c.id for c in chars}
    spare_tf = [c.id for c in script.team("townsfolk") if c.id not in in_play and c.id != fixed]
    # A Lunatic believes they are a Demon: one on the script (any, if it has none: Summoner).
    demons = [c.id for c in script.team("demon")] or [
        c.id for c in characters() if c.team == "demon"
    ]
    tokens, shown = [], []
    for c in chars:
        m = mod(c)
        if m.in_bag or m.shown_as is None:
            tokens.append(c.id)
            continue
        pool = demons if m.shown_as == "demon" else spare_tf
        token = (
            fixed if fixed is not None and fixed in m.shown_setup else rng.choice(pool)
        )  # a spare Townsfolk exists: the good draw checked it
        if token in spare_tf:
            spare_tf.remove(token)
        tokens.append(token)
        shown.append({"id": c.id, "shown_as": token})
    handed = set(tokens)
    spare_good = [
        c.id for c in script.characters if c.good and c.id not in in_play | handed and mod(c).in_bag
    ]
    return tokens, shown, rng.sample(spare_good, min(3, len(spare_good)))


def _travellers(script: Script, count: int, rng: random.Random) -> tuple[list[str], bool]:
    on_script = [c.id for c in script.team("traveller")]
    if len(on_script) >= count:
        return rng.sample(on_script, count), False
    others = [c.id for c in characters() if c.team == "traveller" and c.id not in on_script]
    return on_script + rng.sample(others, count - len(on_script)), True


# The bag ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Candidate:
    miss: float
    evil: _Evil
    good: _Good
    figure: float


def _balance(
    script: Script, roster: Roster, evil: _Evil, rng: random.Random, tries: int
) -> tuple[_Candidate | None, int]:
    """Re-draw good up to ``tries`` times: the first draw in the window, else the closest."""
    aim = evil.aim
    roster = beside(roster, evil.side.players)  # what a jinx leaves beside this evil team
    best: _Candidate | None = None
    for n in range(1, tries + 1):
        good = _draw_good(script, roster, evil, rng)
        if good is None or clash((*evil.side.players, *good.players)):
            continue  # not legal (a jinx: the Heretic beside a Baron, say)
        team = [c for c in good.players if c.id != good.evil_townsfolk]
        fig = figure(team, list(aim.cut_by))
        if best is None or aim.window.miss(fig) < best.miss:
            best = _Candidate(aim.window.miss(fig), evil, good, fig)
        if best.miss == 0.0:
            return best, n
    return best, tries


def balanced_bag(script: Script, players: int, seed: int, travellers: int = 0) -> dict[str, Any]:
    """A legal random bag for ``players`` (5-15) plus ``travellers``, balanced and seeded.

    Returns the true characters, the tokens handed out, the modifiers applied, Demon bluffs and
    the balance figure with its window. Raises ``BagError`` when the script cannot field it.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BagError(f"A bag needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    if not 0 <= travellers <= MAX_TRAVELLERS:
        raise BagError(f"Use 0 to {MAX_TRAVELLERS} travellers, not {travellers}.")
    rng = seeded_rng(seed, "bag", players, travellers)
    cfg = settings()
    roster = Roster.of(script.characters)
    best: _Candidate | None = None
    redraws = good_draws = 0
    for _ in range(cfg["max_evil_draws"]):
        options = _draw_evil(script, roster, players, rng)
        if not options:
            continue  # its modifiers need characters the script lacks
        # Where the rules leave the Outsider count open (a Godfather's -1 or +1, the Kazali's
        # any), it is chosen among the counts good can balance. An evil draw that no good draw
        # can balance is set aside, a bounded number of times.
        hopeful = [e for e in options if not e.aim.futile]
        if not hopeful and redraws < cfg["max_evil_redraws"]:
            redraws += 1
            continue
        best, used = _balance(
            script, roster, rng.choice(hopeful or options), rng, cfg["max_good_tries"]
        )
        good_draws += used
        if best is not None:
            break
    if best is None:
        # Random draws missed the few legal evil sides (a rare Minion needed, say): take one of
        # them directly, so a count the import check supports always gets a bag.
        legal = _every_evil(roster, players)
        if legal:
            best, used = _balance(script, roster, rng.choice(legal), rng, cfg["max_good_tries"])
            good_draws += used
    if best is None:
        raise BagError(
            f"{script.name} cannot field {players} players: too few characters of some type "
            "once setup changes (such as a Baron's) are applied."
        )
    draws = {"tries": good_draws, "evil_redraws": redraws}
    return _payload(script, roster, players, seed, travellers, best, draws, rng)


def _payload(
    script: Script,
    roster: Roster,
    players: int,
    seed: int,
    travellers: int,
    best: _Candidate,
    draws: dict[str, int],
    rng: random.Random,
) -> dict[str, Any]:
    side, good, aim = best.evil.side, best.good, best.evil.aim
    chars = sorted(side.players + good.players, key=lambda c: (TEAM_ORDER.get(c.team, 9), c.id))
    tokens, shown, bluffs = _tokens(chars, script, rng, best.evil.shape.shown)
    drawn, outside = _travellers(script, travellers, rng)
    final = {t: sum(c.team == t for c in chars) for t in TEAM_ORDER}
    return {
        "script": script.name,
        "players": players,
        "seed": seed,
        "counts": setup_counts(players),
        "final_counts": final,
        "characters": [c.id for c in chars],
        "tokens": tokens,
        "shown": shown,
        "demon": side.demon.id if side.demon else None,
        "demon_held": side.held,
        "evil_townsfolk": good.evil_townsfolk,
        "bluffs": bluffs,
        "travellers": drawn,
        "travellers_off_script": outside,
        "modifiers": _evil_notes(best.evil, roster, players) + list(good.notes),
        "balance": {
            "figure": best.figure,
            "window": [aim.window.low, aim.window.high],
            "evil_to_good": aim.window.ratio,
            "window_shift": aim.window.shift,
            "window_outsiders": aim.window.outsiders,
            "reachable": list(aim.reach),
            "balanced": best.miss == 0.0,
            **draws,
        },
    }


def bag_text(bag: dict[str, Any]) -> str:
    """A plain-text rendering for the CLI."""
    b = bag["balance"]
    lines = [
        f"{bag['script']}: {bag['players']} players (seed {bag['seed']})",
        "Characters: " + ", ".join(bag["characters"]),
        "Bag tokens: " + ", ".join(bag["tokens"]),
    ]
    lines += [f"  {s['id']} is shown {s['shown_as']}" for s in bag["shown"]]
    lines += [f"Modifier: {m['id']}: {m['effect']}" for m in bag["modifiers"]]
    if bag["travellers"]:
        lines.append("Travellers: " + ", ".join(bag["travellers"]))
    lines.append("Demon bluffs: " + ", ".join(bag["bluffs"]))
    lines.append(balance_text(b))
    return "\n".join(lines)


def balance_text(b: dict[str, Any]) -> str:
    """The balance figure in one line: where it is, where it should be, and why."""
    verdict = "in the window" if b["balanced"] else "closest found, outside the window"
    moved = (
        f"; window moved {-b['window_shift']:+.3f} for the {b['window_outsiders']} Outsider(s) "
        "the rules deal"
        if b["window_shift"]
        else ""
    )
    return (
        f"Balance: {b['figure']:.3f} per good player, window {b['window'][0]:.3f} to "
        f"{b['window'][1]:.3f} (evil/good {b['evil_to_good']:.2f}{moved}; {verdict}, "
        f"{b['tries']} good draws, {b['evil_redraws']} evil re-draws)"
    )
