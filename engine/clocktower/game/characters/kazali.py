"""The Kazali: no Minion is dealt beside it (``chosen_minions``: their seats are dealt good, and the
Outsider count is free). On the first night, before Minion info, it chooses which players become
which Minions, as many as the setup table gives, one at a time: a player (not itself) and a
Minion on the script not in play. Each becomes that Minion and evil, and is told so; then Minion
and Demon info go as usual. Each night after that it kills a player like any Demon.

Jinx with the Bounty Hunter: a Bounty Hunter the Kazali makes a Minion creates no evil
Townsfolk, so the Townsfolk its setup made evil is good again (and told so). Jinx with the
Marionette (it enters play after the Demon, as its neighbour): the Kazali may make only a good
neighbour the Marionette, who is not told and believes they are still what they were; the
Kazali learns it as a Demon learns its Marionette.

The reasoning model's worlds hold its Minions from the first night, each player and Minion its
uniform choice, their seats dealt good characters as unknown as an unclaimed player's (the
counts in play stay those dealt); it kills one a night, as any Demon. Its jinxes are not
weighed."""

from __future__ import annotations

from typing import Any

from engine.clocktower.catalogue import setup_counts
from engine.clocktower.game.abilities.change import (
    change_alignment,
    change_character,
    settle_changes,
)
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.characters._marionette import make_marionette, may_join
from engine.clocktower.game.decisions import choose, choose_value
from engine.clocktower.game.model import State
from engine.clocktower.game.roles import Result, Table
from engine.core import Effect

BOUNTY_HUNTER = "bountyhunter"  # the jinx: made a Minion, no evil Townsfolk
MARIONETTE = "marionette"  # the jinx: only a good neighbour, and not told


class Kazali(Demon):
    id = "kazali"
    reasoned = True

    def night(self, state: State, player: int, key: str) -> Result:
        if state.night != 1:
            return super().night(state, player, key)
        residents = sum(s.team != "traveller" for s in state.seats)
        wanted = setup_counts(residents)["minion"]
        effects: list[Effect] = []
        chosen: list[int] = []
        for n in range(wanted):
            in_play = {s.character for s in state.seats}
            sheet = tuple(c for c in script_team(state, "minion") if c not in in_play)
            others = tuple(
                s.player
                for s in state.seats
                if s.player != player and s.player not in chosen and s.team != "traveller"
            )
            if not sheet or not others:
                break
            (target,) = choose(state, f"{key}:who{n}", player, self.id, others)
            offered = tuple(c for c in sheet if c != MARIONETTE or may_join(state, int(target)))
            if not offered:
                break
            cid = choose_value(state, f"{key}:minion{n}", player, self.id, offered, "character")
            assert cid is not None
            chosen.append(target)
            if cid == MARIONETTE:
                state, more = make_marionette(state, int(target))
            else:
                state, more = self.make_minion(state, int(target), cid)
            effects += more
        state, more = settle_changes(state, key)
        return state, effects + more

    def make_minion(self, state: State, target: int, cid: str) -> Result:
        """``target`` becomes the Minion ``cid`` and evil (and, for a Bounty Hunter, the
        Townsfolk it made evil turns good: the jinx)."""
        was = next(s for s in state.seats if s.player == target)
        state, effects = change_character(state, target, cid)
        state, more = change_alignment(state, target, "evil")
        effects += more
        if was.character == BOUNTY_HUNTER:
            for s in state.seats:
                if s.team == "townsfolk" and s.alignment == "evil":
                    state, more = change_alignment(state, s.player, "good")
                    effects += more
        return state, effects

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """On the first night, players and Minions at random; then a Demon's prey."""
        if state.night == 1:
            return (table.rng.choice(options),) if options else None
        return super().choose(table, state, player, options, pick)
