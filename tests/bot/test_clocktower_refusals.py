"""Clocktower refusals and the day's small talk through SimCord: nobody but the storyteller uses
the storyteller's tools, bad input gets one clear sentence and changes nothing, members who
leave the server, whispers, status and the vote history, idle voters, the storyteller voting
for a player, and the Fortune Teller's two-player menu."""

from __future__ import annotations

import discord

import engine.clocktower.game as ct
from bot.cogs.clocktower.cog import BOT_ONLY
from tests.bot.test_clocktower_bot import (
    ALIGNMENT,
    TB_NAMES,
    TIMES,
    answer_night,
    assert_no_secret_in_public,
    deal,
    first_label,
    fresh,
    holding,
    items,
    menu_id,
    nominee,
    open_game,
    results_in_db,
    said,
    seed_where,
    state,
    to_day,
    vote,
    vote_board,
)

ONLY_TELLER = "Only the storyteller can do that."


def refusal(result) -> str:
    """A refusal is a single ephemeral message."""
    assert result.ephemeral and not result.followups, result
    return result.response.content


def one_sentence(result) -> str:
    """A refusal holding a single sentence."""
    text = refusal(result)
    assert text.endswith(".") and ". " not in text.rstrip("."), text
    return text


async def refused_everything(table, player, channel=None) -> None:
    """Every storyteller command, used by ``player``: one sentence each, nothing changes."""
    channel = channel or table.channel
    session = table.session(channel)
    before, actions = session.state, len(session.actions)
    someone = str(state(table, channel).players[0])
    commands = (
        ("clocktower grimoire", {}),
        ("clocktower adjust", {"player": someone, "change": "kill"}),
        ("clocktower wake", {"target": someone}),
        ("clocktower skip", {}),
        ("clocktower undo", {}),
        ("clocktower endday", {}),
        ("clocktower seat", {"player": someone, "position": 2}),
        ("clocktower start", {}),
    )
    for command, options in commands:
        refused = await player.slash(channel, command, **options)
        assert one_sentence(refused) == ONLY_TELLER, command
    ended = await player.slash(channel, "clocktower end")
    assert "Only the storyteller" in one_sentence(ended)
    assert table.session(channel) is session
    assert session.state == before and len(session.actions) == actions


def harmless(s: ct.State, besides: int) -> int:
    """A living good player to nominate whose execution neither ends the game nor the vote."""
    return next(
        x.player
        for x in s.seats
        if x.alive
        and x.player != besides
        and x.team in ("townsfolk", "outsider")
        and x.character not in ("virgin", "saint")
    )


def two_harmless(s: ct.State) -> bool:
    """A deal with two players ``harmless`` may choose, whoever nominates."""
    return sum(x.team == "townsfolk" and x.character != "virgin" for x in s.seats) >= 2


# Who may use the storyteller's tools --------------------------------------------------------
async def test_a_human_storyteller_rules_by_dm_and_players_cannot(table):
    teller, _ = await open_game(table, players=5, storyteller="me")
    player = table.members[1]
    await refused_everything(table, player)  # in the lobby
    assert state(table).phase is ct.Phase.LOBBY

    await teller.slash(table.channel, "clocktower start")
    await refused_everything(table, player)  # at night, while the storyteller rules
    await to_day(table, teller)
    await refused_everything(table, player)  # by day
    assert state(table).phase is ct.Phase.DAY

    grimoire = await teller.slash(table.channel, "clocktower grimoire")
    answer = (grimoire.followups or [grimoire.response])[-1]
    assert grimoire.ephemeral and player.name in answer.content
    (png,) = answer.attachments
    assert (await png.read()).startswith(b"\x89PNG")
    assert_no_secret_in_public(table.public_texts())

    tower = table.guild.create_text_channel("tower")
    leader, _ = await open_game(table, players=5, channel=tower)
    other = table.member(state(table, tower).players[1])
    for command, options in (
        ("clocktower grimoire", {}),
        ("clocktower adjust", {"player": str(other.id), "change": "kill"}),
        ("clocktower wake", {"target": str(other.id)}),
        ("clocktower skip", {}),
        ("clocktower undo", {}),
    ):
        for who in (leader, other):  # in a bot game nobody has the human storyteller's tools
            refused = await who.slash(tower, command, **options)
            assert one_sentence(refused) == BOT_ONLY, command
    refused = await other.slash(tower, "clocktower end")
    assert "its leader" in one_sentence(refused)
    assert table.session(tower) is not None


