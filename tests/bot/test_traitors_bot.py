"""The Traitors through SimCord: whole games, restarts, closed DMs, refusals, two channels."""

from __future__ import annotations

import re

import discord

import engine.traitors as tg
from tests.bot.conftest import raw

MENTION = re.compile(r"<@(\d+)>")


async def open_lobby(table, players: int, **options):
    host = table.add("host")
    for i in range(players - 1):
        table.add(f"p{i}")
    result = await host.slash(table.channel, "traitors new", **options)
    answer = (result.followups or [result.response])[-1].content
    assert answer == "The lobby is open below."  # and the lobby is posted for all
    lobby = table.channel.last_message
    for member in table.members[1:]:
        joined = await member.click(lobby, label="Join")
        assert joined.ephemeral
    return host, lobby


def state(table, channel=None) -> tg.State:
    return table.session(channel).state


def traitor_ids(table) -> set[int]:
    return set(state(table).traitor_ids)


def assert_no_living_role_leak(table, channel=None) -> None:
    """No public line may call a still-living player a Traitor."""
    session = table.session(channel)
    living = set(tg.living(session.state)) if session else set()
    for text in table.public_texts(channel):
        for line in text.splitlines():
            if "Traitor**" in line:
                named = {int(m) for m in MENTION.findall(line)}
                assert not (named & living & set(session.state.traitor_ids)), line


async def vote_round(table, ballots: dict[int, int]) -> None:
    """Open the vote as the host and cast the given ballots through the public menus."""
    host = table.member(state(table).host)
    opened = await host.slash(table.channel, "traitors vote")
    assert opened.ephemeral, opened
    await cast(table, ballots)


async def cast(table, ballots: dict[int, int]) -> None:
    message = table.channel.last_message
    for voter, target in ballots.items():
        result = await table.member(voter).select(
            message, [option(message, target)], custom_id=menu_id(message, target)
        )
        assert result.ephemeral


def offered(message, value) -> tuple[str, str]:
    """The custom_id of the select menu (of possibly several) that offers ``value`` (a player),
    and that option's value (a ballot's carries its vote too: round-revote-player)."""
    for row in message.components:  # a message's rows, or an interaction response's raw dicts
        for item in row["components"] if isinstance(row, dict) else row.children:
            options = (
                item.get("options", []) if isinstance(item, dict) else getattr(item, "options", [])
            )
            values = [o["value"] if isinstance(o, dict) else o.value for o in options]
            for found in values:
                if found == str(value) or found.endswith(f"-{value}"):
                    custom = item["custom_id"] if isinstance(item, dict) else item.custom_id
                    return custom, found
    raise AssertionError(f"no menu offers {value}")


def menu_id(message, value) -> str:
    return offered(message, value)[0]


def option(message, value) -> str:
    return offered(message, value)[1]


async def murder(table, victim: int) -> None:
    for traitor in tg.traitors(state(table)):
        dm = next(m for m in reversed(table.user(traitor).dm_channel.history()) if m.components)
        result = await table.user(traitor).select(
            dm, [option(dm, victim)], custom_id=menu_id(dm, victim)
        )
        assert result.ephemeral


async def results_in_db(table) -> list[tuple]:
    async with raw(table.db_path) as db:
        rows = await db.execute_fetchall("SELECT kind, winner, source FROM results")
        players = await db.execute_fetchall("SELECT team, role FROM result_players")
    return list(rows), sorted(players)


async def test_a_whole_game_from_lobby_to_recorded_result(table):
    host, lobby = await open_lobby(table, players=5)
    lobby = next(m for m in table.channel.history() if m.id == lobby.id)
    assert all(
        f"<@{m.id}>" in lobby.content for m in table.members
    )  # the lobby list is kept current
    started = await host.slash(table.channel, "traitors start", traitors=1)
    assert started.ephemeral
    (traitor,) = traitor_ids(table)
    for member in table.members:
        secret = table.dm_texts(member.id)[-1]
        assert ("a **Traitor**" in secret) == (member.id == traitor)
    assert_no_living_role_leak(table)

    faithful = [m.id for m in table.members if m.id != traitor]
    ballots = {voter: traitor for voter in faithful} | {traitor: faithful[0]}
    await vote_round(table, ballots)

    assert table.session() is None  # the game is over and no longer running
    texts = table.public_texts()
    assert any(f"<@{traitor}> is banished" in t and "a **Traitor**" in t for t in texts)
    assert any("The Faithful win" in t for t in texts)
    rows, players = await results_in_db(table)
    assert rows == [("traitors", "good", "bot")]
    assert players == [("evil", "Traitor")] + [("good", "Faithful")] * 4


