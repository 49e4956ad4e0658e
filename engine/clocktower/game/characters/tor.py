"""The Tor (Loric): players do not know their character or alignment; they learn them when they
die.

While the Tor is on the script, every resident player's character is hidden from them
(``Role.hides_character``, kept by ``secrecy``): the deal tells them only that they are not told,
the Minions and the Demon are not told of each other (the first night's Minion and Demon info
are skipped), a wake does not say whose ability it is, and what they learn is not worded as any
character's. Their abilities work as usual: they wake, choose and learn without knowing why, and
may try any day ability by guessing (a shot of a player who is not the Slayer does nothing, as
ever). When a player dies (by day or by night) they are told, at once and truly (even if drunk or
poisoned: their real character, not the one they would have been shown), their character and
alignment; from then on nothing is hidden from them (the ``knows_self`` reminder), even if they
come back to life. Travellers are left out: their characters are public.

Bot storyteller: no rulings; the table plays on without knowing who is who."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import NOBODY, Seat, State, put_mark
from engine.clocktower.game.roles import Result, Role, Words

KNOWS_SELF = "knows_self"


@dataclass(frozen=True)
class CharacterLearned(Told):
    """A player who did not know their character learns it on dying, truly: ``character`` and
    ``alignment`` are the grimoire's."""

    event = "character_learned"
    character: str
    alignment: str


class Tor(Role):
    id = "tor"
    policy = (
        "No rulings: nobody is told their character or alignment (nor the evil team of itself), "
        "and each player learns theirs, truly, when they die."
    )
    events = (CharacterLearned,)
    reminders = {KNOWS_SELF: "has learned their character and alignment"}

    def hides_character(self, state: State, seat: Seat, player: int) -> bool:
        return _unaware(state, player)

    def someone_died(self, state: State, seat: Seat, dead: int, cause: str, key: str) -> Result:
        if not _unaware(state, dead):
            return state, []
        truth = next(s for s in state.seats if s.player == dead)
        state = put_mark(state, KNOWS_SELF, NOBODY, dead, keep=True)
        learned = CharacterLearned(dead, character=truth.character, alignment=truth.alignment)
        state, told = tell(state, learned)
        return state, [told]

    def says(self, event: Any, words: Words) -> str:
        return (
            f"💀 You have died, and learn who you were: the {words.strong(event.alignment)} "
            f"{words.strong(words.character(event.character))}.\n{words.ability(event.character)}"
        )


def _unaware(state: State, player: int) -> bool:
    """Whether ``player`` (a resident, not a Traveller) has not yet learned who they are."""
    found = next((s for s in state.seats if s.player == player), None)
    if found is None or found.team == "traveller":
        return False
    return not any(m.kind == KNOWS_SELF and m.target == player for m in state.marks)
