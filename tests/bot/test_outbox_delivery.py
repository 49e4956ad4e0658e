"""Delivering the outbox when Discord or our own code fails: an outage pauses a game's messages
and they follow, in order, once Discord answers again; a message we cannot build is given up
without holding back the ones behind it."""

from __future__ import annotations

import bot.delivery as delivery
from bot.delivery import RETRY
from tests.bot.conftest import raw
from tests.bot.test_traitors_bot import open_lobby


async def outcomes(table) -> list[tuple]:
    async with raw(table.db_path) as db:
        return list(
            await db.execute_fetchall(
                "SELECT kind, outcome FROM outbox WHERE kind != 'reply' ORDER BY seq, id"
            )
        )


async def test_an_outage_pauses_delivery_and_it_resumes_in_order(table):
    host, _ = await open_lobby(table, players=4)
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503)
    started = await host.slash(table.channel, "traitors start", traitors=1)
    assert started.ephemeral  # the action stands; its messages wait
    assert not any("The game begins" in t for t in table.public_texts())
    assert all(not table.dm_texts(m.id) for m in table.members)  # the DMs wait behind it
    # the start's post, the lobby closed, then the four roles
    assert (await outcomes(table))[-6:] == [("post", None)] * 2 + [("dm", None)] * 4
    await table.env.advance_time(RETRY + 1)
    assert sum("The game begins" in t for t in table.public_texts()) == 1
    assert all(len(table.dm_texts(m.id)) == 1 for m in table.members)
    assert all(outcome in ("sent", "edited") for _, outcome in (await outcomes(table))[-6:])


async def test_a_message_that_cannot_be_built_is_given_up_alone(table, monkeypatch):
    host, _ = await open_lobby(table, players=4)
    real = delivery.unpack

    def unpack(body):
        if "The game begins" in body.get("content", ""):
            raise KeyError("a bug of ours")
        return real(body)

    monkeypatch.setattr(delivery, "unpack", unpack)
    await host.slash(table.channel, "traitors start", traitors=1)
    assert not any("The game begins" in t for t in table.public_texts())
    assert all(len(table.dm_texts(m.id)) == 1 for m in table.members)
    # the broken message given up; the lobby's edit and the four roles delivered
    assert [o for _, o in (await outcomes(table))[-6:]] == ["failed", "edited"] + ["sent"] * 4
