"""The Summoner: a Minion whose game starts with no Demon [the bag deals a Townsfolk in the Demon's
seat]. It learns three bluffs on the first night (at any table size). On the third night it
chooses a player and a Demon on the script (any player, itself or a dead one too; not a Demon no
player can hold, Lil' Monsta): the player becomes that Demon and evil, is told so, and acts
tonight if its place is still to come. Nobody learns who the others are. Until then the game
does not end for want of a Demon (``postpones_end``); once the Summoner cannot summon any more
(dead, or its third night passed drunk or poisoned), with no Demon alive, good wins.

Jinxes, each in this unit:
- Clockmaker: the Summoner registers as the Demon to the Clockmaker (in the Clockmaker's unit).
- Courtier, Preacher: while a living Summoner has no working ability, the storyteller has it
  (``unheld``: the storyteller chooses the player and the Demon); Engineer: likewise once the
  living Summoner was made another character.
- Hatter, Kazali, Pit-Hag: a second living Demon summoned makes tonight's deaths arbitrary (the
  Pit-Hag's storyteller deaths).
- Poppy Grower alive on the summoning night: the Summoner picks the Demon, the storyteller the
  player. Alchemist-Summoner: no bluffs, picks only the Demon; if it dies before summoning, evil
  wins.
- Pukka: the Summoner may summon a Pukka on the second night instead.
- Zombuul: a dead player summoned into the Zombuul has already died once (registers as dead and
  lives).
- Legion: summoning Legion makes every evil player Legion (Legion's unit, on any change).
- Lord of Typhon: it may be summoned only into a player beside a Minion, and its other
  neighbour (if not a Minion) becomes an evil Minion on the script, the storyteller's pick.
- Marionette: it enters play as the Demon is summoned, one of its good neighbours
  (``_marionette.join``).

Bot storyteller: the player it picks is a random living player, the Demon a random one on the
script.

The reasoning model's worlds (``summons_on_night``): the bag deals the Summoner and the other
Minions, no Demon; until the third night the Summoner stands in for the Demon (its death ends
the game, it kills nobody; an approximation: information and hands about "the Demon" read it
as one too, as the Clockmaker's jinx has it); on the third night a living good player, each as
likely, becomes a Demon of the script a player can hold, each as likely. The jinxes (the
Pukka's earlier night, Legion, the Lord of Typhon's neighbour, the storyteller's ability) and a
summoning the Summoner's poison stopped are not weighed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.counts import mod
from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import (
    change_alignment,
    change_character,
    settle_changes,
)
from engine.clocktower.game.cast import char, script_team
from engine.clocktower.game.characters._marionette import join
from engine.clocktower.game.characters.pithag import PitHag
from engine.clocktower.game.decisions import choose, choose_value, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import BecameDemon, Told
from engine.clocktower.game.markers import info_nights
from engine.clocktower.game.model import (
    LIVES_ON,
    NOBODY,
    Pending,
    Phase,
    Seat,
    State,
    alive,
    demons,
    evolve,
    neighbours,
    put_mark,
    seat,
    with_seat,
)
from engine.clocktower.game.roles import Result, Role, Table, Words, most_trusted, role
from engine.clocktower.game.setup import bluff_options
from engine.clocktower.game.working import works
from engine.core import Effect

NIGHT = 3  # the summoning night
EARLY = {"pukka": 2}  # a jinx: these Demons may be summoned on an earlier night
TYPHON = "lordoftyphon"  # a jinx: summoned beside a Minion, its other neighbour made one
SUMMONED = "summoned"  # a reminder: the Summoner's ability has been used (or tried)
# Jinxes: with these in play, the storyteller has the ability a living Summoner lost.
TAKES_OVER = ("courtier", "preacher")
ALCHEMIST = "alchemist"  # jinx: the Alchemist-Summoner


@dataclass(frozen=True)
class SummonerBluffs(Told):
    """The Summoner's three bluffs: good characters not in play."""

    event = "summoner_bluffs"
    bluffs: tuple[str, ...]


def _summoners(state: State) -> list[Seat]:
    return [s for s in state.seats if s.character == Summoner.id]


