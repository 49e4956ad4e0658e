"""Balanced bags: a legal, seeded random set of characters for n players.

In the spirit of classic Mafia random-setup balancing: every good character has a value as
information, as protection and as plain help (negative for liabilities); every evil character
cancels a fraction of some kinds (a Poisoner cuts information as a roleblocker cuts a cop). Evil
is drawn first; good characters are then re-drawn until the good value per good player, after
those cuts, falls in a window that rises with the ratio of evil to good players.
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from engine.clocktower.catalogue import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Character,
    SetupModifier,
    characters,
    setup_counts,
)
from engine.clocktower.script import Script
from engine.core import seeded_rng

MAX_TRAVELLERS = 5
PLAIN = SetupModifier()


class BagError(ValueError):
    """No legal bag can be drawn (a sentence the storyteller can act on)."""


@cache
def settings() -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("data/bag.toml").read_text())


def _mod(char: Character) -> SetupModifier:
    return char.setup or PLAIN


@dataclass
class _Evil:
    demon: Character | None
    demon_held: bool
    players: list[Character]
    outsider_delta: int
    notes: list[dict[str, str]] = field(default_factory=list)


def _window(ratio: float) -> tuple[float, float]:
    w = settings()["window"]
    target = w["centre"] + w["slope"] * ratio
    return round(target - w["half_width"], 3), round(target + w["half_width"], 3)


def figure(good: list[Character], evil: list[Character]) -> float:
    """The good team's value per good player after the evil characters' cuts."""
    keep = {"info": 1.0, "protection": 1.0, "help": 1.0}
    for e in evil:
        for kind, cut in e.bag.cuts:
            keep[kind] *= 1.0 - cut
    total = 0.0
    for c in good:
        v = c.bag
        total += v.info * keep["info"] + v.protection * keep["protection"]
        total += v.help * keep["help"] if v.help > 0 else v.help
    return round(total / max(len(good), 1), 3)


def _draw_evil(script: Script, players: int, rng: random.Random) -> _Evil | None:
    demons = script.team("demon")
    minions = script.team("minion")
    need = setup_counts(players)
    demon = rng.choice(demons) if demons else None
    notes: list[dict[str, str]] = []
    if demon is not None and _mod(demon).majority:
        count = players // 2 + 1
        notes.append({"id": demon.id, "effect": f"{count} of {players} players are {demon.name}"})
        return _Evil(demon, True, [demon] * count, 0, notes)
    extra = _mod(demon).minions if demon else 0
    n_minions = need["minion"] + extra + (0 if demon else 1)
    if n_minions > len(minions):
        return None
    chosen = rng.sample(list(minions), n_minions)
    held = demon is not None and _mod(demon).demon
    if any(not _mod(m).demon for m in chosen):
        demon, held = None, False
    evil = chosen + ([demon] if held and demon else [])
    in_play = evil + ([demon] if demon and not held else [])
    options = {0}
    for c in in_play:
        options = {a + b for a in options for b in _mod(c).outsiders}
    delta = rng.choice(sorted(options))
    for c in in_play:
        m = _mod(c)
        if m.outsiders != (0,) or m.minions or not m.demon:
            notes.append({"id": c.id, "effect": _effect(m, delta)})
    return _Evil(demon, held, evil, delta, notes)


def _effect(m: SetupModifier, delta: int) -> str:
    parts = []
    if m.outsiders != (0,):
        parts.append(f"Outsiders {delta:+d}")
    if m.minions:
        parts.append(f"Minions {m.minions:+d}")
    if not m.demon:
        parts.append("no player holds the Demon")
    return "; ".join(parts + ([m.note] if m.note else []))


@dataclass
class _Good:
    players: list[Character]
    notes: list[dict[str, str]]
    evil_townsfolk: str | None = None


def _draw_good(
    script: Script, tf: int, out: int, rng: random.Random, pool: dict[str, list[Character]]
) -> _Good | None:
    if tf < 0 or out > len(pool["outsider"]) or tf > len(pool["townsfolk"]):
        return None
    good = rng.sample(pool["townsfolk"], tf) + rng.sample(pool["outsider"], out)
    notes: list[dict[str, str]] = []
    for c in list(good):
        m = _mod(c)
        shift = rng.choice(m.outsiders)
        if shift:
            # e.g. a Balloonist adding an Outsider: redraw the rest around it.
            t2, o2 = tf - shift, out + shift
            rest_tf = [x for x in pool["townsfolk"] if x is not c]
            rest_out = [x for x in pool["outsider"] if x is not c]
            keep_tf, keep_out = (1, 0) if c.team == "townsfolk" else (0, 1)
            if not (0 <= t2 - keep_tf <= len(rest_tf) and 0 <= o2 - keep_out <= len(rest_out)):
                return None
            good = [c] + rng.sample(rest_tf, t2 - keep_tf) + rng.sample(rest_out, o2 - keep_out)
            notes.append({"id": c.id, "effect": f"Outsiders {shift:+d}"})
            break
    ids = {c.id for c in good}
    for c in list(good):
        m = _mod(c)
        for req in m.requires:
            if req in ids:
                continue
            swap = [
                x for x in good if x.team == "townsfolk" and x is not c and not _mod(x).requires
            ]
            target = next((x for x in script.characters if x.id == req), None)
            if not swap or target is None:
                return None
            good.remove(rng.choice(swap))
            good.append(target)
            ids.add(req)
            notes.append({"id": c.id, "effect": f"adds the {target.name}"})
        copies = rng.choice(m.copies)
        if copies:
            swap = [
                x for x in good if x.team == "townsfolk" and x.id != c.id and not _mod(x).requires
            ]
            if len(swap) < copies:
                return None
            for x in rng.sample(swap, copies):
                good.remove(x)
                good.append(c)
            notes.append({"id": c.id, "effect": f"{copies} extra {c.name}(s); {m.note}".strip()})
    evil_tf = None
    if any(_mod(c).evil_townsfolk for c in good):
        hunter = next(c for c in good if _mod(c).evil_townsfolk)
        others = [x for x in good if x.team == "townsfolk" and x is not hunter]
        if others:
            evil_tf = rng.choice(others).id
            notes.append({"id": hunter.id, "effect": f"the {evil_tf} is evil"})
    return _Good(good, notes, evil_tf)


def _pools(script: Script) -> dict[str, list[Character]]:
    """Drawable good characters: not ones that end the evil team or need an absent partner."""
    ids = set(script.ids)
    return {
        team: [
            c
            for c in script.team(team)
            if not _mod(c).no_evil and all(r in ids for r in _mod(c).requires)
        ]
        for team in ("townsfolk", "outsider")
    }


def _tokens(
    chars: list[Character], script: Script, rng: random.Random
) -> tuple[list[str], list[dict[str, str]], list[str]]:
    """What each player is handed (the Drunk sees a Townsfolk, ...), and three Demon bluffs."""
    in_play = {c.id for c in chars}
    spare_good = [c.id for c in script.characters if c.good and c.id not in in_play]
    spare_tf = [c.id for c in script.team("townsfolk") if c.id not in in_play]
    demons = [c.id for c in script.team("demon")]
    tokens, shown = [], []
    for c in chars:
        m = _mod(c)
        if m.in_bag or m.shown_as is None:
            tokens.append(c.id)
            continue
        pool = demons if m.shown_as == "demon" else spare_tf
        token = rng.choice(pool) if pool else c.id
        if token in spare_tf:
            spare_tf.remove(token)
        if token in spare_good:
            spare_good.remove(token)
        tokens.append(token)
        shown.append({"id": c.id, "shown_as": token})
    bluffs = rng.sample(spare_good, min(3, len(spare_good)))
    return tokens, shown, bluffs


def _travellers(script: Script, count: int, rng: random.Random) -> tuple[list[str], bool]:
    on_script = [c.id for c in script.team("traveller")]
    if len(on_script) >= count:
        return rng.sample(on_script, count), False
    others = [c.id for c in characters() if c.team == "traveller" and c.id not in on_script]
    return on_script + rng.sample(others, count - len(on_script)), True


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
    pool = _pools(script)
    need = setup_counts(players)
    for _ in range(cfg["max_evil_tries"]):
        evil = _draw_evil(script, players, rng)
        if evil is None:
            continue
        good_slots = players - len(evil.players)
        if evil.demon is not None and _mod(evil.demon).majority:
            out = min(need["outsider"], good_slots, len(pool["outsider"]))
        else:
            out = max(0, need["outsider"] + evil.outsider_delta)
        tf = good_slots - out
        cut_by = evil.players + ([evil.demon] if evil.demon and not evil.demon_held else [])
        best: tuple[float, _Good, float] | None = None
        tries = 0
        while tries < cfg["max_good_tries"]:
            tries += 1
            good = _draw_good(script, tf, out, rng, pool)
            if good is None:
                continue
            team = [c for c in good.players if c.id != good.evil_townsfolk]
            ratio = (len(evil.players) + (len(good.players) - len(team))) / max(len(team), 1)
            fig = figure(team, cut_by)
            lo, hi = _window(ratio)
            miss = max(lo - fig, fig - hi, 0.0)
            if best is None or miss < best[0]:
                best = (miss, good, fig)
            if miss == 0.0:
                break
        if best is None:
            continue
        return _payload(script, players, seed, travellers, evil, best, tries, rng)
    raise BagError(
        f"{script.name} cannot field {players} players: too few characters of some type "
        "once setup changes (such as a Baron's) are applied."
    )


def _payload(
    script: Script,
    players: int,
    seed: int,
    travellers: int,
    evil: _Evil,
    best: tuple[float, _Good, float],
    tries: int,
    rng: random.Random,
) -> dict[str, Any]:
    miss, good, fig = best
    chars = evil.players + good.players
    order = {"townsfolk": 0, "outsider": 1, "minion": 2, "demon": 3}
    chars.sort(key=lambda c: (order.get(c.team, 9), c.id))
    tokens, shown, bluffs = _tokens(chars, script, rng)
    drawn, outside = _travellers(script, travellers, rng)
    team_good = [c for c in good.players if c.id != good.evil_townsfolk]
    ratio = (players - len(team_good)) / max(len(team_good), 1)
    lo, hi = _window(ratio)
    final = {
        t: sum(c.team == t for c in chars) for t in ("townsfolk", "outsider", "minion", "demon")
    }
    return {
        "script": script.name,
        "players": players,
        "seed": seed,
        "counts": setup_counts(players),
        "final_counts": final,
        "characters": [c.id for c in chars],
        "tokens": tokens,
        "shown": shown,
        "demon": evil.demon.id if evil.demon else None,
        "demon_held": evil.demon_held,
        "evil_townsfolk": good.evil_townsfolk,
        "bluffs": bluffs,
        "travellers": drawn,
        "travellers_off_script": outside,
        "modifiers": evil.notes + good.notes,
        "balance": {
            "figure": fig,
            "window": [lo, hi],
            "evil_to_good": round(ratio, 3),
            "balanced": miss == 0.0,
            "tries": tries,
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
    verdict = "in the window" if b["balanced"] else "closest found, outside the window"
    lines.append(
        f"Balance: {b['figure']:.3f} per good player, window {b['window'][0]:.3f}-"
        f"{b['window'][1]:.3f} (evil/good {b['evil_to_good']:.2f}; {verdict}, {b['tries']} draws)"
    )
    return "\n".join(lines)
