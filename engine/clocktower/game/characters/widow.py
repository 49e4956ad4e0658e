"""The Widow: on her first night, sees the whole grimoire and poisons a player of her choice for
the game (the poison lasts while her ability works: it ends when she dies or is drunk or
poisoned herself). Then the storyteller tells one good player of their choice that a Widow is in
play; that player learns it even when the Widow's ability failed (it is the storyteller's word,
not her effect).

Jinxes: the grimoire she sees misses the tokens ``markers.hidden_tokens`` hides (the Demon's and
the Magician's beside a Magician; while the Poppy Grower has their ability she sees none); while a
Widow is or has been in play the Damsel is poisoned (the Damsel's unit)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Grimoire, Told
from engine.clocktower.game.markers import hidden_tokens, known_evil
from engine.clocktower.game.model import State, put_mark
from engine.clocktower.game.roles import Result, Role, Table, Words, most_trusted
from engine.clocktower.game.working import works
from engine.core import Effect


@dataclass(frozen=True)
class WidowWarning(Told):
    """The storyteller showed this good player that a Widow is in play."""

    event = "widow_in_play"


class Widow(Role):
    id = "widow"
    reasoned = True  # the reasoning model: her poison for the game is not modelled
    policy = "Tells a good player chosen at random that a Widow is in play."
    topics = {"widow_warning": "which good player learns that a Widow is in play"}
    reminders = {"poisoned": "poisoned"}
    events = (WidowWarning,)

    def night(self, state: State, player: int, key: str) -> Result:
        hidden = hidden_tokens(state, player)
        shown: list[Effect] = []
        if len(hidden) < len(state.seats):  # all hidden: the Poppy Grower keeps it shut
            grimoire = tuple(
                (
                    s.player,
                    *(("", "") if s.player in hidden else (s.character, s.alignment)),
                    s.alive,
                )
                for s in state.seats
            )
            marks = tuple((m.kind, m.source, m.target, m.note) for m in state.marks)
            state, seen = tell(
                state,
                Grimoire(player, character=self.id, night=state.night, seats=grimoire, marks=marks),
            )
            shown.append(seen)
        everyone = tuple(s.player for s in state.seats)
        spare = known_evil(state, player, ("demon",))
        (target,) = choose(state, key + ":pick", player, self.id, everyone, spare=spare)
        if works(state, player):
            state = put_mark(state, "poisoned", player, target)
        else:
            state = abnormal.mark(state, player)
        goods = tuple(s.player for s in state.seats if s.alignment == "good")
        if not goods:
            return state, shown
        told = rule(state, key + ":warn", self.id + "_warning", goods, truth=None, player=player)
        state, warned = tell(state, WidowWarning(int(told)))
        return state, [*shown, warned]

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        spare = known_evil(state, player, ("demon",))
        chosen = most_trusted(table, state, player, [p for p in options if p not in spare], pick)
        return chosen or (player,)

    def says(self, event: Any, words: Words) -> str:
        return f"🍷 A {words.strong('Widow')} is in play."
