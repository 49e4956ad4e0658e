"""Clocktower day abilities through SimCord: the Slayer's public shot (and a bluffer's empty one),
a Traveller's exile, the Gunslinger's shot after the first vote, a ghost vote given to the
Beggar, and the lobby's Join as Traveller button. The deals are forced by the game's seed."""

from __future__ import annotations

import engine.clocktower.game as ct
from tests.bot.test_clocktower_bot import (
    deal,
    fresh,
    holding,
    open_game,
    results_in_db,
    said,
    seed_where,
    state,
    to_day,
    vote,
    vote_board,
)


def characters(s: ct.State) -> set[str]:
    return {x.character for x in s.seats}


def travelling_as(character: str):
    return lambda s: any(x.team == "traveller" and x.character == character for x in s.seats)


def holder(table, character: str) -> int:
    return next(x.player for x in state(table).seats if x.character == character)


def demon(table) -> int:
    return next(x.player for x in state(table).seats if x.team == "demon" and x.alive)


async def first_day(table, monkeypatch, players: int, wanted, travellers: int = 0):
    """A bot-storyteller game dealt as ``wanted`` says, played to its first morning; the opener."""
    deal(monkeypatch, seed_where(players, wanted, travellers=travellers))
    opener, _ = await open_game(table, players=players, travellers=travellers)
    started = await opener.slash(table.channel, "clocktower start")
    assert started.ephemeral, said(started)
    await to_day(table)
    return opener


def new_public(table, before: int) -> list[str]:
    return table.public_texts()[before:]


# The Slayer ---------------------------------------------------------------------------------
def sober_slayer_without(*absent: str):
    return lambda s: holding("slayer")(s) and not characters(s) & set(absent)


async def test_a_bluffers_slayer_claim_does_nothing_and_the_slayer_kills_the_demon(
    table, monkeypatch
):
    await first_day(table, monkeypatch, 7, sober_slayer_without("poisoner", "scarletwoman"))
    imp, slayer = demon(table), holder(table, "slayer")
    bluffer = next(
        x.player for x in state(table).seats if x.alignment == "good" and x.player != slayer
    )
    before = len(table.public_texts())
    claim = await table.member(bluffer).slash(table.channel, "clocktower use slay", player=str(imp))
    assert claim.ephemeral and said(claim) == "Your shot is taken.", said(claim)
    assert new_public(table, before) == [
        f"🏹 <@{bluffer}> uses a Slayer's shot on <@{imp}>… but nothing happens."
    ]
    assert ct.seat(state(table), imp).alive and state(table).phase is ct.Phase.DAY
    assert not ct.seat(state(table), slayer).used  # the real Slayer keeps the shot

    shot = await table.member(slayer).slash(table.channel, "clocktower use slay", player=str(imp))
    assert shot.ephemeral and said(shot) == "Your shot is taken.", said(shot)
    texts = table.public_texts()
    assert f"🏹 <@{slayer}> uses a Slayer's shot on <@{imp}>… and they fall dead." in texts
    assert f"💀 <@{imp}> is shot." in texts
    reveal = next(t for t in texts if "The grimoire:" in t)
    assert "Good wins!" in reveal and "the Demon is dead" in reveal
    assert table.session() is None
    rows, _ = await results_in_db(table)
    assert [r[1] for r in rows] == ["good"]


async def test_the_slayer_who_misses_has_spent_the_shot(table, monkeypatch):
    await first_day(table, monkeypatch, 7, sober_slayer_without("poisoner", "scarletwoman"))
    imp, slayer = demon(table), holder(table, "slayer")
    innocent = next(
        x.player for x in state(table).seats if x.team == "townsfolk" and x.player != slayer
    )
    missed = await table.member(slayer).slash(
        table.channel, "clocktower use slay", player=str(innocent)
    )
    assert missed.ephemeral and said(missed) == "Your shot is taken.", said(missed)
    assert "but nothing happens" in table.public_texts()[-1]
    await table.member(slayer).slash(table.channel, "clocktower use slay", player=str(imp))
    assert f"<@{imp}>… but nothing happens." in table.public_texts()[-1]
    assert ct.seat(state(table), slayer).used
    assert all(x.alive for x in state(table).seats) and state(table).phase is ct.Phase.DAY


