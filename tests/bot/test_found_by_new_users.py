"""What new users ran into: the deciding voter's reply, a recruit offer to a Faithful whose DMs are
closed, the closed-DM notice's command, and counted nouns at the start of a Clocktower game."""

from __future__ import annotations

import engine.traitors as tg
from tests.bot.test_clocktower_bot import deal, holding, open_game, said, seed_where
from tests.bot.test_traitors_bot import (
    assert_no_living_role_leak,
    menu_id,
    open_lobby,
    option,
    state,
    traitor_ids,
)


async def test_the_deciding_voter_is_told_the_ballots_are_revealed(table):
    host, _ = await open_lobby(table, players=4)
    await host.slash(table.channel, "traitors start", traitors=1)
    await host.slash(table.channel, "traitors vote")
    board = table.channel.last_message
    (traitor,) = traitor_ids(table)
    ballots = {p: traitor for p in tg.living(state(table)) if p != traitor}
    ballots[traitor] = next(iter(ballots))
    *first, (last, target) = ballots.items()
    for voter, choice in first:
        early = await table.member(voter).select(
            board, [option(board, choice)], custom_id=menu_id(board, choice)
        )
        assert "you may change it" in said(early)
    final = await table.member(last).select(
        board, [option(board, target)], custom_id=menu_id(board, target)
    )
    reply = said(final)
    assert "It was the last one" in reply and "change" not in reply, reply


async def test_a_faithful_with_closed_dms_learns_discreetly_that_an_offer_awaits(table):
    host, _ = await open_lobby(table, players=7, recruit=True)
    await host.slash(table.channel, "traitors start", traitors=2)
    first, second = sorted(traitor_ids(table))
    faithful = [m.id for m in table.members if m.id not in (first, second)]
    await host.slash(table.channel, "traitors vote")
    board = table.channel.last_message
    for voter in tg.living(state(table)):
        target = first if voter != first else faithful[0]
        await table.member(voter).select(
            board, [option(board, target)], custom_id=menu_id(board, target)
        )
    assert state(table).phase is tg.Phase.RECRUIT
    chosen = faithful[1]
    table.close_dms(chosen)
    pick = table.last_dm(second)
    await table.user(second).select(pick, [option(pick, chosen)], custom_id=menu_id(pick, chosen))
    assert state(table).offer == chosen

    notice = table.channel.last_message
    assert "a private message is waiting for one of you" in notice.content
    assert all(f"<@{p}>" in notice.content for p in tg.living(state(table)))  # nobody singled out
    assert "/traitors me" in notice.content
    assert_no_living_role_leak(table)
    shown = await table.member(chosen).click(notice, label="Show my secret")
    assert shown.ephemeral and "invite you to join them" in shown.response.content
    accepted = await table.member(chosen).click(shown.response, label="Accept")
    assert accepted.ephemeral and chosen in tg.traitors(state(table))


async def test_one_closed_dm_notice_names_everyone_and_the_command(table):
    host, _ = await open_lobby(table, players=5)
    shy = [table.members[1].id, table.members[3].id]
    for player in shy:
        table.close_dms(player)
    await host.slash(table.channel, "traitors start", traitors=1)
    notices = [t for t in table.public_texts() if "couldn't send a private message" in t]
    assert len(notices) == 1
    assert all(f"<@{p}>" in notices[0] for p in shy) and "`/traitors me`" in notices[0]


async def test_a_clocktower_start_counts_in_words(table, monkeypatch):
    deal(monkeypatch, seed_where(5, lambda s: not holding("baron")(s)))  # no extra Outsiders
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    started = next(t for t in table.public_texts() if "The game begins" in t)
    assert "(3 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon)" in started
