"""What new users ran into at the Traitors table: the deciding voter's reply, and a recruit offer
to a Faithful whose DMs are closed."""

from __future__ import annotations

import engine.traitors as tg
from tests.bot.test_clocktower_bot import said
from tests.bot.test_traitors_bot import (
    assert_no_living_role_leak,
    menu_id,
    open_lobby,
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
            board, [str(choice)], custom_id=menu_id(board, choice)
        )
        assert "you may change it" in said(early)
    final = await table.member(last).select(board, [str(target)], custom_id=menu_id(board, target))
    reply = said(final)
    assert "It was the last one" in reply and "change" not in reply, reply


async def test_a_faithful_with_closed_dms_learns_discreetly_that_an_offer_awaits(table):
    host = table.add("host")
    for i in range(6):
        table.add(f"p{i}")
    await host.slash(table.channel, "traitors new", recruit=True)
    lobby = table.channel.last_message
    for member in table.members[1:]:
        await member.click(lobby, label="Join")
    await host.slash(table.channel, "traitors start", traitors=2)
    first, second = sorted(traitor_ids(table))
    faithful = [m.id for m in table.members if m.id not in (first, second)]
    await host.slash(table.channel, "traitors vote")
    board = table.channel.last_message
    for voter in tg.living(state(table)):
        target = first if voter != first else faithful[0]
        await table.member(voter).select(board, [str(target)], custom_id=menu_id(board, target))
    assert state(table).phase is tg.Phase.RECRUIT
    chosen = faithful[1]
    table.close_dms(chosen)
    pick = table.last_dm(second)
    await table.user(second).select(pick, [str(chosen)], custom_id=menu_id(pick, chosen))
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
