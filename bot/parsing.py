"""Reading numbers and people out of what users type, bounded, so no input can crash a command.

Python refuses to turn more than 4,300 digits into an ``int``, and ``str.isdigit`` is true for
characters ``int`` cannot read ("²"). Every parse of user text goes through here: only ASCII
digits, only as many as the value can have, and anything else is a ``Refusal`` in one sentence.
"""

from __future__ import annotations

import re

import discord

from bot.errors import Refusal

SNOWFLAKE_DIGITS = 20  # a Discord id is a 64-bit number: at most 20 digits
NUMBER_DIGITS = 9  # a number a game shows or counts is small; nine digits is plenty
MAX_LIST = 1000  # characters in a list of players: twenty mentions fit many times over

_ID = f"([0-9]{{1,{SNOWFLAKE_DIGITS}}})"
_USER = re.compile(rf"\s*(?:{_ID}|<@!?{_ID}>)\s*")
_NUMBER = re.compile(rf"\s*(-?[0-9]{{1,{NUMBER_DIGITS}}})\s*")
_LONG_NUMBER = re.compile(r"\s*-?[0-9]+\s*")


def user_id(text: str, refusal: str = "Choose a player from the list.") -> int:
    """A member's id as autocomplete gives it ("123…") or as a mention ("<@123…>")."""
    found = user_id_in(text)
    if found is None:
        raise Refusal(refusal)
    return found


def user_ids(
    text: str, refusal: str = "Name players by mention, separated by spaces."
) -> tuple[int, ...]:
    """Several members' ids, as mentions or ids separated by spaces or commas (none: empty)."""
    if len(text) > MAX_LIST:
        raise Refusal("That list is too long.")
    return tuple(user_id(part, refusal) for part in re.split(r"[\s,]+", text) if part)


def user_id_in(text: str) -> int | None:
    """The id ``text`` is (an id or a mention), or None when it is anything else."""
    found = _USER.fullmatch(text)
    return None if found is None else int(found[1] or found[2])


def whole_number(text: str, refusal: str) -> int:
    """A whole number of at most ``NUMBER_DIGITS`` digits (an optional minus sign)."""
    found = _NUMBER.fullmatch(text)
    if found is None:
        if _LONG_NUMBER.fullmatch(text):
            raise Refusal(f"That number is too long: use at most {NUMBER_DIGITS} digits.")
        raise Refusal(refusal)
    return int(found[1])


def quoted(text: str, limit: int = 60) -> str:
    """What a user typed, to repeat back: at most ``limit`` characters, markdown and mentions
    made inert, so a refusal stays one short sentence whatever was typed."""
    return safe(text if len(text) <= limit else text[: limit - 1] + "…")


def safe(text: str) -> str:
    """User-supplied text, made inert: no markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def mention_id(digits: str) -> int | None:
    """The id in a mention's digits, or None when no Discord id is that long."""
    if not digits.isascii() or not digits.isdigit() or len(digits) > SNOWFLAKE_DIGITS:
        return None
    return int(digits)
