"""/cluedo through SimCord: a private notebook per user, exact odds, advice, refusals, restarts."""

from __future__ import annotations

import json

import discord
import pytest

from bot.store import cluedo as store
from bot.store.database import IntegrityError
from engine.cluedo import Shown, Suggestion, add_event, new_notebook

PLAYERS = "Ann, Bob, Cat"
ANN_CARDS = "Dagger, Hall, Plum, Rope, Study, White"


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def check_limits(embed: discord.Embed) -> None:
    assert len(embed.description or "") <= 4096 and len(embed) <= 6000
    assert all(len(f.value) <= 1024 for f in embed.fields)


def text_of(result) -> str:
    """The one ephemeral answer (after a defer, the first followup fills the response)."""
    assert result.ephemeral
    message = result.followups[-1] if result.followups else result.response
    assert message.ephemeral
    return message.content + "\n".join(embed_text(e) for e in message.embeds)


async def open_notebook(table, member, players=PLAYERS, me="Ann", cards=ANN_CARDS, **extra):
    return await member.slash(
        table.channel, "cluedo new", players=players, me=me, cards=cards, **extra
    )


async def stored_entries(table) -> list[tuple[str, str | None]]:
    rows = await table.bot.db.fetchall(
        "SELECT kind, event FROM cluedo_entries ORDER BY notebook_id, seq"
    )
    return [(r["kind"], r["event"]) for r in rows]


async def test_a_small_game_end_to_end(table):
    ann = table.add("ann")
    opened = await open_notebook(table, ann)
    assert "Your cards: White, Plum, Dagger, Rope, Hall, Study." in text_of(opened)

    said = await ann.slash(
        table.channel,
        "cluedo suggest",
        suggester="Ann",
        suspect="green",
        weapon="spanner",
        room="Lounge",
        responder="Bob",
        shown="Wrench",
    )
    assert text_of(said) == (
        "Noted as entry 1: Ann suggested Green, Wrench, Lounge; Bob showed Wrench. "
        "84 possible solutions left; the likeliest has 1.2%."
    )
    nobody = await ann.slash(
        table.channel,
        "cluedo suggest",
        suggester="Cat",
        suspect="Scarlett",
        weapon="Revolver",
        room="Kitchen",
    )
    assert "nobody could show" in text_of(nobody)
    seen = await ann.slash(table.channel, "cluedo shown", player="Cat", card="Green")
    assert text_of(seen).startswith("Noted as entry 3: Cat showed you Green. ")

    status = await ann.slash(table.channel, "cluedo status")
    posted = status.response
    assert status.ephemeral and posted.ephemeral and not status.followups
    (embed,) = posted.embeds
    check_limits(embed)
    text = embed_text(embed)
    assert "Most likely solutions" in text and "possible solutions" in text
    assert "Wrench" not in embed.fields[2].value  # weapon marginals: Bob holds the Wrench
    assert "Green" not in embed.fields[1].value  # suspects: Cat holds Green
    assert embed.image.url == "attachment://cluedo.png"
    (attachment,) = posted.attachments
    assert attachment.filename == "cluedo.png"
    assert (await attachment.read()).startswith(b"\x89PNG")

    advice = await ann.slash(table.channel, "cluedo advise", room="Library", roll=7)
    text = text_of(advice)
    assert "Don't accuse yet" in text and "bits expected" in text
    assert "Where to go from Library with a roll of 7" in text
    check_limits(advice.response.embeds[0])

    undone = await ann.slash(table.channel, "cluedo undo")
    assert text_of(undone) == "Removed entry 3: Cat showed you Green."
    log = text_of(await ann.slash(table.channel, "cluedo log"))
    assert "1. Ann suggested Green, Wrench, Lounge; Bob showed Wrench" in log
    assert "2. Cat suggested" in log and "Cat showed you Green" not in log
    assert "Ann (6, you), Bob (6), Cat (6)" in log

    ended = await ann.slash(table.channel, "cluedo end")
    assert "closed (2 entries)" in text_of(ended)
    again = await ann.slash(table.channel, "cluedo log")
    assert "no open Cluedo notebook" in text_of(again)
    # The whole trail stays on record, the undone entry and the undo included.
    assert [kind for kind, _ in await stored_entries(table)] == ["event"] * 3 + ["undo"]
    assert not list(table.channel.history())  # nothing was ever public