# Bad input ----------------------------------------------------------------------------------
async def test_bad_input_gets_one_clear_sentence(table):
    opener, _ = await open_game(table, players=5)
    player = table.members[1]
    early = await player.slash(table.channel, "clocktower nominate", player=str(opener.id))
    assert one_sentence(early) == "That can only be done during the day."
    nonsense = await player.slash(table.channel, "clocktower nominate", player="nobody")
    assert one_sentence(nonsense) == "Choose a player from the list."
    whisper = await player.slash(table.channel, "clocktower whisper", player=str(opener.id))
    assert one_sentence(whisper) == "Players whisper during the day."
    elsewhere = table.guild.create_text_channel("elsewhere")
    missing = await player.slash(elsewhere, "clocktower status")
    assert "no Clocktower game" in refusal(missing)  # and how to open one
    unknown = await player.slash(elsewhere, "clocktower new", script="no such script")
    assert "No saved script" in one_sentence(unknown)
    assert table.session(elsewhere) is None
    choices = await player.autocomplete(table.channel, "clocktower nominate", "player", "")
    assert {c["value"] for c in choices} == {str(p) for p in state(table).players}

    await opener.slash(table.channel, "clocktower start")
    await to_day(table)
    session = table.session()
    stranger = table.add("stranger")
    for who, target, sentence in (
        (opener, stranger.id, "You can only nominate a player in this game."),
        (stranger, opener.id, "Only living players may nominate."),
    ):
        refused = await who.slash(table.channel, "clocktower nominate", player=str(target))
        assert one_sentence(refused) == sentence
    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    board = vote_board(table.channel)
    actions = len(session.actions)
    other = next(p for p in ct.living(state(table)) if p not in (opener.id, target))
    during = await table.member(other).slash(table.channel, "clocktower nominate", player="1")
    assert one_sentence(during) == "Wait until the current vote is over."
    voter = state(table).vote.order[state(table).vote.index]
    await vote(table, False)
    actions = len(session.actions)
    refused = await table.member(voter).click(board, label="Hand up")
    assert one_sentence(refused) == "That hand was already counted; it is locked."
    assert len(session.actions) == actions and state(table).vote.yes == ()
    while state(table).vote is not None:
        await vote(table, False)
    after = session.state
    closed = fresh(table.channel, board)  # a finished vote keeps no buttons to click
    assert "This vote is closed." in closed.content and not closed.components
    twice = await opener.slash(table.channel, "clocktower nominate", player=str(other))
    assert one_sentence(twice) == "You have already nominated today."
    again = await table.member(other).slash(
        table.channel, "clocktower nominate", player=str(target)
    )
    assert one_sentence(again) == "That player was already nominated today."
    assert session.state is after

    not_leader = await table.member(other).slash(table.channel, "clocktower end")
    assert "leader" in one_sentence(not_leader) and table.session() is session
    ended = await opener.slash(table.channel, "clocktower end")
    assert ended.ephemeral and table.session() is None
    assert "no result is recorded" in table.public_texts()[-1]
    rows, _ = await results_in_db(table)
    assert rows == []  # an abandoned game is not a result


