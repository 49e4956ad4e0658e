"""The Apprentice (Traveller): on their first night gains the ability of a Townsfolk if good, of a
Minion if evil (the storyteller's choice among the script's, ``apprentice``), and is told which.
They keep it for the game: it wakes them at its own place in the night order (tonight too, if
still to come) and its passive effects apply to them (``Role.gained``).

Bot storyteller: a random one of the script's Townsfolk or Minions (the general policy)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.cast import script_team
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Seat, State, put_marks, seat
from engine.clocktower.game.night import wake_later
from engine.clocktower.game.roles import Result, Role, Words

GAINED = "ability"  # a reminder on the Apprentice: its note the character whose ability they hold


def borrowed(state: State, player: int) -> tuple[str, ...]:
    return tuple(m.note for m in state.marks if m.kind == GAINED and m.target == player)


@dataclass(frozen=True)
class Apprenticed(Told):
    """The Apprentice has ``character``'s ability."""

    event = "apprentice"
    character: str


class Apprentice(Role):
    id = "apprentice"
    policy = (
        "The ability gained is a random one of the script's Townsfolk (a good Apprentice) or "
        "Minions (an evil one)."
    )
    events = (Apprenticed,)
    topics = {"apprentice": "the ability the Apprentice gains"}
    reminders = {GAINED: "the Apprentice's borrowed ability"}

    def gained(self, state: State, seat: Seat) -> tuple[str, ...]:
        return borrowed(state, seat.player)

    def wakes(self, state: State, seat: Seat) -> bool:
        return seat.alive and not borrowed(state, seat.player)

    def night(self, state: State, player: int, key: str) -> Result:
        team = "townsfolk" if seat(state, player).alignment == "good" else "minion"
        pool = script_team(state, team)
        if not pool:
            return state, []
        cid = rule(state, key, "apprentice", pool, truth=None, player=player, team=team)
        state = put_marks(state, GAINED, player, (player,), note=cid, character=self.id)
        state, told = tell(state, Apprenticed(player, character=cid))
        return wake_later(state, cid, player), [told]

    def says(self, event: Any, words: Words) -> str:
        return (
            "🎓 As the Apprentice you now have the ability of the "
            f"{words.strong(words.character(event.character))}:\n{words.ability(event.character)}"
        )
