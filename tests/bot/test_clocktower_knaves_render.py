"""Information told by one of the Knaves names that Knave; with one storyteller, none."""

from __future__ import annotations

from dataclasses import replace

from bot.render.clocktower import info_text
from engine.clocktower.game.events import Info

EMPATH = Info(3, character="empath", night=2, answer=1, players=(2, 4))


def name(player: int) -> str:
    return f"player{player}"


def test_the_knave_who_told_it_is_named():
    told = replace(EMPATH, teller="the Knave of Spades")
    assert "(told by the Knave of Spades)" in info_text(told.data, (1, 2, 3, 4), name)


def test_with_one_storyteller_nobody_is_named():
    assert "teller" not in EMPATH.data
    assert "told by" not in info_text(EMPATH.data, (1, 2, 3, 4), name)
