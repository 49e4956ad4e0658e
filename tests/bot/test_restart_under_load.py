"""A restarted bot answers every press at once, while it is still rebuilding its games.

Fifty games are running (Clocktower votes and Traitors votes) when the bot dies. Replaying each
game, or reading the logs, is made slow (on SimCord's clock), as after a kill -9 under load. The bot connects at once; presses on the vote boards arrive during
the rebuilding, and each is acknowledged within Discord's three seconds (at once: the press is
deferred, and its own game rebuilt before the others), then counted.
"""

from __future__ import annotations

import asyncio

import discord
import pytest

import bot.sessions
import engine.traitors as tg
from bot.app import Ravenswood
from bot.sessions import SessionManager
from bot.store import games as game_store
from tests.bot.test_clocktower_bot import nominee, open_game, said, state, to_day
from tests.bot.test_traitors_bot import menu_id, option

GAMES = 50
CLOCKTOWER = 2  # the others are Traitors games
# seconds of SimCord's clock per game rebuilt: more than SimCord's settle window (5 s, in which
# it runs what is due by itself), so the rebuilding is still under way when the presses come
REBUILD = 10.0
DISCORD_WAITS = 3.0


async def traitors_at_the_vote(table, index: int):
    """A Traitors game of four in its own channel with the round-table vote open."""
    channel = table.guild.create_text_channel(f"t{index}")
    host, *others = [table.add(f"t{index}-{i}") for i in range(4)]
    await host.slash(channel, "traitors new")
    lobby = channel.last_message
    for member in others:
        await member.click(lobby, label="Join")
    await host.slash(channel, "traitors start", traitors=1)
    await host.slash(channel, "traitors vote")
    return channel


async def clocktower_at_the_vote(table, index: int):
    """A bot-storyteller Clocktower game with a nomination's vote under way."""
    channel = table.guild.create_text_channel(f"c{index}")
    opener, _ = await open_game(table, players=5, channel=channel)
    await opener.slash(channel, "clocktower start")
    await to_day(table, channel=channel)
    s = state(table, channel)
    target = nominee(s, opener.id)
    nominated = await opener.slash(channel, "clocktower nominate", player=str(target))
    assert nominated.ephemeral, said(nominated)
    return channel


@pytest.mark.parametrize("slow", ["replaying each game", "reading the logs"])
async def test_presses_during_the_rebuild_after_a_restart_are_answered_at_once(
    table, monkeypatch, slow
):
    # the Clocktower games last, so that they are among the last rebuilt
    channels = [await traitors_at_the_vote(table, i) for i in range(GAMES - CLOCKTOWER)]
    channels += [await clocktower_at_the_vote(table, i) for i in range(CLOCKTOWER)]
    assert len(table.bot.games.sessions) == GAMES
    pressed = channels[-2 - CLOCKTOWER :]
    voters = {c.id: voter_in(table, c) for c in pressed}
    game_ids = {c.id: table.session(c).game.id for c in channels}
    if slow == "replaying each game":
        rebuild = SessionManager._rebuild

        async def slow_rebuild(self, game, entries):
            await asyncio.sleep(REBUILD)  # a long log on a busy machine
            await rebuild(self, game, entries)

        monkeypatch.setattr(SessionManager, "_rebuild", slow_rebuild)
    else:
        read = game_store.running_games

        async def slow_read(db):
            await asyncio.sleep(GAMES * REBUILD)  # a slow disk
            return await read(db)

        monkeypatch.setattr(game_store, "running_games", slow_read)
    acknowledged: list = []  # when the bot first answered each press (SimCord's clock)
    for name in ("defer", "send_message"):
        answer = getattr(discord.InteractionResponse, name)

        async def noted(self, *args, _answer=answer, **kwargs):
            acknowledged.append(table.env.now())
            return await _answer(self, *args, **kwargs)

        monkeypatch.setattr(discord.InteractionResponse, name, noted)
    bot, connected = Ravenswood(table.db_path), []

    async def on_connect() -> None:
        connected.append(table.env.now())

    bot.add_listener(on_connect)
    restarted = table.env.now()
    await table.env.restart_bot(bot)
    late = (connected[0] - restarted).total_seconds()
    assert late < DISCORD_WAITS, f"connected {late:.1f} s after the restart"
    games = table.bot.games
    waiting = [c for c in channels if games.waiting_for(game_ids[c.id])]
    assert len(waiting) > GAMES / 2, "the bot waited for its games before connecting"
    assert all(games.waiting_for(game_ids[c.id]) for c in pressed)

    # Presses on games still waiting: the last Clocktower board, and Traitors ballots.
    results = []
    for channel in pressed:
        pressed_at, acknowledged[:] = table.env.now(), []
        result = await press(channel, *voters[channel.id])
        assert result.acknowledged and acknowledged, "a press got no answer during the rebuild"
        waited = (acknowledged[0] - pressed_at).total_seconds()
        assert waited < DISCORD_WAITS, f"{channel.name}: acknowledged after {waited:.2f} s"
        results.append((channel, result))
    assert not games.restored.is_set()  # all of it happened while the rest were rebuilt

    await table.env.advance_time(GAMES * REBUILD + 1)  # the rebuilding finishes
    assert games.restored.is_set() and not games.unrestored
    for channel, result in results:
        answer = said(result)
        assert "counted" in answer or "ballot is in" in answer, (channel.name, answer)


