"""The Organ Grinder: every player votes with eyes closed and the tally is secret: while its
ability works the table hears only that a hand was counted, never which way, and at the end of
a vote neither the count nor who is about to die (``Role.conceals_vote``); the execution at
the end of the day is announced as usual. Each night it chooses whether it is drunk until dusk
(``yes``: a ``drunk`` reminder on itself), and a drunk Organ Grinder's votes are open again.

Jinxes: the Alchemist may have the Organ Grinder's ability only while the Organ Grinder is in
play, and while neither of the two is drunk or poisoned otherwise, both are drunk (the
Alchemist's unit offers it; ``makes_drunk`` here); the Butler may raise their hand in a secret
vote, and it counts only if their master voted too (the Butler's own rule, as the engine runs
it always).

Nobody sees a running count: the voter the count reaches is asked for their hand without it
(``VoteBoard.count`` None), and who a secret vote put on the block is known to no player
(``votes.known_block``: the status and the simulated voters read that), only to the
storyteller, until the execution is announced."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.events import HandSet, Voted, VoteResult
from engine.clocktower.game.model import Seat, State, put_mark
from engine.clocktower.game.roles import Result, Role, Table, Words, has_ability
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

DRUNK_CHANCE = 0.2  # how often a simulated Organ Grinder chooses to be drunk


@dataclass(frozen=True)
class SecretHand(Event, Public):
    """The count reached ``voter`` in a secret vote: their hand is locked, which way unsaid."""

    event = "secret_hand"
    voter: int


@dataclass(frozen=True)
class SecretTally(Event, Public):
    """A secret vote on ``nominee`` is over: no count, no one said to be about to die."""

    event = "secret_tally"
    nominee: int


class OrganGrinder(Role):
    id = "organgrinder"
    reasoned = True  # the reasoning model: its secret votes are not recorded as hands
    events = (SecretHand, SecretTally)
    policy: ClassVar[str] = "No rulings: votes are secret while the Organ Grinder's ability works."

    def night(self, state: State, player: int, key: str) -> Result:
        drunk = choose_value(state, key + ":drunk", player, self.id, ("yes", "no"), "yesno")
        if drunk == "yes":
            state = put_mark(state, "drunk", player, player, dusks=1)
        return state, []

    def conceals_vote(self, state: State, seat: Seat, effects: list[Effect]) -> list[Effect] | None:
        if not works(state, seat.player):
            return None
        said: list[Effect] = []
        for e in effects:
            if isinstance(e, Voted):
                said.append(SecretHand(e.voter))
            elif isinstance(e, VoteResult):
                said.append(SecretTally(e.nominee))
            elif not isinstance(e, HandSet):
                said.append(e)
        return said

    def makes_drunk(self, state: State, seat: Seat, target: int) -> bool:
        """The Alchemist's jinx: two players with the ability, neither drunk or poisoned by a
        reminder, are both drunk."""
        if target == seat.player or not any(s.player == target for s in state.seats):
            return False
        other = next(s for s in state.seats if s.player == target)
        if not has_ability(state, other, self.id):
            return False
        impaired = {m.target for m in state.marks if m.kind in ("drunk", "poisoned")}
        return seat.player not in impaired and target not in impaired

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return ("yes",) if table.rng.random() < DRUNK_CHANCE else ("no",)

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, SecretHand):
            return f"🎵 {words.player(event.voter)}'s hand is counted, eyes closed."
        return (
            f"🎵 The vote on {words.player(event.nominee)} is over. The tally is secret, and so "
            "is who is about to die."
        )
