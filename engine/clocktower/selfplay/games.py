"""Whole self-played games, and many of them counted: how a script plays with these players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.catalogue import find
from engine.clocktower.game import SYSTEM, Join, Phase, Start, State, apply, new_game
from engine.clocktower.reasoning.worlds import supported
from engine.clocktower.selfplay.table import Player

MAX_DAYS = 30


@dataclass(frozen=True)
class Outcome:
    winner: str | None  # None: stopped at MAX_DAYS
    ending: str
    days: int
    actions: int
    executions: tuple[tuple[int, bool], ...] = ()  # (day, whether the executee was evil)
    saint: bool = False  # a character whose execution loses the game was dealt


def dealt(script_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The characters of a script a resident may be dealt (official ones by their team; any
    other, a homebrew character, as it is)."""
    kept = []
    for cid in script_ids:
        found = find(cid)
        if found is None or found.team in ("townsfolk", "outsider", "minion", "demon"):
            kept.append(cid)
    return tuple(kept)


def setup_game(
    script_ids: tuple[str, ...],
    players: int,
    seed: int,
    characters: tuple[str, ...] = (),
    travellers: int = 0,
    storyteller: int | None = None,
) -> State:
    """A started game: players 1..n, then ``travellers`` Travellers seated after them. With a
    ``storyteller`` id the rulings wait for that (simulated) human instead of the bot."""
    state = new_game(storyteller, seed, script_ids, storyteller is None)
    for p in range(1, players + travellers + 1):
        state = apply(state, Join(p, traveller=p > players)).state
    by = SYSTEM if storyteller is None else storyteller
    started: State = apply(state, Start(by, characters)).state
    return started


def play(
    script_ids: tuple[str, ...],
    players: int,
    seed: int,
    characters: tuple[str, ...] = (),
    log: list[Any] | None = None,
    travellers: int = 0,
    storyteller: int | None = None,
    arrivals: int = 0,
    reason: bool = True,
) -> tuple[State, Outcome]:
    """One whole self-played game; ``log`` collects the actions. The bot storyteller rules,
    unless a ``storyteller`` id is given: then the table answers each ruling at random.
    ``arrivals`` Travellers join mid-game, one a day from day 2. ``reason`` False: the naive
    players (for comparison)."""
    from engine.clocktower.game.roles import REGISTRY

    state = setup_game(script_ids, players, seed, characters, travellers, storyteller)
    table = Player(seed, arrivals, reason)
    count = 0
    while state.phase is not Phase.OVER and state.day <= MAX_DAYS:
        action = table.act(state)
        if log is not None:
            log.append(action)
        state = apply(state, action).state
        count += 1
    table.see(state)
    alignment = {s.player: s.alignment for s in state.seats}
    executions = tuple(
        (d.moment // 2, alignment[d.player] == "evil")
        for d in table.record().deaths
        if d.cause == "execution"
    )
    losing = REGISTRY.own("executed")
    saint = any(s.character in losing for s in state.seats)
    ending = state.ending or "unfinished"
    return state, Outcome(state.winner, ending, state.day, count, executions, saint)


def simulate(
    script_ids: tuple[str, ...],
    players: int,
    games: int,
    seed: int = 0,
    travellers: int = 0,
    reason: bool = True,
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` with seed ``seed + i``, ``travellers`` Travellers seated
    besides the ``players``) and count how they ended, and how often each day's execution
    fell on an evil player (``reason`` False: with the naive players)."""
    endings: dict[str, int] = {}
    good = days = saints = saint_lost = 0
    by_day: dict[int, list[int]] = {}
    for i in range(games):
        _, outcome = play(script_ids, players, seed + i, travellers=travellers, reason=reason)
        endings[outcome.ending] = endings.get(outcome.ending, 0) + 1
        good += outcome.winner == "good"
        days += outcome.days
        saints += outcome.saint
        saint_lost += outcome.ending == "saint_executed"
        for day, evil in outcome.executions:
            tally = by_day.setdefault(day, [0, 0])
            tally[0] += 1
            tally[1] += evil
    return {
        "games": games,
        "players": players,
        "table": "reasoning" if reason and supported(dealt(script_ids), players) else "naive",
        "travellers": travellers,
        "seed": seed,
        "good_wins": good,
        "good_win_rate": good / games if games else 0.0,
        "mean_days": days / games if games else 0.0,
        "endings": dict(sorted(endings.items())),
        "executions_by_day": [
            {"day": d, "executions": n, "evil": e, "evil_rate": e / n}
            for d, (n, e) in sorted(by_day.items())
        ],
        "saint_in_play": saints,
        "saint_executed": saint_lost,
    }
