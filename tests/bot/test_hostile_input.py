"""Hostile input to every option of every slash command, found from the bot's own command tree
(a new command is covered without editing this file): huge digit strings, zero-width
characters, mentions, markdown, numbers at Discord's limits and 10 MB attachments.

Each is answered with a sentence (never the apology for a failure of ours), nothing is logged
as an error, and nothing changes: not the games in memory, not a row of the database. The
commands run against a live table: a Clocktower day under a human storyteller, a Traitors night,
a Cluedo notebook and a recorded game, so the parsing after "is there a game here?" is reached.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from discord import AppCommandOptionType as Option
from discord import app_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.clocktower.game as ct
from bot.errors import SORRY
from engine.core import checksum
from tests.bot.test_clocktower_bot import open_game, to_day

DIGITS = "9" * 5000  # past Python's 4,300-digit limit on int()
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"
TEN_MB = 10 * 1024 * 1024
EXAMPLES = 10  # each attacks every option once
# A plain name or list of names may be a real choice (Hypothesis also draws words found in our own
# code, such as a character's id): typed into an option, it is a valid answer, not an attack.
PLAIN = re.compile(r"[\w'.,: -]*")

# Options whose text is kept as typed (a player's own words, a name, a note), given the other
# options: hostile text there may be accepted, and then it changes what it should. Every other
# option must refuse it and change nothing.
FREE_TEXT = {
    ("clocktower ability", "text"): lambda options: True,
    ("clocktower use say", "words"): lambda options: True,  # anyone may say anything by day
    ("clocktower adjust", "value"): lambda options: options.get("change") in ("remind", "forget"),
    ("clocktower show", "value"): lambda options: options.get("kind") == "text",
    ("ratings record", "good"): lambda options: True,
    ("ratings record", "evil"): lambda options: True,
    ("ratings record", "storyteller"): lambda options: True,
    ("ratings record", "script"): lambda options: True,
}


def hostile_text(member_id: int) -> st.SearchStrategy[str]:
    """Text a user could type that no option should choke on."""
    words = st.sampled_from(
        [
            DIGITS,
            "-" + DIGITS,
            f"<@{DIGITS}>",
            f"<@!{DIGITS}>",
            f"<@&{DIGITS}>",
            f"<#{DIGITS}>",
            "²",
            "١٢٣",
            "1" + INVISIBLE + "2",
            INVISIBLE,
            f"{member_id}{INVISIBLE}",
            f"<@{member_id}>",
            "@everyone @here",
            "**bold** __under__ ~~gone~~ ||spoiler|| `code` ```block```",
            "# heading\n> quote\n- item",
            "[link](https://example.com)",
            " , , | ,",
            "",
        ]
    )
    odd = st.text().filter(lambda text: not PLAIN.fullmatch(text.strip()))
    return st.one_of(words, st.lists(words, min_size=2, max_size=3).map(" ".join), odd)


def hostile_file() -> st.SearchStrategy[tuple[str, bytes]]:
    names = st.sampled_from(["script.json", "games.csv", "games.yaml", f"{INVISIBLE}.json", "x"])
    bodies = st.sampled_from(
        [
            b"9" * TEN_MB,
            b"\xff\xfe" * (TEN_MB // 2),
            b'{"id": ' + DIGITS.encode() + b"}",
            b"[" + b"[" * 5000 + b"]" * 5000 + b"]",
            DIGITS.encode(),
            INVISIBLE.encode(),
        ]
    )
    return st.tuples(names, bodies)


# Options read only under some choices of the others (an adjustment's value: only for a change
# that takes one); under the other choices the command acts without them, which is no attack.
READ_WHEN = {
    ("clocktower adjust", "value"): {"change": ("character", "alignment", "remind", "forget")},
}


class World:
    """The table every command runs at: a channel per game, who acts there, and what to type."""

    def __init__(
        self,
        table: Any,
        channels: dict[str, Any],  # command group -> channel
        actors: dict[str, list[Any]],  # command group -> members who act there
        commands: list[app_commands.Command],
    ) -> None:
        self.table, self.channels, self.actors, self.commands = table, channels, actors, commands

    def channel(self, command: app_commands.Command) -> Any:
        return self.channels.get(command.qualified_name.split()[0], self.channels["*"])

    def __repr__(self) -> str:
        return f"<World of {len(self.commands)} commands>"

    def who(self, command: app_commands.Command) -> list[Any]:
        return self.actors.get(command.qualified_name.split()[0], self.actors["*"])


def attackable(parameter: app_commands.Parameter) -> bool:
    """An option a user can fill with something unexpected: text (not a fixed choice), a file,
    a number without bounds. A choice, a yes/no, a member or a number in a declared range is
    checked by Discord before we see it."""
    if parameter.choices:
        return False
    if parameter.type in (Option.string, Option.attachment):
        return True
    bounded = parameter.min_value is not None and parameter.max_value is not None
    return parameter.type in (Option.integer, Option.number) and not bounded


def targets(command: app_commands.Command) -> list[app_commands.Parameter]:
    return [p for p in command.parameters if attackable(p)]


async def plausible(world: World, command, parameter, actor, filled: dict[str, Any]) -> Any:
    """A sensible value for a required option that is not under attack: the bot's own first
    completion, the smallest number allowed."""
    kind = parameter.type
    if kind in (Option.integer, Option.number):
        return int(parameter.min_value) if parameter.min_value is not None else 1
    if kind is Option.boolean:
        return True
    if kind in (Option.user, Option.mentionable):
        return actor
    if kind is Option.attachment:
        return ("script.json", b'{"name": "x"}')
    if kind is Option.string and parameter.autocomplete:
        offered = await actor.autocomplete(
            world.channel(command), command.qualified_name, parameter.display_name, "", **filled
        )
        if offered:
            return offered[0]["value"]
    return parameter.display_name  # a plain word, different for each option


def hostile(parameter, members: list[Any]) -> st.SearchStrategy[Any]:
    """What an attacker can put in this option, within what Discord itself lets through."""
    kind = parameter.type
    if kind in (Option.integer, Option.number):
        low = parameter.min_value if parameter.min_value is not None else -(2**53 - 1)
        high = parameter.max_value if parameter.max_value is not None else 2**53 - 1
        return st.sampled_from([int(low), int(high)])
    if kind is Option.attachment:
        return hostile_file()
    longest = int(parameter.max_value or 6000)  # a text option's bounds are its lengths
    shortest = int(parameter.min_value or 0)
    # an optional option left blank is as good as left out: no attack
    return (
        hostile_text(members[0].id)
        .map(lambda text: text[:longest])
        .filter(lambda text: len(text) >= shortest and (parameter.required or text.strip()))
    )


async def snapshot(table) -> tuple[Any, ...]:
    """Every game in memory (its log length and a checksum of what it means) and every row."""
    games = tuple(
        sorted(
            (game_id, s.seq, checksum(s.rules.fingerprint(s.state)))
            for game_id, s in table.bot.games.sessions.items()
        )
    )
    rows = []
    for name in sorted(await table.bot.db.tables()):
        found = await table.bot.db.fetchall(f'SELECT * FROM "{name}"')
        rows.append((name, tuple(sorted(map(tuple, found), key=repr))))
    return games, tuple(rows)


def answer_of(result) -> str:
    """The one message that answers (after a defer, the follow-up), as text."""
    messages = [m for m in [result.response, *result.followups] if m is not None]
    said = [m for m in messages if m.content or m.embeds]
    assert len(said) == 1, [m.content[:80] for m in said]
    last = said[0]
    return last.content + "".join(f" {e.title or ''} {e.description or ''}" for e in last.embeds)


@pytest.fixture
async def world(table) -> World:
    """A Clocktower day with a human storyteller, a Traitors night, a Cluedo notebook and a
    recorded game, each where its commands are typed."""
    guild = table.guild
    ct_channel, tr_channel = table.channel, guild.create_text_channel("traitors-hall")
    misc = guild.create_text_channel("misc")
    teller, _ = await open_game(table, players=5, storyteller="me")
    await teller.slash(ct_channel, "clocktower start")
    await to_day(table, teller)
    assert table.session().state.phase is ct.Phase.DAY
    ct_player = table.member(table.session().state.players[0])

    host = table.add("tr-host")
    opened = await host.slash(tr_channel, "traitors new")
    assert opened.ephemeral
    lobby = tr_channel.last_message
    traitors = [host] + [table.add(f"tr-{i}") for i in range(4)]
    for member in traitors[1:]:
        await member.click(lobby, label="Join")
    started = await host.slash(tr_channel, "traitors start")
    assert started.ephemeral

    other, newcomer = table.add("other"), table.add("newcomer")
    cards = "Dagger, Hall, Plum, Rope, Study, White"
    await other.slash(misc, "cluedo new", players="Ann, Bob, Cat", me="Ann", cards=cards)
    await other.slash(misc, "ratings record", good=f"<@{other.id}>, Bob", evil="Eve", winner="good")
    commands = [c for c in table.bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
    return World(
        table,
        {"clocktower": ct_channel, "traitors": tr_channel, "*": misc},
        {"clocktower": [teller, ct_player], "traitors": traitors[:2], "*": [other, newcomer]},
        [c for c in commands if targets(c)],
    )


@st.composite
def attack(draw, world: World, command: app_commands.Command, parameter) -> tuple[Any, ...]:
    """Who types what into ``parameter``, and the fixed choices of the command's other options."""
    actor = draw(st.sampled_from(world.who(command)))
    value = draw(hostile(parameter, world.table.members))
    only = READ_WHEN.get((command.qualified_name, parameter.display_name), {})
    chosen = {
        p.display_name: draw(st.sampled_from(only.get(p.display_name, values(p))))
        for p in command.parameters
        if p.choices and (p.required or p.display_name in only or draw(st.booleans()))
    }
    return actor, value, chosen


