"""The Harlot (Traveller): each night after the first, chooses a living player, who decides
whether to reveal their character (a yes/no prompt to them). If they agree, the Harlot learns
their character (as they register; any character when the Harlot is drunk or poisoned), and the
storyteller may decide that both die tonight (``harlot``).

Bot storyteller: both die a quarter of the time, never when either is a Demon (that would end
the game on a whim)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import character_of
from engine.clocktower.game.characters._learns_character import LearnsCharacter
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, choose_value, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Info
from engine.clocktower.game.model import Pending, State, seat
from engine.clocktower.game.roles import Result, Table, Words, most_suspected
from engine.clocktower.game.working import works

DEATHS = 0.25
AGREES = {"good": 0.8, "evil": 0.3}  # how often a simulated player reveals themself


class Harlot(LearnsCharacter):
    id = "harlot"
    policy = "Both die a quarter of the time, never when either is a Demon."
    topics = {"harlot": "whether the Harlot and the player who revealed themself both die"}

    def night(self, state: State, player: int, key: str) -> Result:
        living = tuple(s.player for s in state.seats if s.alive and s.player != player)
        if not living:
            return state, []
        (target,) = choose(state, key + ":pick", player, self.id, living)
        agreed = choose_value(state, key + ":agree", target, self.id, ("yes", "no"), "yesno")
        if agreed != "yes":
            state, told = tell(
                state,
                Info(player, character=self.id, night=state.night, answer=None, players=(target,)),
            )
            return state, [told]
        state, effects = character_of(state, player, self.id, key, target)
        if not works(state, player):
            return state, effects
        both = rule(
            state,
            key + ":deaths",
            "harlot",
            (False, True),
            truth=None,
            player=player,
            chosen=target,
        )
        if both:
            for p in (target, player):
                state, more = die(state, p, "harlot", key + f":dies{p}")
                effects += more
        return state, effects

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        data = dict(pending.data)
        demon = any(seat(state, p).team == "demon" for p in (data["player"], data["chosen"]))
        return pending.options.index(not demon and rng.random() < DEATHS)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        if info["answer"] is None:
            return f"{words.players(info['players'])} would not reveal their character."
        return super().reads(info, words)

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        if info["answer"] is not None:
            super().suspect(score, info, weight)

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        if options and isinstance(options[0], str):  # asked to reveal: yes or no
            agrees = AGREES[seat(state, player).alignment]
            return ("yes" if table.rng.random() < agrees else "no",)
        return most_suspected(table, state, player, options, pick)

    def asks(self, menu: Any, words: Words) -> str | None:
        return (
            f"🌙 Night {menu.night}: the {words.strong('Harlot')} asks to learn your character. "
            "Do you reveal it? (You both might die.)"
        )
