"""/clocktower review through SimCord: after a game ends, a chart of who was the Demon, day by
day, as the town could have known it, rebuilt from the game's stored log."""

from __future__ import annotations

from engine.clocktower.game.roles import role
from tests.bot.test_clocktower_bot import drive, open_game, said, state
from tests.stats.chart_checks import pixels


async def test_a_finished_game_is_reviewed_from_its_log(table, monkeypatch):
    opener, _ = await open_game(table, players=7)
    nothing = await opener.slash(table.channel, "clocktower review")
    assert nothing.ephemeral and "still running" in said(nothing)
    await opener.slash(table.channel, "clocktower start")
    demons = {s.player for s in state(table).seats if s.team == "demon"}
    await drive(table)
    table.env.settle_timeout = 60.0  # the review weighs every day: a second or two
    result = await table.members[2].slash(table.channel, "clocktower review")
    posted = (result.followups or [result.response])[-1]  # the deferred reply, filled in
    assert not posted.ephemeral and "day by day" in posted.content
    assert all(f"<@{p}>" in posted.content for p in demons)
    (chart,) = posted.attachments
    png = await chart.read()
    assert chart.filename == "review.png" and png.startswith(b"\x89PNG")
    assert pixels(png)[0] == 1100  # drawn 5.5 inches wide at 200 dpi, as every chart
    monkeypatch.setattr(type(role("imp")), "reasoned", False)  # as if the model lacked the Imp
    refused = await table.members[2].slash(table.channel, "clocktower review")
    assert refused.ephemeral and not refused.followups
    assert said(refused).startswith(
        "This game cannot be reviewed: the reasoning model cannot yet weigh Imp ("
    )


async def test_no_review_before_any_game_has_ended(table):
    member = table.add("curious")
    result = await member.slash(table.channel, "clocktower review")
    assert result.ephemeral and "No finished Clocktower game" in said(result)
