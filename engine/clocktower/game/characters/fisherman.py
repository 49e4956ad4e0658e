"""The Fisherman: once per game, by day, visits the storyteller for advice that helps their team
win (``Fish``: ``/clocktower use fisherman``). A human storyteller writes any advice (the
ruling's ``text`` part) or takes a suggestion. The bot storyteller's advice is a statement the
engine judges: "one of these three living players is the Demon", true (a living Demon and two
other living players picked at random); a drunk or poisoned Fisherman is told a false one (three
players none of whom is the Demon), and so is one whose information the Vortox makes false. An
evil Fisherman (the Bounty Hunter's evil Townsfolk) is advised for its own team: a living good
player's character."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.info import impaired, misinformed
from engine.clocktower.game.abilities.once import spend, spent
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.characters._sv import day_info, visitor
from engine.clocktower.game.day import day_key
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.guards import refuse_unless
from engine.clocktower.game.model import Field, Form, State, living, seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.statements import Plain, Statement, plain, said
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard
from engine.core import seeded_rng

VISITS = 0.3  # how often a simulated Fisherman asks for advice on a given day
SIZE = 3


@dataclass(frozen=True)
class Fish:
    """The day action: the Fisherman visits the storyteller for advice."""

    by: int


def _in_seat_order(state: State, players: list[int]) -> tuple[int, ...]:
    return tuple(s.player for s in state.seats if s.player in players)


def advice(state: State, rng: random.Random, player: int, true: bool) -> Plain | None:
    """Advice that helps the Fisherman's team, as a statement about living players, true or
    false (None: none can be made). For a good Fisherman: "one of these three is the Demon";
    for an evil one (a Townsfolk dealt or turned evil): "this good player is the X"."""
    others = [p for p in living(state) if p != player]
    if seat(state, player).alignment == "evil":
        return _a_good_players_character(state, rng, others, true)
    demons = [p for p in others if seat(state, p).team == "demon"]
    rest = [p for p in others if p not in demons]
    if true and demons and len(rest) >= SIZE - 1:
        picked = [rng.choice(demons), *rng.sample(rest, SIZE - 1)]
    elif not true and len(rest) >= SIZE:
        picked = rng.sample(rest, SIZE)
    else:
        return None
    return plain(Statement("team", _in_seat_order(state, picked), "demon"))


def _a_good_players_character(
    state: State, rng: random.Random, others: list[int], true: bool
) -> Plain | None:
    good = [p for p in others if seat(state, p).alignment == "good"]
    if not good:
        return None
    target = rng.choice(good)
    cid = seat(state, target).character
    if not true:
        wrong = [c for c in script_team(state, "townsfolk") if c != cid]
        if not wrong:
            return None
        cid = rng.choice(wrong)
    return plain(Statement("character", (target,), cid))


class Fisherman(Role):
    id = "fisherman"
    day_action = Fish
    command = DayCommand(
        "fisherman",
        "Fisherman: visit the storyteller once for advice",
        "",
        "",
        "You visit the storyteller; their advice comes privately.",
        shape="none",
    )
    policy: ClassVar[str] = (
        "Advice: one of three living players is the Demon (to an evil Fisherman, a good player's "
        "character); true, but false if drunk, poisoned or under the Vortox."
    )

    def request(self, by: int, target: Any) -> Fish:
        return Fish(by)

    def day(self, state: State, action: Fish) -> Result:
        me = visitor(
            state, action.by, self.id, "Only the Fisherman visits the storyteller for that."
        )
        refuse_unless(not spent(state, me.player), "You have had your advice already.")
        key = day_key(state) + f":fisherman{me.player}"
        state = spend(state, me.player)
        rng = seeded_rng(state.seed, key)
        true, false = advice(state, rng, me.player, True), advice(state, rng, me.player, False)
        data: dict[str, Any] = {"player": me.player, "character": self.id, "players": ()}
        truth: int | None = 0
        if misinformed(state, me.player):
            options: tuple[Any, ...] = tuple(x for x in (false,) if x is not None)
            truth, data["reason"] = None, "vortox"
        elif works(state, me.player):
            options, data["reason"] = tuple(x for x in (true,) if x is not None), "choice"
        else:
            options = tuple(x for x in (true, false) if x is not None)
            data["reason"] = impaired(state, me.player)
        if not options:
            options, truth = ("Trust your instincts: keep talking to each other.",), None
        form = Form((Field("text", ()),))
        got = rule(state, key, "info", options, truth=truth, form=form, **data)
        if true is not None and got != true:
            state = abnormal.mark(state, me.player)
        return day_info(state, me.player, self.id, got)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"the storyteller's advice: {words.strong(said(info['answer'], words))}."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        answer = info["answer"]
        if not isinstance(answer, str) and tuple(answer[::2]) == ("team", "demon"):
            for p in answer[1]:
                score[p] += weight / SIZE

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight | None:
        """The engine's advice ("one of these is the Demon"): sober, true as they register;
        impaired, as likely as not. A storyteller's own words are not weighed."""
        answer = heard.answer
        if isinstance(answer, str) or tuple(answer[::2]) != ("team", "demon"):
            return None
        _surely, maybe = now.demon_among(answer[1])
        return Weight(maybe.astype(float), 1 / 2)

    def day_move(self, table: Table, state: State) -> Fish | None:
        for s in state.seats:
            if s.alive and s.shown == self.id and table.once("fisherman", state.day, s.player):
                if not spent(state, s.player) and table.rng.random() < VISITS:
                    return Fish(s.player)
        return None
