"""/script through SimCord: scoring, problems, saving, night order, bags, autocomplete."""

from __future__ import annotations

import json
import sys

import discord
import pytest

from bot.cli import main
from bot.store import scripts as store
from bot.store.connect import open_database
from bot.store.database import Duplicate
from engine.clocktower.catalogue import characters
from tests.engine.clocktower.game.test_ct_game_storyteller import SCRIPT

TB = [
    {"id": "_meta", "name": "Brewing Again", "author": "tests"},
    *"chef investigator washerwoman librarian empath fortuneteller undertaker monk slayer "
    "soldier ravenkeeper mayor virgin butler drunk recluse saint poisoner spy scarletwoman "
    "baron imp".split(),
]
TB_JSON = json.dumps(TB)


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def check_limits(embed: discord.Embed) -> None:
    assert len(embed.description or "") <= 4096 and len(embed) <= 6000
    assert all(len(f.value) <= 1024 for f in embed.fields)


def posted(result):
    """The message that answered: the last follow-up after a defer, else the response."""
    return result.followups[-1] if result.followups else result.response


async def answer(result) -> discord.Embed:
    (embed,) = posted(result).embeds
    check_limits(embed)
    return embed


async def test_score_a_pasted_script_publicly_with_every_point(table):
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script score", json=TB_JSON, games=3)
    assert not result.ephemeral and not posted(result).ephemeral
    text = embed_text(await answer(result))
    assert "Brewing Again: Beginner" in text
    assert "Every character's tags and weight" in text and "Synergies" in text
    assert "Bad Moon Rising" in text and "Sects & Violets" in text
    for name in ("Poisoner", "Empath", "Butler", "Baron"):  # weighty or not, all are there
        assert f"**{name}**" in text
    (attached,) = posted(result).attachments
    report = (await attached.read()).decode()
    assert attached.filename == "score.txt" and "Butler" in report and "no tags" in report
    assert "over 3 self-played games" in report
    assert "extra_misinformers" in report and "By player count: 5: 1.48 Beginner" in report


async def test_the_bot_posts_the_report_the_command_line_prints(table, capsys):
    """One assembly of the score and its balance: the bot's score.txt is ``ravenswood script
    score``'s text, and the embed's balance is its last sentence."""
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script score", name="tb", players=6, games=2)
    (attached,) = posted(result).attachments
    posted_text = (await attached.read()).decode()
    assert main(["script", "score", "tb", "--players", "6", "--games", "2"]) == 0
    printed = capsys.readouterr().out
    assert posted_text + "\n" == printed and "over 2 self-played games" in printed
    (field,) = [f for f in (await answer(result)).fields if f.name.startswith("Simulated")]
    assert field.value == printed.strip().splitlines()[-1]


async def test_score_simulates_the_balance_in_a_quick_run_after_deferring(table):
    """The default quick run: the reply is deferred in public, then the balance follows beside
    the difficulty score, with its interval and the number of games played."""
    table.env.settle_timeout = 120.0  # the quick run takes a few seconds
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script score", json=TB_JSON, players=7)
    assert not posted(result).ephemeral
    embed = await answer(result)
    (field,) = [f for f in embed.fields if f.name == "Simulated balance at 7 players"]
    assert "over 100 self-played games" in field.value and "95% CI" in field.value
    assert "reasoning players" in field.value
    homebrew = json.dumps(SCRIPT)  # its homebrew character needs a human storyteller
    custom = await st.slash(table.channel, "script score", json=homebrew, players=7)
    (field,) = [f for f in (await answer(custom)).fields if f.name.startswith("Simulated")]
    assert field.value.startswith("Not simulated: the bot storyteller cannot run")


