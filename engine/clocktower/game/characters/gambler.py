"""The Gambler: each night after the first chooses a player and guesses their character; a wrong
guess kills the Gambler (unless something keeps them alive). A player who may register as
another character (a Spy, a Recluse) makes it the storyteller's ruling whether the guess is
right. A drunk or poisoned Gambler never dies of it.

The reasoning model reads no evidence from it: its guess is private; the death of a wrong guess
is one of the night's other deaths (``OTHER_DEATHS``), not read as evidence about the guess."""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.cast import playable
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import State, answer, seat
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Table
from engine.clocktower.game.working import works


def guessable(state: State) -> tuple[str, ...]:
    """Characters a Gambler may name: the script's, and any Traveller in play."""
    return tuple(dict.fromkeys((*playable(state), *(s.character for s in state.seats))))


class Gambler(Role):
    id = "gambler"
    policy = (
        "A guess is right as the target registers, a Spy or Recluse misregistering 10-50% of "
        "the time (more when good is ahead)."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        (guess,) = choose(state, key + ":guess", player, self.id, guessable(state), ask="character")
        state, effects = aim(state, player, target, key)
        if not works(state, player):
            return state, effects
        regs = registrations(state, target)
        truth = regs[0].character == guess
        options = (
            (truth, not truth) if any((r.character == guess) != truth for r in regs) else (truth,)
        )
        right = rule(
            state, key, "registration", options, player=target, character=guess, cause=self.id
        )
        if right:
            return state, effects
        state, more = die(state, player, "gambler", key)
        return state, effects + more

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """A simulated Gambler bets on what it can know: a Traveller's public character when one
        sits at the table, else it guesses at random."""
        if options and isinstance(options[0], str):
            assert state.pending is not None
            target = answer(state, state.pending.key.replace(":guess", ":pick"))[0]
            s = seat(state, target)
            return (s.character,) if s.team == "traveller" else None
        travellers = [p for p in options if seat(state, p).team == "traveller"]
        return (table.rng.choice(travellers),) if travellers else None
