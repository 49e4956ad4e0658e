"""Bounded parsing of what users type (bot/parsing.py): no input crashes, each is refused in a
sentence."""

from __future__ import annotations

import pytest

from bot.errors import Refusal
from bot.parsing import mention_id, quoted, user_id, user_id_in, user_ids, whole_number


def test_ids_come_as_autocomplete_gives_them_or_as_mentions():
    assert user_id("123456789012345678") == 123456789012345678
    assert user_id(" <@42> ") == 42 and user_id("<@!42>") == 42


@pytest.mark.parametrize(
    "typed", ["9" * 5000, "9" * 21, "²", "١٢٣", "1\u200b2", "<@&42>", "p1", "", "<@9999>x"]
)
def test_anything_else_is_no_player(typed):
    assert user_id_in(typed) is None
    with pytest.raises(Refusal, match="Choose a player from the list."):
        user_id(typed)


def test_a_list_of_players_is_mentions_or_ids_by_spaces_or_commas():
    assert user_ids("<@1> <@!2>, 3,<@4>") == (1, 2, 3, 4)
    assert user_ids("  ") == ()
    for typed in ("<@1> the baker", "9" * 5000, "<@1>;<@2>"):
        with pytest.raises(Refusal):
            user_ids(typed)


def test_numbers_are_whole_and_short():
    assert whole_number(" -7 ", "no") == -7
    with pytest.raises(Refusal, match="too long"):
        whole_number("9" * 5000, "Show a whole number, such as 2.")
    for typed in ("²", "1.5", "two", "1\u200b"):
        with pytest.raises(Refusal, match="Show a whole number"):
            whole_number(typed, "Show a whole number, such as 2.")


def test_mentions_longer_than_an_id_and_echoes_are_bounded():
    assert mention_id("9" * 5000) is None and mention_id("١٢") is None
    assert mention_id("42") == 42
    echoed = quoted("**" + "9" * 5000 + "** <@1> @everyone")
    assert len(echoed) < 80 and echoed.endswith("…") and "**" not in echoed
    assert "@\u200beveryone" in quoted("@everyone")
