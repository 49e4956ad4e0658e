"""What the simulated players say by day: their claims, and the evil team's bluffs.

Good players claim honestly: the character they were shown and everything their ability told
them (their briefing's ``info`` tells). When, by a rule read from the character's unit:

- a character with a hidden defence or a public once-a-game ability holds back: one whose unit
  reacts to its nomination (the Virgin) or to its execution (the Saint) claims when it is
  nominated, one with a public day ability (the Slayer) when it uses it, and all of them on day
  ``LATE`` at the latest;
- everyone else claims on day 1 (and so all have claimed by day 2);
- a player claims again each day they have something new to add (the dead too).

Evil players bluff, with the same timing as the character they bluff:

- the Demon as one of its three bluffs (good characters surely not in play), which it shares
  with its Minions: each takes one nobody has claimed while any is left;
- else a Minion as a Townsfolk nobody has claimed yet (the Baron, who knows Outsiders are in
  play, as an Outsider with chance ``BARON_OUTSIDER``); the Spy, who sees the grimoire, as one
  surely not in play; below seven players (no Minion or Demon info) every evil player bluffs so.

Their information is made up in the evil team's *story* (``story``): the world they describe,
where each evil player is the character it bluffs and good players are framed in the evil
team's places (the Spy frames the Drunk as the Demon when there is one, since the Drunk's own
information will not contradict it). So a bluffed Empath's numbers, a bluffed Fortune Teller's
pings and a bluffed Investigator's pair all point at the same framed players, night after night
(each character's ``Role.bluff``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.clocktower.catalogue import character
from engine.clocktower.game import State, briefing
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.markers import info_nights
from engine.clocktower.game.registration import Registration
from engine.clocktower.game.roles import REGISTRY, Table, role
from engine.clocktower.reasoning.record import Claim, Heard, night_moment
from engine.core import seeded_rng

if TYPE_CHECKING:
    from engine.clocktower.game.model import Seat

LATE = 3
BARON_OUTSIDER = 0.3


def holds_back(cid: str) -> str | None:
    """When a character's holder breaks cover before day ``LATE``: ``nominated`` or ``used``
    (None: it does not hold back)."""
    if cid in REGISTRY.having("nominated") or cid in REGISTRY.having("executed"):
        return "nominated"
    if cid in REGISTRY.having("day_action"):
        return "used"
    return None


def heard(state: State, player: int) -> tuple[Heard, ...]:
    """Everything ``player``'s ability told them, as heard items."""
    return tuple(
        Heard(
            t.data["character"],
            night_moment(t.data["night"]),
            t.data["answer"],
            tuple(t.data["players"]),
        )
        for t in briefing(state, player)
        if t.event == "info"
    )


