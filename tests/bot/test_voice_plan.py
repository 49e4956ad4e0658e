"""The voice plan without Discord: who moves where, in what order, with which overwrites."""

from __future__ import annotations

import dataclasses

import engine.clocktower.game as ct
import engine.traitors as tg
from bot import layouts
from bot.voice import (
    BOT_ALLOW,
    EVERYONE_DENY,
    MEMBER_ALLOW,
    SQUARE,
    Layout,
    Move,
    Overwrite,
    Room,
    neutral_names,
    overwrite_changes,
    plan,
    whisper_key,
)
from engine.clocktower.game.model import Pending, VoteInProgress

SQ, ELSEWHERE = 900, 999  # the square; a voice channel that is not the game's
PLAYERS = (1, 2, 3, 4, 5)
CHANNELS = {SQUARE: SQ, **{f"cottage:{p}": 100 + p for p in PLAYERS}}


def night() -> Layout:
    rooms = tuple(Room(f"cottage:{p}", f"Cottage {p}", frozenset({p})) for p in PLAYERS)
    return Layout("night 1", rooms, {p: f"cottage:{p}" for p in PLAYERS})


def test_dusk_moves_those_in_the_square_and_tells_those_out_of_voice():
    where = {1: SQ, 2: SQ, 3: None, 4: ELSEWHERE, 5: 105}  # 5 is in their cottage already
    found = plan(night(), where, CHANNELS, seed=7)
    assert sorted(found.moves, key=lambda m: m.member) == [
        Move(1, "cottage:1", 101),
        Move(2, "cottage:2", 102),
    ]
    # out of voice, or in a channel that is not the game's: never dragged, told instead
    assert found.absent == (3, 4)


def test_a_room_not_made_yet_is_no_move():
    channels = {k: v for k, v in CHANNELS.items() if k != "cottage:1"}
    found = plan(night(), {1: SQ, 2: SQ}, channels, seed=1)
    assert [m.member for m in found.moves] == [2]


def test_order_is_random_but_seeded():
    where = dict.fromkeys(range(1, 41), SQ)
    rooms = tuple(Room(f"cottage:{p}", "x", frozenset({p})) for p in range(1, 41))
    layout = Layout("night 1", rooms, {p: f"cottage:{p}" for p in range(1, 41)})
    channels = {SQUARE: SQ, **{f"cottage:{p}": 100 + p for p in range(1, 41)}}
    first = [m.member for m in plan(layout, where, channels, seed=3).moves]
    assert first == [m.member for m in plan(layout, where, channels, seed=3).moves]
    assert sorted(first) == list(range(1, 41))
    assert first != sorted(first)  # 1 chance in 40! of failing by accident
    assert first != [m.member for m in plan(layout, where, channels, seed=4).moves]


def test_whisperers_may_stay_in_their_room_and_intruders_go_back_to_the_square():
    key = whisper_key(2, 1)
    assert key == "whisper:1:2"
    rooms = (Room(key, "Whispers 1", frozenset({1, 2})),)
    day = Layout(
        "day 1", rooms, dict.fromkeys(PLAYERS, SQUARE), {1: frozenset({key}), 2: frozenset({key})}
    )
    channels = {**CHANNELS, key: 500}
    where = {1: 500, 2: 500, 3: 103, 4: SQ, 77: 500, 78: SQ}  # 77: an admin listening in
    found = plan(day, where, channels, seed=1)
    assert sorted(found.moves, key=lambda m: m.member) == [
        Move(3, SQUARE, SQ),  # from their cottage back to the square at dawn
        Move(77, SQUARE, SQ),  # not a member of the whisper room
    ]
    # 78 is a spectator in the square: not the game's to move


def test_overwrites_touch_only_what_the_bot_makes():
    room = Room("cottage:1", "Cottage 1", frozenset({1, 9}))  # the player and the storyteller
    moderators = Overwrite(555, True, allow=frozenset({"view_channel"}))
    stale = Overwrite(2, False, allow=MEMBER_ALLOW)  # a player no longer let in
    current = {555: moderators, 2: stale}
    put, remove = overwrite_changes(room, current, frozenset({1, 2, 9}), everyone=42, me=8)
    assert {o.target: o for o in put} == {
        42: Overwrite(42, True, deny=EVERYONE_DENY),
        8: Overwrite(8, False, allow=BOT_ALLOW),
        1: Overwrite(1, False, allow=MEMBER_ALLOW),
        9: Overwrite(9, False, allow=MEMBER_ALLOW),
    }
    assert remove == [2]  # the moderators' role keeps its overwrite
    settled = {o.target: o for o in put} | {555: moderators}
    assert overwrite_changes(room, settled, frozenset({1, 2, 9}), 42, 8) == ([], [])