async def test_the_scarlet_woman_takes_over_when_the_slayer_kills_the_demon(table, monkeypatch):
    wanted = sober_slayer_without("poisoner")
    await first_day(table, monkeypatch, 7, lambda s: wanted(s) and "scarletwoman" in characters(s))
    imp, slayer, woman = demon(table), holder(table, "slayer"), holder(table, "scarletwoman")
    await table.member(slayer).slash(table.channel, "clocktower use slay", player=str(imp))
    assert f"💀 <@{imp}> is shot." in table.public_texts()
    assert not any("wins!" in t for t in table.public_texts())  # five or more alive: play on
    assert table.session() is not None and state(table).phase is ct.Phase.DAY
    assert demon(table) == woman


async def test_slay_refuses_a_player_outside_the_game(table, monkeypatch):
    await first_day(table, monkeypatch, 7, sober_slayer_without())
    slayer = holder(table, "slayer")
    wrong = await table.member(slayer).slash(table.channel, "clocktower use slay", player="nobody")
    assert wrong.ephemeral and said(wrong) == "Choose a player from the list."
    stranger = table.add("stranger")
    outside = await table.member(slayer).slash(
        table.channel, "clocktower use slay", player=str(stranger.id)
    )
    assert outside.ephemeral and said(outside) == "Choose a player in this game."
    assert not ct.seat(state(table), slayer).used


# Travellers ---------------------------------------------------------------------------------
async def test_a_traveller_is_exiled_by_a_called_vote(table, monkeypatch):
    opener = await first_day(table, monkeypatch, 6, lambda s: True, travellers=1)
    (traveller,) = state(table).travellers
    resident = next(p for p in state(table).players if p not in (traveller, opener.id))
    called = await opener.slash(table.channel, "clocktower nominate", player=str(traveller))
    assert called.ephemeral and "call for the exile" in said(called), said(called)
    assert f"<@{opener.id}> calls for the exile of <@{traveller}>" in table.public_texts()[-1]
    while state(table).vote is not None:
        await vote(table, True)
    texts = table.public_texts()
    assert "received **7** of 4 needed: the Traveller is exiled." in "\n".join(texts)
    assert f"💀 <@{traveller}> is exiled." in texts
    assert not ct.seat(state(table), traveller).alive
    assert state(table).history[-1].exile and state(table).phase is ct.Phase.DAY
    nominated = await opener.slash(table.channel, "clocktower nominate", player=str(resident))
    assert "Your nomination is made" in said(nominated)  # a resident's is a nomination
    assert not state(table).vote.exile


async def test_the_gunslinger_shoots_a_player_who_voted(table, monkeypatch):
    wanted = travelling_as("gunslinger")
    opener = await first_day(
        table, monkeypatch, 6, lambda s: wanted(s) and "poisoner" not in characters(s), 1
    )
    gunslinger, imp = holder(table, "gunslinger"), demon(table)
    gun = table.member(gunslinger)
    early = await gun.slash(table.channel, "traveller shoot", player=str(opener.id))
    assert early.ephemeral and "only after the day's first vote" in said(early), said(early)

    s = state(table)
    target = next(
        p
        for p in ct.living(s)
        if p not in (imp, gunslinger, opener.id) and ct.seat(s, p).character != "virgin"
    )
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    first_voter = state(table).vote.order[0]
    await vote(table, False)  # the first in the circle keeps their hand down
    while state(table).vote is not None:
        await vote(table, True)
    yes = state(table).history[-1].yes
    assert first_voter not in yes and len(yes) == len(ct.living(state(table))) - 1

    stranger = table.member(next(p for p in yes if p != gunslinger))
    claim = await stranger.slash(table.channel, "traveller shoot", player=str(target))
    assert claim.ephemeral and said(claim) == "Only a living Gunslinger can do that."
    down = await gun.slash(table.channel, "traveller shoot", player=str(first_voter))
    assert down.ephemeral and said(down) == "Choose a player who voted in the first vote."

    victim = next(p for p in yes if p not in (imp, gunslinger))
    fired = await gun.slash(table.channel, "traveller shoot", player=str(victim))
    assert fired.ephemeral and said(fired) == "You fire.", said(fired)
    texts = table.public_texts()
    assert texts[-2:] == [
        f"🔫 <@{gunslinger}> the Gunslinger shoots at <@{victim}>.",
        f"💀 <@{victim}> is shot.",
    ]
    assert not ct.seat(state(table), victim).alive
    twice = await gun.slash(table.channel, "traveller shoot", player=str(target))
    assert twice.ephemeral and said(twice) == "You have already shot today."


