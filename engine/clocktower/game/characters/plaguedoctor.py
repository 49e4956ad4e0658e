"""The Plague Doctor (Outsider): when they die, with their ability working, the storyteller
gains the ability of a Minion of the script that is not in play (``plaguedoctor``; a reminder on
the Plague Doctor). What the storyteller does with it:

- the Poisoner's: each night at the Plague Doctor's place they poison a player, or nobody, until
  dusk (``plague_poison``; the storyteller's ability does not lapse with the Plague Doctor);
- by the jinxes: the Baron's makes up to two Townsfolk become Outsiders not in play
  (``plague_outsider``, then ``plague_outsider_as``); the Evil Twin's makes a good player the Evil
  Twin, turning evil, paired as usual (``plague_twin``); the Scarlet Woman's, the Spy's and the
  Wraith's go to a living Minion, who learns it (``plague_minion``; ``Role.grants``: that Minion
  wakes as the Spy or the Wraith, or takes over as the Scarlet Woman; the Spy's registering as
  good is not passed on);
- the Boomdandy's, by the jinx: a living player (not the Demon) becomes the Boomdandy, keeping
  their alignment (``plague_becomes``); the Marionette's: one of the Demon's living good
  neighbours becomes the Marionette, evil and not told, and the Demon learns it;
- any other Minion's: a human storyteller holds it as a reminder and uses it with the generic
  tools (``Adjust``, the night panels); the bot storyteller never takes one, since it could not
  use it.

Bot storyteller: a random one of the Minions above that it runs (Poisoner, Baron, Evil Twin,
Scarlet Woman, Spy, Boomdandy, Wraith, Marionette) on the script and not in play, if any (else any,
which it then never uses); players affected are chosen at random (the nightly poison: a
random living good player, as a Poisoner who knew nothing would)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import (
    change_alignment,
    change_character,
    settle_changes,
)
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.characters._marionette import make_marionette
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import (
    Mark,
    Pending,
    Seat,
    State,
    marks_of,
    neighbours,
    put_marks,
    seat,
)
from engine.clocktower.game.roles import REGISTRY, Result, Role, Words
from engine.clocktower.game.working import sober
from engine.core import Effect

HELD = "storyteller_ability"  # on the Plague Doctor: the Minion whose ability the storyteller has
GIVEN = "plague_given"  # on a Minion given the storyteller's ability (the jinxes): its note
USED = (
    "poisoner",
    "baron",
    "eviltwin",
    "scarletwoman",
    "spy",
    "boomdandy",
    "wraith",
    "marionette",
)
TO_A_MINION = ("scarletwoman", "spy", "wraith")
TOPICS = {
    "plaguedoctor": "the Minion ability the storyteller gains (the Plague Doctor died)",
    "plague_poison": "who the storyteller poisons tonight with the Poisoner's ability",
    "plague_outsider": "a Townsfolk who becomes an Outsider (the storyteller's Baron ability)",
    "plague_outsider_as": "the Outsider they become",
    "plague_twin": "the good player who becomes the Evil Twin (the storyteller's Evil Twin)",
    "plague_minion": "the Minion who gains the storyteller's Minion ability",
    "plague_becomes": "the player who becomes that Minion (the storyteller's ability, by a jinx)",
}
BECOMES = ("boomdandy", "marionette")  # jinxed: a player becomes this Minion instead


@dataclass(frozen=True)
class PlagueGiven(Told):
    """A Minion gained ``character``'s ability from the storyteller (the Plague Doctor died)."""

    event = "plague"
    character: str