def values(parameter) -> list[Any]:
    return [choice.value for choice in parameter.choices]


@pytest.mark.simcord(settle_timeout=30.0)
@pytest.mark.sqlite_only(
    "input handling, not storage: 10 x every option of every command, each with two snapshots "
    "of the whole database, which on PostgreSQL takes minutes more"
)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_every_option_refuses_hostile_input_in_one_sentence(world, data, caplog):
    """Each example attacks every option of every command once."""
    for command in world.commands:
        for parameter in targets(command):
            where = f"/{command.qualified_name} {parameter.display_name}"
            actor, value, filled = data.draw(attack(world, command, parameter), label=where)
            await attacked(world, command, parameter, actor, value, filled, caplog)


async def attacked(world: World, command, parameter, actor, value, filled, caplog) -> None:
    """Type ``value`` into ``parameter`` (the other options sensible) and check the answer,
    the log and every state."""
    for other in command.parameters:
        if other.display_name != parameter.display_name and other.required:
            if other.display_name not in filled:
                filled[other.display_name] = await plausible(world, command, other, actor, filled)
    filled[parameter.display_name] = value
    before = await snapshot(world.table)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        result = await actor.slash(world.channel(command), command.qualified_name, **filled)
    answer = answer_of(result)
    shown = (command.qualified_name, parameter.display_name, str(value)[:60])
    assert answer.strip() and SORRY not in answer, shown
    assert "Traceback" not in answer and DIGITS not in answer, shown
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], shown
    kept = FREE_TEXT.get((command.qualified_name, parameter.display_name))
    if kept is None or not kept(filled):
        assert await snapshot(world.table) == before, (shown, answer)