async def ghost_on_day_two(table, monkeypatch, wanted) -> tuple[int, int]:
    """A game with a Beggar, played until a good resident executed on day 1 is a ghost on day 2;
    (the Beggar, the ghost)."""
    opener = await first_day(table, monkeypatch, 6, wanted, travellers=1)
    beggar = holder(table, "beggar")
    victim = next(  # no Saint, Virgin or Recluse (who might register as evil)
        x.player
        for x in state(table).seats
        if x.team in ("townsfolk", "outsider")
        and x.character not in ("saint", "virgin", "recluse")
        and x.player != opener.id
    )
    await opener.slash(table.channel, "clocktower nominate", player=str(victim))
    while state(table).vote is not None:  # the Beggar has no vote token yet
        await vote(table, state(table).vote.order[state(table).vote.index] != beggar)
    ended = await opener.slash(table.channel, "clocktower endday")
    assert ended.ephemeral and "over" in said(ended), said(ended)
    await to_day(table)
    assert not ct.seat(state(table), victim).alive and ct.seat(state(table), victim).ghost_vote
    return beggar, victim


async def test_a_dead_player_gives_their_ghost_vote_to_the_beggar(table, monkeypatch):
    beggar, victim = await ghost_on_day_two(table, monkeypatch, travelling_as("beggar"))
    living = table.member(next(p for p in ct.living(state(table)) if p != beggar))
    alive = await living.slash(table.channel, "traveller givevote", beggar=str(beggar))
    assert alive.ephemeral and "Only a dead player" in said(alive), said(alive)
    ghost = table.member(victim)
    wrong = await ghost.slash(table.channel, "traveller givevote", beggar=str(living.id))
    assert wrong.ephemeral and said(wrong) == "Vote tokens can only be given to a living Beggar."

    given = await ghost.slash(table.channel, "traveller givevote", beggar=str(beggar))
    assert given.ephemeral and said(given) == "Your vote token is given.", said(given)
    assert table.public_texts()[-1] == f"🪙 <@{victim}> gives their ghost vote to <@{beggar}>."
    assert "gave you their vote token; they are good." in table.dm_texts(beggar)[-1]
    assert not ct.seat(state(table), victim).ghost_vote
    again = await ghost.slash(table.channel, "traveller givevote", beggar=str(beggar))
    assert again.ephemeral and "Only a dead player" in said(again)

    s = state(table)  # the Beggar now raises a hand, spending the token
    nominator = next(p for p in ct.living(s) if p != beggar)
    target = next(p for p in ct.living(s) if p not in (beggar, nominator))
    await table.member(nominator).slash(table.channel, "clocktower nominate", player=str(target))
    while state(table).vote is not None:
        await vote(table, state(table).vote.order[state(table).vote.index] == beggar)
    assert state(table).history[-1].yes == (beggar,)
    assert not [m for m in state(table).marks if m.kind == "token"]


async def test_an_exile_vote_does_not_spend_or_claim_a_ghost_vote(table, monkeypatch):
    beggar, victim = await ghost_on_day_two(table, monkeypatch, travelling_as("beggar"))
    caller = table.member(next(p for p in ct.living(state(table)) if p != beggar))
    await caller.slash(table.channel, "clocktower nominate", player=str(beggar))
    boards = []
    while state(table).vote is not None:
        if state(table).vote.order[state(table).vote.index] == victim:
            boards.append(vote_board(table.channel).content)
        await vote(table, True)
    assert len(boards) == 1 and victim in state(table).history[-1].yes
    assert ct.seat(state(table), victim).ghost_vote  # the ghost vote is still theirs
    assert "ghost vote" not in boards[0], boards[0]


