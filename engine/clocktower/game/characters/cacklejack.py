"""The Cacklejack (Traveller): each day, by day between votes, chooses a player (told only to the
storyteller; the player may say it aloud). Each night after the first, at its place, the
storyteller changes the character of a player other than the one chosen that day (alive or
dead, good or evil, any player but a Traveller: ``cacklejack``) into a different character of
the script (``cacklejack_character``: any type, in play or not). It must happen: there is no
"no change". The player keeps their alignment (a good player made a Minion stays good, as
with the Pit-Hag), is told their new character and has its ability afresh (a "you start
knowing" one acts that night). The Cacklejack sleeps through it; while it is drunk or
poisoned, or dead, nothing changes.

Bot storyteller: a random player who is not the Demon and not the one chosen becomes a random
character of their own team that is not in play (never the Drunk, never one a jinx forbids),
else one in play, so neither side is helped by design."""

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


def changeable(state: State, player: int) -> tuple[str, ...]:
    """The script's characters ``player`` may be changed into: any but their own (no
    Traveller)."""
    now = seat(state, player).character
    return tuple(c for c in playable(state) if char(state, c).team != "traveller" and c != now)


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
        "character of their own team (never the Drunk), else one in play."
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
        options = changeable(state, target)
        if not options:
            return state, []
        cid = str(
            rule(state, key + ":what", "cacklejack_character", options, truth=None, player=target)
        )
        state, effects = change_character(state, target, cid)
        state, more = settle_changes(state, key)
        return state, effects + more

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic == "cacklejack":
            fit = [p for p in pending.options if seat(state, p).team != "demon" and spare(state, p)]
            fit = fit or [p for p in pending.options if seat(state, p).team != "demon"]
            return pending.options.index(rng.choice(fit)) if fit else 0
        player = dict(pending.data)["player"]
        team = seat(state, player).team
        fit = [c for c in spare(state, player) if c in pending.options]
        fit = fit or [c for c in pending.options if char(state, c).team == team]
        return pending.options.index(rng.choice(fit or list(pending.options)))

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
