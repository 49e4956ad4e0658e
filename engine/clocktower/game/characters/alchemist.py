"""The Alchemist: has the ability of a Minion that is not in play, which the storyteller
chooses at setup among the script's Minions (``alchemist``) and the Alchemist learns on the
first night. They stay good and register as the Alchemist; the Minion's ability wakes them in its
places and its passive effects are theirs (``Role.gained``): an Alchemist-Poisoner poisons.

Jinxes: an Alchemist-Mastermind has no ability (the Mastermind stays out of play); an
Alchemist-Organ Grinder is offered only while the Organ Grinder is in play (the two are
both drunk while neither is otherwise: the Organ Grinder's unit); an Alchemist-Spy,
Alchemist-Marionette or Alchemist-Wraith is offered only while that Minion is in play, and has
no ability (the Spy's and the Wraith's public guess after an execution is not run: a human
storyteller runs it at the table). The rule that the
storyteller may prompt the Alchemist to choose differently is left to a human storyteller's
table talk: the engine takes the Alchemist's choice as made. A Minion that would inherit the
Demon (the Scarlet Woman) is not offered: the engine does not make a good player the Demon.

Bot storyteller: a random not-in-play Minion of the script whose ability the engine runs and
that does something once the deal is done (not one that changes the setup, like the Baron, nor
a jinxed one that has no ability); if none does, any of them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.cast import char, script_team
from engine.clocktower.game.characters._gains import Gains
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Pending, Seat, State, marks_of, put_marks
from engine.clocktower.game.roles import REGISTRY, Result, Words, role

HELD = "alchemist"  # the Alchemist's reminder on itself, its note the Minion whose ability it has
NO_ABILITY = ("mastermind", "spy", "marionette", "wraith")  # jinxed: given these, no ability
IN_PLAY = (
    "spy",
    "organgrinder",
    "marionette",
    "wraith",
)  # jinxed: offered only while that Minion is in play


@dataclass(frozen=True)
class Distilled(Told):
    """The Alchemist has ``character``'s ability."""

    event = "alchemist"
    character: str


class Alchemist(Gains):
    id = "alchemist"
    events = (Distilled,)
    topics = {"alchemist": "the not-in-play Minion whose ability the Alchemist has"}
    reminders = {HELD: "has the Minion ability of"}
    policy: ClassVar[str] = (
        "A random not-in-play Minion of the script whose ability the engine runs after the deal "
        "(no setup changer, no jinxed Minion without an ability; else any)."
    )

    def after_change(self, state: State, seat: Seat, key: str) -> Result:
        """A player who became the Alchemist in play (the Pit-Hag's) is given a Minion's
        ability too, and learns it at once."""
        if seat.character != self.id or self.held(state, seat.player) is not None:
            return state, []
        state = self._give(state, seat, key + f":alchemist{seat.player}")
        cid = self.held(state, seat.player)
        if cid is None:
            return state, []
        state, told = tell(state, Distilled(seat.player, character=cid))
        return state, [told]

    def setup(self, state: State, seat: Seat) -> State:
        return self._give(state, seat, f"setup:alchemist:{seat.player}")

    def _give(self, state: State, seat: Seat, key: str) -> State:
        in_play = {s.character for s in state.seats}
        heirs = REGISTRY.having("takes_over")
        pool = tuple(
            c
            for c in script_team(state, "minion")
            if (c in in_play) == (c in IN_PLAY) and c not in heirs
        )
        if not pool:
            return state
        cid = rule(state, key, "alchemist", pool, truth=None)
        return put_marks(state, HELD, seat.player, (seat.player,), note=cid, character=self.id)

    def held(self, state: State, player: int) -> str | None:
        """The Minion the Alchemist was given (None: none on the script)."""
        return next((m.note for m in marks_of(state, HELD, player)), None)

    def gained(self, state: State, seat: Seat) -> tuple[str, ...]:
        cid = self.held(state, seat.player)
        return () if cid is None or cid in NO_ABILITY else (cid,)

    def grants(self, state: State, seat: Seat) -> tuple[tuple[int, str], ...]:
        """The abilities its Minion's ability gives others (an Alchemist-Boffin's Demon)."""
        cid = self.held(state, seat.player)
        return role(cid).grants(state, seat) if cid is not None else ()

    def wakes(self, state: State, seat: Seat) -> bool:
        return state.night == 1 and self.held(state, seat.player) is not None

    def night(self, state: State, player: int, key: str) -> Result:
        cid = self.held(state, player)
        assert cid is not None
        state, told = tell(state, Distilled(player, character=cid))
        return state, [told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int:
        fit = [
            i
            for i, c in enumerate(pending.options)
            if c in REGISTRY
            and c not in NO_ABILITY
            and c not in REGISTRY.having("setup")
            and char(state, c).setup is None
        ]
        return rng.choice(fit) if fit else rng.randrange(len(pending.options))  # none would act

    def says(self, event: Any, words: Words) -> str:
        name = words.strong(words.character(event.character))
        if event.character in NO_ABILITY:
            return f"⚗️ As the Alchemist you are the {name} in name only: you have no ability."
        return f"⚗️ As the Alchemist you have the ability of the {name}:\n{words.ability(event.character)}"