class Talk:
    """One game's spoken claims, the evil team's bluffs and story."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.claims: dict[int, Claim] = {}
        self.bluffs: dict[int, str] = {}
        self.made_up: dict[int, dict[int, Heard | None]] = {}  # bluffer → night → item
        self.framed: dict[int, Registration] | None = None
        self.broken: set[int] = set()  # holders who have broken cover
        self.version = 0  # counts the changes to the claims

    def spoken(self) -> tuple[Claim, ...]:
        return tuple(self.claims.values())

    def round(self, table: Table, state: State) -> bool:
        """The day's claims, in seat order from a seeded first speaker, the evil players last
        (they like to hear the claims before they choose their own); True if any changed."""
        seats = [s for s in state.seats if s.team != "traveller"]
        start = seeded_rng(self.seed, "first speaker", state.day).randrange(len(seats))
        order = seats[start:] + seats[:start]
        order.sort(key=lambda s: s.alignment == "evil")
        changed = False
        for s in order:
            if self._due(s, state):
                changed |= self._claim(table, state, s)
        return changed

    def breaks_cover(self, table: Table, state: State, player: int, why: str) -> bool:
        """A holding-back player is nominated (or uses their ability): they claim now."""
        s = next(x for x in state.seats if x.player == player)
        if s.team == "traveller" or holds_back(self.character(state, s)) != why:
            return False
        self.broken.add(player)
        return self._claim(table, state, s)

    def character(self, state: State, s: Seat) -> str:
        """The character ``s`` says they are: what they were shown, or their bluff."""
        if s.alignment == "good":
            return s.shown
        if s.player not in self.bluffs:
            self.bluffs[s.player] = self._bluff(state, s)
        return self.bluffs[s.player]

    def _due(self, s: Seat, state: State) -> bool:
        cid = self.character(state, s)
        return not holds_back(cid) or s.player in self.broken or state.day >= LATE

    def _claim(self, table: Table, state: State, s: Seat) -> bool:
        cid = self.character(state, s)
        if s.alignment == "good":
            said = heard(state, s.player)
        else:
            said = self._made_up(table, state, s, cid)
        claim = Claim(s.player, cid, said)
        if self.claims.get(s.player) == claim:
            return False
        self.claims[s.player] = claim
        self.version += 1
        return True

    def _bluff(self, state: State, s: Seat) -> str:
        """An evil player's bluff, chosen the first time it is needed."""
        rng = seeded_rng(self.seed, "bluff", s.player)
        claimed = {c.character for c in self.claims.values()} | set(self.bluffs.values())
        taken = {x.character for x in state.seats} | {x.shown for x in state.seats}
        spare = [b for b in state.bluffs if b not in claimed]
        if info_nights(state) and spare:  # the Demon's bluffs, shared with its Minions
            return rng.choice(spare)
        pool = list(script_team(state, "townsfolk"))
        modifier = character(s.character).setup
        if sees_grimoire(state, s.player):
            pool = [c for c in pool if c not in taken] or pool
        elif modifier is not None and max(modifier.outsiders) > 0:
            if rng.random() < BARON_OUTSIDER:
                pool = [c for c in script_team(state, "outsider") if not role(c).always_drunk]
        free = [c for c in pool if c not in claimed] or pool
        return rng.choice(free)

    def _made_up(self, table: Table, state: State, s: Seat, cid: str) -> tuple[Heard, ...]:
        """The bluffer's information for every night so far, each made up once, in the story."""
        made = self.made_up.setdefault(s.player, {})
        unit = role(cid)
        for night in range(1, state.night + 1):
            if night not in made and _wakes(cid, night) and (s.alive or night < state.night):
                made[night] = unit.bluff(table, state, s.player, self.story(state), night)
        return tuple(h for h in made.values() if h is not None)

    def story(self, state: State) -> World:
        """The evil team's story: evil players as their bluffs, good players as they claimed
        (an unclaimed one as a Townsfolk of unknown name), the framed in the evil team's
        places."""
        if self.framed is None:
            self.framed = self._frame(state)
        world: World = {}
        for s in state.seats:
            if s.player in self.framed:
                world[s.player] = self.framed[s.player]
            elif s.team == "traveller":
                world[s.player] = Registration(s.character, s.team, s.alignment)
            else:
                said = self.claims.get(s.player)
                cid = self.bluffs.get(s.player) or (said.character if said else "")
                team = character(cid).team if cid else "townsfolk"
                world[s.player] = Registration(cid, team, "good")
        return world

    def _frame(self, state: State) -> dict[int, Registration]:
        """Whom the story frames, chosen (seeded) the first time it is told; the Spy, who sees
        the grimoire, frames the Drunk as the Demon, whose own information will not clear them.
        (Framing the town's suspects instead made no measurable difference.)"""
        evil = [s for s in state.seats if s.alignment == "evil" and s.team != "traveller"]
        good = [s for s in state.seats if s.alignment == "good" and s.team != "traveller"]
        seeded_rng(self.seed, "frame").shuffle(good)
        drunk = [s for s in good if role(s.character).always_drunk]
        if any(sees_grimoire(state, s.player) for s in state.seats) and drunk:
            good.remove(drunk[0])
            good.insert(0, drunk[0])
        evil.sort(key=lambda s: s.team != "demon")
        in_play = {s.character for s in state.seats}
        spare = [c for c in script_team(state, "minion") if c not in in_play]
        framed: dict[int, Registration] = {}
        for e, g in zip(evil, good, strict=False):
            cid = e.character if e.team == "demon" else (spare.pop() if spare else e.character)
            framed[g.player] = Registration(cid, e.team, "evil")
        return framed


def _wakes(cid: str, night: int) -> bool:
    c = character(cid)
    return bool(c.first_night if night == 1 else c.other_night)


def sees_grimoire(state: State, player: int) -> bool:
    """Whether ``player`` has been shown the grimoire (the Spy): they know what is in play."""
    return any(t.event == "grimoire" for t in briefing(state, player))
