"""The Big Wig (Loric): each nominee chooses a player, before the vote starts (the nomination
waits for the choice; a nominee who does not answer in time gets the first living player after
them). The table is told: until the vote, only the chosen player may speak, and they must be mad
that the nominee is good, or they might die.

The engine cannot hear the table, so it neither silences anyone nor judges that madness: a human
storyteller who hears the speaker fail kills them with their own tools (``Adjust``); the bot
storyteller, which judges madness only by public claims (and no claim is about another's
alignment), never does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.core import Event, Public


@dataclass(frozen=True)
class Spokesperson(Event, Public):
    """The nominee's chosen speaker, who alone speaks until the vote."""

    event = "big_wig"
    nominee: int
    speaker: int


class BigWig(Role):
    id = "bigwig"
    policy = (
        "Judges no speech: a chosen speaker who fails to be mad that the nominee is good is never "
        "killed by the bot."
    )
    events = (Spokesperson,)

    def nominating(
        self, state: State, seat: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        if nominee not in state.players:
            return state, []
        everyone = tuple(s.player for s in state.seats)
        (speaker,) = choose(
            state, key + f":bigwig{nominee}", nominee, self.id, everyone, when="day"
        )
        return state, [Spokesperson(nominee, speaker)]

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """A simulated nominee picks the player it trusts most to speak for it (itself, when
        it trusts nobody else)."""
        others = [p for p in options if p != player]
        trusted = table.trusted(state, player, others)
        return (trusted[0],) if trusted else (player,)

    def asks(self, menu: Any, words: Words) -> str | None:
        return (
            f"🎙️ You are nominated. As the {words.strong('Big Wig')} demands, choose who alone "
            "speaks until the vote (they must be mad that you are good)."
        )

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🎙️ {words.player(event.speaker)} speaks for {words.player(event.nominee)}: until the "
            f"vote only they may speak, and they must be mad that {words.player(event.nominee)} "
            "is good, or they might die."
        )
