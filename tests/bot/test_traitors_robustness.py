"""The Traitors shell under stress: forged buttons, broken logs, races, re-votes, both games ended."""

from __future__ import annotations

import json

import discord

import engine.traitors as tg
from tests.bot.conftest import raw
from tests.bot.test_traitors_bot import (
    cast,
    menu_id,
    murder,
    open_lobby,
    option,
    results_in_db,
    state,
    traitor_ids,
    vote_round,
)


async def test_an_unknown_button_gets_an_answer_not_a_failure(table):
    host, _ = await open_lobby(table, players=4)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Legacy", custom_id="legacy:join:1"))
    view.add_item(discord.ui.Button(label="Forged", custom_id="rw:b:999999:Join:"))
    await table.bot.get_channel(table.channel.id).send("an old message", view=view)
    old = table.channel.last_message
    for label in ("Legacy", "Forged"):
        answer = await host.click(old, label=label)
        assert answer.ephemeral and "no longer in use" in answer.response.content, label


async def test_a_game_whose_log_no_longer_replays_is_closed_and_explained(table):
    host, _ = await open_lobby(table, players=4)
    game_id = table.session().game.id
    async with raw(table.db_path) as db:  # a vote in the lobby cannot replay
        bogus = json.dumps({"type": "Vote", "by": host.id, "target": table.members[1].id})
        await db.execute(
            "INSERT INTO game_actions (game_id, seq, action) VALUES (?, 99, ?)", (game_id, bogus)
        )
        await db.commit()
    await table.restart()
    assert table.session() is None
    assert any("could not rebuild the game" in t for t in table.public_texts())
    async with raw(table.db_path) as db:
        [(status,)] = await db.execute_fetchall("SELECT status FROM games WHERE id = ?", (game_id,))
        [(kept,)] = await db.execute_fetchall(
            "SELECT count(*) FROM game_actions WHERE game_id = ?", (game_id,)
        )
    assert status == "abandoned" and kept == 4  # three joins and the bogus vote, all kept
    reopened = await host.slash(table.channel, "traitors new")
    assert reopened.response.content == "The lobby is open below."  # the channel is free again


async def test_a_tie_puts_the_revote_menu_after_the_reveal(table):
    host, _ = await open_lobby(table, players=4)
    await host.slash(table.channel, "traitors start", traitors=1)
    a, b, c, d = tg.living(state(table))
    await vote_round(table, {a: b, b: a, c: a, d: b})
    assert state(table).candidates == (a, b)
    history = list(table.channel.history())
    reveal = next(i for i, m in enumerate(history) if "The ballots, day 1" in m.content)
    revote = next(i for i, m in enumerate(history) if m.content.startswith("🗳️ **Re-vote"))
    first = next(i for i, m in enumerate(history) if m.content.startswith("🗳️ **Round table"))
    assert first < reveal < revote
    assert "this vote is closed" in history[first].content  # its menu gone with the reveal
    assert not history[first].components


async def test_host_only_and_traitor_only_actions_mid_game(table):
    host, _ = await open_lobby(table, players=6)
    await host.slash(table.channel, "traitors start", traitors=1)
    (traitor,) = traitor_ids(table)
    faithful = [m.id for m in table.members if m.id not in (traitor, host.id)]
    player = table.member(faithful[0])
    refused = await player.slash(table.channel, "traitors vote")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await host.slash(table.channel, "traitors vote")
    refused = await player.slash(table.channel, "traitors close")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert state(table).phase is tg.Phase.VOTE
    victim = faithful[1]
    await cast(
        table, {v: victim for v in tg.living(state(table)) if v != victim} | {victim: traitor}
    )
    assert state(table).phase is tg.Phase.NIGHT
    refused = await player.slash(table.channel, "traitors close")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert state(table).phase is tg.Phase.NIGHT