def test_neutral_names_hide_seat_order():
    keys = [f"cottage:{p}" for p in range(1, 13)]
    names = neutral_names(keys, "Cottage", seed=11)
    assert sorted(names.values()) == sorted(f"Cottage {n}" for n in range(1, 13))
    assert list(names) != keys and list(names.values())[0] == "Cottage 1"
    assert names == neutral_names(list(reversed(keys)), "Cottage", seed=11)


def clocktower_night(storyteller: int | None) -> ct.State:
    state = ct.new_game(storyteller, 5, ("washerwoman", "imp"), storyteller is None)
    seats = tuple(ct.Seat(p, "washerwoman", "washerwoman", "good", "townsfolk") for p in PLAYERS)
    return dataclasses.replace(state, phase=ct.Phase.NIGHT, night=1, seats=seats)


def test_clocktower_night_puts_each_player_in_their_cottage_and_the_storyteller_follows():
    state = clocktower_night(storyteller=9)
    layout = layouts.clocktower(state, seed=1)
    assert layout is not None and layout.phase == "night 1"
    assert {layout.places[p] for p in PLAYERS} == {f"cottage:{p}" for p in PLAYERS}
    assert layout.places[9] == "cottage:9"
    assert all(9 in room.members for room in layout.rooms)  # the storyteller sees every cottage
    assert layout.room("cottage:1").members == frozenset({1, 9})
    pending = Pending(1, "k", "night_choice", 3, "washerwoman", ())
    waking = dataclasses.replace(state, queue=(("washerwoman", 3),), cursor=0, pending=pending)
    assert layouts.clocktower(waking, 1).places[9] == "cottage:3"
    assert layouts.clocktower(waking, 1, follow=False).places[9] == "cottage:9"
    bot_game = layouts.clocktower(clocktower_night(storyteller=None), 1)
    assert len(bot_game.rooms) == len(PLAYERS)


def test_clocktower_day_whispers_and_votes():
    state = dataclasses.replace(clocktower_night(9), phase=ct.Phase.DAY, day=1)
    day = layouts.clocktower(state, 1, whispers=[(1, 2)])
    assert set(day.places.values()) == {SQUARE}
    assert day.tolerated[1] == {"whisper:1:2"} and day.room("whisper:1:2").members == {1, 2, 9}
    vote = VoteInProgress(nominator=1, nominee=2, order=PLAYERS)
    voting = layouts.clocktower(dataclasses.replace(state, vote=vote), 1, whispers=[(1, 2)])
    assert voting.tolerated == {} and voting.room("whisper:1:2") is None
    assert voting.phase != day.phase and voting.announce == layouts.TO_VOTE
    assert layouts.clocktower(ct.new_game(9, 1, ("imp",), False), 1) is None  # the lobby


def test_traitors_night_sends_faithful_apart_and_traitors_to_the_turret():
    state = tg.State(
        seed=1,
        host=1,
        players=PLAYERS,
        phase=tg.Phase.NIGHT,
        round=1,
        traitor_ids=frozenset({2, 4}),
        fates=((5, tg.Fate.BANISHED, 1),),
    )
    layout = layouts.traitors(state, seed=3)
    assert layout.places == {1: "cottage:1", 2: "turret", 3: "cottage:3", 4: "turret"}
    turret = layout.room("turret")
    assert turret.members == {2, 4}
    assert {r.key for r in layout.rooms} == {"cottage:1", "cottage:3", "cottage:5", "turret"}
    day = layouts.traitors(dataclasses.replace(state, phase=tg.Phase.DAY), 3)
    assert set(day.places.values()) == {SQUARE}


async def test_the_throttle_keeps_within_the_member_edit_limit():
    from bot.voice_rooms import Throttle

    now = [0.0]

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    throttle = Throttle(limit=10, window=10.0, clock=lambda: now[0], sleep=sleep)
    times = []
    for _ in range(25):
        await throttle.wait()
        times.append(now[0])
    assert times == [0.0] * 10 + [10.0] * 10 + [20.0] * 5
    # never more than the limit in any window
    assert all(sum(1 for t in times if start <= t < start + 10.0) <= 10 for start in times)
