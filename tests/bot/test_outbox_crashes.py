"""The bot dies at every step of delivering an action, restarts, and the table is told everything
exactly once: a Traitors start and vote result, a Clocktower night choice and dawn.

A crash point is (parcel k, "send"): the process dies before the k-th message of the action goes
to Discord; (k, "settle"): it dies after Discord took it and before the outbox recorded it (the
case a nonce and the search before resending exist for); or "answer": every message is out but
the clicking player's acknowledgement is not. Each point gets its own server and game in one
database, and after each restart the checks are:

- every message the action saved was delivered and settled, and each destination (the channel,
  each player's DMs) holds exactly the messages the outbox says it sent: nothing lost, nothing
  twice;
- the game goes on from there (the next menu is where it should be);
- the player whose click was interrupted presses again and sees its outcome, not a refusal.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Awaitable, Callable

import pytest

import engine.clocktower.game as ct
import engine.traitors as tg
from bot.delivery import Courier
from bot.sessions import SessionManager
from tests.bot.conftest import Table, raw
from tests.bot.test_clocktower_bot import deal, holding, menu_id, open_game, said, seed_where
from tests.bot.test_traitors_bot import menu_id as ballot_menu
from tests.bot.test_traitors_bot import open_lobby
from tests.bot.test_traitors_bot import option as ballot_option


class Killed(BaseException):
    """The process dies here: no handler runs, nothing after it happens (like kill -9)."""


class Killer:
    """Kills the bot once, at one point of the delivery of the next armed action."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.point: tuple[int, str] | str | None = None
        self.count = -1
        self.fired = False
        transmit, settle, flush = Courier.transmit, SessionManager.settle, Courier.flush

        async def killing_transmit(courier, box, parcel):
            if self.point is not None:
                self.count += 1
                self.maybe((self.count, "send"))
            return await transmit(courier, box, parcel)

        async def killing_settle(manager, box, *args, **kwargs):
            self.maybe((self.count, "settle"))
            return await settle(manager, box, *args, **kwargs)

        async def killing_flush(courier, box):
            unreached = await flush(courier, box)
            self.maybe("answer")
            return unreached

        monkeypatch.setattr(Courier, "transmit", killing_transmit)
        monkeypatch.setattr(SessionManager, "settle", killing_settle)
        monkeypatch.setattr(Courier, "flush", killing_flush)

    def arm(self, point: tuple[int, str] | str) -> None:
        self.point, self.count, self.fired = point, -1, False

    def maybe(self, here: tuple[int, str] | str) -> None:
        if self.point is not None and here == self.point:
            self.point, self.fired = None, True
            raise Killed(here)


def points():
    """Every crash point in order; the caller stops once one no longer fires."""
    k = 0
    while True:
        yield (k, "send")
        yield (k, "settle")
        k += 1


async def destinations(table: Table) -> dict[str, list]:
    """Every message the bot has made so far, by destination: the channel and each DM."""
    found = {"channel": [m for m in table.channel.history() if m.author.bot]}
    for user in table.users:
        if user.dm_channel is not None:
            found[f"dm:{user.id}"] = list(user.dm_channel.history())
    return found


async def outbox_of(table: Table, game_id: int, since_seq: int) -> list[tuple]:
    async with raw(table.db_path) as db:
        return list(
            await db.execute_fetchall(
                "SELECT kind, recipient, body, outcome FROM outbox WHERE game_id = ? AND seq >= ? "
                "AND kind != 'reply' ORDER BY seq, id",
                (game_id, since_seq),
            )
        )