async def test_join_as_traveller_takes_a_traveller_seat(table, monkeypatch):
    deal(monkeypatch, seed_where(5, lambda s: True, travellers=1))
    opener, lobby = await open_game(table, players=5)
    newcomer = table.add("newcomer")
    joined = await newcomer.click(lobby, label="Join as Traveller")
    assert joined.ephemeral and said(joined) == "You have a seat as a Traveller.", said(joined)
    assert state(table).travellers == (newcomer.id,)
    assert f"<@{newcomer.id}> (Traveller)" in fresh(table.channel, lobby).content
    twice = await newcomer.click(lobby, label="Join as Traveller")
    assert twice.ephemeral and said(twice) == "You are already in this game."
    assert state(table).travellers == (newcomer.id,)

    left = await newcomer.click(lobby, label="Leave")
    assert left.ephemeral and state(table).travellers == ()
    assert "(Traveller)" not in fresh(table.channel, lobby).content
    back = await newcomer.click(lobby, label="Join as Traveller")
    assert back.ephemeral and state(table).travellers == (newcomer.id,)

    await opener.slash(table.channel, "clocktower start")
    seat = ct.seat(state(table), newcomer.id)
    assert seat.team == "traveller"
    name = next(t for t in table.public_texts() if "travels as the" in t)
    assert f"<@{newcomer.id}> travels as the **" in name
    assert "you are the" in table.dm_texts(newcomer.id)[0].lower()


# The menus the commands offer -----------------------------------------------------------------
def offered(choices: list[dict]) -> set[int]:
    return {int(c["value"]) for c in choices}


def gunslinger_and_beggar(s: ct.State) -> bool:
    both = travelling_as("gunslinger")(s) and travelling_as("beggar")(s)
    return both and "poisoner" not in characters(s)


async def test_nominate_and_slay_offer_the_players_the_rules_allow(table, monkeypatch):
    opener = await first_day(table, monkeypatch, 6, gunslinger_and_beggar, travellers=2)
    nominees = await opener.autocomplete(table.channel, "clocktower nominate", "player", "")
    assert set(state(table).travellers) <= offered(nominees)  # a Traveller's: a call for exile
    targets = await opener.autocomplete(table.channel, "clocktower use slay", "player", "")
    assert offered(targets) == set(ct.living(state(table)))


async def test_shoot_offers_the_voters_of_the_first_nomination_after_an_exile_call(
    table, monkeypatch
):
    opener = await first_day(table, monkeypatch, 6, gunslinger_and_beggar, travellers=2)
    gunslinger, beggar = holder(table, "gunslinger"), holder(table, "beggar")
    await opener.slash(table.channel, "clocktower nominate", player=str(beggar))
    while state(table).vote is not None:  # nobody wants the Beggar gone
        await vote(table, False)
    s = state(table)
    target = next(
        p
        for p in ct.living(s)
        if p not in (*s.travellers, opener.id, demon(table)) and ct.seat(s, p).character != "virgin"
    )
    await opener.slash(table.channel, "clocktower nominate", player=str(target))
    while state(table).vote is not None:
        await vote(table, state(table).vote.order[state(table).vote.index] != beggar)
    first_vote = state(table).history[-1]
    assert not first_vote.exile and first_vote.yes
    for voter in first_vote.yes:  # the rules let the Gunslinger shoot any of them now
        ct.apply(state(table), ct.Shoot(by=gunslinger, target=voter))
    gun = table.member(gunslinger)
    choices = await gun.autocomplete(table.channel, "traveller shoot", "player", "")
    assert offered(choices) == set(first_vote.yes)


async def test_givevote_offers_only_the_beggar(table, monkeypatch):
    opener = await first_day(table, monkeypatch, 6, gunslinger_and_beggar, travellers=2)
    beggar = holder(table, "beggar")
    choices = await opener.autocomplete(table.channel, "traveller givevote", "beggar", "")
    assert offered(choices) == {beggar}
