"""The Pit-Hag: each night after the first, chooses a player and a character (on the script, no
Traveller) they become, keeping their alignment, if that character is not in play (else nothing
happens; a character that may have copies, the Village Idiot, while it has a spare token: the
jinx; nothing either when a jinx forbids the two in play together: the Heretic's). The player
learns it at once and wakes in the new character's place tonight if it is
still to come. If a Demon is made, tonight's deaths are arbitrary: Demons' attacks do nothing
(``kill.arbitrary``) and the storyteller names who dies, one at a time (``arbitrary``), until
they name nobody. After day 5 it may not choose the Leviathan (the jinx, ``_day_demons.may_enter``).

Bot storyteller: with more than one Demon now alive, the old one dies first (one Demon remains,
as the almanac's example); then, half the time, a random living good player (as if the Demon had
attacked); then nobody."""

from __future__ import annotations

import random
from typing import Any

from engine.clocktower.counts import clash, copies_allowed
from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_character, settle_changes
from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.characters._day_demons import may_enter
from engine.clocktower.game.characters._sv import trusted_prey
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, choose_value, rule
from engine.clocktower.game.model import Pending, State, demons, living, put_mark, seat
from engine.clocktower.game.roles import REGISTRY, Result, Role, Table, role
from engine.clocktower.game.working import works
from engine.core import Effect

MAKES = {"outsider": 0.6, "townsfolk": 0.3, "minion": 0.07, "demon": 0.03}  # self-play's taste


class PitHag(Role):
    id = "pithag"
    reasoned = True
    policy = (
        "With two Demons alive the old one dies first; then, half the time, a random living "
        "good player; then nobody."
    )
    topics = {"arbitrary": "who dies tonight, the Pit-Hag having made a Demon"}

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        made = tuple(
            c
            for c in playable(state)
            if char(state, c).team != "traveller"
            and c not in REGISTRY.having("always_drunk")
            and may_enter(state, c)  # the Leviathan's jinx
        )
        cid = choose_value(state, key + ":char", player, self.id, made, "character")
        assert cid is not None
        if sum(s.character == cid for s in state.seats) >= copies_allowed(char(state, cid)):
            return state, []  # in play (a Village Idiot may be made while a token is spare)
        after = [char(state, s.character) for s in state.seats if s.player != target]
        if clash((*after, char(state, cid))):
            return state, []  # a jinx: only one of the two may be in play (the Heretic's)
        if not works(state, player):
            return abnormal.mark(state, player), []
        target = role(cid).becomes(state, target, key)  # a jinx may choose another (the Damsel)
        state, effects = change_character(state, target, cid)
        if char(state, cid).team == "demon":
            state = put_mark(state, "arbitrary", player, player, dusks=1)
            state, more = self.deaths(state, target, key)
            effects += more
        state, more = settle_changes(state, key)
        return state, effects + more

    def deaths(self, state: State, made: int, key: str) -> Result:
        """The storyteller's arbitrary deaths, one at a time, until nobody."""
        effects: list[Effect] = []
        for turn in range(len(state.seats)):
            old = tuple(p for p in demons(state) if p != made)
            who = rule(
                state,
                key + f":dies{turn}",
                "arbitrary",
                (None, *living(state)),
                truth=None,
                made=made,
                turn=turn,
                demons=old,
            )
            if who is None:
                break
            state, more = die(state, who, "arbitrary", key + f":dies{turn}")
            effects += more
        return state, effects

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        data = dict(pending.data)
        turn, old = data["turn"], [p for p in data["demons"] if p in pending.options]
        if turn == 0 and old:
            return pending.options.index(old[0])
        good = [p for p in pending.options[1:] if seat(state, p).alignment == "good"]
        if turn <= 1 and good and rng.random() < 0.5:
            return pending.options.index(rng.choice(good))
        return 0

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """The good player the town trusts most (its best source of information), made mostly
        an Outsider (``MAKES``): the town loses what it learns from them."""
        if options and isinstance(options[0], str):
            in_play = {s.character for s in state.seats}
            spare = [c for c in options if c not in in_play]
            teams = list(MAKES)
            team = table.rng.choices(teams, weights=[MAKES[t] for t in teams])[0]
            fits = [c for c in spare if char(state, c).team == team] or spare or options
            return (table.rng.choice(fits),)
        target = trusted_prey(table, state, player, options)
        return None if target is None else (target,)
