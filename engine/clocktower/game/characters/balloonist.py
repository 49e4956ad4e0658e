"""The Balloonist: each night, learns a player whose character type differs from that of the
player shown the night before (anyone on the first night); alive or dead, good or evil. May add
an Outsider at setup (+0 or +1: the catalogue's setup modifier, which the bag and the deal
check apply).

The type shown is remembered on a reminder (``balloon``, its note the type): the shown player's
true type, or the type they registered as when only a registration made them differ (a Spy
as a Townsfolk). A drunk or poisoned Balloonist may be shown anyone, a player of the same type
too, the consistent lie first; the next sober night must differ from that player's type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import MAX_FALSE, learn
from engine.clocktower.game.events import Info
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Field, State, marks_of, put_mark
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.game.working import works
from engine.core import seeded_rng


class Balloonist(Role):
    id = "balloonist"
    reminders = {"balloon": "shown to the Balloonist (its type noted)"}
    policy: ClassVar[str] = (
        "Shows a random player of another type than last night's (misregistration with the "
        "usual chance); drunk or poisoned, the consistent lie."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        before = last_type(state, player)
        others = [s.player for s in state.seats if s.player != player]
        teams = {p: [r.team for r in registrations(state, p)] for p in others}
        true = [p for p in others if teams[p][0] != before] or others
        legal = [p for p in others if p not in true and any(t != before for t in teams[p])]
        wrong = [p for p in others if p not in true and p not in legal]
        rng = seeded_rng(state.seed, key)

        def lie(world: World) -> int:
            return rng.choice([p for p in others if world[p].team != before] or others)

        state, effects = learn(
            state,
            player,
            self.id,
            key,
            rng.choice(true),
            rng.sample(legal, min(MAX_FALSE, len(legal))),
            rng.sample(wrong, min(MAX_FALSE, len(wrong))),
            lie=lie,
            fields=(Field("player", tuple(others)),),
            also_true=true,
            also_registered=legal,
        )
        shown = next(e.answer for e in effects if isinstance(e, Info))
        kinds = teams[shown]
        noted = kinds[0]
        if noted == before and works(state, player):  # shown as a registration
            noted = next((t for t in kinds if t != before), noted)
        return put_mark(state, "balloon", player, shown, note=noted), effects

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return (
            f"{words.strong(words.player(info['answer']))}, of another character type than "
            "the player you were shown the night before (if any)."
        )


def last_type(state: State, player: int) -> str | None:
    """The character type of the player ``player`` was last shown (None: nobody yet)."""
    found = marks_of(state, "balloon", player)
    return found[-1].note if found else None
