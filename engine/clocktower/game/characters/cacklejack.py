"""The Cacklejack (Traveller): each day, by day between votes, chooses a player (told only to the
storyteller; the player may say it aloud). Each night after the first, at its place, the
storyteller changes the character of a player other than the one chosen that day (alive or
dead, any player but a Traveller: ``cacklejack``) into another character of the script of their
kind (``cacklejack_character``: in play or not; the last option, their own, leaves it as it is):
a good character (Townsfolk or Outsider) for a good one, a Minion for a Minion, a Demon for the
Demon, as the almanac's examples go (so one Demon stays one, and no one's team turns against
their alignment, a choice the rules leave open and the engine does not offer). The player keeps
their alignment, is told their new character and has its ability afresh (a "you start knowing"
one acts that night). The Cacklejack sleeps through it; while it is drunk or poisoned, or dead,
nothing changes.

Bot storyteller: a random player who is not the Demon and not the one chosen becomes a random
character of their own team that is not in play (never the Drunk, never one a jinx forbids),
so neither side is helped by design; with no such character for anyone, nobody changes."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.clocktower.counts import clash
from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_character, settle_changes
from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import (
    Pending,
    Seat,
    State,
    drop_marks,
    marks_of,
    put_mark,
    seat,
)
from engine.clocktower.game.roles import REGISTRY, DayCommand, Result, Role, Table
from engine.clocktower.game.working import works

CHOOSES = 0.8  # how often a simulated Cacklejack chooses a player on a day


@dataclass(frozen=True)
class Cackle:
    """The day action: the Cacklejack chooses the player who will not change tonight."""

    by: int
    target: int


def kind(team: str) -> str:
    """The kind of character a player may be changed within: good (Townsfolk or Outsider), Minion
    or Demon."""
    return "good" if team in ("townsfolk", "outsider") else team


def changeable(state: State, player: int) -> tuple[str, ...]:
    """The script's characters ``player`` may be changed into: of their kind (no Traveller)."""
    mine = kind(seat(state, player).team)
    return tuple(c for c in playable(state) if kind(char(state, c).team) == mine)


def spare(state: State, player: int) -> tuple[str, ...]:
    """The bot storyteller's candidates for ``player``: their own team's characters not in
    play, never the Drunk, none a jinx forbids beside the others in play."""
    team = seat(state, player).team
    in_play = {s.character for s in state.seats}
    others = [char(state, s.character) for s in state.seats if s.player != player]
    drunk = REGISTRY.having("always_drunk")
    return tuple(
        c
        for c in changeable(state, player)
        if char(state, c).team == team
        and c not in in_play
        and c not in drunk
        and not clash((*others, char(state, c)))
    )


class Cacklejack(Role):
    id = "cacklejack"
    policy = (
        "A random player, not the Demon nor the one chosen, becomes a random not-in-play "
        "character of their own team (never the Drunk)."
    )
    topics = {
        "cacklejack": "who changes character tonight (not the player the Cacklejack chose)",
        "cacklejack_character": "the character the player becomes",
    }
    day_action = Cackle
    reminders = {"not_me": "not me"}
    command = DayCommand(
        "cacklejack",
        "Cacklejack: choose a player; someone else changes character tonight",
        "player",
        "The player who will not change tonight",
        "Your choice is made; the storyteller knows it.",
    )

    def day(self, state: State, action: Cackle) -> Result:
        require_day_between_votes(state)
        me = next((s for s in state.seats if s.player == action.by), None)
        refuse_unless(
            me is not None and me.character == self.id and me.alive,
            "Only a living Cacklejack can do that.",
        )
        refuse_unless(action.target in state.players, "Choose a player in this game.")
        today = str(state.day)
        refuse_unless(
            all(m.note != today for m in marks_of(state, "not_me", action.by)),
            "You have already chosen today.",
        )
        state = drop_marks(state, "not_me", action.by)
        return put_mark(state, "not_me", action.by, action.target, dusks=2, note=today), []

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        return state.players

    def rouses(self, state: State, seat_: Seat) -> bool:
        return False  # the storyteller changes someone; the Cacklejack sleeps

    def night(self, state: State, player: int, key: str) -> Result:
        chosen = {m.target for m in marks_of(state, "not_me", player) if m.note == str(state.day)}
        who = tuple(
            s.player for s in state.seats if s.team != "traveller" and s.player not in chosen
        )
        if not who:
            return state, []
        if not works(state, player):
            return abnormal.mark(state, player), []
        target = int(rule(state, key + ":who", "cacklejack", who, truth=None, chosen=tuple(chosen)))
        now = seat(state, target).character
        options = (*(c for c in changeable(state, target) if c != now), now)  # last: no change
        cid = str(
            rule(state, key + ":what", "cacklejack_character", options, truth=None, player=target)
        )
        if cid == now:
            return state, []
        state, effects = change_character(state, target, cid)
        state, more = settle_changes(state, key)
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic == "cacklejack":
            fit = [p for p in pending.options if seat(state, p).team != "demon" and spare(state, p)]
            # nobody fits: the first option, given a character it already has below (no change)
            return pending.options.index(rng.choice(fit)) if fit else 0
        player = dict(pending.data)["player"]
        fit = [c for c in spare(state, player) if c in pending.options]
        return pending.options.index(rng.choice(fit)) if fit else len(pending.options) - 1

    def day_move(self, table: Table, state: State) -> Cackle | None:
        for s in state.seats:
            if s.character != self.id or not s.alive:
                continue
            if any(m.note == str(state.day) for m in marks_of(state, "not_me", s.player)):
                continue
            if table.once("cackle", state.day, s.player) and table.rng.random() < CHOOSES:
                others = [p for p in state.players if p != s.player]
                trusted = table.trusted(state, s.player, others) or others
                return Cackle(s.player, trusted[0])
        return None
