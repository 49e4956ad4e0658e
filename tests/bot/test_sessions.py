"""The session layer without Discord: persist, replay, undo, idempotence, one game per player."""

import asyncio

import pytest

import engine.traitors as tg
from bot.cogs.traitors import TraitorsRules
from bot.errors import GameConflict
from bot.sessions import SessionManager
from bot.store.connect import open_database
from engine.core import RuleError


@pytest.fixture
async def manager(database):
    db = await open_database(database)
    yield SessionManager(db, [TraitorsRules()])
    await db.close()


async def reopened(manager):
    fresh = SessionManager(manager.db, [TraitorsRules()])
    await fresh.restore()
    return fresh


async def test_undo_takes_back_the_last_action_and_survives_a_restart(manager):
    session = await manager.open("traitors", 1, 10, 100, {}, seed=5)
    for player in (101, 102, 103):
        await manager.apply(session, tg.Join(player))
    await manager.undo(session)
    assert session.state.players == (100, 101, 102)
    await manager.apply(session, tg.Join(104))
    await manager.undo(session)
    await manager.undo(session)
    assert session.state.players == (100, 101)
    assert session.seq == 7  # four joins and three undo markers: the log is append-only
    restored = (await reopened(manager)).get(session.game.id)
    assert restored.state == session.state and restored.seq == session.seq
    assert restored.actions == session.actions


async def test_undo_forgets_secrets_told_since(manager):
    session = await manager.open("traitors", 1, 10, 100, {}, seed=5)
    for player in (101, 102, 103):
        await manager.apply(session, tg.Join(player))
    await manager.apply(session, tg.Start(100, 1))
    assert session.rules.secrets(session.state, 101)
    await manager.undo(session)
    assert session.state.phase is tg.Phase.LOBBY and not session.rules.secrets(session.state, 101)


async def test_nothing_to_undo_is_refused(manager):
    session = await manager.open("traitors", 1, 10, 100, {}, seed=5)
    with pytest.raises(RuleError, match="nothing to undo"):
        await manager.undo(session)


async def vote_open(manager):
    """A started four-player game (host 100, players 101-103) with the vote open."""
    session = await manager.open("traitors", 1, 10, 100, {}, seed=5)
    for player in (101, 102, 103):
        await manager.apply(session, tg.Join(player))
    await manager.apply(session, tg.Start(100, 1))
    await manager.apply(session, tg.OpenVote(100))
    return session


async def test_a_repeated_action_is_not_logged_twice(manager):
    session = await vote_open(manager)
    await manager.apply(session, tg.Vote(101, 102))
    before = session.seq
    await manager.apply(session, tg.Vote(101, 102))
    assert session.seq == before
    rows = await manager.db.fetchall(
        "SELECT COUNT(*) AS n FROM game_actions WHERE game_id = ?", (session.game.id,)
    )
    assert rows[0]["n"] == before


async def test_a_refused_action_changes_nothing_in_memory_or_on_disk(manager):
    session = await manager.open("traitors", 1, 10, 100, {}, seed=5)
    state = session.state
    with pytest.raises(RuleError):
        await manager.apply(session, tg.Start(999, 1))
    assert session.state is state and session.seq == 0
    assert (await reopened(manager)).get(session.game.id).state == state


async def test_one_game_per_channel_and_per_player_per_server(manager):
    session = await manager.open("traitors", 1, 10, 100, {}, seed=5)
    with pytest.raises(GameConflict, match="already running"):
        await manager.open("traitors", 1, 10, 200, {})
    with pytest.raises(GameConflict, match="already in a game"):
        await manager.open("traitors", 1, 11, 100, {})
    other_server = await manager.open("traitors", 2, 12, 100, {})
    assert manager.game_of(1, 100) is session and manager.game_of(2, 100) is other_server


async def test_a_finished_game_records_its_result_and_leaves_memory(manager):
    session = await manager.open("traitors", 1, 10, 100, {}, seed=5)
    for player in (101, 102, 103):
        await manager.apply(session, tg.Join(player))
    await manager.apply(session, tg.Start(100, 1))
    await manager.apply(session, tg.OpenVote(100))
    (traitor,) = tg.traitors(session.state)
    for voter in session.state.players:
        target = (
            traitor if voter != traitor else next(p for p in session.state.players if p != traitor)
        )
        await manager.apply(session, tg.Vote(voter, target))
    assert manager.get(session.game.id) is None
    rows = await manager.db.fetchall(
        "SELECT winner FROM results WHERE game_id = ?", (session.game.id,)
    )
    assert [r["winner"] for r in rows] == ["good"]
    assert (await reopened(manager)).get(session.game.id) is None
    with pytest.raises(RuleError, match="already ended"):
        await manager.apply(session, tg.OpenVote(100))


async def test_joining_two_games_at_once_enrols_in_only_one(manager):
    """The one-game-per-server check and the join happen under one lock: no race between them."""
    games = [
        await manager.open("traitors", 1, channel, host, {})
        for channel, host in ((10, 100), (11, 200))
    ]
    outcomes = await asyncio.gather(
        *(manager.act(game, tg.Join(300), 300, "in", enrols=True) for game in games),
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, GameConflict)]
    assert len(refused) == 1 and "already in a game" in str(refused[0])
    assert sum(300 in game.state.players for game in games) == 1


