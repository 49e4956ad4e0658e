"""Lil' Monsta: a Demon no player holds (``Role.unheld``). Each night the Minions choose which of
them babysits its token, and that player "is the Demon" (an ``IS_THE_DEMON`` reminder: they count
as the Demon for every ending, register as the Demon before their own Minion, and Lil' Monsta
dies with them: when the babysitter dies, no Demon lives). Each night after the first a player
might die: the storyteller picks who (any living player, or nobody), and it is a Demon's attack
by the babysitter, so a drunk or poisoned babysitter kills nobody and the Monk's and the Soldier's
protection hold. [+1 Minion: the bag deals it.] No player is the Demon at Demon info, so the
evil team gets no bluffs.

The Minions' choice: each living Minion names a living Minion (themselves too); when they agree
that one babysits, otherwise the storyteller picks among those named. Until the first choice
is made (setup, the first night) the game does not end for want of a Demon.

Jinxes, in this unit:
- Scarlet Woman: when the babysitter dies with five or more players alive before, a working
  Scarlet Woman babysits for the rest of the game (at once rather than that night: the same).
- Magician alive: the storyteller picks the babysitter (bot: at random).
- Poppy Grower alive: the Minions are asked one by one whether they take the token, until one
  does (if none does, the last asked takes it).
- Hatter: no player holds Lil' Monsta as their character; one who becomes it (the Hatter's tea
  party; a Pit-Hag's change too) chooses a Minion to become instead, and babysits.
- Psychopath, Vizier: a babysitting one dies when executed (in their units).
- Marionette: it enters play as the first babysitter is chosen, one of their good neighbours
  (``_marionette.join``).

The reasoning model's worlds (``held_by_minion``): the bag deals its Minions only, one of them
babysits, each as likely, and is the Demon (it dies with Lil' Monsta, kills a player a night
after the first, and a Scarlet Woman inherits as from any Demon). As the worlds reckon it the
token stays with that Minion all game: a table cannot see it passed (an approximation)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.counts import mod
from engine.clocktower.game.abilities.change import change_character
from engine.clocktower.game.abilities.kill import demon_attack
from engine.clocktower.game.cast import char, script_team
from engine.clocktower.game.characters._demon import storyteller_prey
from engine.clocktower.game.characters._marionette import join
from engine.clocktower.game.decisions import choose, choose_value, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import (
    IS_THE_DEMON,
    NOBODY,
    SYSTEM,
    Pending,
    Phase,
    Seat,
    State,
    alive,
    drop_marks,
    living,
    minions,
    put_marks,
    residents,
)
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect

LIL = "lilmonsta"
KEPT = "for the rest of the game"  # the babysitter's reminder's note: the Scarlet Woman's jinx


@dataclass(frozen=True)
class Babysits(Told):
    """This Minion babysits Lil' Monsta tonight: they are the Demon."""

    event = "babysits"


def babysitter(state: State) -> int | None:
    """Who holds Lil' Monsta's token (alive or dead), or None before the Minions first chose."""
    held = [m.target for m in state.marks if m.kind == IS_THE_DEMON and m.character == LIL]
    return held[-1] if held else None


def give_token(state: State, player: int, note: str = "") -> State:
    """``player`` babysits Lil' Monsta from now on (``KEPT``: for the rest of the game)."""
    state = drop_marks(state, IS_THE_DEMON, source=SYSTEM)
    return put_marks(state, IS_THE_DEMON, SYSTEM, (player,), character=LIL, note=note)


def kept(state: State) -> bool:
    """Whether the token stays where it is for the rest of the game (the Scarlet Woman's)."""
    return any(m.kind == IS_THE_DEMON and m.note == KEPT for m in state.marks)


