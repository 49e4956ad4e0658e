"""/clocktower review through SimCord after a whole Bad Moon Rising and a whole Sects & Violets
game with the bot storyteller: the reasoning model covers both editions, so the review weighs
every day of the stored log and posts its chart, as it does for Trouble Brewing."""

from __future__ import annotations

import pytest

from engine.clocktower.selfplay import setup_game
from tests.bot.test_clocktower_bot import deal, drive, open_game, said, state
from tests.engine.clocktower.game.support import SCRIPTS
from tests.stats.chart_checks import pixels

# Deals ``drive`` cannot play: characters that keep a game going after the Demon is executed
# (it nominates the living Demon each day, and needs one), and those whose night choice may be
# skipped (their menus have no default choice to answer with).
AVOIDED = {"zombuul", "mastermind", "eviltwin", "philosopher", "seamstress", "barber"}


def seed_for(script: str, players: int) -> int:
    """The first seed whose deal has none of ``AVOIDED`` (so ``drive`` can end the game)."""
    for seed in range(1, 500):
        held = {x.character for x in setup_game(SCRIPTS[script], players, seed).seats}
        if not held & AVOIDED:
            return seed
    raise AssertionError("no seed deals that")


@pytest.mark.parametrize("script, players", [("bmr", 8), ("snv", 9)])
async def test_a_finished_game_of_another_edition_is_reviewed(table, monkeypatch, script, players):
    deal(monkeypatch, seed_for(script, players))
    opener, _ = await open_game(table, players=players, script=script)
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    demons = {s.player for s in state(table).seats if s.team == "demon"}
    await drive(table, days=12)
    table.env.settle_timeout = 60.0  # the review weighs every day: a second or two
    result = await table.members[2].slash(table.channel, "clocktower review")
    posted = (result.followups or [result.response])[-1]  # the deferred reply, filled in
    assert not posted.ephemeral, posted.content  # a refusal is a private one-line answer
    assert "day by day" in posted.content
    assert all(f"<@{p}>" in posted.content for p in demons)
    (chart,) = posted.attachments
    png = await chart.read()
    assert chart.filename == "review.png" and png.startswith(b"\x89PNG")
    assert pixels(png)[0] == 1100
