"""The King: the Demon learns on the first night who the King is (a King made later, the night
they become one); each night, while the dead equal or outnumber the living, the King learns one
living player's character (a Spy may be shown as a good character, a Recluse as an evil one;
drunk or poisoned, any character on the script, the consistent lie first). The turn in which
the Demon learns of the King is the Demon's: the King wakes only to learn a character.

Jinx: with the Leviathan or Riot in play (a Demon that kills nobody at night), the King learns
a character each night once anyone is dead.

A drunk or poisoned King's Demon may be shown another player (a ruling; the bot storyteller
shows the player who believes they are the King, so a Drunk King is pointed out as one)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import MAX_FALSE, impaired, learn
from engine.clocktower.game.cast import playable
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import (
    Field,
    Pending,
    Seat,
    State,
    demons,
    marks_of,
    put_mark,
    seat,
)
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.working import works
from engine.core import Effect, seeded_rng


@dataclass(frozen=True)
class KingKnown(Told):
    """To the Demon, on the first night or the night a King is made: who the King is."""

    event = "king_known"
    king: int


UNKILLING = ("leviathan", "riot")  # the Demons of the jinxes: they kill nobody at night


class King(Role):
    id = "king"
    events = (KingKnown,)
    topics = {"king_shown": "whom the Demon is shown as the King"}
    reminders = {"king_known": "the Demon knows who the King is"}
    policy: ClassVar[str] = (
        "The Demon is shown the player who believes they are the King; the King is shown a "
        "random living player's character (misregistration with the usual chance; drunk or "
        "poisoned, the consistent lie)."
    )

    def wakes(self, state: State, seat: Seat) -> bool | None:
        return None if not _known(state, seat.player) or self.rouses(state, seat) else False

    def rouses(self, state: State, seat: Seat) -> bool:
        return state.night > 1 and dead_outnumber(state)

    def night(self, state: State, player: int, key: str) -> Result:
        effects: list[Effect] = []
        if not _known(state, player):
            state, effects = _demon_learns(state, player, key + ":demon")
        living = [s.player for s in state.seats if s.alive and s.player != player]
        if state.night == 1 or not dead_outnumber(state) or not living:
            return state, effects
        rng = seeded_rng(state.seed, key)
        true = list(dict.fromkeys(seat(state, p).character for p in living))
        legal = [r.character for p in living for r in registrations(state, p)[1:]]
        legal = [c for c in dict.fromkeys(legal) if c not in true]
        absent = [c for c in playable(state) if c not in true and c not in legal]

        def lie(world: World) -> str:
            return rng.choice([world[p].character for p in living])

        state, told = learn(
            state,
            player,
            self.id,
            key,
            rng.choice(true),
            rng.sample(legal, min(MAX_FALSE, len(legal))),
            rng.sample(absent, min(MAX_FALSE, len(absent))),
            lie=lie,
            fields=(Field("character", tuple(dict.fromkeys((*playable(state), *true)))),),
            also_true=true,
            also_registered=legal,
        )
        return state, [*effects, *told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return 0  # the player who believes they are the King

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"the {words.strong(words.character(info['answer']))} is alive."

    def says(self, event: Any, words: Words) -> str:
        return f"👑 The King is {words.strong(words.player(event.king))}."


def dead_outnumber(state: State) -> bool:
    """Whether the King learns tonight: the dead equal or outnumber the living (with the
    Leviathan or Riot in play, the jinxes: anyone is dead)."""
    dead = sum(not s.alive for s in state.seats)
    if dead and any(s.character in UNKILLING for s in state.seats):
        return True
    return dead >= len(state.seats) - dead


def _known(state: State, king: int) -> bool:
    """Whether the Demon has been told of this King (a drunk one's, shown someone): the
    reminder ``_demon_learns`` places."""
    return bool(marks_of(state, "king_known", king))


def _demon_learns(state: State, player: int, key: str) -> Result:
    """Each Demon learns who the King is: ``player``, whose ability works, or (drunk or
    poisoned) whomever the storyteller points at."""
    king = player
    if not works(state, player):
        others = tuple(s.player for s in state.seats if s.player != player)
        king = rule(
            state,
            key,
            "king_shown",
            (player, *others),
            truth=None,
            player=player,
            reason=impaired(state, player),
        )
    effects: list[Effect] = []
    for demon in demons(state):
        state, told = tell(state, KingKnown(demon, king=king))
        effects.append(told)
    return put_mark(state, "king_known", player, player), effects
