"""The Dreamer: each night, chooses a player (not themself, no Traveller) and learns a good and an
evil character, one of which is theirs. The other is any character of the other alignment on the
script, the storyteller's choice; a Recluse may register as an evil character, a Spy as a good
one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.characters._sv import EVIL_TEAMS, GOOD_TEAMS, of_teams
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import Field, State
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import Result, Role, Table, Words, most_suspected
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard
from engine.core import seeded_rng

Pair = tuple[str, str]  # (a good character, an evil character)


def pairs_with(cid: str, team: str, goods: tuple[str, ...], evils: tuple[str, ...]) -> list[Pair]:
    """Every answer that shows ``cid`` (of ``team``) as the correct one."""
    if team in GOOD_TEAMS:
        return [(cid, e) for e in evils if e != cid]
    return [(g, cid) for g in goods if g != cid]


class Dreamer(Role):
    id = "dreamer"

    def night(self, state: State, player: int, key: str) -> Result:
        options = tuple(
            s.player for s in state.seats if s.player != player and s.team != "traveller"
        )
        (target,) = choose(state, key + ":pick", player, self.id, options)
        rng = seeded_rng(state.seed, key)
        regs = registrations(state, target)
        goods, evils = of_teams(state, GOOD_TEAMS), of_teams(state, EVIL_TEAMS)
        goods = tuple(dict.fromkeys((*goods, *(r.character for r in regs if r.team in GOOD_TEAMS))))
        evils = tuple(dict.fromkeys((*evils, *(r.character for r in regs if r.team in EVIL_TEAMS))))
        true = pairs_with(regs[0].character, regs[0].team, goods, evils)
        truth = rng.choice(true)
        legal = [p for r in regs[1:] for p in pairs_with(r.character, r.team, goods, evils)]
        registered = [rng.choice(pairs_with(r.character, r.team, goods, evils)) for r in regs[1:]]
        shown = {r.character for r in regs}
        false = [(g, e) for g in goods for e in evils if g not in shown and e not in shown]
        false = rng.sample(false, min(3, len(false)))

        def dreamt(world: World) -> Pair:
            seen = world[target]
            return rng.choice(pairs_with(seen.character, seen.team, goods, evils))

        fields = (Field("character", goods), Field("character", evils))
        return learn(
            state,
            player,
            self.id,
            key,
            truth,
            registered,
            false,
            (target,),
            dreamt,
            fields=fields,
            also_true=true,
            also_registered=legal,
        )

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """The player's character (as they may register) beside one of the other alignment's
        characters on the script at random; impaired, any good and evil character."""
        good, evil = heard.answer
        (target,) = heard.players
        goods = now.script_team("townsfolk") + now.script_team("outsider")
        evils = now.script_team("minion") + now.script_team("demon")
        sober = now.is_character(target, good) / max(evils, 1)
        sober = sober + now.is_character(target, evil) / max(goods, 1)
        return Weight(sober, 1 / max(goods * evils, 1))

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        good, evil = info["answer"]
        return (
            f"{words.players(info['players'])} is the {words.strong(words.character(good))} "
            f"or the {words.strong(words.character(evil))}."
        )

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        return most_suspected(table, state, player, options, pick)
