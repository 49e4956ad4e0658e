"""The review chart of a finished Clocktower game, looked at as Discord shows it."""

from __future__ import annotations

from functools import cache

import pytest

from engine.clocktower.reasoning.review import review
from engine.clocktower.selfplay import play, setup_game
from stats.charts import DPI, WIDTH
from stats.charts.review import MAX_DAYS, review_chart
from tests.engine.clocktower.game.support import TB
from tests.stats.chart_checks import looking, pixels
from tests.stats.test_grimoire_chart import FANCY


@cache
def reviewed(players: int, seed: int):
    log: list = []
    play(TB, players, seed, log=log)
    return review(setup_game(TB, players, seed), log)


def draw(found, names=None, note=""):
    names = names or {p: FANCY[i % len(FANCY)] for i, p in enumerate(found.players)}
    with looking() as look:
        png = review_chart(found.players, found.days, found.demons, names, found.died, note)
    return look, png


@pytest.mark.parametrize("players, seed", [(7, 1), (10, 3), (15, 2)])
def test_a_phone_sized_chart_with_every_player_and_day(players, seed):
    found = reviewed(players, seed)
    look, png = draw(
        found, note="No claims were on the record: nominations, hands and deaths only."
    )
    width, height = pixels(png)
    assert width == WIDTH * DPI and height > 400
    assert look.cut_off() == [] and look.too_small() == [] and look.overlapping_ticks() == []
    strings = look.strings()
    assert "Day" in strings and all(str(day) in strings for day, _ in found.days)
    assert sum(s.endswith("(Demon)") for s in strings) == len(found.demons & set(found.players))
    assert "dead" in strings or not found.died


def test_the_last_days_of_a_long_game_and_a_game_with_no_day():
    found = reviewed(10, 3)
    days = tuple((d, {p: 1 / 10 for p in found.players}) for d in range(1, 20))
    look, _ = draw(found.__class__(found.players, days, found.demons, 0, {}))
    strings = look.strings()
    assert "19" in strings and str(19 - MAX_DAYS) not in strings
    empty = found.__class__(found.players, (), found.demons, 0, {})
    look, png = draw(empty)
    assert "The game ended before its first day." in look.strings() and pixels(png)[0] == 1100
