"""The Beggar (Traveller): may vote only with a vote token; a dead player may give it their ghost
vote as a token (``GiveVote``), and the Beggar learns that player's alignment (as they register:
a Spy or Recluse may misregister). Exile votes need no token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.actions import GiveVote
from engine.clocktower.game.day import day_key
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.guards import NOT_DAY, refuse_unless, require_phase
from engine.clocktower.game.model import Phase, Seat, State, evolve, put_mark, with_seat
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.core import Event, Public

GIVES = 0.3  # how often a simulated dead good player gives a living Beggar their vote, once


def tokens(state: State, beggar: int) -> tuple[int, ...]:
    """The players whose vote tokens ``beggar`` holds, unspent."""
    return tuple(m.source for m in state.marks if m.kind == "token" and m.target == beggar)


@dataclass(frozen=True)
class VoteGiven(Event, Public):
    """A Beggar was given ``by``'s ghost vote (``to`` is a player here, not a recipient)."""

    event = "vote_given"
    by: int
    to: int


@dataclass(frozen=True)
class VoteToken(Told):
    """To a Beggar: ``player`` gave them their vote, and is ``alignment``."""

    event = "vote_token"
    player: int
    alignment: str


class Beggar(Role):
    id = "beggar"
    policy = (
        "A donor's alignment is told truly, a Spy or Recluse misregistering 10-50% of the time "
        "(more when good is ahead)."
    )
    events = (
        VoteGiven,
        VoteToken,
    )
    day_action = GiveVote
    reminders = {"token": "a vote token"}
    command = DayCommand(
        "givevote",
        "Dead: give your ghost vote to the Beggar",
        "beggar",
        "The Beggar who receives your vote token",
        "Your vote token is given.",
    )

    def raise_hand(self, state: State, seat: Seat) -> State:
        held = tokens(state, seat.player)
        refuse_unless(bool(held), "The Beggar needs a vote token to vote.")
        kept = tuple(
            m
            for m in state.marks
            if not (m.kind == "token" and m.source == held[0] and m.target == seat.player)
        )
        return evolve(state, marks=kept)

    def day(self, state: State, action: GiveVote) -> Result:
        require_phase(state, Phase.DAY, NOT_DAY)
        giver = next((x for x in state.seats if x.player == action.by), None)
        refuse_unless(
            giver is not None and not giver.alive and giver.ghost_vote,
            "Only a dead player with their ghost vote can give it away.",
        )
        refuse_unless(
            action.to in self.day_targets(state, action.by),
            "Vote tokens can only be given to a living Beggar.",
        )
        key = day_key(state) + f":{action.by}:token"
        alignment = rule(
            state,
            key,
            "info",
            alignments(state, action.by),
            player=action.to,
            character=self.id,
            reason="registration",
            about=action.by,
        )
        state = with_seat(state, action.by, ghost_vote=False)
        state = put_mark(state, "token", action.by, action.to)
        state, told = tell(state, VoteToken(action.to, player=action.by, alignment=alignment))
        return state, [told, VoteGiven(action.by, action.to)]

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        """Living Beggars (a Traveller's character is public, so this reveals nothing)."""
        return tuple(s.player for s in state.seats if s.character == self.id and s.alive)

    def request(self, by: int, target: int) -> GiveVote:
        return GiveVote(by=by, to=target)

    def day_move(self, table: Table, state: State) -> GiveVote | None:
        beggars = self.day_targets(state, 0)
        for s in state.seats:
            if beggars and not s.alive and s.ghost_vote and table.once("give", s.player):
                if s.alignment == "good" and table.rng.random() < GIVES:
                    return GiveVote(s.player, beggars[0])
        return None

    def votes_yes(self, table: Table, state: State, voter: int) -> bool | None:
        return False if not tokens(state, voter) else None

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, VoteGiven):
            return (
                f"🪙 {words.player(event.by)} gives their ghost vote to {words.player(event.to)}."
            )
        return (
            f"🪙 {words.player(event.player)} gave you their vote token; they are "
            f"{event.alignment}."
        )