def voter_in(table, channel) -> tuple:
    """Who presses in this channel, and for whom (None: a hand up on the Clocktower board)."""
    session = table.session(channel)
    if session.game.kind == "clocktower":
        vote = session.state.vote
        return table.member(vote.order[vote.index]), None
    voter, target = tg.living(session.state)[:2]
    return table.member(voter), target


async def press(channel, voter, target):
    """A hand up on the Clocktower board, or a ballot in the Traitors menu."""
    board = next(m for m in reversed(list(channel.history())) if m.components)
    if target is None:
        return await voter.click(board, label="Hand up")
    return await voter.select(board, [option(board, target)], custom_id=menu_id(board, target))


async def test_a_game_that_fails_to_rebuild_is_answered_and_tried_again(table, monkeypatch):
    """A fault of ours while rebuilding one game (not a log that no longer replays): the others
    come back, a press on it gets a sentence, and the next press after the fault rebuilds it."""
    broken, fine = [await traitors_at_the_vote(table, i) for i in range(2)]
    broken_id = table.session(broken).game.id
    voters = {c.id: voter_in(table, c) for c in (broken, fine)}
    replay, faulty = bot.sessions.replay, [True]

    def flaky_replay(game, rules, entries):
        if game.id == broken_id and faulty[0]:
            raise AttributeError("a bug of ours")
        return replay(game, rules, entries)

    monkeypatch.setattr(bot.sessions, "replay", flaky_replay)
    await table.env.restart_bot(Ravenswood(table.db_path))
    await table.env.advance_time(1)
    games = table.bot.games
    assert games.restored.is_set() and table.session(fine) is not None
    assert games.waiting_for(broken_id)

    answer = said(await press(broken, *voters[broken.id]))
    assert "could not be rebuilt" in answer, answer
    faulty[0] = False
    answer = said(await press(broken, *voters[broken.id]))
    assert "ballot is in" in answer, answer
    assert "ballot is in" in said(await press(fine, *voters[fine.id]))


async def test_a_member_who_leaves_during_the_rebuild_leaves_their_game(table, monkeypatch):
    """The server's games are rebuilt before a departure is looked up, so a player who leaves
    while their game still waits to be rebuilt is not left seated in it."""
    channel = await traitors_at_the_vote(table, 0)
    game_id, before = table.session(channel).game.id, table.session(channel).state
    leaver = next(p for p in tg.living(before) if tg.role_of(before, p) is tg.Role.FAITHFUL)
    rebuild = SessionManager._rebuild

    async def slow_rebuild(self, game, entries):
        await asyncio.sleep(REBUILD)
        await rebuild(self, game, entries)

    monkeypatch.setattr(SessionManager, "_rebuild", slow_rebuild)
    await table.env.restart_bot(Ravenswood(table.db_path))
    assert table.bot.games.waiting_for(game_id)
    table.guild.remove_member(table.member(leaver))
    await table.env.advance_time(REBUILD + 1)
    assert table.bot.games.restored.is_set()
    after = table.session(channel).state
    assert leaver not in tg.living(after) and len(tg.living(after)) == 3
