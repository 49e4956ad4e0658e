"""What the simulated players say by day: their claims, and the evil team's bluffs.

A claim of a character is the engine's public claim (``Claim``, kept in ``State.claims``: the one
record of who said they were what); what the claimant says their ability told them is spoken
alongside it and kept here (``said``), as heard items for the reasoning model.

Good players claim honestly: the character they were shown and everything their ability told
them (their briefing's ``info`` tells). When, by a rule read from the character's unit:

- a character with a hidden defence or a public once-a-game ability holds back: one whose unit
  reacts to its nomination (the Virgin) claims once it has been nominated; one whose unit
  reacts to its execution (the Saint) as the town turns to it, before anyone nominates it (the
  engine takes no claim while a vote runs, so the Saint speaks up first); one with a public day
  ability (the Slayer) once it has used it, unless its unit keeps no surprise
  (``Role.hides_until_used``: the Gossip); and all of them on day ``LATE`` at the latest;
- everyone else claims on day 1 (and so all have claimed by day 2);
- a player says again each day what they have newly learned (the dead too), under the same
  claim.

A player whose character is hidden from them (``secrecy``: the Tor's) says nothing of it: they
neither claim nor bluff until they learn it.

A unit may say otherwise (``Role.claims``: the Mutant hides, the Philosopher may name the
ability it took), and a player made mad about a character (the Cerenovus) claims it that day
with chance ``MAD_KEEPS``, else keeps quiet: never, that day, a claim that breaks the madness (not
even on breaking cover, the Juggler's juggle), since the storyteller would execute them for it.

Evil players bluff, with the same timing as the character they bluff (and so does a good player
who believes they are evil, the Lunatic, from the bluffs it was shown, saying no information):

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

from engine.clocktower.catalogue import character
from engine.clocktower.game import State, briefing
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.claims import claimed
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.madness import breaks, madness_of
from engine.clocktower.game.markers import info_nights
from engine.clocktower.game.model import Registration, Seat
from engine.clocktower.game.roles import REGISTRY, Table, role
from engine.clocktower.game.secrecy import hidden
from engine.clocktower.reasoning.record import Heard, night_moment
from engine.core import seeded_rng

LATE = 3
BARON_OUTSIDER = 0.3
MAD_KEEPS = 0.85  # how often a player mad about a character claims it that day


def holds_back(cid: str) -> str | None:
    """When a character's holder breaks cover before day ``LATE``: ``nominated`` (after its
    nomination), ``targeted`` (before one) or ``used`` (after using its ability); None: it does
    not hold back."""
    if cid in REGISTRY.own("nominated"):
        return "nominated"
    if cid in REGISTRY.own("executed"):
        return "targeted"
    if cid in REGISTRY.own("day_action") and role(cid).hides_until_used:
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
            t.data.get("question"),
        )
        for t in briefing(state, player)
        if t.event == "info"
    )


class Talk:
    """One game's talk: the claims due to be made, what each claimant has said they learned,
    the evil team's bluffs and story."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.due: list[tuple[int, str]] = []  # claims to make, in order: (player, character)
        self.said: dict[int, tuple[Heard, ...]] = {}  # what each claimant says they learned
        self.bluffs: dict[int, str] = {}
        self.made_up: dict[int, dict[int, Heard | None]] = {}  # bluffer → night → item
        self.framed: dict[int, Registration] | None = None
        self.broken: set[int] = set()  # holders who have broken cover
        self.version = 0  # counts the changes to what was said

    def heard_from(self, player: int) -> tuple[Heard, ...]:
        return self.said.get(player, ())

    def next_claim(self, state: State) -> tuple[int, str] | None:
        """The next claim due that the engine has not recorded yet (None: none)."""
        while self.due:
            player, cid = self.due.pop(0)
            if claimed(state, player) != cid:
                return player, cid
        return None

    def round(self, table: Table, state: State) -> None:
        """The day's talk, in seat order from a seeded first speaker, the evil players last
        (they like to hear the claims before they choose their own): the claims due, and what
        each claimant says they learned."""
        seats = [s for s in state.seats if s.team != "traveller" and not hidden(state, s.player)]
        if not seats:
            return
        start = seeded_rng(self.seed, "first speaker", state.day).randrange(len(seats))
        order = seats[start:] + seats[:start]
        order.sort(key=lambda s: s.alignment == "evil")
        for s in order:
            if self._speaks(state, s):
                says = self._says(table, state, s)
                if says is not None:
                    self._claim(table, state, s, says)

    def breaks_cover(self, table: Table, state: State, player: int, why: str) -> bool:
        """A holding-back player is nominated, about to be, or has used their ability: they
        claim now (True if they have something to say)."""
        s = next(x for x in state.seats if x.player == player)
        if s.team == "traveller" or s.player in self.broken or hidden(state, s.player):
            return False
        if holds_back(self.character(state, s)) != why or mad_about(state, player):
            return False
        self.broken.add(player)
        self._claim(table, state, s, self.character(state, s))
        return True

    def character(self, state: State, s: Seat) -> str:
        """The character ``s`` says they are: what they were shown, or their bluff (an evil
        player's, or a good one's who believes they are evil: the Lunatic)."""
        if not believes_evil(s):
            return s.shown
        if s.player not in self.bluffs:
            self.bluffs[s.player] = self._bluff(state, s)
        return self.bluffs[s.player]

    def _speaks(self, state: State, s: Seat) -> bool:
        cid = self.character(state, s)
        return not holds_back(cid) or s.player in self.broken or state.day >= LATE

    def _says(self, table: Table, state: State, s: Seat) -> str | None:
        """Today's claim: the character ``s`` is mad about (mostly; else nothing today), or
        the unit's own, or the usual one."""
        mad = mad_about(state, s.player)
        if mad is not None:
            return mad if table.rng.random() < MAD_KEEPS else None
        own = role(s.character).claims(table, state, s.player)
        if own is not None and own != s.character and _breaks_madness(state, s.player, own):
            own = None  # a Philosopher who took the Mutant's ability does not name it
        return own if own is not None else self.character(state, s)

    def _claim(self, table: Table, state: State, s: Seat, cid: str) -> None:
        """``s`` claims ``cid`` (when it is not what they last claimed) and says what they
        learned as that character."""
        self.due.append((s.player, cid))
        if not believes_evil(s) and cid == s.shown:
            said = heard(state, s.player)
        elif s.alignment == "evil" and cid == self.character(state, s):
            said = self._made_up(table, state, s, cid)
        else:
            said = ()
        if self.said.get(s.player) != said:
            self.said[s.player] = said
            self.version += 1

    def _bluff(self, state: State, s: Seat) -> str:
        """An evil player's bluff, chosen the first time it is needed."""
        rng = seeded_rng(self.seed, "bluff", s.player)
        claims = {cid for _, _, cid in state.claims}
        said = claims | {cid for _, cid in self.due} | set(self.bluffs.values())
        taken = {x.character for x in state.seats} | {x.shown for x in state.seats}
        told = [t.data["bluffs"] for t in briefing(state, s.player) if t.event == "demon_info"]
        spare = [b for b in (told[-1] if told else state.bluffs) if b not in said]
        if info_nights(state) and spare:  # the Demon's bluffs, shared with its Minions
            return rng.choice(spare)
        pool = list(script_team(state, "townsfolk"))
        modifier = character(s.character).setup
        if sees_grimoire(state, s.player):
            pool = [c for c in pool if c not in taken] or pool
        elif modifier is not None and max(modifier.outsiders) > 0:
            if rng.random() < BARON_OUTSIDER:
                pool = [c for c in script_team(state, "outsider") if not role(c).always_drunk]
        free = [c for c in pool if c not in said] or pool
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
                cid = self.bluffs.get(s.player) or claimed(state, s.player) or ""
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


def believes_evil(s: Seat) -> bool:
    """Whether ``s`` thinks they are evil: they are, or were shown an evil character (the
    Lunatic, who then bluffs as the Demon it believes it is, with nothing made up to say)."""
    return s.alignment == "evil" or character(s.shown).evil


def _breaks_madness(state: State, player: int, cid: str) -> bool:
    """Whether claiming ``cid`` breaks a madness ``player`` is under (the storyteller may
    execute them for it)."""
    return any(breaks(state, m, cid) for m in madness_of(state, player))


def mad_about(state: State, player: int) -> str | None:
    """The character ``player`` was told today to be mad about (the Cerenovus'), if any."""
    mad = [
        t.data["character"]
        for t in briefing(state, player)
        if t.event == "mad" and t.data["day"] == state.day
    ]
    return str(mad[-1]) if mad else None


def sees_grimoire(state: State, player: int) -> bool:
    """Whether ``player`` has been shown the grimoire (the Spy): they know what is in play."""
    return any(t.event == "grimoire" for t in briefing(state, player))
