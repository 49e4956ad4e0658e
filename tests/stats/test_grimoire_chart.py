"""The grimoire picture and text, drawn from grimoires the real engine produced."""

from __future__ import annotations

import io
import math
from functools import cache

import matplotlib.image as mpimg
import numpy as np
import pytest

from engine.clocktower.catalogue import character, edition_characters
from engine.clocktower.game import Adjust, DeclareWinner, Phase, apply, grimoire
from engine.clocktower.selfplay import Player, setup_game
from stats.charts import DPI, drawable
from stats.charts.grimoire import Layout, grimoire_chart, grimoire_text, seat_views
from tests.stats.chart_checks import looking

FANCY = (
    "王小明",
    "🐉 Dragon",
    "𝓙𝓪𝓷𝓮 𝓓𝓸𝓮",
    "김민준",
    "さくらさくらさくら",
    "سارة",
    "Bartholomew Fitzgerald-Smythe",
    "$\\alpha$ x",
    "Ann 👩‍👩‍👧",
    "𝔐𝔞𝔯𝔨𝔲𝔰",
)

TB = tuple(c.id for c in edition_characters("tb"))
ST = 99
EIGHT = ("imp", "poisoner", "drunk", "washerwoman", "empath", "chef", "monk", "undertaker")
SIDE = 8 * DPI  # pixels: an 8-inch square
LONG = "a reminder far too long to fit anywhere on a small token, said twice over for length"


@cache
def played(players: int, travellers: int, seed: int, days: int) -> dict:
    """A seeded self-played game (stopped before it could end) with a storyteller who has
    made player 2 poisoned, player 4 drunk, and left reminders on player 5."""
    state = setup_game(TB, players, seed, travellers=travellers, storyteller=ST)
    table = Player(seed)
    while state.day < days:
        action = table.act(state)
        if isinstance(action, DeclareWinner):  # the stand-in storyteller would end it early
            continue
        after = apply(state, action).state
        if after.phase is Phase.OVER:
            break
        state = after
    for player, change, value in ((2, "poison", ""), (4, "drunk", ""), (5, "remind", "note")):
        state = apply(state, Adjust(ST, player, change, value)).state
    return grimoire(state)


@cache
def eight() -> dict:
    """Eight fixed characters (one the Drunk); the Chef killed by the storyteller on day 1."""
    state = setup_game(TB, 8, 5, characters=EIGHT, storyteller=ST)
    table = Player(5)
    while state.phase is not Phase.DAY:
        state = apply(state, table.act(state)).state
    state = apply(state, Adjust(ST, 6, "kill")).state
    return grimoire(state)


def names_for(g: dict) -> dict[int, str]:
    return {s["player"]: f"Name{s['player']:02d}" for s in g["seats"]}


def decode(png: bytes) -> np.ndarray:
    return mpimg.imread(io.BytesIO(png), format="png")


@pytest.mark.parametrize("players, travellers, days", [(5, 0, 1), (12, 2, 3), (15, 5, 3)])
def test_chart_is_a_phone_sized_png_for_5_to_20_seats(players, travellers, days):
    g = played(players, travellers, 3, days)
    assert len(g["seats"]) == players + travellers
    image = decode(grimoire_chart(g, names_for(g)))
    assert image.shape[:2] == (SIDE, SIDE)
    assert image[..., :3].std() > 0.1  # something was drawn


@pytest.mark.parametrize(
    "players, travellers, days", [(5, 0, 1), (8, 0, 2), (12, 2, 3), (15, 5, 3)]
)
def test_long_and_foreign_names_are_drawn_whole_at_every_seat(players, travellers, days):
    """Every seat (so every direction round the circle) gets a long or non-Latin name; none is
    cut off by the picture's edge, and no glyph is missing (``looking`` fails on a warning)."""
    g = played(players, travellers, 3, days)
    names = {s["player"]: FANCY[k % len(FANCY)] for k, s in enumerate(g["seats"])}
    with looking() as look:
        grimoire_chart(g, names)
    assert look.cut_off() == []
    drawn = "".join(look.strings())
    for seat in g["seats"]:
        assert drawable(names[seat["player"]])[:4] in drawn  # "$" escaped: never mathematics