async def test_a_script_the_reasoning_model_does_not_cover_gets_no_balance_figure(
    table, monkeypatch
):
    """No naive figure, ever: the balance names the characters the model cannot weigh, and
    no game is played (the Imp made unknown to the model here)."""
    from engine.clocktower.game.roles import role

    monkeypatch.setattr(type(role("imp")), "reasoned", False)
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script score", json=TB_JSON, players=7)
    (field,) = [f for f in (await answer(result)).fields if f.name.startswith("Simulated")]
    assert field.value.startswith("Not simulated: the reasoning model cannot yet weigh Imp")
    assert "%" not in field.value and "naive" not in field.value
    report = (await posted(result).attachments[0].read()).decode()
    assert "cannot yet weigh Imp" in report and "self-played games" not in report


async def test_a_slash_score_above_twelve_players_caps_its_games(table, monkeypatch):
    """Games at 13-15 players take seconds each: a slash command plays at most
    MAX_LARGE_GAMES of them and says so (the cap lowered here so the test plays two)."""
    loaded = sys.modules["bot.cogs.scripts"]  # the extension as the bot loaded it
    monkeypatch.setattr(loaded, "MAX_LARGE_GAMES", 2)
    table.env.settle_timeout = 120.0
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script score", name="tb", players=13, games=50)
    (field,) = [f for f in (await answer(result)).fields if f.name.startswith("Simulated")]
    assert "over 2 self-played games" in field.value
    assert "plays 2 of the 50 asked" in posted(result).content
    assert "ravenswood script score --games" in posted(result).content
    small = await st.slash(table.channel, "script score", name="tb", players=12, games=3)
    (field,) = [f for f in (await answer(small)).fields if f.name.startswith("Simulated")]
    assert "over 3 self-played games" in field.value and not posted(small).content


async def test_a_long_script_names_every_character_or_points_to_the_file(table):
    table.env.settle_timeout = 60.0  # every character is run: its quick balance run takes seconds
    st = table.add("storyteller")
    many = [c.id for c in characters() if c.team in ("townsfolk", "outsider", "minion", "demon")]
    result = await st.slash(
        table.channel, "script score", file=("all.json", json.dumps(many).encode())
    )
    (posted,) = result.followups
    (embed,) = posted.embeds
    check_limits(embed)
    text = embed_text(embed)
    shown = sum(f"**{c.name}**" in text for c in characters() if c.id in many)
    assert shown == len(many) or "more in score.txt" in text
    report = (await posted.attachments[0].read()).decode()
    assert all(c.name in report for c in characters() if c.id in many)


async def test_homebrew_names_are_escaped_and_warned_about(table):
    st = table.add("storyteller")
    brew = {"id": "brew", "name": "*Loud* @everyone", "team": "townsfolk", "ability": "You learn"}
    result = await st.slash(table.channel, "script score", json=json.dumps([*TB, brew]))
    text = embed_text(await answer(result))
    assert "Warnings" in text and "homebrew" in text
    assert "\\*Loud\\* @\u200beveryone" in text  # shown, but neither bold nor a ping
    assert "*Loud*" not in text.replace("\\*Loud\\*", "")


async def test_score_an_attached_file_deferring_before_the_download(table):
    st = table.add("storyteller")
    result = await st.slash(
        table.channel, "script score", file=("tb.json", TB_JSON.encode()), players=5
    )
    # acknowledged privately before the download, then the score follows in public
    assert result.response.ephemeral and "posted below" in result.response.content
    (posted,) = result.followups
    assert not posted.ephemeral
    (embed,) = posted.embeds
    check_limits(embed)
    assert embed.description.startswith("**1.48** at 5 players")
    bad = await st.slash(table.channel, "script score", file=("bad.json", b'["imp",'))
    assert bad.response.ephemeral and not bad.followups
    assert "not valid JSON" in bad.response.embeds[0].description


async def test_score_a_base_edition_by_name(table):
    table.env.settle_timeout = 120.0  # the reasoning model covers it: a quick run of games
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script score", name="Sects & Violets")
    assert (await answer(result)).title == "Sects & Violets: Intermediate"


async def test_malformed_json_is_answered_privately_with_where(table):
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script score", json='["imp", "baron",')
    assert result.ephemeral
    embed = await answer(result)
    assert "1 problem" in embed.title and "line 1" in embed.description
    assert not [m for m in table.channel.history() if m.embeds]