async def test_two_games_in_two_channels_both_finish_and_are_recorded(table):
    host, _ = await open_lobby(table, players=4)
    other = table.guild.create_text_channel("tower")
    other_host = table.add("other-host")
    await other_host.slash(other, "traitors new")
    for i in range(3):
        await table.add(f"q{i}").click(other.last_message, label="Join")
    await host.slash(table.channel, "traitors start", traitors=1)
    await other_host.slash(other, "traitors start", traitors=1)
    for channel in (other, table.channel):  # interleaved: banish each game's Traitor
        game = state(table, channel)
        (traitor,) = game.traitor_ids
        ballots = {v: traitor for v in tg.living(game) if v != traitor}
        ballots[traitor] = next(iter(ballots))
        await table.member(game.host).slash(channel, "traitors vote")
        message = channel.last_message
        for voter, target in ballots.items():
            await table.member(voter).select(
                message, [option(message, target)], custom_id=menu_id(message, target)
            )
    assert table.session() is None and table.session(other) is None
    rows, _ = await results_in_db(table)
    assert rows == [("traitors", "good", "bot")] * 2
    async with raw(table.db_path) as db:
        starts = await db.execute_fetchall("SELECT started_at FROM results")
    assert all(start for (start,) in starts)  # a bot game's result knows when it began


async def test_a_banished_traitors_old_night_menu_is_refused(table):
    host, _ = await open_lobby(table, players=8)
    await host.slash(table.channel, "traitors start", traitors=2)
    first, second = sorted(traitor_ids(table))
    faithful = [m.id for m in table.members if m.id not in (first, second)]
    await vote_round(
        table,
        {v: faithful[0] for v in tg.living(state(table)) if v != faithful[0]}
        | {faithful[0]: first},
    )
    night_one = next(m for m in table.user(first).dm_channel.history() if m.components)
    await murder(table, faithful[1])
    await vote_round(
        table, {v: first for v in tg.living(state(table)) if v != first} | {first: faithful[2]}
    )
    assert first not in tg.living(state(table)) and state(table).phase is tg.Phase.NIGHT
    refused = await table.user(first).select(
        night_one, [option(night_one, faithful[3])], custom_id=menu_id(night_one, faithful[3])
    )
    assert refused.ephemeral and "Only living Traitors" in refused.response.content
    assert state(table).night_choices == ()


async def test_a_traitor_with_closed_dms_is_never_named_at_night_and_still_murders(table):
    host, _ = await open_lobby(table, players=5)
    await host.slash(table.channel, "traitors start", traitors=1)
    (traitor,) = traitor_ids(table)
    faithful = [p for p in tg.living(state(table)) if p != traitor]
    table.close_dms(traitor)
    ballots = {v: faithful[0] for v in faithful[1:] + [traitor]}
    await vote_round(table, ballots | {faithful[0]: traitor})
    assert state(table).phase is tg.Phase.NIGHT
    night = next(m for m in reversed(table.channel.history()) if "Night 1 falls" in m.content)
    said_at_night = [m.content for m in table.channel.history() if m.id >= night.id]
    assert not any(str(traitor) in text for text in said_at_night), said_at_night
    bystander = await table.member(faithful[1]).click(night, label="Show my secret")
    assert bystander.ephemeral and not bystander.response.components  # nothing to choose
    shown = await table.member(traitor).click(night, label="Show my secret")
    assert shown.ephemeral and "choose a Faithful to murder" in shown.response.content
    victim = faithful[1]
    chosen = await table.member(traitor).select(
        shown.response, [option(shown.response, victim)], custom_id=menu_id(shown.response, victim)
    )
    assert chosen.ephemeral
    assert victim not in tg.living(state(table)) and state(table).phase is tg.Phase.DAY


async def test_the_lobby_shows_the_fair_traitor_count_that_start_deals(table):
    host, lobby = await open_lobby(table, players=3)
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "At least 4 players are needed" in lobby.content
    for i in range(19):
        await table.add(f"late{i}").click(lobby, label="Join")
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "By default 2 Traitors" in lobby.content and "winning 58% of games" in lobby.content
    await host.slash(table.channel, "traitors start")
    assert len(traitor_ids(table)) == 2
