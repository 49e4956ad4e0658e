"""Before the start: joining, leaving, and dealing the roles."""

from __future__ import annotations

from dataclasses import replace

from engine.core import Effect, RuleError, Step, seeded_rng
from engine.traitors.actions import Join, Start
from engine.traitors.events import HostChanged, Joined, Left, Started
from engine.traitors.flow import finish
from engine.traitors.guards import refuse_unless, require_host, require_phase
from engine.traitors.model import Phase, State
from engine.traitors.prompts import briefing

MIN_PLAYERS = 4
MAX_PLAYERS = 30
NOT_IN_LOBBY = "The game has already started."


def traitor_range(players: int) -> range:
    """Legal Traitor counts: at least one, and fewer than the Faithful so the game isn't already
    won. The first phase is a day, so even the largest count leaves one round-table vote."""
    return range(1, (players - 1) // 2 + 1)


def _describe(legal: range) -> str:
    if len(legal) == 1:
        return f"there must be exactly {legal[0]} Traitor"
    return f"there must be between {legal[0]} and {legal[-1]} Traitors"


def next_seat(players: tuple[int, ...], after: int, eligible: tuple[int, ...]) -> int:
    """The first eligible player after ``after`` going round the table in seat order."""
    seat = players.index(after)
    for player in players[seat + 1 :] + players[:seat]:
        if player in eligible:
            return player
    raise RuleError("Nobody is left to take over.")


def join(state: State, action: Join) -> Step[State]:
    require_phase(state, Phase.LOBBY, NOT_IN_LOBBY)
    refuse_unless(action.player not in state.players, "You are already in this game.")
    refuse_unless(len(state.players) < MAX_PLAYERS, f"The game is full ({MAX_PLAYERS} players).")
    state = replace(state, players=(*state.players, action.player))
    return Step(state, (Joined(action.player, state.players),))


def leave(state: State, player: int) -> Step[State]:
    """A player leaves the lobby; a leaving host hands over to the next seat; empty: abandoned."""
    require_phase(state, Phase.LOBBY, "You can only leave before the game starts.")
    refuse_unless(player in state.players, "You aren't in this game.")
    remaining = tuple(p for p in state.players if p != player)
    effects: list[Effect] = [Left(player, remaining)]
    if not remaining:
        return finish(replace(state, players=remaining), effects, "abandoned")
    host = state.host
    if player == state.host:
        host = next_seat(state.players, player, remaining)
        effects.append(HostChanged(host, player))
    return Step(replace(state, players=remaining, host=host), tuple(effects))


def start(state: State, action: Start) -> Step[State]:
    require_phase(state, Phase.LOBBY, NOT_IN_LOBBY)
    require_host(state, action.by, "Only the host can start the game.")
    count = len(state.players)
    refuse_unless(count >= MIN_PLAYERS, f"At least {MIN_PLAYERS} players are needed to start.")
    refuse_unless(count <= MAX_PLAYERS, f"At most {MAX_PLAYERS} players can play.")
    legal = traitor_range(count)
    refuse_unless(action.traitors in legal, f"With {count} players {_describe(legal)}.")
    chosen = seeded_rng(state.seed, "roles").sample(state.players, action.traitors)
    state = replace(state, phase=Phase.DAY, round=1, traitor_ids=frozenset(chosen))
    effects: list[Effect] = [Started(state.players, action.traitors, state.recruit, 1)]
    effects.extend(briefing(state, p) for p in state.players)
    return Step(state, tuple(effects))
