"""Legion: most players are Legion (the bag deals just over half the seats Legion, no Minion), each
of them a Demon who registers as a Minion too (the Demon first). They learn each other at Demon
info. Each night after the first a player might die: the storyteller picks who (any living
player, or nobody), a Demon's attack by the first living Legion in seat order; nobody wakes for it. When
only evil players raised their hands, Legion's hands are not counted, so the execution fails
(a good player's hand, or a jinxed one's below, still counts: a lone one rarely reaches the
votes needed). The game ends as usual: good wins once every Legion is dead, evil when two
players are left with a Legion among them.

Jinxes, in this unit:
- Politician, Zealot, Magician: each might register as evil to Legion: the storyteller rules it
  once, at setup (bot: the general misregistration chance); then their hand beside only evil
  ones keeps Legion's from counting. The Magician is shown among the Legion at Demon info (its
  own unit); that Legion learns a Magician is in play is left to a human storyteller.
- Engineer, Hatter: while Legion is in play they have no ability (that the Engineer starts
  knowing it is left to a human storyteller); Legion created during play (the Summoner's, the
  Engineer's, the Hatter's) makes every evil player Legion.
- Preacher, Minstrel: Legion keeps its ability (both act on true Minions only); what they
  "might learn" of Legion is left to a human storyteller.

The reasoning model's worlds deal Legion to just over half the seats; the first living one in
seat order is the Demon now, the next inherits when it dies (``inherits``), and each registers
as a Minion too (``registers_too``; as one that may). Its uncounted hands and its jinxes are
not weighed.
"""

from __future__ import annotations

import random

from engine.clocktower.game.abilities.change import change_character
from engine.clocktower.game.abilities.kill import demon_attack
from engine.clocktower.game.characters._demon import storyteller_prey
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.events import BecameDemon
from engine.clocktower.game.model import (
    NOBODY,
    Pending,
    Registration,
    Seat,
    State,
    TeamInfo,
    evolve,
    living,
    put_mark,
    seat,
)
from engine.clocktower.game.policy import misregister_chance
from engine.clocktower.game.roles import Result, Role
from engine.core import Effect

EVIL_TO_LEGION = "evil_to_legion"  # a reminder: this good player registers as evil to Legion
MIGHT_BE_EVIL = ("magician", "politician", "zealot")  # jinxes: might register evil to Legion
NO_ABILITY = ("engineer", "hatter")  # jinxes: no ability while Legion is in play


def legion(state: State) -> list[Seat]:
    return [s for s in state.seats if s.character == Legion.id]


class Legion(Role):
    id = "legion"
    reasoned = True
    inherits = 1  # the next Legion in seat order is the Demon now, at any count alive
    registers_too = ("minion",)
    policy = (
        "Each night a random living good player the attack can kill is attacked (else another "
        "player it can kill); a Politician, Zealot or Magician registers as evil to Legion with the "
        "usual misregistration chance, ruled once at setup."
    )
    topics = {
        "legion_kill": "who Legion attacks tonight (any living player, or nobody)",
        "legion_evil": "whether this Politician, Zealot or Magician registers as evil to Legion",
    }
    reminders = {EVIL_TO_LEGION: "registers as evil to Legion"}

    def setup(self, state: State, seat: Seat) -> State:
        if seat.player != legion(state)[0].player:
            return state  # ruled once, with the first Legion
        for s in state.seats:
            if s.character in MIGHT_BE_EVIL:
                key = f"setup:legion:{s.player}"
                if rule(state, key, "legion_evil", (False, True), truth=None, player=s.player):
                    state = put_mark(state, EVIL_TO_LEGION, NOBODY, s.player)
        return state

    def registrations(self, state: State, seat: Seat) -> tuple[Registration, ...]:
        return (
            Registration(self.id, "demon", seat.alignment),
            Registration(self.id, "minion", seat.alignment),
        )

    def evil_info(self, state: State, seat: Seat, to: int, info: TeamInfo, key: str) -> TeamInfo:
        """A Legion learns the other Legion (its team; there are no Minions)."""
        if to != seat.player:
            return info
        others = tuple(s.player for s in legion(state) if s.player != to and s.alive)
        return evolve(info, minions=tuple(sorted(set(info.minions) | set(others))))

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller's turn: nobody wakes

    def night(self, state: State, player: int, key: str) -> Result:
        first = next((s.player for s in legion(state) if s.alive), None)
        if state.night == 1 or player != first:
            return state, []
        everyone = (NOBODY, *living(state))
        target = rule(state, key + ":kill", "legion_kill", everyone, truth=None, player=player)
        if target == NOBODY:
            return state, []
        return demon_attack(state, player, int(target), key)

    def vote_counts(self, state: State, seat_: Seat, yes: tuple[int, ...]) -> bool:
        """Not when only evil players (or those registering so to Legion) raised a hand."""
        jinxed = {m.target for m in state.marks if m.kind == EVIL_TO_LEGION}
        return not all(seat(state, p).alignment == "evil" or p in jinxed for p in yes)

    def strips_ability(self, state: State, seat_: Seat, target: int) -> bool:
        return seat(state, target).character in NO_ABILITY

    def after_change(self, state: State, seat: Seat, key: str) -> Result:
        """Legion made during play (not dealt): every evil player becomes Legion too."""
        if seat.player != legion(state)[0].player:
            return state, []
        if not any(c.after == self.id for c in state.changes):
            return state, []
        effects: list[Effect] = []
        for s in state.seats:
            if s.alignment == "evil" and s.team not in ("demon", "traveller"):
                state, more = change_character(state, s.player, self.id, BecameDemon)
                effects += more
        return state, effects

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic == "legion_evil":
            return int(rng.random() < misregister_chance(state))
        if pending.topic != "legion_kill":
            return None
        return storyteller_prey(state, pending.options, dict(pending.data)["player"], rng)
