"""Logs that survive an upgrade, and what a restart owes: each game records the rules version
that started it and a checksum after every action; a game whose replay no longer matches is
closed with an explanation (its record kept); messages a finished game still owed go out."""

from __future__ import annotations

import engine.traitors as tg
from engine.core import Step, checksum
from tests.bot.conftest import raw
from tests.bot.test_outbox_crashes import Killed, Killer
from tests.bot.test_traitors_bot import menu_id, open_lobby, option, state


async def log_of(table, game_id: int) -> list[tuple]:
    async with raw(table.db_path) as db:
        return list(
            await db.execute_fetchall(
                "SELECT action, checksum FROM game_actions WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        )


async def test_a_game_records_its_rules_version_and_a_checksum_after_each_action(table):
    host, _ = await open_lobby(table, players=4)
    await host.slash(table.channel, "traitors start", traitors=1)
    session = table.session()
    async with raw(table.db_path) as db:
        [(version,)] = await db.execute_fetchall(
            "SELECT rules_version FROM games WHERE id = ?", (session.game.id,)
        )
    assert version == tg.RULES_VERSION
    entries = await log_of(table, session.game.id)
    assert len(entries) == session.seq == 4  # three joins and the start
    assert entries[-1][1] == checksum(tg.fingerprint(session.state))
    assert len({digest for _, digest in entries}) == 4


async def test_a_game_that_replays_differently_is_closed_with_an_explanation(table, monkeypatch):
    host, _ = await open_lobby(table, players=5)
    await host.slash(table.channel, "traitors start", traitors=1)
    game_id = table.session().game.id
    before = await log_of(table, game_id)

    old_rules, version = tg.apply, tg.RULES_VERSION

    def new_rules(game_state, action) -> Step:  # the next version deals one Traitor more
        if isinstance(action, tg.Start):
            action = tg.Start(action.by, action.traitors + 1)
        return old_rules(game_state, action)

    # The cog module is loaded afresh on restart and reads the engine's rules then.
    monkeypatch.setattr(tg, "apply", new_rules)
    monkeypatch.setattr(tg, "RULES_VERSION", version + 1)
    await table.restart()
    await table.env.settle()

    assert table.session() is None
    explained = [t for t in table.public_texts() if "I have been upgraded" in t]
    assert len(explained) == 1
    assert f"version {version} of the traitors rules" in explained[0]
    assert f"I now play version {version + 1}" in explained[0]
    assert "at step 5" in explained[0]  # four joins, then the start that now deals two
    assert await log_of(table, game_id) == before  # the record is kept
    async with raw(table.db_path) as db:
        [(status,)] = await db.execute_fetchall("SELECT status FROM games WHERE id = ?", (game_id,))
    assert status == "abandoned"
    reopened = await host.slash(table.channel, "traitors new")
    assert reopened.response.content == "The lobby is open below."  # the channel is free again


async def test_a_new_rules_version_that_plays_the_same_keeps_the_game(table, monkeypatch):
    host, _ = await open_lobby(table, players=4)
    await host.slash(table.channel, "traitors start", traitors=1)
    monkeypatch.setattr(tg, "RULES_VERSION", tg.RULES_VERSION + 1)
    await table.restart()
    assert table.bot.games.rules["traitors"].version == tg.RULES_VERSION
    assert table.session() is not None and table.session().state.phase is tg.Phase.DAY


async def test_what_a_finished_game_still_owed_is_delivered_after_a_restart(table, monkeypatch):
    killer = Killer(monkeypatch)
    host, _ = await open_lobby(table, players=4)
    await host.slash(table.channel, "traitors start", traitors=1)
    await host.slash(table.channel, "traitors vote")
    (traitor,) = state(table).traitor_ids
    board = table.channel.last_message
    ballots = {p: traitor for p in state(table).players if p != traitor}
    ballots[traitor] = next(iter(ballots))
    *first, (voter, target) = ballots.items()
    for who, whom in first:
        await table.member(who).select(board, [option(board, whom)], custom_id=menu_id(board, whom))
    killer.arm((1, "send"))  # after the ballots' tally, before the reveal
    await table.member(voter).select(
        board, [option(board, target)], custom_id=menu_id(board, target)
    )
    assert killer.fired and table.session() is None  # the game is over, its news unsent
    assert not any("The Faithful win" in t for t in table.public_texts())
    await table.restart()
    await table.env.settle()
    assert {type(e) for e in table.env.errors} == {Killed}
    texts = table.public_texts()
    assert sum("The ballots, day 1" in t for t in texts) == 1
    assert sum("The Faithful win" in t for t in texts) == 1
    closed = next(m for m in table.channel.history() if m.id == board.id)
    assert "this vote is closed" in closed.content and not closed.components