async def test_an_object_and_a_misspelt_demon_are_explained_privately(table):
    st = table.add("storyteller")
    wrapped = json.dumps({"name": "Mine", "characters": TB[1:]})
    result = await st.slash(table.channel, "script score", json=wrapped)
    text = (await answer(result)).description
    assert result.ephemeral and "is an object in { }, but a script is a list" in text
    assert 'Paste just the list under "characters"' in text
    misspelt = json.dumps([*TB[:-1], "ipm"])
    result = await st.slash(table.channel, "script score", json=misspelt)
    text = (await answer(result)).description
    assert "Did you mean imp?" in text and "has no Demon, counting only the 21" in text
    assert not [m for m in table.channel.history() if m.embeds]


async def test_every_problem_with_the_closest_ids(table):
    st = table.add("storyteller")
    bad = json.dumps(["imp", "fortune_tellr", "imp", 7, {"id": "x", "name": "X"}])
    result = await st.slash(table.channel, "script score", json=bad)
    assert result.ephemeral
    text = (await answer(result)).description
    assert "fortuneteller" in text  # the closest known id
    assert "repeats entry 1" in text and "entry 4" in text and "without a text 'ability'" in text


async def test_problems_are_trimmed_to_the_embed_limit(table):
    st = table.add("storyteller")
    bad = json.dumps(["imp", *(f"nosuchcharacter{i}" for i in range(400))]).encode()
    result = await st.slash(table.channel, "script score", file=("bad.json", bad))
    embed = await answer(result)
    assert "401 problems" in embed.title  # 400 unknown ids and the counts they may cause
    shown = len(embed.description.splitlines()) - 1
    assert 10 < shown < 401
    assert embed.description.splitlines()[-1] == f"… and {401 - shown} more"


async def test_no_script_or_two_scripts_get_one_sentence(table):
    st = table.add("storyteller")
    none = await st.slash(table.channel, "script nightorder")
    two = await st.slash(table.channel, "script nightorder", json=TB_JSON, name="tb")
    assert none.ephemeral and none.response.content.startswith("Give a script")
    assert two.ephemeral and two.response.content.startswith("Give only one script")


async def test_an_oversized_file_is_refused_without_saving(table):
    st = table.add("storyteller")
    huge = b"[" + b'"imp",' * 200_000 + b'"baron"]'
    result = await st.slash(table.channel, "script save", name="huge", file=("huge.json", huge))
    assert result.ephemeral and "1 MB" in (await answer(result)).description
    assert "nothing was saved" in (await answer(result)).title
    assert not await store.list_scripts(table.bot.db, table.guild.id)


async def test_save_list_use_by_name_and_survive_a_restart(table):
    st = table.add("storyteller")
    saved = await st.slash(table.channel, "script save", name="Friday  Night", json=TB_JSON)
    assert saved.ephemeral and saved.response.content.startswith(
        "Saved the script **Friday Night**"
    )
    listed = await st.slash(table.channel, "script list")
    assert "Friday Night" in (await answer(listed)).description

    await table.restart()
    night = await st.slash(table.channel, "script nightorder", name="friday night")
    text = embed_text(await answer(night))
    assert "First night" in text and "Minion info" in text and "Poisoner" in text
    sheet = (await night.response.attachments[0].read()).decode()
    assert "1. Poisoner: Each night poisons a player" in sheet  # with our own notes
    bag = await st.slash(table.channel, "script bag", players=8, name="FRIDAY NIGHT", seed=3)
    assert bag.ephemeral and "Bag for 8 players: Brewing Again" in (await answer(bag)).title


async def test_saving_an_invalid_script_saves_nothing(table):
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script save", name="broken", json='["imp"]')
    assert result.ephemeral and "nothing was saved" in (await answer(result)).title
    assert await store.get_script(table.bot.db, table.guild.id, "broken") is None