class LilMonsta(Role):
    id = LIL
    policy = (
        "The Minions' disagreement is settled at random among those named; each night a random "
        "living good player the attack can kill is attacked (else another player it can kill)."
    )
    topics = {
        "lilmonsta_babysitter": "which Minion babysits Lil' Monsta (the Minions disagreed, or a Magician lives)",
        "lilmonsta_kill": "who Lil' Monsta attacks tonight (any living player, or nobody)",
    }
    reminders = {IS_THE_DEMON: "is the Demon"}
    events = (Babysits,)
    reasoned = True
    held_by_minion = True

    def unheld(self, state: State) -> bool:
        """In play when the script has it and the game began with no Demon dealt and no
        Summoner (a setup with no Demon player that is not a Summoner's is Lil' Monsta's)."""
        if LIL not in state.script_ids or state.phase is Phase.LOBBY:
            return False
        if babysitter(state) is not None:
            return True
        return not any(
            s.team == "demon" or not mod(char(state, s.character)).demon for s in state.seats
        )

    def postpones_end(self, state: State, seat: Seat) -> bool:
        """No Demon lives before the Minions' first choice: the game waits for it."""
        first = state.phase is Phase.SETUP or (state.phase is Phase.NIGHT and state.night == 1)
        return first and babysitter(state) is None

    def night(self, state: State, player: int, key: str) -> Result:
        held = babysitter(state)
        if held is not None and not alive(state, held):
            return state, []  # Lil' Monsta died with its babysitter
        effects: list[Effect] = []
        team = minions(state)
        if team and not kept(state):
            sitter = self.choice(state, team, key)
            state = give_token(state, sitter)
            state, told = tell(state, Babysits(sitter))
            effects.append(told)
            state, more = join(state, key)  # the Marionette's jinx: it enters play now
            effects += more
        held = babysitter(state)
        if state.night == 1 or held is None or not alive(state, held):
            return state, effects
        everyone = (NOBODY, *living(state))
        target = rule(state, key + ":kill", "lilmonsta_kill", everyone, truth=None, sitter=held)
        if target == NOBODY:
            return state, effects
        state, more = demon_attack(state, held, int(target), key)
        return state, effects + more

    def choice(self, state: State, team: tuple[int, ...], key: str) -> int:
        """Who babysits tonight: the Minions' choice, or as a jinx says."""
        if any(s.character == "magician" and s.alive for s in state.seats):
            return int(rule(state, key + ":sitter", "lilmonsta_babysitter", team, truth=None))
        if any(s.character == "poppygrower" and s.alive for s in state.seats):
            for p in team:  # one by one, until one takes it (else the last asked)
                takes = choose_value(state, f"{key}:take{p}", p, self.id, ("yes", "no"), "yesno")
                if takes == "yes":
                    return p
            return team[-1]
        named = [choose(state, f"{key}:sit{p}", p, self.id, team)[0] for p in team]
        picked = tuple(dict.fromkeys(named))
        if len(picked) == 1:
            return int(picked[0])
        return int(rule(state, key + ":sitter", "lilmonsta_babysitter", picked, truth=None))

    def after_change(self, state: State, seat: Seat, key: str) -> Result:
        """No player holds Lil' Monsta as their character: one made it (the Hatter's tea party,
        the jinx; a Pit-Hag's change) chooses a Minion to become instead, and babysits it."""
        if seat.player == NOBODY or seat.character != LIL:
            return state, []
        in_play = {s.character for s in state.seats}
        sheet = tuple(c for c in script_team(state, "minion") if c not in in_play)
        if not sheet:
            return state, []
        cid = choose_value(state, key + ":lil", seat.player, self.id, sheet, "character")
        assert cid is not None
        state, effects = change_character(state, seat.player, cid)
        state = give_token(state, seat.player)
        state, told = tell(state, Babysits(seat.player))
        return state, [*effects, told]

    def someone_died(self, state: State, seat: Seat, dead: int, cause: str, key: str) -> Result:
        """The Scarlet Woman's jinx: she takes the token of a babysitter who died with five or
        more players alive before."""
        if dead != babysitter(state) or len(residents(state)) + 1 < 5:
            return state, []
        heirs = [
            s.player
            for s in state.seats
            if s.character == "scarletwoman" and s.alive and works(state, s.player)
        ]
        if not heirs:
            return state, []
        state = give_token(state, heirs[0], KEPT)
        state, told = tell(state, Babysits(heirs[0]))
        return state, [told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != "lilmonsta_kill":
            return None
        return storyteller_prey(state, pending.options, dict(pending.data)["sitter"], rng)

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """The Minion the town suspects least (every Minion sees the same, so they agree): named,
        or taking the token when it is that one; a Minion character to become at random."""
        if options and options[0] in ("yes", "no"):
            sitters = minions(state)
            least = min(sitters, key=lambda p: (table.demon_chance(state, p, p), p))
            return ("yes" if least == player else "no",)
        if options and isinstance(options[0], str):
            return (table.rng.choice(options),)
        team = list(minions(state))
        if not team:
            return None
        return (min(team, key=lambda p: (table.demon_chance(state, p, p), p)),)

    def asks(self, menu: Any, words: Words) -> str | None:
        name = words.strong(words.character(LIL))
        if menu.ask == "yesno":
            return f"🌙 Night {menu.night}: do you take {name}'s token (and are the Demon)?"
        if menu.ask == "character":
            return f"🌙 Night {menu.night}: nobody holds {name}: choose a Minion to become, and babysit it."
        return f"🌙 Night {menu.night}: choose which Minion babysits {name} (and is the Demon)."

    def says(self, event: Any, words: Words) -> str:
        return f"🍼 You babysit {words.strong(words.character(LIL))}: you are the {words.strong('Demon')}."