async def test_restart_mid_night_and_mid_vote_loses_nothing(table):
    host, _ = await open_lobby(table, players=6)
    await host.slash(table.channel, "traitors start", traitors=1)
    (traitor,) = traitor_ids(table)
    faithful = [m.id for m in table.members if m.id != traitor]

    # Day 1 banishes a Faithful; night 1 begins.
    await vote_round(
        table,
        {voter: faithful[0] for voter in tg.living(state(table)) if voter != faithful[0]}
        | {faithful[0]: faithful[1]},
    )
    assert state(table).phase is tg.Phase.NIGHT
    await table.restart()
    assert state(table).phase is tg.Phase.NIGHT
    await murder(table, faithful[1])  # on the DM menu posted before the restart
    assert state(table).phase is tg.Phase.DAY
    assert any(f"<@{faithful[1]}> was murdered" in t for t in table.public_texts())

    # Day 2: half the ballots, a restart, then the rest on the old menu.
    living = tg.living(state(table))
    ballots = {voter: traitor for voter in living if voter != traitor} | {traitor: faithful[2]}
    first = dict(list(ballots.items())[:2])
    await vote_round(table, first)
    await table.restart()
    assert dict(state(table).ballots) == first
    again = await table.member(next(iter(first))).select(
        table.channel.last_message,
        [option(table.channel.last_message, traitor)],
        custom_id=menu_id(table.channel.last_message, traitor),
    )
    assert again.ephemeral  # a repeated ballot is idempotent
    await cast(table, dict(list(ballots.items())[2:]))
    rows, _ = await results_in_db(table)
    assert rows == [("traitors", "good", "bot")]
    revealed = next(t for t in table.public_texts() if "The ballots, day 2" in t)
    assert revealed.count("→") == len(ballots)  # every ballot counted exactly once


async def test_a_player_with_closed_dms_gets_the_secret_ephemerally(table):
    host, _ = await open_lobby(table, players=5)
    shy = table.members[2]
    table.close_dms(shy.id)
    await host.slash(table.channel, "traitors start", traitors=1)
    notice = next(
        m for m in table.channel.history() if "couldn't send a private message" in m.content
    )
    assert f"<@{shy.id}>" in notice.content
    assert "Traitor" not in notice.content and "Faithful" not in notice.content
    shown = await shy.click(notice, label="Show my secret")
    assert shown.ephemeral
    role = tg.role_of(state(table), shy.id)
    assert ("a **Traitor**" in shown.response.content) == (role is tg.Role.TRAITOR)
    me = await shy.slash(table.channel, "traitors me")
    assert me.ephemeral and me.response.content == shown.response.content
    stranger = table.add("stranger")
    refused = await stranger.click(notice, label="Show my secret")
    assert refused.ephemeral and "aren't playing" in refused.response.content


async def test_unauthorised_and_out_of_turn_attempts_are_refused(table):
    host, lobby = await open_lobby(table, players=5)
    player = table.members[1]
    for command in ("traitors start", "traitors vote", "traitors close", "traitors end"):
        result = await player.slash(table.channel, command)
        assert result.ephemeral, command
    assert state(table).phase is tg.Phase.LOBBY
    early = await host.slash(table.channel, "traitors vote")
    assert early.ephemeral and "during the day" in early.response.content
    await host.slash(table.channel, "traitors start", traitors=1)
    await host.slash(table.channel, "traitors vote")
    menu = table.channel.last_message
    self_vote = await player.select(
        menu, [option(menu, player.id)], custom_id=menu_id(menu, player.id)
    )
    assert self_vote.ephemeral and "yourself" in self_vote.response.content
    assert dict(state(table).ballots) == {}
    outsider = table.add("outsider")
    nope = await outsider.select(menu, [option(menu, host.id)], custom_id=menu_id(menu, host.id))
    assert nope.ephemeral and "living players" in nope.response.content
    elsewhere = table.guild.create_text_channel("elsewhere")
    wrong_channel = await host.slash(elsewhere, "traitors status")
    assert (
        wrong_channel.ephemeral
        and "no Traitors game in this channel" in wrong_channel.response.content
    )
    await host.slash(table.channel, "traitors end")
    stale = await player.select(menu, [option(menu, host.id)], custom_id=menu_id(menu, host.id))
    assert stale.ephemeral and "ended" in stale.response.content
    rows, _ = await results_in_db(table)
    assert rows == []  # an abandoned game is not a result