async def test_same_name_replaces_and_says_so(table):
    st = table.add("storyteller")
    await st.slash(table.channel, "script save", name="Weekly", json=TB_JSON)
    again = await st.slash(table.channel, "script save", name="weekly", json=TB_JSON)
    assert again.response.content.startswith("Replaced the earlier script **weekly**")
    assert len(await store.list_scripts(table.bot.db, table.guild.id)) == 1


async def test_base_edition_names_are_reserved(table):
    st = table.add("storyteller")
    result = await st.slash(table.channel, "script save", name="Bad Moon Rising", json=TB_JSON)
    assert result.ephemeral and "base edition" in result.response.content


async def test_delete_refused_to_another_member_allowed_to_saver_and_admin(table):
    st, other = table.add("storyteller"), table.add("other")
    admin_user = table.env.create_user("admin")
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(admin_user, roles=[role])
    for name in ("One", "Two"):
        await st.slash(table.channel, "script save", name=name, json=TB_JSON)

    refused = await other.slash(table.channel, "script delete", name="one")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    replace = await other.slash(table.channel, "script save", name="one", json=TB_JSON)
    assert "only they" in replace.response.content
    assert await store.get_script(table.bot.db, table.guild.id, "One") is not None

    mine = await st.slash(table.channel, "script delete", name="ONE")
    assert mine.response.content.startswith("Deleted")
    by_admin = await admin.slash(table.channel, "script delete", name="two")
    assert by_admin.response.content.startswith("Deleted")
    assert not await store.list_scripts(table.bot.db, table.guild.id)
    gone = await st.slash(table.channel, "script nightorder", name="two")
    assert gone.ephemeral and "No saved script" in gone.response.content


async def test_autocomplete_offers_base_editions_and_saved_names(table):
    st = table.add("storyteller")
    await st.slash(table.channel, "script save", name="Brewing Tuesday", json=TB_JSON)
    offered = await st.autocomplete(table.channel, "script bag", "name", "brew")
    assert [c["value"] for c in offered] == ["tb", "Brewing Tuesday"]
    saved_only = await st.autocomplete(table.channel, "script delete", "name", "")
    assert [c["value"] for c in saved_only] == ["Brewing Tuesday"]


async def test_autocomplete_and_lookup_of_characters(table):
    st = table.add("storyteller")
    offered = await st.autocomplete(table.channel, "script characters", "query", "fortune")
    assert offered[0]["value"] == "fortuneteller"
    result = await st.slash(table.channel, "script characters", query="fortuneteller")
    text = embed_text(await answer(result))
    assert "Fortune Teller" in text and "Trouble Brewing" in text
    several = await st.slash(table.channel, "script characters", query="keeper")
    assert "Ravenkeeper" in (await answer(several)).description
    miss = await st.slash(table.channel, "script characters", query="fortunetellr")
    assert "Did you mean Fortune Teller" in miss.response.content


async def test_an_official_roles_file_replaces_our_summaries(table, tmp_path, monkeypatch):
    # Made-up wording standing in for the operator's official file (none is shipped).
    roles = [
        {
            "id": "poisoner",
            "ability": "Operator words for the Poisoner.",
            "firstNightReminder": "Operator cue: the Poisoner points.",
        },
        {"id": "imp", "ability": "Operator words for the Imp."},
        {"id": "nobody", "ability": "Ignored."},
    ]
    path = tmp_path / "roles.json"
    path.write_text(json.dumps(roles))
    monkeypatch.setenv("RAVENSWOOD_ROLES_JSON", str(path))
    await table.restart()  # read once, at start-up
    st = table.add("storyteller")
    imp = await answer(await st.slash(table.channel, "script characters", query="imp"))
    assert imp.description == "Operator words for the Imp." and "official text" in imp.footer.text
    chef = await answer(await st.slash(table.channel, "script characters", query="chef"))
    assert "summary in our words" in chef.footer.text  # not in the file: our summary
    night = await st.slash(table.channel, "script nightorder", name="tb")
    sheet = (await night.response.attachments[0].read()).decode()
    assert "Poisoner: Operator cue: the Poisoner points." in sheet
    assert "Imp: Operator words for the Imp." in sheet  # no night reminder: the ability