class PlagueDoctor(Role):
    id = "plaguedoctor"
    events = (PlagueGiven,)
    topics = TOPICS
    reminders = {HELD: "the storyteller has the ability of", GIVEN: "has the ability of"}
    policy: ClassVar[str] = (
        "Takes a random not-in-play Poisoner, Baron, Evil Twin, Scarlet Woman, Spy, Boomdandy, "
        "Wraith or Marionette (if none fits, another Minion's, never used); it picks whom they "
        "affect at random, the nightly poison among good players."
    )

    def held(self, state: State, player: int) -> str | None:
        return next((m.note for m in marks_of(state, HELD, player)), None)

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if not sober(state, seat.player):
            return abnormal.mark(state, seat.player), []
        in_play = {s.character for s in state.seats}
        pool = tuple(c for c in script_team(state, "minion") if c not in in_play)
        if not pool:
            return state, []
        key += ":plague"
        cid = rule(state, key, "plaguedoctor", pool, truth=None, doctor=seat.player)
        state = put_marks(state, HELD, seat.player, (seat.player,), note=cid, character=self.id)
        if cid == "baron":
            return self._outsiders(state, key)
        if cid == "eviltwin":
            return self._twin(state, key)
        if cid in TO_A_MINION:
            return self._give(state, seat.player, cid, key)
        if cid in BECOMES:
            return self._become(state, cid, key)
        return state, []

    def _become(self, state: State, cid: str, key: str) -> Result:
        """By the jinxes: a player becomes the Boomdandy; one of the Demon's good neighbours
        becomes the Marionette (evil, not told)."""
        alive = tuple(s.player for s in state.seats if s.alive and s.team != "demon")
        if cid == "marionette":
            near = {
                n for s in state.seats if s.team == "demon" for n in neighbours(state, s.player)
            }
            alive = tuple(p for p in alive if p in near and seat(state, p).alignment == "good")
        if not alive:
            return state, []
        who = rule(state, key + ":becomes", "plague_becomes", alive, truth=None, character=cid)
        if cid == "marionette":
            state, effects = make_marionette(state, who)
        else:
            state, effects = change_character(state, who, cid)
        state, more = settle_changes(state, key)
        return state, effects + more

    def _outsiders(self, state: State, key: str) -> Result:
        """The Baron's ability, by the jinx: up to two Townsfolk become Outsiders."""
        effects: list[Effect] = []
        for turn in range(2):
            townsfolk = tuple(s.player for s in state.seats if s.alive and s.team == "townsfolk")
            in_play = {s.character for s in state.seats}
            spare = tuple(
                c
                for c in script_team(state, "outsider")
                if c not in in_play and c not in REGISTRY.having("always_drunk")
            )
            if not townsfolk or not spare:
                break
            who = rule(state, key + f":o{turn}", "plague_outsider", (None, *townsfolk), truth=None)
            if who is None:
                break
            cid = rule(state, key + f":c{turn}", "plague_outsider_as", spare, truth=None)
            state, told = change_character(state, who, cid)
            effects += told
        state, more = settle_changes(state, key)
        return state, effects + more

    def _twin(self, state: State, key: str) -> Result:
        """The Evil Twin's ability, by the jinx: a good player becomes the Evil Twin."""
        good = tuple(
            s.player
            for s in state.seats
            if s.alive and s.alignment == "good" and s.team in ("townsfolk", "outsider")
        )
        if not good:
            return state, []
        who = rule(state, key + ":twin", "plague_twin", good, truth=None)
        state, effects = change_character(state, who, "eviltwin")
        state, more = change_alignment(state, who, "evil")
        state, settled = settle_changes(state, key)
        return state, effects + more + settled

    def _give(self, state: State, doctor: int, cid: str, key: str) -> Result:
        """The Scarlet Woman's or the Spy's ability, by the jinxes: a Minion gains it."""
        minions = tuple(s.player for s in state.seats if s.alive and s.team == "minion")
        if not minions:
            return state, []
        who = rule(state, key + ":minion", "plague_minion", minions, truth=None, character=cid)
        state = put_marks(state, GIVEN, doctor, (who,), note=cid, character=self.id)
        state, told = tell(state, PlagueGiven(who, character=cid))
        return state, [told]

    def grants(self, state: State, seat: Seat) -> tuple[tuple[int, str], ...]:
        return tuple((m.target, m.note) for m in marks_of(state, GIVEN, seat.player))

    def wakes(self, state: State, seat: Seat) -> bool:
        return self.held(state, seat.player) == "poisoner"

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller's turn: the Plague Doctor is dead

    def night(self, state: State, player: int, key: str) -> Result:
        living = tuple(s.player for s in state.seats if s.alive)
        target = rule(state, key, "plague_poison", (None, *living), truth=None)
        if target is None:
            return state, []
        return put_marks(state, "poisoned", player, (target,), 1, character=self.id), []

    def holds(self, state: State, mark: Mark) -> bool:
        return True  # the storyteller's ability: the dead Plague Doctor's reminders stand

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int:
        options = pending.options
        if pending.topic == "plaguedoctor":
            fit = [i for i, c in enumerate(options) if c in USED]
            return rng.choice(fit) if fit else rng.randrange(len(options))
        if pending.topic == "plague_poison":
            good = [i for i, p in enumerate(options) if p is not None and _good(state, p)]
            return rng.choice(good) if good else 0
        if options[0] is None:  # up to two Townsfolk: each time one of them
            return rng.randrange(1, len(options))
        return rng.randrange(len(options))

    def says(self, event: Any, words: Words) -> str:
        name = words.strong(words.character(event.character))
        return (
            f"🐀 The Plague Doctor died: the storyteller gives you the ability of the {name}:\n"
            f"{words.ability(event.character)}"
        )


def _good(state: State, player: int) -> bool:
    return any(s.player == player and s.alignment == "good" for s in state.seats)