def test_chart_without_names_and_with_an_unknown_character_still_draws():
    g = dict(played(7, 0, 4, 2))
    first = dict(g["seats"][0], character="my_homebrew", mad="saint")
    g["seats"] = (first, *g["seats"][1:])
    assert decode(grimoire_chart(g)).shape[:2] == (SIDE, SIDE)


def test_tokens_never_overlap_their_neighbours():
    for seats in range(5, 21):
        layout = Layout(seats)
        (x0, y0), (x1, y1) = layout.at(0, 1.0), layout.at(1, 1.0)
        assert 2 * layout.radius < math.dist((x0, y0), (x1, y1))


def test_text_names_every_player_and_character():
    g = played(12, 2, 3, 3)
    names = names_for(g)
    text = grimoire_text(g, names)
    lines = text.splitlines()
    assert len(lines) == 1 + len(g["seats"])
    for number, (seat, line) in enumerate(zip(g["seats"], lines[1:], strict=True), start=1):
        assert line.startswith(f"{number}. {names[seat['player']]}: ")
        assert character(seat["character"]).name in line
        assert ("alive" in line) == seat["alive"]
        assert ("DEAD" in line) == (not seat["alive"])


def test_text_marks_the_dead_the_drunk_and_the_poisoned():
    g = eight()
    lines = grimoire_text(g).splitlines()
    assert lines[0].startswith(f"Day {g['day']} · Night {g['night']} · phase: day · 7 of 8 alive")
    assert "player 6: Chef (townsfolk) DEAD, vote left" in lines[6]
    drunk_line = lines[3]
    assert "Drunk (outsider)" in drunk_line and "[drunk" in drunk_line  # (and poisoned, maybe)
    shown = character(g["seats"][2]["shown"]).name
    assert f"thinks: {shown}" in drunk_line
    no_vote = dict(g["seats"][5], ghost_vote=False)
    g2 = dict(g, seats=(*g["seats"][:5], no_vote, *g["seats"][6:]))
    assert "DEAD, no vote" in grimoire_text(g2).splitlines()[6]


def test_marks_read_as_the_token_that_placed_them():
    g = played(12, 2, 3, 3)
    views = seat_views(g, names_for(g))
    assert "ST: poisoned" in views[1].reminders and "poisoned" in views[1].states
    assert "ST: drunk" in views[3].reminders and "drunk" in views[3].states
    assert "note" in views[4].reminders
    characters = {character(s["character"]).name for s in g["seats"]}
    for view in views:
        for reminder in view.reminders:
            owner, _, kind = reminder.partition(": ")
            if kind and owner not in ("ST", "thinks"):
                assert owner in characters


def test_text_fits_a_discord_message_with_every_seat_kept():
    state = setup_game(TB, 15, 8, storyteller=ST)
    table = Player(8)
    while state.phase is Phase.SETUP:
        state = apply(state, table.act(state)).state
    for player in range(1, 16):
        for k in range(3):
            state = apply(state, Adjust(ST, player, "remind", f"{LONG} {k}")).state
    g = grimoire(state)
    names = {p: "A very long display name indeed " + str(p) for p in range(1, 16)}
    text = grimoire_text(g, names)
    assert len(text) <= 2000
    lines = text.splitlines()
    assert len(lines) == 16
    for number, line in enumerate(lines[1:], start=1):
        assert line.startswith(f"{number}. A very long display…: ")
        assert line.endswith("…")
    assert len(grimoire_text(g, names, limit=600)) <= 600


def test_twenty_seats_fit_too():
    g = played(15, 5, 3, 3)
    text = grimoire_text(g, names_for(g))
    assert len(text) <= 2000
    assert len(text.splitlines()) == 21


def test_text_escapes_discord_markdown_in_names_and_notes():
    g = played(12, 2, 3, 3)
    text = grimoire_text(g, {1: "dj_khaled*fan", 5: "`x|y~"})
    assert "1. dj\\_khaled\\*fan: " in text
    assert "5. \\`x\\|y\\~: " in text
