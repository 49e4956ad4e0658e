"""The Pixie: on the first night learns one in-play Townsfolk (the storyteller's pick; a drunk
or poisoned Pixie may be shown one not in play). If they were mad that they were that character,
they gain its ability when its player dies (``Role.gained``): they wake in its place from then
on, tonight too if still to come.

Madness here is not the Cerenovus' kind (nobody is executed for breaking it): it only decides
the gain, so it is not one of the ``madness`` hook's rulings. Whether the Pixie was mad is the
storyteller's ruling (``pixie``) when the character's player dies; a human storyteller judges it
by the whole table talk. The bot storyteller judges what it can see, the public claims: the Pixie
was mad if they claimed that character in public and never another one."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.characters._gains import Gains
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Info, Told
from engine.clocktower.game.model import Field, Pending, Seat, State, marks_of, put_marks, seat
from engine.clocktower.game.night import wake_later
from engine.clocktower.game.roles import Result, Table, Words
from engine.clocktower.game.working import works
from engine.core import seeded_rng

MAD = "pixie_mad"  # on the Pixie: the Townsfolk they learned (and should be mad about)
HAS = "pixie_ability"  # on the Pixie: the ability they gained
CLAIMS = 0.85  # how often a simulated Pixie claims the character they learned


@dataclass(frozen=True)
class PixieGained(Told):
    """The Pixie gained ``character``'s ability."""

    event = "pixie"
    character: str


def claimed_only(state: State, player: int, cid: str) -> bool:
    """Whether ``player`` claimed ``cid`` in public, and never another character."""
    said = {c for _, p, c in state.claims if p == player}
    return said == {cid}


class Pixie(Gains):
    id = "pixie"
    events = (PixieGained,)
    topics = {"pixie": "whether the Pixie was mad that they were the character whose player died"}
    reminders = {MAD: "mad that they are", HAS: "has the ability of"}
    policy: ClassVar[str] = (
        "Shows a random in-play Townsfolk; the Pixie was mad if they claimed it in public and "
        "never another character."
    )

    def _note(self, state: State, player: int, kind: str) -> str | None:
        return next((m.note for m in marks_of(state, kind, player)), None)

    def gained(self, state: State, seat_: Seat) -> tuple[str, ...]:
        cid = self._note(state, seat_.player, HAS)
        return () if cid is None else (cid,)

    def night(self, state: State, player: int, key: str) -> Result:
        townsfolk = script_team(state, "townsfolk")
        in_play = [  # another Pixie (a duplicate: the Pope's, a change) has nothing to give
            s.character for s in state.seats if s.team == "townsfolk" and s.character != self.id
        ]
        if not in_play:
            return state, []
        truth = seeded_rng(state.seed, key).choice(in_play)
        false = [c for c in townsfolk if c not in in_play and c != self.id][:3]
        fields = (Field("character", townsfolk),)
        state, effects = learn(
            state, player, self.id, key, truth, false=false, fields=fields, also_true=in_play
        )
        shown = next((e.answer for e in effects if isinstance(e, Info)), truth)
        state = put_marks(state, MAD, player, (player,), note=shown, character=self.id)
        return state, effects

    def someone_died(self, state: State, seat_: Seat, dead: int, cause: str, key: str) -> Result:
        cid = self._note(state, seat_.player, MAD)
        if (
            cid is None
            or seat(state, dead).character != cid
            or self.gained(state, seat_)
            or not works(state, seat_.player)
        ):
            return state, []
        seemed = claimed_only(state, seat_.player, cid)
        mad = rule(
            state,
            key + f":pixie{seat_.player}",
            "pixie",
            (seemed, not seemed),
            truth=None,
            player=seat_.player,
            character=cid,
        )
        if not mad:
            return state, []
        state = put_marks(state, HAS, seat_.player, (seat_.player,), note=cid, character=self.id)
        state, told = tell(state, PixieGained(seat_.player, character=cid))
        return wake_later(state, cid, seat_.player), [told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int:
        return 0  # the public claims' verdict, offered first

    def claims(self, table: Table, state: State, player: int) -> str | None:
        cid = self._note(state, player, MAD)
        return cid if cid is not None and table.rng.random() < CLAIMS else None

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"the {words.strong(words.character(info['answer']))} is in play."

    def says(self, event: Any, words: Words) -> str:
        name = words.strong(words.character(event.character))
        return f"🧚 As the Pixie you now have the ability of the {name}:\n{words.ability(event.character)}"