async def check_exactly_once(table: Table, game_id: int, seq: int, before: dict, point) -> None:
    """All parcels of log entries from ``seq`` on are settled as delivered, and each destination
    gained exactly the messages they became: no loss, no duplicate. The parcel Discord took
    just before the crash was found, not sent again."""
    rows = await outbox_of(table, game_id, seq)
    assert rows, "the action saved no messages"
    assert all(outcome in ("sent", "edited", "found") for *_, outcome in rows), rows
    if point != "answer":
        k, where = point
        expected = ("found", "edited") if where == "settle" else ("sent", "edited")
        assert rows[k][3] in expected, (point, rows[k])
    assert sum(outcome == "found" for *_, outcome in rows) <= 1, rows
    wanted: Counter = Counter()
    for kind, recipient, body, outcome in rows:
        if outcome != "edited":
            where = "channel" if kind in ("post", "notice") else f"dm:{recipient}"
            wanted[(where, json.loads(body)["content"])] += 1
    now = await destinations(table)
    new = Counter()
    for where, messages in now.items():
        known = {m.id for m in before.get(where, [])}
        for m in messages:
            if m.id not in known:
                new[(where, m.content)] += 1
    assert new == wanted, (new - wanted, wanted - new)


async def crash_everywhere(
    env,
    db_path: str,
    killer: Killer,
    prepare: Callable[[Table], Awaitable[object]],
    act: Callable[[Table, object], Awaitable[object]],
    after: Callable[[Table, object, object], Awaitable[None]],
) -> int:
    """For each crash point: a new server and game, ``prepare`` it, arm, ``act`` (the click
    that dies), restart, then check exactly-once delivery and run ``after`` (the same click
    again, the game going on). Returns how many points were tried."""

    async def die_at(point, number: int) -> bool:
        guild = env.create_guild()
        table = Table(env, db_path, guild, guild.create_text_channel(f"hall-{number}"))
        context = await prepare(table)
        session = table.session()
        game_id, seq = session.game.id, session.seq
        before = await destinations(table)
        killer.arm(point)
        await act(table, context)
        if not killer.fired:
            killer.point = None
            return False
        await table.restart()
        await env.settle()
        assert {type(e) for e in env.errors} == {Killed}  # acknowledged: only the crash
        await check_exactly_once(table, game_id, seq, before, point)
        await after(table, context, point)
        return True

    tried = 0
    for point in points():
        if not await die_at(point, tried):
            assert point[1] == "send", point  # past the last message
            break
        tried += 1
    assert await die_at("answer", tried)
    return tried + 1


# The Traitors -------------------------------------------------------------------------------
async def traitors_lobby(table: Table):
    host, _ = await open_lobby(table, players=4)
    return host


async def test_a_traitors_start_survives_a_crash_at_every_step(simcord_env, db_path, monkeypatch):
    killer = Killer(monkeypatch)

    async def start(table, host):
        return await host.slash(table.channel, "traitors start", traitors=1)

    async def after(table, host, point):
        for member in table.members:
            roles = [t for t in table.dm_texts(member.id) if "you are" in t]
            assert len(roles) == 1, (point, roles)
        again = await start(table, host)
        assert again.ephemeral and said(again) == "The roles are out.", (point, said(again))
        opened = await host.slash(table.channel, "traitors vote")
        assert said(opened) == "The vote is open."

    tried = await crash_everywhere(simcord_env, db_path, killer, traitors_lobby, start, after)
    assert tried >= 10


async def test_a_traitors_vote_result_survives_a_crash_at_every_step(
    simcord_env, db_path, monkeypatch
):
    killer = Killer(monkeypatch)

    async def prepare(table: Table):
        host = await traitors_lobby(table)
        await host.slash(table.channel, "traitors start", traitors=1)
        await host.slash(table.channel, "traitors vote")
        state = table.session().state
        (traitor,) = state.traitor_ids
        victim = next(p for p in state.players if p != traitor)
        ballots = {p: victim for p in state.players if p != victim} | {victim: traitor}
        board = table.channel.last_message
        *first, last = ballots.items()
        for voter, target in first:
            await table.member(voter).select(
                board, [ballot_option(board, target)], custom_id=ballot_menu(board, target)
            )
        return board, last, traitor

    async def decide(table, context):
        board, (voter, target), _ = context
        return await table.member(voter).select(
            board, [ballot_option(board, target)], custom_id=ballot_menu(board, target)
        )

    async def after(table, context, point):
        board, (voter, _), traitor = context
        texts = table.public_texts()
        assert sum("The ballots, day 1" in t for t in texts) == 1, point
        assert sum("Night 1 falls" in t for t in texts) == 1, point
        menus = [m for m in table.user(traitor).dm_channel.history() if m.components]
        assert len(menus) == 1 and "choose a Faithful to murder" in menus[0].content, point
        closed = next(m for m in table.channel.history() if m.id == board.id)
        assert "this vote is closed" in closed.content and not closed.components, point
        victim = next(o.value for o in menus[0].components[0].children[0].options)
        chosen = await table.user(traitor).select(
            menus[0], [victim], custom_id=ballot_menu(menus[0], victim)
        )
        assert "settled the night" in said(chosen), said(chosen)
        assert table.session() is None or table.session().state.phase is not tg.Phase.NIGHT

    tried = await crash_everywhere(simcord_env, db_path, killer, prepare, decide, after)
    assert tried >= 8


