"""The Lunatic: an Outsider (good) who believes they are the Demon. The storyteller gives them a
Demon token (``lunatic_token``) and, from seven players, Minions to believe in
(``lunatic_minions``) and three good characters as bluffs (``lunatic_bluffs``). They wake at the Lunatic's own place in the night
order and choose as that Demon would (its ``demon_choices``: the Po's charge, the Shabaloth's
two, the Zombuul only after a day without deaths); nobody dies of it. The real Demon learns who
the Lunatic is on the first night, and each night whom they chose. An Exorcist who chooses the
Lunatic keeps them asleep and is learned, as a Demon's would be.

Bot storyteller: the token is the real Demon's character and the bluffs the real Demon's; the
Lunatic's Minions are random players other than the Lunatic (the general policy's pick among
the suggestions).

The reasoning model reads no evidence from it: what it is told is a Demon's information it
believes it has, and a good player shown a Demon says nothing it learned (it bluffs)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.abilities.targeting import aim_all
from engine.clocktower.game.abilities.wake import kept_asleep
from engine.clocktower.game.cast import char, playable, script_team
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import DemonInfo, Players, Told
from engine.clocktower.game.markers import info_nights
from engine.clocktower.game.model import (
    Field,
    Form,
    Pending,
    Seat,
    State,
    demons,
    minions,
    seat,
    with_seat,
)
from engine.clocktower.game.roles import REGISTRY, Result, Role, Words, role
from engine.clocktower.game.secrecy import tell_self
from engine.core import Effect, seeded_rng

SUGGESTIONS = 4


@dataclass(frozen=True)
class LunaticInfo(Told):
    """To the Demon: who the Lunatic is and whom they chose tonight."""

    event = "lunatic"
    player: int
    chose: Players
    night: int


class Lunatic(Role):
    id = "lunatic"
    poses_as_townsfolk = True
    policy = (
        "The Lunatic is shown the real Demon's character and bluffs, and random other players "
        "as its Minions."
    )
    events = (LunaticInfo,)
    topics = {
        "lunatic_token": "the Demon the Lunatic believes they are",
        "lunatic_minions": "the players the Lunatic is shown as their Minions",
        "lunatic_bluffs": "the three characters the Lunatic is shown as not in play",
    }

    def setup(self, state: State, seat: Seat) -> State:
        real = [s.character for s in state.seats if s.team == "demon"]
        tokens = tuple(dict.fromkeys((*real, *script_team(state, "demon"))))
        if not tokens:
            return state
        key = f"setup:lunatic:{seat.player}"
        token = rule(state, key, "lunatic_token", tokens, truth=None, player=seat.player)
        return with_seat(state, seat.player, shown=token)

    def briefed_as(self, state: State, seat: Seat) -> tuple[str, str]:
        return seat.shown, "evil"

    def wakes_at(self, state: State, seat: Seat) -> tuple[str, ...]:
        return (self.id,)

    def night(self, state: State, player: int, key: str) -> Result:
        if kept_asleep(state, player):
            return state, []
        effects: list[Effect] = []
        if state.night == 1 and info_nights(state):
            state, effects = self._minions(state, player, key)
        state, chosen = self._imitate(state, player, key)
        state, more = aim_all(state, player, chosen, key)
        effects += more
        if chosen or state.night == 1:
            for demon in demons(state):
                state, told = tell(
                    state, LunaticInfo(demon, player=player, chose=chosen, night=state.night)
                )
                effects.append(told)
        return state, effects

    def _imitate(self, state: State, player: int, key: str) -> tuple[State, tuple[int, ...]]:
        """Choose as the Demon the Lunatic believes they are; a Demon without a unit that says
        how chooses one player on the nights it acts."""
        shown = seat(state, player).shown
        if shown in REGISTRY.having("demon_choices"):
            return role(shown).demon_choices(state, player, key) or (state, ())
        acts = (
            char(state, shown).first_night if state.night == 1 else char(state, shown).other_night
        )
        if not acts:
            return state, ()
        everyone = tuple(s.player for s in state.seats)
        return state, tuple(choose(state, key + ":pick", player, shown, everyone))

    def _minions(self, state: State, player: int, key: str) -> Result:
        count = len(minions(state))
        others = tuple(s.player for s in state.seats if s.player != player)
        if not count:
            return state, []
        rng = seeded_rng(state.seed, key, "minions")
        combos = [tuple(sorted(rng.sample(others, count))) for _ in range(SUGGESTIONS)]
        options = tuple(c if count > 1 else c[0] for c in combos)
        form = Form(tuple(Field("player", others) for _ in range(count)), unordered=count)
        got = rule(
            state,
            key + ":minions",
            "lunatic_minions",
            options,
            truth=None,
            form=form,
            player=player,
        )
        fake = got if isinstance(got, tuple) else (got,)
        good = tuple(c for c in playable(state) if char(state, c).good)
        size = min(3, len(good))
        choices = tuple(
            dict.fromkeys(
                (state.bluffs, *(tuple(sorted(rng.sample(good, size))) for _ in range(SUGGESTIONS)))
            )
        )
        form = Form(tuple(Field("character", good) for _ in range(size)), unordered=size)
        bluffs = rule(
            state, key + ":bluffs", "lunatic_bluffs", choices, truth=None, form=form, player=player
        )
        return tell_self(state, DemonInfo(player, minions=fake, bluffs=bluffs))

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        """The token is the real Demon's, the bluffs the real Demon's (so it can foresee the
        Lunatic's claims); the Minions are left to the general policy."""
        return 0 if pending.topic in ("lunatic_token", "lunatic_bluffs") else None

    def says(self, event: Any, words: Words) -> str:
        chose = words.players(event.chose)
        what = f" Tonight they chose {words.strong(chose)} (no one dies of it)." if chose else ""
        return (
            f"🌀 Night {event.night}: {words.strong(words.player(event.player))} is the Lunatic, "
            f"who believes they are the Demon.{what}"
        )