async def test_a_contradiction_is_refused_naming_the_entry_and_nothing_is_stored(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    await ann.slash(
        table.channel,
        "cluedo suggest",
        suggester="Bob",
        suspect="Green",
        weapon="Wrench",
        room="Lounge",
    )
    before = await stored_entries(table)
    clash = await ann.slash(table.channel, "cluedo shown", player="Cat", card="Wrench")
    assert text_of(clash) == (
        "That cannot be right: Cat showed you Wrench contradicts entry 1 "
        "(Bob suggested Green, Wrench, Lounge; nobody could show)."
    )
    mine = await ann.slash(table.channel, "cluedo reveal", card="Plum", holder="Bob")
    assert "contradicts your hand" in text_of(mine)
    assert await stored_entries(table) == before
    log = text_of(await ann.slash(table.channel, "cluedo log"))
    assert "2." not in log


async def test_unknown_names_get_the_closest_and_nothing_is_stored(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    card = await ann.slash(table.channel, "cluedo shown", player="Bob", card="Kniff")
    assert text_of(card) == 'No card called "Kniff"; did you mean Knife (Dagger)?'
    player = await ann.slash(table.channel, "cluedo shown", player="Bobby", card="Knife")
    assert text_of(player) == 'No player called "Bobby"; did you mean Bob?'
    room = await ann.slash(table.channel, "cluedo advise", room="Libary")
    assert "did you mean Library" in text_of(room)
    not_room = await ann.slash(table.channel, "cluedo advise", room="Rope")
    assert text_of(not_room) == "Rope is not a room."
    order = await ann.slash(
        table.channel,
        "cluedo suggest",
        suggester="Bob",
        suspect="Rope",
        weapon="Green",
        room="Hall",
    )
    assert "Name a suspect, a weapon and a room" in text_of(order)
    assert await stored_entries(table) == []


async def test_bad_setups_and_a_second_notebook_are_refused(table):
    ann = table.add("ann")
    short = await open_notebook(table, ann, cards="Dagger, Hall")
    assert text_of(short) == "Your hand should have 6 cards, but 2 were given."
    who = await open_notebook(table, ann, me="Anne")
    assert 'No player called "Anne"; did you mean Ann?' in text_of(who)
    sizes = await open_notebook(table, ann, hand_sizes="7, 6")
    assert "one hand size per player (3)" in text_of(sizes)
    mention = await open_notebook(table, ann, players="Ann, @everyone, Cat")
    assert "can't be a player name" in text_of(mention)
    without = await ann.slash(table.channel, "cluedo undo")
    assert text_of(without) == (
        "You have no open Cluedo notebook on this server; start one with `/cluedo new`."
    )
    for command in ("cluedo status", "cluedo advise", "cluedo log", "cluedo end"):
        refused = await ann.slash(table.channel, command)
        assert text_of(refused).startswith("You have no open Cluedo notebook")
    rows = await table.bot.db.fetchall("SELECT * FROM cluedo_notebooks")
    assert rows == []

    uneven = await open_notebook(
        table,
        ann,
        cards="Dagger, Hall, Plum, Rope, Study, White, Green",
        hand_sizes="Ann=7, Bob=6, Cat=5",
    )
    assert "Ann (7, you), Bob (6), Cat (5)" in text_of(uneven)
    second = await open_notebook(table, ann)
    assert "already have an open Cluedo notebook" in text_of(second)
    assert "`/cluedo end` first" in text_of(second)
    assert len(await table.bot.db.fetchall("SELECT * FROM cluedo_notebooks")) == 1
    empty = await ann.slash(table.channel, "cluedo undo")
    assert text_of(empty) == "The notebook has no entries to undo."


async def test_two_users_keep_independent_notebooks_in_one_server(table):
    ann, bob = table.add("ann"), table.add("bob")
    await open_notebook(table, ann)
    await open_notebook(
        table,
        bob,
        players="Zed, Bob",
        me="Bob",
        cards="Green, Rope, Hall, Study, Lounge, Kitchen, Library, Plum, Wrench",
    )
    await ann.slash(table.channel, "cluedo shown", player="Bob", card="Wrench")
    zed = await bob.slash(table.channel, "cluedo shown", player="Bob", card="Wrench")
    assert text_of(zed) == "Your own cards are already in the notebook."
    await bob.slash(table.channel, "cluedo shown", player="Zed", card="Dagger")
    ann_log = text_of(await ann.slash(table.channel, "cluedo log"))
    bob_log = text_of(await bob.slash(table.channel, "cluedo log"))
    assert "1. Bob showed you Wrench" in ann_log and "Zed" not in ann_log
    assert "1. Zed showed you Dagger" in bob_log and "Wrench" not in bob_log.split("\n\n")[1]
    await ann.slash(table.channel, "cluedo end")
    still = text_of(await bob.slash(table.channel, "cluedo log"))
    assert "Zed showed you Dagger" in still
    players = await bob.autocomplete(table.channel, "cluedo shown", "player", "")
    assert [c["value"] for c in players] == ["Zed", "Bob"]


async def test_the_notebook_survives_a_restart_exactly(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    await ann.slash(
        table.channel,
        "cluedo suggest",
        suggester="Ann",
        suspect="Green",
        weapon="Wrench",
        room="Lounge",
        responder="Cat",
        shown="Lounge",
    )
    await ann.slash(table.channel, "cluedo reveal", card="Candlestick", holder="Bob")
    await ann.slash(table.channel, "cluedo undo")
    await ann.slash(
        table.channel,
        "cluedo accuse",
        accuser="Bob",
        suspect="Mustard",
        weapon="Revolver",
        room="Kitchen",
        correct=False,
    )
    before = table.bot.get_cog("CluedoCog").open[(table.guild.id, ann.id)].notebook

    await table.restart()
    cog = table.bot.get_cog("CluedoCog")
    assert cog.open == {}
    log = text_of(await ann.slash(table.channel, "cluedo log"))
    assert "1. Ann suggested Green, Wrench, Lounge; Cat showed Lounge" in log
    assert "2. Bob wrongly accused Mustard, Revolver, Kitchen" in log
    assert "Candlestick" not in log.split("\n\n")[1]
    assert cog.open[(table.guild.id, ann.id)].notebook == before
    expected = add_event(
        new_notebook(["Ann", "Bob", "Cat"], "Ann", ANN_CARDS.split(", ")),
        Suggestion("Ann", "Green", "Wrench", "Lounge", "Cat", "Lounge"),
    )
    assert before.events[0] == expected.events[0]
    undone = await ann.slash(table.channel, "cluedo undo")
    assert text_of(undone).startswith("Removed entry 2: Bob wrongly accused")


async def test_autocomplete_offers_cards_by_category_and_players(table):
    ann = table.add("ann")
    suspects = await ann.autocomplete(table.channel, "cluedo suggest", "suspect", "")
    assert [c["value"] for c in suspects] == [
        "Scarlett",
        "Mustard",
        "White",
        "Green",
        "Peacock",
        "Plum",
    ]
    rooms = await ann.autocomplete(table.channel, "cluedo suggest", "room", "ROOM")
    assert [c["value"] for c in rooms] == ["Ballroom", "Dining Room", "Billiard Room"]
    weapon = await ann.autocomplete(table.channel, "cluedo accuse", "weapon", "spanner")
    assert [c["value"] for c in weapon] == ["Wrench"]
    for command, option, typed, wanted in [
        ("cluedo suggest", "weapon", "Kni", "Dagger"),
        ("cluedo suggest", "weapon", "Span", "Wrench"),
        ("cluedo suggest", "suspect", "Miss Sc", "Scarlett"),
        ("cluedo accuse", "suspect", "Colonel M", "Mustard"),
        ("cluedo accuse", "suspect", "Professor P", "Plum"),
        ("cluedo advise", "room", "Billiards R", "Billiard Room"),
        ("cluedo advise", "near", "Billiards R", "Billiard Room"),
    ]:
        found = await ann.autocomplete(table.channel, command, option, typed)
        assert [c["value"] for c in found] == [wanted], typed
    cards = await ann.autocomplete(table.channel, "cluedo shown", "card", "")
    assert len(cards) == 21 and cards[0]["value"] == "Scarlett"
    assert await ann.autocomplete(table.channel, "cluedo shown", "player", "") == []

    hand = await ann.autocomplete(table.channel, "cluedo new", "cards", "Dagger, ha")
    assert [c["value"] for c in hand] == ["Dagger, Hall"]
    repeated = await ann.autocomplete(table.channel, "cluedo new", "cards", "hall,HA")
    assert repeated == []
    me = await ann.autocomplete(table.channel, "cluedo new", "me", "", players="Ann, Bob, Cat")
    assert [c["value"] for c in me] == ["Ann", "Bob", "Cat"]

    await open_notebook(table, ann)
    players = await ann.autocomplete(table.channel, "cluedo suggest", "responder", "c")
    assert [c["value"] for c in players] == ["Cat"]
    shown = await ann.autocomplete(
        table.channel, "cluedo suggest", "shown", "", suspect="Green", weapon="Rope", room="Hall"
    )
    assert [c["value"] for c in shown] == ["Green", "Rope", "Hall"]


def test_replay_applies_undo_entries_in_order():
    notebook = new_notebook(["Ann", "Bob", "Cat"], "Ann", ANN_CARDS.split(", "))
    one = json.dumps({"type": "shown", "player": "Bob", "card": "Wrench"})
    two = json.dumps({"type": "shown", "player": "Cat", "card": "Green"})
    rebuilt = store.replay(
        store.setup_json(notebook), [("event", one), ("event", two), ("undo", None)]
    )
    assert rebuilt.events == (Shown("Bob", "Wrench"),)
    assert store.replay(store.setup_json(notebook), []) == notebook


async def test_entries_cannot_be_rewritten_in_the_database(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    await ann.slash(table.channel, "cluedo shown", player="Bob", card="Wrench")
    for sql in ("UPDATE cluedo_entries SET kind = 'undo'", "DELETE FROM cluedo_entries"):
        with pytest.raises(IntegrityError, match="append-only"):
            async with table.bot.db.transaction() as connection:
                await connection.execute(sql)
    assert len(await stored_entries(table)) == 1


async def test_a_right_accusation_solves_the_case(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    right = await ann.slash(
        table.channel,
        "cluedo accuse",
        accuser="Cat",
        suspect="Mustard",
        weapon="Candlestick",
        room="Library",
        correct=True,
    )
    assert text_of(right) == (
        "Noted as entry 1: Cat correctly accused Mustard, Candlestick, Library. "
        "Solved: it was Mustard, with the Candlestick, in the Library."
    )


async def test_your_own_suggestion_needs_the_card_you_saw(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    asked = dict(suspect="Green", weapon="Wrench", room="Lounge", responder="Bob")
    missing = await ann.slash(table.channel, "cluedo suggest", suggester="ann", **asked)
    assert "add it as `shown`" in text_of(missing)
    assert await stored_entries(table) == []
    theirs = await ann.slash(table.channel, "cluedo suggest", suggester="Cat", **asked)
    assert text_of(theirs).startswith("Noted as entry 1: Cat suggested Green, Wrench, Lounge")


async def test_advice_in_a_corridor_and_by_entropy(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    advice = await ann.slash(
        table.channel, "cluedo advise", near="kitchen", steps=3, roll=4, accuse_bits=1.5
    )
    text = text_of(advice)
    assert "Where to go from the corridor, 3 steps from the Kitchen with a roll of 4" in text
    assert "you accuse at 1.50 bits of uncertainty or less" in text
    check_limits(advice.response.embeds[0])
    half = await ann.slash(table.channel, "cluedo advise", near="Kitchen")
    assert text_of(half) == "In a corridor, give both `near` (a room) and `steps` from it."


async def test_advising_again_reuses_the_gains_until_a_new_entry(table):
    ann = table.add("ann")
    await open_notebook(table, ann)
    cog = table.bot.get_cog("CluedoCog")
    first = text_of(await ann.slash(table.channel, "cluedo advise", room="Lounge", roll=7))
    memo = cog.memos[(table.channel.guild.id, ann.id)]
    kept = memo._held
    again = text_of(await ann.slash(table.channel, "cluedo advise", room="Lounge", roll=3))
    assert memo._held is kept  # same notebook: the gains were not computed again
    assert first.split("Where to go")[0] == again.split("Where to go")[0]
    await ann.slash(table.channel, "cluedo shown", player="Bob", card="Wrench")
    after = text_of(await ann.slash(table.channel, "cluedo advise", room="Lounge", roll=3))
    assert memo._held is not kept and "Suggest" in after
    await ann.slash(table.channel, "cluedo end")
    assert (table.channel.guild.id, ann.id) not in cog.memos
