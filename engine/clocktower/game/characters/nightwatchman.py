"""The Nightwatchman: once per game, at night, may choose a player, who is woken and learns who
the Nightwatchman is.

Drunk or poisoned, the choice spends the ability and the chosen player learns nothing (an
effect that did not happen: abnormal). While the Vortox makes the Nightwatchman's information
false, the chosen player is shown someone else as the Nightwatchman (a ruling; the bot picks
at random)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.info import misinformed
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Pending, Seat, State
from engine.clocktower.game.roles import Result, Role, Table, Words, most_trusted
from engine.clocktower.game.working import works

USE_BY = 3  # the night by which a simulated Nightwatchman has used the ability


@dataclass(frozen=True)
class Watched(Told):
    """To the player the Nightwatchman chose: who the Nightwatchman is."""

    event = "nightwatchman_known"
    nightwatchman: int


class Nightwatchman(Role):
    id = "nightwatchman"
    events = (Watched,)
    topics = {"nightwatchman_shown": "whom the Nightwatchman's target is shown (it must be false)"}
    policy: ClassVar[str] = (
        "Shows the chosen player the Nightwatchman; with the Vortox, a random other player."
    )

    def wakes(self, state: State, seat: Seat) -> bool | None:
        return False if spent(state, seat.player) else None

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        chosen = choose(state, key + ":pick", player, self.id, others, optional=True)
        if not chosen:
            return state, []
        (target,) = chosen
        state = spend(state, player)
        state, effects = aim(state, player, target, key)
        if not works(state, player):
            return abnormal.mark(state, player), effects
        shown = player
        if misinformed(state, player):
            shown = rule(
                state,
                key,
                "nightwatchman_shown",
                tuple(p for p in others if p != target) or (player,),
                truth=None,
                player=player,
                target=target,
            )
            state = abnormal.mark(state, player)
        state, told = tell(state, Watched(target, nightwatchman=shown))
        return state, [*effects, told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return rng.randrange(len(pending.options))

    def says(self, event: Any, words: Words) -> str:
        return f"🏮 {words.strong(words.player(event.nightwatchman))} is the Nightwatchman."

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """Reveal to one of the players trusted most, by the third night at the latest."""
        if state.night < USE_BY and table.rng.random() < 0.5:
            return ()
        return most_trusted(table, state, player, options, pick)