async def test_two_games_in_two_channels_and_one_game_per_player(table):
    host, _ = await open_lobby(table, players=4)
    other_channel = table.guild.create_text_channel("tower")
    other_host = table.add("other-host")
    await other_host.slash(other_channel, "traitors new")
    other_lobby = other_channel.last_message
    busy = await table.members[1].click(other_lobby, label="Join")
    assert busy.ephemeral and "already in a game" in busy.response.content
    for i in range(3):
        member = table.add(f"q{i}")
        await member.click(other_lobby, label="Join")
    await host.slash(table.channel, "traitors start", traitors=1)
    await other_host.slash(other_channel, "traitors start", traitors=1)
    assert state(table).phase is tg.Phase.DAY and state(table, other_channel).phase is tg.Phase.DAY
    assert set(state(table).players).isdisjoint(state(table, other_channel).players)
    second = await host.slash(table.channel, "traitors new")
    assert second.ephemeral and "already running" in second.response.content


async def test_a_member_who_leaves_the_server_leaves_the_game(table):
    host, _ = await open_lobby(table, players=6)
    await host.slash(table.channel, "traitors start", traitors=1)
    (traitor,) = traitor_ids(table)
    leaver = next(m for m in table.members if m.id not in (traitor, host.id))
    table.guild.remove_member(leaver)
    await table.env.settle()
    assert leaver.id not in tg.living(state(table))
    assert any(f"<@{leaver.id}> has left the game" in t for t in table.public_texts())
    assert_no_living_role_leak(table)


async def test_recruitment_by_dm_offer(table):
    host, _ = await open_lobby(table, players=8, recruit=True)
    await host.slash(table.channel, "traitors start", traitors=2)
    first, second = sorted(traitor_ids(table))
    faithful = [m.id for m in table.members if m.id not in (first, second)]
    await vote_round(
        table, {v: first for v in tg.living(state(table)) if v != first} | {first: faithful[0]}
    )
    assert state(table).phase is tg.Phase.RECRUIT
    offer = table.last_dm(second)
    await table.user(second).select(
        offer, [option(offer, faithful[0])], custom_id=menu_id(offer, faithful[0])
    )
    invitation = table.last_dm(faithful[0])
    accepted = await table.user(faithful[0]).click(invitation, label="Accept")
    assert accepted.ephemeral
    assert faithful[0] in tg.traitors(state(table))
    assert any("You are now a **Traitor**" in t for t in table.dm_texts(faithful[0]))
    assert any(f"{table.member(faithful[0]).name} accepted" in t for t in table.dm_texts(second))
    assert_no_living_role_leak(table)


async def test_a_host_who_leaves_hands_the_game_on(table):
    host, _ = await open_lobby(table, players=8)
    await host.slash(
        table.channel, "traitors start", traitors=2
    )  # the game outlives any one player
    table.guild.remove_member(host)
    await table.env.settle()
    new_host = table.member(state(table).host)
    assert new_host.id != host.id
    assert any(f"<@{new_host.id}> is now the host" in t for t in table.public_texts())
    opened = await new_host.slash(table.channel, "traitors vote")
    assert opened.ephemeral and state(table).phase is tg.Phase.VOTE


async def test_a_stale_ballot_is_refused_by_the_engine(table):
    """A ballot menu kept from day 1 (here the one `/traitors me` shows) never counts on day 2:
    its question is closed, and the engine says so."""
    host, _ = await open_lobby(table, players=7)
    await host.slash(table.channel, "traitors start", traitors=1)
    (traitor,) = traitor_ids(table)
    faithful = [m.id for m in table.members if m.id != traitor]
    voter = table.member(faithful[2])
    await host.slash(table.channel, "traitors vote")
    kept = (await voter.slash(table.channel, "traitors me")).response
    await cast(
        table,
        {v: faithful[0] for v in tg.living(state(table)) if v != faithful[0]}
        | {faithful[0]: faithful[1]},
    )
    day_one = next(m for m in table.channel.history() if "Round table, day 1" in m.content)
    assert "this vote is closed" in day_one.content and not day_one.components
    await murder(table, faithful[1])
    await table.member(state(table).host).slash(table.channel, "traitors vote")
    stale = await voter.select(kept, [option(kept, traitor)], custom_id=menu_id(kept, traitor))
    assert stale.ephemeral and "earlier vote" in stale.response.content
    assert dict(state(table).ballots) == {}
    today = table.channel.last_message
    fresh = await voter.select(today, [option(today, traitor)], custom_id=menu_id(today, traitor))
    assert fresh.ephemeral and dict(state(table).ballots) == {voter.id: traitor}