# People leaving -----------------------------------------------------------------------------
async def test_a_member_who_leaves_the_server_gives_up_their_seat(table, monkeypatch):
    deal(monkeypatch, seed_where(5, two_harmless))  # the five who stay
    opener, lobby = await open_game(table, players=6)
    leaver = table.members[3]
    table.guild.remove_member(leaver)
    await table.env.settle()
    assert leaver.id not in state(table).players and len(state(table).players) == 5
    assert f"<@{leaver.id}>" not in fresh(table.channel, lobby).content

    await opener.slash(table.channel, "clocktower start")
    await to_day(table)
    target = harmless(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    voter = state(table).vote.order[state(table).vote.index]
    if voter == opener.id:  # the opener votes first: the leaver is the next voter
        await vote(table, True)
        voter = state(table).vote.order[state(table).vote.index]
    gone = table.member(voter)
    table.guild.remove_member(gone)
    await table.env.settle()  # no time passes: their turn passes at once
    assert any(
        f"<@{gone.id}> has left the server; their turns will pass" in t
        for t in table.public_texts()
    )
    record = state(table).history[-1] if state(table).vote is None else state(table).vote
    assert gone.id not in record.yes
    assert state(table).vote is None or state(table).vote.order[state(table).vote.index] != gone.id
    while state(table).vote is not None:
        await vote(table, True)
    assert state(table).history[-1].yes and gone.id not in state(table).history[-1].yes

    table.guild.remove_member(opener)  # the leader goes: the next seated player leads
    await table.env.settle()
    heir = next(p for p in state(table).players if p not in (opener.id, gone.id))
    assert f"<@{heir}> now leads the game" in table.public_texts()[-1]
    ended = await table.member(heir).slash(table.channel, "clocktower endday")
    assert ended.ephemeral and said(ended) == "The day is over.", said(ended)
    assert table.session() is not None

    tower = table.guild.create_text_channel("tower")
    teller, _ = await open_game(table, players=5, storyteller="me", channel=tower)
    await teller.slash(tower, "clocktower start")
    table.guild.remove_member(teller)
    await table.env.settle()
    assert table.session(tower) is None
    texts = table.public_texts(tower)
    assert any(
        f"The storyteller <@{teller.id}> has left the server; the game ends" in t for t in texts
    )
    assert "no result is recorded" in texts[-1]
    rows, _ = await results_in_db(table)
    assert rows == []


# The day ------------------------------------------------------------------------------------
async def test_whisper_status_and_votes_during_the_day(table):
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    await to_day(table)
    friend = table.members[1]
    whisper = await opener.slash(table.channel, "clocktower whisper", player=str(friend.id))
    assert not whisper.ephemeral
    assert f"<@{opener.id}> and <@{friend.id}> step aside" in table.channel.last_message.content
    alone = await opener.slash(table.channel, "clocktower whisper", player=str(opener.id))
    assert one_sentence(alone) == "Whispers are between two different players of this game."
    status = await friend.slash(table.channel, "clocktower status")
    assert status.ephemeral and "Alive:" in said(status) and "May still nominate" in said(status)
    assert not TB_NAMES.search(said(status)) and not ALIGNMENT.search(said(status))
    none_yet = await friend.slash(table.channel, "clocktower votes")
    assert said(none_yet) == "No votes yet."

    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    voting = await friend.slash(table.channel, "clocktower status")
    voter = state(table).vote.order[0]
    assert f"Voting: the count has reached <@{voter}>." in said(voting)
    while state(table).vote is not None:
        await vote(table, False)
    history = await friend.slash(table.channel, "clocktower votes")
    assert f"<@{opener.id}> nominated <@{target}> — 0 vote(s) of" in said(history)
    assert "**Day 1**" in said(history) and "hands: nobody" in said(history)
    other_day = await friend.slash(table.channel, "clocktower votes", day=2)
    assert said(other_day) == "No votes on day 2."
    mine = await opener.slash(table.channel, "clocktower me")
    assert mine.ephemeral and "you are the" in said(mine)
    assert_no_secret_in_public(table.public_texts())


async def test_idle_voters_are_reminded_then_skipped(table):
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    await to_day(table)
    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    voter = state(table).vote.order[0]
    await table.env.advance_time(TIMES.vote / 2 + 1)
    assert any(f"<@{voter}>, the vote waits for your hand." in t for t in table.public_texts())
    assert state(table).vote.index == 0
    await table.env.advance_time(TIMES.vote / 2)
    assert state(table).vote.index == 1 and voter not in state(table).vote.yes  # a "no"
    assert [a for a in table.session().actions if isinstance(a, ct.Vote)] == [
        ct.Vote(ct.SYSTEM, False, voter=voter)
    ]


async def test_the_storyteller_votes_for_an_idle_player_and_undoes_it(table):
    teller, _ = await open_game(table, players=5, storyteller="me")
    await teller.slash(table.channel, "clocktower start")
    await to_day(table, teller)
    nominator = ct.living(state(table))[0]
    target = nominee(state(table), nominator)
    await table.member(nominator).slash(table.channel, "clocktower nominate", player=str(target))
    voter = state(table).vote.order[0]

    await table.env.advance_time(TIMES.vote * 5)  # a human storyteller's game never guesses
    assert state(table).vote.index == 0 and state(table).vote.yes == ()
    reminder = f"<@{voter}>, the vote waits for your hand. <@{teller.id}> may vote for them."
    assert any(reminder in t for t in table.public_texts())
    assert any("the vote waits for" in t for t in table.dm_texts(teller.id))

    override = await teller.click(vote_board(table.channel), label="Hand up")
    assert override.ephemeral and "counted" in said(override)
    assert state(table).vote.yes == (voter,)
    assert "Counted yes: 1" in vote_board(table.channel).content
    undo = await teller.slash(table.channel, "clocktower undo")
    assert said(undo) == "Undone: Vote." and state(table).vote.yes == ()
    assert "Counted yes: 0" in vote_board(table.channel).content
    adjusted = await teller.slash(
        table.channel, "clocktower adjust", player=str(voter), change="remind", value="suspicious"
    )
    assert adjusted.ephemeral and said(adjusted) == "The grimoire is changed.", said(adjusted)
    assert any("suspicious" in s["reminders"] for s in ct.grimoire(state(table))["seats"])
    wrong = await teller.slash(
        table.channel,
        "clocktower adjust",
        player=str(voter),
        change="character",
        value="Town Drunkard",
    )
    assert one_sentence(wrong) == "Town Drunkard is no character."


# The night ----------------------------------------------------------------------------------
async def test_the_fortune_teller_picks_two_players_in_one_menu(table, monkeypatch):
    deal(monkeypatch, seed_where(5, holding("fortuneteller")))
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    while (prompt := ct.open_prompts(state(table))[0]).data["character"] != "fortuneteller":
        await answer_night(table, prompt)
    assert prompt.kind == "night_choice" and prompt.data["pick"] == 2
    teller = prompt.to[0]
    (picker,) = [item for item in items(table.last_dm(teller)) if item.get("options")]
    assert picker["min_values"] == picker["max_values"] == 2
    await table.restart()  # the menu is persistent
    await answer_night(table, prompt)
    learned = table.dm_texts(teller)[-1]
    assert "**Fortune Teller**" in learned and "the Demon" in learned
    for chosen in prompt.default:  # named (or, with a cold member cache, numbered)
        assert table.member(chosen).name in learned or str(chosen) in learned


async def test_the_bot_storyteller_answers_a_departed_choosers_night_choice_at_once(
    table, monkeypatch
):
    deal(monkeypatch, seed_where(6, holding("fortuneteller")))
    opener, _ = await open_game(table, players=6)
    await opener.slash(table.channel, "clocktower start")
    while (prompt := ct.open_prompts(state(table))[0]).data["character"] != "fortuneteller":
        await answer_night(table, prompt)
    chooser = prompt.to[0]
    table.guild.remove_member(table.member(chooser))
    await table.env.settle()  # no time passes
    assert ct.open_prompts(state(table))[:1] != (prompt,)
    chosen = [a for a in table.session().actions if isinstance(a, ct.NightChoice)][-1]
    assert chosen == ct.NightChoice(ct.SYSTEM, tuple(prompt.default), player=chooser)
    departure = f"👋 <@{chooser}> has left the server; their turns will pass."
    assert departure in table.public_texts()  # said of anyone who leaves, waking or not


async def test_a_human_storyteller_is_told_at_once_of_a_departed_voter_by_name(table, monkeypatch):
    deal(monkeypatch, seed_where(5, two_harmless))
    teller, _ = await open_game(table, players=5, storyteller="me")
    await teller.slash(table.channel, "clocktower start")
    await to_day(table, teller)
    s = state(table)
    nominator = ct.living(s)[0]
    target = harmless(s, nominator)
    await table.member(nominator).slash(table.channel, "clocktower nominate", player=str(target))
    voter = state(table).vote.order[0]
    gone = table.member(voter)
    table.guild.remove_member(gone)
    await table.env.settle()  # no time passes
    assert any(
        f"<@{voter}> has left the server; the storyteller may act for them" in t
        for t in table.public_texts()
    )
    told = table.dm_texts(teller.id)[-1]
    assert "the vote waits for" in told and "(they have left the server)" in told, told
    assert state(table).vote.index == 0  # a human storyteller's game never guesses
    counted = await teller.click(vote_board(table.channel), label="Hand down")
    assert counted.ephemeral and "counted" in said(counted)
    assert state(table).vote.index == 1 and voter not in state(table).vote.yes
    assert f"the vote waits for {gone.name} (they have left the server)" in told, told


# Menus that outlived their question ---------------------------------------------------------
async def test_a_night_menu_of_an_earlier_night_is_refused(table, monkeypatch):
    """The Poisoner's menu of night 1 (here the copy `/clocktower me` showed) names players
    still legal on night 2, yet never answers night 2's wake: the engine refuses it."""
    deal(monkeypatch, seed_where(5, holding("poisoner")))
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    poisoner = next(s.player for s in state(table).seats if s.character == "poisoner")
    kept = None
    while state(table).phase is not ct.Phase.DAY:
        prompt = ct.open_prompts(state(table))[0]
        if prompt.to == (poisoner,):
            kept = (await table.member(poisoner).slash(table.channel, "clocktower me")).response
        await answer_night(table, prompt)
    assert kept is not None
    ended = await opener.slash(table.channel, "clocktower endday")
    assert said(ended) == "The day is over."
    while (prompt := ct.open_prompts(state(table))[0]).to != (poisoner,):
        await answer_night(table, prompt)
    target = next(p for p in prompt.options if p != poisoner)
    late = await table.member(poisoner).select(kept, [str(target)], custom_id=menu_id(kept, target))
    assert refusal(late) == "That menu is from an earlier wake; use the one you were sent last."
    assert ct.open_prompts(state(table))[0] == prompt  # still awaited, nothing chosen
    await answer_night(table, prompt)  # tonight's menu answers it
    assert ct.open_prompts(state(table))[:1] != (prompt,)


async def test_a_ruling_pressed_twice_is_refused(table, monkeypatch):
    deal(monkeypatch, seed_where(5, two_harmless))
    teller, _ = await open_game(table, players=5, storyteller="me")
    await teller.slash(table.channel, "clocktower start")
    prompt = ct.open_prompts(state(table))[0]
    assert prompt.kind == "ruling"
    dm = next(
        m
        for m in reversed(list(table.user(teller.id).dm_channel.history()))
        if m.components and f"decision #{prompt.data['decision']}" in m.content
    )
    first = await table.user(teller.id).click(dm, label=first_label(dm))
    assert said(first) == "Ruled."
    actions = len(table.session().actions)
    again = await table.user(teller.id).click(dm, label=first_label(dm))
    assert refusal(again) in (
        "That decision has already been made.",
        "No storyteller decision is awaited.",
    )
    assert len(table.session().actions) == actions


async def test_buttons_sent_before_the_upgrade_still_get_an_answer(table, monkeypatch):
    """A vote button named its vote, so it still counts in it; a night menu named no night, so
    it is refused with the way to the current one."""
    deal(monkeypatch, seed_where(5, two_harmless))
    opener, _ = await open_game(table, players=5)
    await opener.slash(table.channel, "clocktower start")
    await to_day(table)
    game = table.session().game.id
    target = nominee(state(table), opener.id)
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    running = len(state(table).history)
    view = discord.ui.View(timeout=None)  # as the bot sent them before questions had keys
    view.add_item(discord.ui.Button(label="Old hand", custom_id=f"rw:b:{game}:vote:yes-{running}"))
    view.add_item(discord.ui.Button(label="Old night", custom_id=f"rw:b:{game}:night:3"))
    await table.bot.get_channel(table.channel.id).send("old buttons", view=view)
    old = table.channel.last_message
    voter = table.member(state(table).vote.order[state(table).vote.index])
    counted = await voter.click(old, label="Old hand")
    assert said(counted) == "Your hand is counted." and voter.id in state(table).vote.yes
    night = await voter.click(old, label="Old night")
    assert "/clocktower me" in refusal(night)