def _beside_minion(state: State, player: int) -> bool:
    return any(seat(state, n).team == "minion" for n in neighbours(state, player))


def _alchemist(seat: Seat) -> bool:
    """Whether ``seat`` has the Summoner's ability as the Alchemist (their jinx)."""
    return seat.character == ALCHEMIST


class Summoner(Role):
    id = "summoner"
    policy = (
        "When the storyteller picks the summoned player (a jinx), a random living player; with "
        "the Summoner's ability, a random Demon on the script too."
    )
    topics = {
        "summoner_player": "who becomes the Demon the Summoner chose",
        "summoner_demon": "which Demon the storyteller summons, having the Summoner's ability",
        "summoner_typhon_minion": "which Minion the summoned Lord of Typhon's other neighbour becomes",
    }
    reminders = {SUMMONED: "has summoned"}
    reasoned = True
    summons_on_night = NIGHT
    endings = {"summoner_lost": "the Alchemist-Summoner died before summoning a Demon"}
    events = (SummonerBluffs,)

    # Setup and the first night --------------------------------------------------------------
    def setup(self, state: State, seat: Seat) -> State:
        """Three bluffs at any table size (below seven the setup rules none)."""
        if info_nights(state) or state.bluffs:
            return state
        options, form = bluff_options(state)
        bluffs = rule(state, "setup:bluffs", "bluffs", options, truth=None, form=form)
        return evolve(state, bluffs=bluffs if isinstance(bluffs, tuple) else (bluffs,))

    def night(self, state: State, player: int, key: str) -> Result:
        holder = seat(state, player) if player != NOBODY else None
        if state.night == 1:
            if holder is None or _alchemist(holder):
                return state, []
            state, told = tell(state, SummonerBluffs(player, bluffs=state.bluffs))
            return state, [told]
        if self.summoned(state) or (holder is not None and self.unheld(state)):
            return state, []  # done, or the storyteller has the ability (a jinx)
        early = [c for c, n in EARLY.items() if n == state.night and c in self.demons(state)]
        if holder is None:
            early = []  # the storyteller summons on the third night
        if state.night != NIGHT and not early:
            return state, []
        return self.summon(state, player, key, early)

    def rouses(self, state: State, seat: Seat) -> bool:
        """Woken on the first night and to summon, not while the storyteller has the ability."""
        early = state.night in EARLY.values() and any(c in EARLY for c in self.demons(state))
        summoning = not self.summoned(state) and (state.night == NIGHT or early)
        return seat.player != NOBODY and not self.unheld(state) and (state.night == 1 or summoning)

    def demons(self, state: State) -> tuple[str, ...]:
        """The Demons it may summon: the script's that a player can hold."""
        return tuple(c for c in script_team(state, "demon") if mod(char(state, c)).demon)

    def summon(self, state: State, player: int, key: str, only: list[str]) -> Result:
        everyone = tuple(s.player for s in state.seats)
        sheet = tuple(only) or self.demons(state)
        if not sheet:
            return state, []
        if player == NOBODY:  # the storyteller has the ability (a jinx)
            cid = rule(state, key + ":demon", "summoner_demon", sheet, truth=None)
        else:
            optional = bool(only)  # the Pukka's earlier night: may wait for the third
            cid = choose_value(
                state, key + ":demon", player, self.id, sheet, "character", optional=optional
            )
            if cid is None:
                return state, []
        if cid == TYPHON:  # the jinx: a Lord of Typhon must neighbour a Minion
            everyone = tuple(p for p in everyone if _beside_minion(state, p)) or everyone
        if player == NOBODY or self.picks_no_player(state, player):
            target = rule(state, key + ":player", "summoner_player", everyone, truth=None)
        else:
            (target,) = choose(state, key + ":pick", player, self.id, everyone)
        state = put_mark(state, SUMMONED, player, player)
        if player != NOBODY and not works(state, player):
            return abnormal.mark(state, player), []
        return self.make(state, player, int(target), str(cid), key)

    def picks_no_player(self, state: State, player: int) -> bool:
        """Jinxes: the Poppy Grower alive, or the Summoner's ability the Alchemist's: the
        Summoner picks only the Demon."""
        poppy = any(s.character == "poppygrower" and s.alive for s in state.seats)
        return poppy or _alchemist(seat(state, player))

    def make(self, state: State, summoner: int, target: int, cid: str, key: str) -> Result:
        second = bool(demons(state))
        effects: list[Effect] = []
        state, more = change_character(state, target, cid, BecameDemon)
        effects += more
        state, more = change_alignment(state, target, "evil")
        effects += more
        if cid == "zombuul" and not seat(state, target).alive:  # died once already
            state = put_mark(with_seat(state, target, used=True), LIVES_ON, target, target)
        if second:  # a second living Demon: tonight's deaths are the storyteller's
            hag = role("pithag")
            assert isinstance(hag, PitHag)
            state = put_mark(state, "arbitrary", summoner, summoner, dusks=1)
            state, more = hag.deaths(state, target, key)
            effects += more
        if cid == TYPHON:
            state, more = self.typhon_neighbour(state, target, key)
            effects += more
        state, more = settle_changes(state, key)
        effects += more
        state, more = join(state, key)  # the Marionette's jinx: it enters play now
        return state, effects + more

    def typhon_neighbour(self, state: State, typhon: int, key: str) -> Result:
        """The Lord of Typhon's jinx: its neighbour that is not a Minion becomes an evil Minion
        (one on the script not in play, the storyteller's pick)."""
        other = [n for n in neighbours(state, typhon) if seat(state, n).team != "minion"]
        in_play = {s.character for s in state.seats}
        sheet = tuple(c for c in script_team(state, "minion") if c not in in_play)
        if len(other) != 1 or not sheet:
            return state, []
        cid = rule(state, key + ":typhon", "summoner_typhon_minion", sheet, truth=None)
        state, effects = change_character(state, other[0], str(cid))
        state, more = change_alignment(state, other[0], "evil")
        return state, effects + more

    # Passive ----------------------------------------------------------------------------------
    def summoned(self, state: State) -> bool:
        return any(m.kind == SUMMONED for m in state.marks)

    def postpones_end(self, state: State, seat: Seat) -> bool:
        """No Demon yet: the game waits while the Summoner may still summon (alive, before
        the summoning night's wake has passed)."""
        if self.summoned(state) or not (seat.alive or seat.player == NOBODY):
            return False
        if state.night < NIGHT or state.phase is Phase.SETUP:
            return True
        turn = (self.id, seat.player)
        return (
            state.phase is Phase.NIGHT
            and state.night == NIGHT
            and (turn in state.queue[state.cursor :])
        )

    def unheld(self, state: State) -> bool:
        """Jinxes: the storyteller has the ability of a living Summoner who has none (the
        Courtier's, the Preacher's), or who was made another character (the Engineer's)."""
        if self.summoned(state) or self.id not in state.script_ids:
            return False
        partners = {s.character for s in state.seats}
        for s in _summoners(state):
            if s.alive and partners & set(TAKES_OVER) and not works(state, s.player):
                return True
        return "engineer" in partners and any(
            c.before == self.id and alive(state, c.player) for c in state.changes
        )

    def ends_game(self, state: State, seat: Seat) -> tuple[str, str] | None:
        """The Alchemist-Summoner's jinx: dead before summoning, evil wins."""
        if _alchemist(seat) and not seat.alive and not self.summoned(state):
            return "evil", "summoner_lost"
        return None

    # The bot storyteller and self-play ------------------------------------------------------
    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != "summoner_player":
            return None
        living = [p for p in pending.options if alive(state, p)] or list(pending.options)
        return pending.options.index(rng.choice(living))

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """A Demon at random; as the player, one the town trusts (a good player made evil)."""
        if options and isinstance(options[0], str):
            return (table.rng.choice(options),)
        return most_trusted(table, state, player, options, pick)

    def says(self, event: Any, words: Words) -> str:
        return "🕯️ Three good characters not in play, yours to bluff: " + ", ".join(
            words.character(c) for c in event.bluffs
        )