# Blood on the Clocktower --------------------------------------------------------------------
def next_is_day(state: ct.State) -> bool:
    """Whether answering the open night choice with its default ends the night."""
    prompt = ct.open_prompts(state)[0]
    after = ct.apply(state, ct.NightChoice(prompt.to[0], tuple(prompt.default))).state
    return after.phase is ct.Phase.DAY


def clocktower_at(last: bool):
    """Prepare a bot-storyteller game at the first night's first choice (``last``: at its last
    choice, so that answering it brings the dawn)."""

    async def prepare(table: Table):
        opener, _ = await open_game(table, players=5)
        await opener.slash(table.channel, "clocktower start")
        while last and not next_is_day(table.session().state):
            await answer(table, ct.open_prompts(table.session().state)[0])
        prompt = ct.open_prompts(table.session().state)[0]
        assert prompt.kind == "night_choice" and next_is_day(table.session().state) == last
        return prompt

    return prepare


def menu(table: Table, player: int):
    return next(m for m in reversed(table.user(player).dm_channel.history()) if m.components)


async def answer(table: Table, prompt):
    player = prompt.to[0]
    values = [str(t) for t in prompt.default]
    dm = menu(table, player)
    return await table.user(player).select(dm, values, custom_id=menu_id(dm, values[0]))


async def test_a_clocktower_night_choice_survives_a_crash_at_every_step(
    simcord_env, db_path, monkeypatch
):
    # A Poisoner, whose choice comes first, and a Fortune Teller, whose menu must follow it.
    deal(
        monkeypatch, seed_where(5, lambda s: holding("poisoner")(s) and holding("fortuneteller")(s))
    )
    killer = Killer(monkeypatch)

    async def after(table, prompt, point):
        awaited = ct.open_prompts(table.session().state)[0]
        assert awaited.kind == "night_choice" and awaited.to != prompt.to, point
        menus = [m for m in table.user(awaited.to[0]).dm_channel.history() if m.components]
        assert len(menus) == 1 and "choose" in menus[0].content, point
        again = await answer(table, prompt)
        assert again.ephemeral and said(again).startswith("Noted: "), (point, said(again))
        await answer(table, awaited)

    tried = await crash_everywhere(
        simcord_env, db_path, killer, clocktower_at(last=False), answer, after
    )
    assert tried >= 4


async def test_a_clocktower_dawn_survives_a_crash_at_every_step(simcord_env, db_path, monkeypatch):
    deal(monkeypatch, seed_where(5, holding("fortuneteller")))
    killer = Killer(monkeypatch)

    async def after(table, prompt, point):
        texts = table.public_texts()
        assert sum("**Day 1.**" in t for t in texts) == 1, point
        state = table.session().state
        assert state.phase is ct.Phase.DAY
        told = [t for t in state.told if t.to == prompt.to[0]]
        answer_dm = table.dm_texts(prompt.to[0])
        assert sum("Night 1, **" in t for t in answer_dm) == sum(t.event == "info" for t in told)
        again = await answer(table, prompt)
        assert again.ephemeral and said(again).startswith("Noted: "), (point, said(again))

    tried = await crash_everywhere(
        simcord_env, db_path, killer, clocktower_at(last=True), answer, after
    )
    assert tried >= 4
