"""The Wizard: once per game, may make a wish; if the storyteller grants it, it may have a price
and leave a clue to its nature.

The engine runs the wishes it can grant, each with its price and clue fixed here so that no
side is helped by the storyteller's taste (``policy``). At its place each night, until it has
wished, the Wizard may choose a player to wish upon (or nobody), then the wish (``yes``: that
player dies tonight; ``no``: to learn that player's character):

- **death**: the player dies tonight; the price: the Wizard dies too;
- **knowledge**: the Wizard learns the player's character; the price: that player learns who
  the Wizard is;

and either way the clue: the whole town hears that a wish was granted tonight. The storyteller
grants or refuses it (topic ``wizard``); a refused wish is not spent and the Wizard is told. A
granted wish of a drunk or poisoned Wizard does nothing, and is spent. The effects of a granted
wish stand after the Wizard dies. A human storyteller who grants a wish of another kind spoken
at the table runs it with the generic tools.

Bot storyteller: grants every wish on the menu, at its fixed price, with its clue."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, choose_value, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Pending, Seat, State, seat
from engine.clocktower.game.roles import Result, Role, Table, Words, most_trusted
from engine.clocktower.game.working import active, works
from engine.core import Effect, Event, Public

WISHES = 0.25  # how often a simulated Wizard makes its wish on a given night
DEATH = 0.5  # how often that wish is for a death


@dataclass(frozen=True)
class WishGranted(Event, Public):
    """The clue: a wish was granted tonight (not whose, nor what)."""

    event = "wish_granted"
    night: int


@dataclass(frozen=True)
class WishLearned(Told):
    """The Wizard's wish of knowledge: ``player`` is ``character``."""

    event = "wish_learned"
    player: int
    character: str


@dataclass(frozen=True)
class WizardShown(Told):
    """The price of the wish of knowledge: ``wizard`` is the Wizard."""

    event = "wizard_shown"
    wizard: int


@dataclass(frozen=True)
class WishRefused(Told):
    event = "wish_refused"
    night: int


class Wizard(Role):
    id = "wizard"
    reasoned = True  # the reasoning model: a wish (and its price) is not modelled
    events = (WishGranted, WishLearned, WizardShown, WishRefused)
    topics = {"wizard": "whether to grant the Wizard's wish"}
    policy: ClassVar[str] = (
        "Grants every wish the engine runs at its fixed price: a death costs the Wizard's "
        "life, knowing a character shows that player the Wizard; the town hears a wish was "
        "granted."
    )

    def wakes(self, state: State, seat_: Seat) -> bool:
        return active(state, seat_.player) and not spent(state, seat_.player)

    def night(self, state: State, player: int, key: str) -> Result:
        others = tuple(s.player for s in state.seats if s.player != player)
        chosen = choose(state, key + ":wish", player, self.id, others, optional=True)
        if not chosen:
            return state, []
        (target,) = chosen
        death = choose_value(state, key + ":kind", player, self.id, ("yes", "no"), "yesno")
        wish = "death" if death == "yes" else "knowledge"
        granted = rule(
            state, key + ":grant", "wizard", ("grant", "refuse"), truth=None, wish=wish, on=target
        )
        if granted != "grant":
            state, told = tell(state, WishRefused(player, night=state.night))
            return state, [told]
        state = spend(state, player)
        if not works(state, player):
            return abnormal.mark(state, player), []
        effects: list[Effect] = [WishGranted(state.night)]
        if wish == "death":
            for n, victim in enumerate((target, player)):
                state, died = die(state, victim, "wish", f"{key}:dies{n}")
                effects += died
            return state, effects
        state, learned = tell(
            state, WishLearned(player, player=target, character=seat(state, target).character)
        )
        state, shown = tell(state, WizardShown(target, wizard=player))
        return state, [*effects, learned, shown]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return pending.options.index("grant")

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        if "yes" in options:
            return ("yes",) if table.rng.random() < DEATH else ("no",)
        if table.rng.random() >= WISHES:
            return ()
        return most_trusted(table, state, player, [p for p in options if p], pick)

    def asks(self, menu: Any, words: Words) -> str | None:
        if menu.ask == "yesno":
            return (
                "🧞 Your wish: **yes**, that player dies tonight (the price: you die too); "
                "**no**, you learn their character (the price: they learn you are the Wizard)."
            )
        return (
            "🧞 As the Wizard you may make your one wish tonight: choose the player it is "
            "about, or nobody."
        )

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, WishGranted):
            return f"🧞 Night {event.night}: a wish was granted."
        if isinstance(event, WishLearned):
            name = words.strong(words.character(event.character))
            return f"🧞 Your wish is granted: {words.player(event.player)} is the {name}."
        if isinstance(event, WizardShown):
            return f"🧞 A wish was made about you: {words.strong(words.player(event.wizard))} is the Wizard."
        return f"🧞 Night {event.night}: your wish was not granted. You may wish again."