async def test_a_menu_from_before_the_upgrade_gets_an_answer(table):
    """Menus sent before questions had keys: a ballot named its vote, so it still counts in
    that vote; a night menu named no night, so it is refused with a way to the current one."""
    host, _ = await open_lobby(table, players=5)
    await host.slash(table.channel, "traitors start", traitors=1)
    (traitor,) = traitor_ids(table)
    faithful = [m.id for m in table.members if m.id != traitor]
    await host.slash(table.channel, "traitors vote")
    game = table.session().game.id
    view = discord.ui.View(timeout=None)  # as the bot sent them before the upgrade
    ballot = [discord.SelectOption(label="x", value=f"1-0-{traitor}")]
    view.add_item(discord.ui.Select(custom_id=f"rw:s:{game}:vote:0", options=ballot))
    victims = [discord.SelectOption(label="y", value=str(faithful[1]))]
    view.add_item(discord.ui.Select(custom_id=f"rw:s:{game}:murder:0", options=victims))
    await table.bot.get_channel(table.channel.id).send("old menus", view=view)
    old = table.channel.last_message
    voter = table.member(faithful[0])
    counted = await voter.select(old, [f"1-0-{traitor}"], custom_id=f"rw:s:{game}:vote:0")
    assert counted.ephemeral and dict(state(table).ballots) == {voter.id: traitor}
    refused = await table.member(traitor).select(
        old, [str(faithful[1])], custom_id=f"rw:s:{game}:murder:0"
    )
    assert refused.ephemeral and "/traitors me" in refused.response.content


async def test_one_lobby_even_when_a_join_comes_before_it_is_posted(table):
    """The lobby goes out through the game's outbox, in order with what follows: a Join
    accepted before the lobby message exists edits it once it does, never posts a second."""
    host = table.add("host")
    guest = table.add("guest")
    courier = table.bot.courier
    real = courier.flush
    courier.flush = lambda box: _nothing()  # the lobby is saved, not yet delivered
    await host.slash(table.channel, "traitors new")
    session = table.session()
    await table.bot.games.act(session, tg.Join(guest.id), guest.id, "You're in.", enrols=True)
    courier.flush = real
    await courier.flush(session.outbox)
    lobbies = [m for m in table.channel.history() if "lobby hosted by" in m.content]
    assert len(lobbies) == 1 and f"<@{guest.id}>" in lobbies[0].content


async def _nothing() -> list[int]:
    return []


async def test_show_my_secret_tells_a_traitor_only_the_teammates_still_in(table):
    host, _ = await open_lobby(table, players=7)
    await host.slash(table.channel, "traitors start", traitors=2)
    first, second = sorted(traitor_ids(table))
    others = [p for p in tg.living(state(table)) if p not in (first, second)]
    await vote_round(
        table,
        {voter: first for voter in tg.living(state(table)) if voter != first} | {first: others[0]},
    )
    assert first not in tg.living(state(table))  # banished
    digest = await table.member(second).slash(table.channel, "traitors me")
    text = digest.response.content
    assert "Your fellow Traitors: none" in text and table.member(first).name not in text


async def test_traitors_me_at_night_shows_the_other_traitors_choices_after_a_restart_too(table):
    """A Traitor's `/traitors me` shows what the other Traitors chose so far tonight, as the DM
    thread told it (and who is still to choose), also once the bot has restarted."""
    host, _ = await open_lobby(table, players=7)
    await host.slash(table.channel, "traitors start", traitors=2)
    traitors = sorted(traitor_ids(table))
    faithful = [p for p in tg.living(state(table)) if p not in traitors]
    banished, other = faithful[0], faithful[1]
    await vote_round(
        table,
        {voter: banished for voter in tg.living(state(table)) if voter != banished}
        | {banished: other},
    )
    assert state(table).phase is tg.Phase.NIGHT
    first, second = [t for t in traitors if t in tg.living(state(table))]
    victim = faithful[1]
    dm = next(m for m in reversed(table.user(first).dm_channel.history()) if m.components)
    chose = await table.user(first).select(dm, [option(dm, victim)], custom_id=menu_id(dm, victim))
    assert chose.ephemeral
    told = table.dm_texts(second)[-1]
    assert "chose" in told and "Still to choose" in told, told
    for restarted in (False, True):
        if restarted:
            await table.restart()
        digest = await table.member(second).slash(table.channel, "traitors me")
        text = digest.response.content
        # after a restart a member not seen since is named by id until Discord sends them
        chose = [line for line in text.splitlines() if line.startswith("🔪")]
        assert len(chose) == 1 and "Still to choose" in chose[0], (restarted, text)
        assert any(named in chose[0] for named in (table.member(first).name, str(first)))
        assert any(named in chose[0] for named in (table.member(victim).name, str(victim)))
        if not restarted:
            assert chose[0] == told
        faithful_view = await table.member(victim).slash(table.channel, "traitors me")
        assert "chose" not in faithful_view.response.content
