"""The Bootlegger (Loric): the script has homebrew characters or rules. The homebrew characters
are the script's own (``State.homebrew``), run like any character (a human storyteller runs
those the engine cannot); the homebrew rules are the script's text (``State.house_rules``, from
its ``_meta.bootlegger``), which only a storyteller can read and apply. By the rules a script
with homebrew rules has the Bootlegger in play, so a script that carries rules without listing
it (most real ones do) plays as if it did (``unheld``).

At the first dawn the table is told the rules as the script words them. A human storyteller
applies them with the game's tools. The bot storyteller cannot judge free text, so it applies
none of them and says so in the same announcement: its games on such a script are played by the
official rules, and the players know it from the start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import Event, Public

NOT_APPLIED = (
    "The bot storyteller cannot judge rules written as free text, so it applies none of them"
)


@dataclass(frozen=True)
class HouseRules(Event, Public):
    """The script's homebrew rules, as written; ``applied`` False when the bot storyteller,
    which cannot judge them, plays by the official rules instead."""

    event = "house_rules"
    rules: tuple[str, ...]
    applied: bool


class Bootlegger(Role):
    id = "bootlegger"
    policy = (
        "Tells the table the script's homebrew rules at the first dawn and that it applies none "
        "of them (free text it cannot judge): the game follows the official rules."
    )
    events = (HouseRules,)

    def unheld(self, state: State) -> bool:
        """In play while on the script, and whenever the script has homebrew rules."""
        return super().unheld(state) or bool(state.house_rules)

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        if state.day != 1 or not state.house_rules:
            return state, []
        return state, [HouseRules(state.house_rules, applied=not state.bot)]

    def says(self, event: Any, words: Words) -> str:
        rules = "\n".join(f"> {rule}" for rule in event.rules)
        then = (
            "The storyteller applies them."
            if event.applied
            else f"{NOT_APPLIED}: this game follows the official rules."
        )
        return (
            f"🍺 The {words.strong('Bootlegger')}: this script's homebrew rules:\n{rules}\n{then}"
        )