async def test_an_unreadable_roles_file_falls_back_to_our_summaries(table, monkeypatch, caplog):
    monkeypatch.setenv("RAVENSWOOD_ROLES_JSON", "/nonexistent/roles.json")
    await table.restart()
    st = table.add("storyteller")
    imp = await answer(await st.slash(table.channel, "script characters", query="imp"))
    assert "summary in our words" in imp.footer.text
    assert "cannot read /nonexistent/roles.json" in caplog.text


async def test_bag_is_private_and_the_same_for_the_same_seed(table):
    st = table.add("storyteller")
    first = await st.slash(table.channel, "script bag", players=12, name="bmr", seed=42)
    again = await st.slash(table.channel, "script bag", players=12, name="bmr", seed=42)
    other = await st.slash(table.channel, "script bag", players=12, name="bmr", seed=43)
    assert first.ephemeral and again.ephemeral
    a, b, c = [embed_text(await answer(r)) for r in (first, again, other)]
    assert a == b and a != c
    assert "Demon bluffs" in a and "Seed `42`" in a
    assert not [m for m in table.channel.history() if m.embeds]


async def test_bag_with_travellers_and_a_script_too_small(table):
    st = table.add("storyteller")
    with_travellers = await st.slash(
        table.channel, "script bag", players=7, name="snv", seed=1, travellers=2
    )
    assert "Travellers" in embed_text(await answer(with_travellers))
    small = json.dumps(["imp", "poisoner", "chef", "empath", "monk", "butler"])
    too_small = await st.slash(table.channel, "script bag", players=10, json=small)
    assert (
        too_small.ephemeral and "too small for 10 players" in (await answer(too_small)).description
    )


async def test_saved_scripts_store_directly(database):
    db = await open_database(database)
    try:
        assert not await store.save_script(db, 1, " Late  Show ", "[]", 10)
        assert await store.save_script(db, 1, "late show", '["imp"]', 11)
        assert not await store.save_script(db, 2, "Late Show", "[]", 12)  # another server
        (row,) = await store.list_scripts(db, 1)
        assert (row.name, row.json, row.author_id) == ("late show", '["imp"]', 11)
        assert await store.matching_names(db, 1, "SHOW") == ["late show"]
        with pytest.raises(Duplicate):  # one script per server and name key
            async with db.transaction() as c:
                await c.execute(
                    "INSERT INTO saved_scripts (guild_id, name_key, name, json, author_id) "
                    "VALUES (1, 'late show', 'LATE SHOW', '[]', 13)"
                )
        assert await store.delete_script(db, 1, "LATE SHOW")
        assert not await store.delete_script(db, 1, "late show")
        assert [s.name for s in await store.list_scripts(db, 2)] == ["Late Show"]
    finally:
        await db.close()


async def test_homebrew_rules_of_a_script_without_the_bootlegger_are_shown(table):
    """A script's ``_meta.bootlegger`` rules put the Bootlegger in play: every /script answer
    about that script shows them, and says the bot storyteller applies none of them."""
    rule = "Seat 7 remains empty. Its choices are arbitrary."
    script = json.dumps([{**TB[0], "bootlegger": [rule]}, *TB[1:]])
    st = table.add("storyteller")
    answers = [
        await st.slash(table.channel, "script nightorder", json=script),
        await st.slash(table.channel, "script bag", players=8, json=script, seed=1),
        await st.slash(table.channel, "script score", json=script, games=1),
    ]
    for result in answers:
        (field,) = [f for f in (await answer(result)).fields if f.name.startswith("Homebrew")]
        assert rule in field.value and "applies none of them" in field.value
    plain = await st.slash(table.channel, "script nightorder", json=TB_JSON)
    assert not [f for f in (await answer(plain)).fields if f.name.startswith("Homebrew")]
