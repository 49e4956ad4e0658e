"""What each game's phase wants of voice, read from its public state (``bot.voice.Layout``).

Voice is a reaction to the game, not part of it: these functions look at a state the engine
already keeps (the phase, the seats, tonight's wake, an open vote) and say which private rooms
exist and where everyone belongs. They are pure, so a restart rebuilds the same answer from the
replayed game and the mover only has to put right whoever is out of place.
"""

from __future__ import annotations

from collections.abc import Iterable

import engine.clocktower.game as ct
import engine.traitors as tg
from bot.voice import SQUARE, Layout, Room, neutral_names, whisper_key

TO_COTTAGES = "🌙 Moving everyone to their cottages…"
TO_SQUARE = "☀️ Bringing everyone back to the town square…"
TO_VOTE = "🗳️ A vote: calling everyone back to the town square…"
TO_ROOMS = "🌙 Moving everyone to their rooms; the Traitors to the turret…"
TO_TABLE = "☀️ Bringing everyone back to the round table…"
TURRET = "turret"


def cottage(player: int) -> str:
    return f"cottage:{player}"


def clocktower(
    state: ct.State, seed: int, whispers: Iterable[tuple[int, int]] = (), follow: bool = True
) -> Layout | None:
    """Clocktower: a cottage per seated player and one for a human storyteller. At night each
    player is in their own; the storyteller (``follow``) in the cottage of whoever is woken now,
    else in theirs. By day everyone is in the town square, whisperers may stay in their whisper
    room, and a vote calls everyone back."""
    if state.phase is ct.Phase.LOBBY:
        return None
    players = [s.player for s in state.seats]
    storyteller = None if state.bot else state.storyteller
    people = frozenset(players) | ({storyteller} if storyteller is not None else set())
    owners = players + ([storyteller] if storyteller is not None else [])
    names = neutral_names([cottage(p) for p in owners], "Cottage", seed)
    watcher = frozenset({storyteller}) if storyteller is not None else frozenset()
    rooms = [
        Room(key, name, frozenset({int(key.partition(":")[2])}) | watcher)
        for key, name in names.items()
    ]
    if state.phase is ct.Phase.OVER:
        return Layout("over", (), dict.fromkeys(people, SQUARE), announce=TO_SQUARE)
    if state.phase in (ct.Phase.NIGHT, ct.Phase.SETUP):
        places = {p: cottage(p) for p in players}
        if storyteller is not None:
            woken = woken_player(state) if follow else None
            places[storyteller] = cottage(woken if woken in places else storyteller)
        return Layout(f"night {state.night}", tuple(rooms), places, announce=TO_COTTAGES)
    places = dict.fromkeys(people, SQUARE)
    if state.vote is not None:  # whisperers are called back; their rooms close once empty
        return Layout(f"vote {state.day}.{len(state.history)}", tuple(rooms), places, {}, TO_VOTE)
    tolerated: dict[int, frozenset[str]] = {}
    for a, b in whispers:
        key = whisper_key(a, b)
        rooms.append(Room(key, "Whispers", frozenset({a, b}) | watcher))
        for member in (a, b):
            tolerated[member] = tolerated.get(member, frozenset()) | {key}
    return Layout(f"day {state.day}", tuple(rooms), places, tolerated, TO_SQUARE)


def woken_player(state: ct.State) -> int | None:
    """The player whose wake the night is at now, if the game waits on it."""
    if state.pending is None or state.cursor >= len(state.queue):
        return None
    return state.queue[state.cursor][1]


def traitors(state: tg.State, seed: int) -> Layout | None:
    """The Traitors: at night every living Faithful is in a room of their own and the living
    Traitors together in the turret, which only Traitors can see; every other time everyone is
    at the round table. Every living player moves, so an empty chair says nothing."""
    if state.phase is tg.Phase.LOBBY:
        return None
    people = frozenset(state.players)
    if state.phase is tg.Phase.OVER:
        return Layout("over", (), dict.fromkeys(people, SQUARE), announce=TO_TABLE)
    names = neutral_names([cottage(p) for p in state.players], "Room", seed)
    rooms = [
        Room(key, name, frozenset({int(key.partition(":")[2])}))
        for key, name in names.items()
        if int(key.partition(":")[2]) not in state.traitor_ids
    ]
    rooms.append(Room(TURRET, "The turret", frozenset(state.alive_traitors)))
    if state.phase in (tg.Phase.NIGHT, tg.Phase.RECRUIT):
        places = {p: TURRET if p in state.traitor_ids else cottage(p) for p in state.alive}
        return Layout(f"night {state.round}", tuple(rooms), places, announce=TO_ROOMS)
    return Layout(f"day {state.round}", tuple(rooms), dict.fromkeys(people, SQUARE), {}, TO_TABLE)
