"""The Village Idiot: each night, chooses a player and learns their alignment. Up to two more
Village Idiots may be in play, each in a Townsfolk's place (the catalogue's setup modifier,
which the bag deals); with more than one, the storyteller makes one of them drunk for the game
(a setup ruling, ``idiot_drunk``; the bot picks at random). With a spare token the Pit-Hag may
make another (the jinx); then the storyteller may make another one the drunk one (a ruling, the
one drunk so far offered first; the bot picks at random again).

Several players may hold the character: each is a seat of its own, woken in turn at the
character's place, with its own choices and reminders. The drunk one's reminder is its own
(``holds``: it lasts while that player is a Village Idiot, whatever befalls the others).
A Spy may register good and a Recluse evil (a ruling); a drunk or poisoned Village Idiot may be
told either alignment, the consistent lie (the alignment in their false world) first.

The reasoning model's worlds deal its copies as the bag does (each count of them alike, in
other Townsfolk's places; ``worlds._copies``), up to three good players may claim it, and one
of several is drunk (``Worlds.drunk_copy``). Beside the Bounty Hunter, the Townsfolk it makes
evil may be one of them (``worlds._convert``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Mark, Seat, State, drop_marks, holders, put_mark, seat
from engine.clocktower.game.registration import alignments
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard

SIDES = ("good", "evil")


class VillageIdiot(Role):
    id = "villageidiot"
    topics = {"idiot_drunk": "which Village Idiot is drunk"}
    policy: ClassVar[str] = (
        "With several Village Idiots, a random one is drunk; each learns the true alignment "
        "(misregistration with the usual chance; drunk or poisoned, the consistent lie)."
    )

    def setup(self, state: State, seat: Seat) -> State:
        return self._drunk_one(state, seat, "setup:idiot_drunk")

    def after_change(self, state: State, seat: Seat, key: str) -> Result:
        """A Village Idiot made in play (the Pit-Hag's jinx): the drunk one may change."""
        return self._drunk_one(state, seat, key + ":idiot_drunk"), []

    def _drunk_one(self, state: State, seat: Seat, key: str) -> State:
        """With several Village Idiots, the storyteller makes one drunk (again, when they are
        no longer those it was chosen among: its reminder notes them)."""
        idiots = holders(state, self.id, living_only=False)
        if len(idiots) < 2 or seat.player != idiots[0]:
            return state
        among = ",".join(map(str, idiots))
        now = [m for m in state.marks if m.kind == "drunk" and m.character == self.id]
        if now and now[0].note == among:
            return state
        before = [m.target for m in now if m.target in idiots]
        options = (*before, *(p for p in idiots if p not in before))
        drunk = rule(state, key, "idiot_drunk", options, truth=None)
        for m in now:
            state = drop_marks(state, "drunk", m.source, m.target)
        return put_mark(state, "drunk", drunk, drunk, note=among)

    def holds(self, state: State, mark: Mark) -> bool | None:
        if mark.kind == "drunk":
            return seat(state, mark.target).character == self.id
        return None

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        state, effects = aim(state, player, target, key)
        ways = alignments(state, target)

        def lie(world: World) -> str:
            return world[target].alignment

        false = [a for a in SIDES if a not in ways]
        state, told = learn(
            state, player, self.id, key, ways[0], ways[1:], false, (target,), lie=lie
        )
        return state, [*effects, *told]

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"{words.players(info['players'])} is {words.strong(info['answer'])}."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        for p in info["players"]:
            score[p] += weight * (2.0 if info["answer"] == "evil" else -1.0)

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return most_suspected(table, state, player, [p for p in options if p != player], pick)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """The alignment the chosen player may register as; drunk, either, evenly."""
        fewest, most = now.evil_count(heard.players)
        said = (most > 0) if heard.answer == "evil" else (fewest == 0)
        return Weight(said.astype(float), 1 / 2)