async def voting_game(manager):
    """A started four-player game with the vote open and all ballots but the last cast."""
    session = await vote_open(manager)
    (traitor,) = session.state.traitor_ids
    target = 101 if traitor != 101 else 102
    voters = [p for p in session.state.players if p != target]
    await manager.apply(session, tg.Vote(target, voters[0]))
    for voter in voters[:-1]:
        await manager.apply(session, tg.Vote(voter, target))
    return session, tg.Vote(voters[-1], target)


async def test_a_click_whose_answer_was_never_seen_is_answered_when_pressed_again(manager):
    session, deciding = await voting_game(manager)
    accepted = await manager.act(session, deciding, deciding.by, lambda step: "counted, and last")
    assert session.state.phase is not tg.Phase.VOTE  # the vote is over
    restored = (await reopened(manager)).get(session.game.id)  # died before answering
    again = await manager.act(restored, deciding, deciding.by, "a different wording")
    assert again.reply == "counted, and last" and again.parcel.id == accepted.parcel.id
    assert restored.seq == session.seq  # nothing applied twice
    with pytest.raises(RuleError):  # someone else's identical-looking click is not theirs
        await manager.act(restored, tg.Vote(100, 103), 100, "no")
    await manager.answered(restored, again)
    restored = (await reopened(manager)).get(session.game.id)
    with pytest.raises(RuleError):  # seen: now a click on a closed vote is refused as usual
        await manager.act(restored, deciding, deciding.by, "no")


async def test_a_later_click_and_an_undo_supersede_an_unseen_answer(manager):
    session, deciding = await voting_game(manager)
    await manager.act(session, deciding, deciding.by, "first")
    assert deciding.by in session.unanswered
    rows = await manager.db.fetchall(
        "SELECT outcome FROM outbox WHERE kind = 'reply' ORDER BY id", ()
    )
    assert [r["outcome"] for r in rows] == [None]
    await manager.undo(session)
    assert not session.unanswered
    rows = await manager.db.fetchall("SELECT outcome FROM outbox WHERE kind = 'reply'", ())
    assert [r["outcome"] for r in rows] == ["superseded"]
    restored = (await reopened(manager)).get(session.game.id)
    assert not restored.unanswered and restored.state == session.state


# Two processes on one database (PostgreSQL shared by shards; two SQLite connections alike) ------
@pytest.fixture
async def two_processes(database):
    """Two session managers, each with its own connection to the same database."""
    opened = [await open_database(database) for _ in range(2)]
    yield [SessionManager(db, [TraitorsRules()]) for db in opened]
    for db in opened:
        await db.close()


async def test_the_process_that_appends_second_reloads_and_plays_after(two_processes):
    first, second = two_processes
    mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await first.apply(mine, tg.Join(101))
    await second.restore()
    theirs = second.get(mine.game.id)
    await first.apply(mine, tg.Join(102))  # the second process does not know
    await second.apply(theirs, tg.Join(103))  # its step 2 is taken: it catches up, then appends
    assert theirs.state.players == (100, 101, 102, 103) and theirs.seq == 3
    with pytest.raises(RuleError, match="already in"):  # refused on the game as it is now
        await first.apply(mine, tg.Join(103))
    assert mine.state == theirs.state and mine.seq == 3
    restored = (await reopened(first)).get(mine.game.id)
    assert restored.state == mine.state and restored.seq == 3


async def test_actions_at_the_same_moment_in_two_processes_are_both_kept_once(two_processes):
    first, second = two_processes
    mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await second.restore()
    theirs = second.get(mine.game.id)
    for round_ in range(5):
        a, b = 200 + 2 * round_, 201 + 2 * round_
        await asyncio.gather(first.apply(mine, tg.Join(a)), second.apply(theirs, tg.Join(b)))
    await first.apply(mine, tg.Join(300))  # catches up with whatever it missed
    rows = await first.db.fetchall(
        "SELECT seq FROM game_actions WHERE game_id = ? ORDER BY seq", (mine.game.id,)
    )
    assert [r["seq"] for r in rows] == list(range(11))  # every step once, no gap
    assert sorted(mine.state.players) == sorted([100, 300, *range(200, 210)])


async def test_an_undo_on_a_game_that_moved_on_elsewhere_is_refused_then_works(two_processes):
    first, second = two_processes
    mine = await first.open("traitors", 1, 10, 100, {}, seed=5)
    await first.apply(mine, tg.Join(101))
    await second.restore()
    theirs = second.get(mine.game.id)
    await first.apply(mine, tg.Join(102))
    with pytest.raises(RuleError, match="moved on"):  # it would have taken back 101, not 102
        await second.undo(theirs)
    await second.undo(theirs)  # now it knows: 102 is taken back
    assert theirs.state.players == (100, 101)
