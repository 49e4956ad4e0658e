"""The Al-Hadikhia: each night after the first it may choose three players, in order, and the
whole town hears whom. Each chosen player in turn is asked privately whether they choose to live
(a yes or no menu): one who lives and was dead comes back to life; one who dies, dies (the
Demon's ability: a player safe from the Demon, or one who cannot die tonight, stays alive). Then,
if all three are alive, all three die, in the order chosen, each attacked as by any Demon (so
an Innkeeper among them who dies first no longer protects the later ones). A drunk or poisoned
Al-Hadikhia still has its choices asked, to no effect. The dawn announces the deaths and the
returns as usual.

Jinxes: the Princess's first-day execution stays its hand (``kill.stay_demons``): nobody dies
to it that night, through a choice or at the end; if a player the Al-Hadikhia brings back is a
Demon while a former Scarlet Woman holds its character, she becomes the Scarlet Woman again;
executed while the Mastermind lives (the Mastermind's extra day begun, ``extra_day``), the dead
Al-Hadikhia wakes that night to choose three living good players (fewer if fewer live), who each
choose to live or die: evil wins if all choose to live, else good wins.

Bot storyteller: no rulings; the chosen players decide. A player who times out lives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_character
from engine.clocktower.game.abilities.kill import arbitrary, demon_attack, stayed
from engine.clocktower.game.abilities.protection import safe_from_demon
from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.death import die, revive
from engine.clocktower.game.decisions import choose, choose_value
from engine.clocktower.game.ending import conclude
from engine.clocktower.game.model import Seat, State, lives, seat
from engine.clocktower.game.roles import Result, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public

LIVE, DIE = "yes", "no"  # the answer to "do you choose to live?"


@dataclass(frozen=True)
class ThreeChosen(Event, Public):
    """At night: the three players the Al-Hadikhia chose, in order (the town learns who)."""

    event = "alhadikhia_chose"
    night: int
    players: tuple[int, ...]


def _settle_choice(state: State, target: int, lives_on: bool, key: str) -> Result:
    """One chosen player's answer takes effect at once: back to life, or dead."""
    if lives_on and not lives(state, target):
        return _returned(revive(state, target), target)
    if lives_on or stayed(state) or arbitrary(state) or safe_from_demon(state, target):
        return state, []
    return die(state, target, "demon", key)


def _returned(state: State, player: int) -> Result:
    """The Scarlet Woman's jinx: a Demon back from the dead while a former Scarlet Woman holds
    its character makes her the Scarlet Woman again (two Demons there may not be)."""
    if seat(state, player).team != "demon":
        return state, []
    effects: list[Effect] = []
    for change in state.changes:
        s = seat(state, change.player)
        if change.before == "scarletwoman" and s.character == change.after != "scarletwoman":
            if s.player != player and s.team == "demon":
                state, told = change_character(state, s.player, "scarletwoman")
                effects += told
    return state, effects


def _three(table: Table, state: State, player: int) -> tuple[int, ...]:
    """A simulated Al-Hadikhia's three: living players outside its team first, then living
    teammates, then the dead (who choose to live, so all three die), never itself; none when
    fewer than three others are in the game. (The table offers only the living: the dead are
    read from the seats.)"""
    team = table.team(state, player)
    others = [s.player for s in state.seats if s.player != player]
    table.rng.shuffle(others)
    others.sort(key=lambda p: (not lives(state, p), p in team))
    return tuple(others[:3]) if len(others) >= 3 else ()


def _chosen_with(state: State, player: int) -> tuple[int, ...]:
    """Tonight's three the Al-Hadikhia chose, ``player`` among them (the latest such answer)."""
    for key, value in reversed(state.answers):
        if key.endswith(":pick") and isinstance(value, tuple) and len(value) == 3:
            if player in value:
                return value
    return ()


def final_night(state: State, seat_: Seat) -> bool:
    """The Mastermind's jinx: the Al-Hadikhia was executed today, its extra day begun."""
    return any(
        m.kind == "extra_day" and m.target == seat_.player and m.note == str(state.day)
        for m in state.marks
    ) and any(s.character == "mastermind" and lives(state, s.player) for s in state.seats)


class AlHadikhia(Demon):
    id = "alhadikhia"
    reasoned = True  # the reasoning model: kills about one a night as the bot plays it (the first good player it chooses dies); the choices the town hears are not weighed
    policy = "No rulings: each chosen player decides by a private yes-or-no menu (silence: live)."
    events = (ThreeChosen,)
    endings = {
        "alhadikhia_mastermind": "the executed Al-Hadikhia's three last choices, the Mastermind alive"
    }

    def wakes(self, state: State, seat: Seat) -> bool | None:
        return True if final_night(state, seat) else None

    def last_choice(self, state: State, player: int, key: str) -> Result:
        """The Mastermind's jinx: three good players choose; all living is evil's win."""
        good = tuple(s.player for s in state.seats if s.alive and s.alignment == "good")
        chosen = choose(state, key + ":pick", player, self.id, good, min(3, len(good)))
        answers = [
            choose_value(state, f"{key}:live{n}", p, self.id, (DIE, LIVE), "yesno")
            for n, p in enumerate(chosen)
        ]
        winner = "evil" if all(a == LIVE for a in answers) else "good"
        state, effects = conclude(state, winner, "alhadikhia_mastermind")
        return state, [ThreeChosen(state.night, chosen), *effects]

    def demon_choices(
        self, state: State, player: int, key: str
    ) -> tuple[State, tuple[int, ...]] | None:
        if not self.acts(state, player):
            return None
        everyone = tuple(s.player for s in state.seats)
        return state, choose(state, key + ":pick", player, self.id, everyone, 3, optional=True)

    def night(self, state: State, player: int, key: str) -> Result:
        if final_night(state, seat(state, player)):
            return self.last_choice(state, player, key)
        found = self.demon_choices(state, player, key)
        if found is None or not found[1]:
            return state, []
        state, chosen = found
        effects: list[Effect] = [ThreeChosen(state.night, chosen)]
        working = works(state, player)
        if not working and lives(state, player):
            state = abnormal.mark(state, player)
        for n, target in enumerate(chosen):
            state, more = aim(state, player, target, key)
            effects += more
            answer = choose_value(state, f"{key}:live{n}", target, self.id, (DIE, LIVE), "yesno")
            if working:
                state, more = _settle_choice(state, target, answer == LIVE, f"{key}:{n}")
                effects += more
        if working and all(lives(state, p) for p in chosen):
            for n, target in enumerate(chosen):
                state, more = demon_attack(state, player, target, f"{key}:all{n}")
                effects += more
        return state, effects

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """As the Demon: three of its prey. As a chosen player: evil and the dead live; a
        living good player keeps the town's custom, that one dies so the others live: they die
        unless a player chosen before them is already dead."""
        if options and isinstance(options[0], str):
            me = seat(state, player)
            if me.alignment == "evil" or not me.alive:
                return (LIVE,)
            chosen = _chosen_with(state, player)
            before = chosen[: chosen.index(player)] if player in chosen else ()
            return (LIVE if any(not lives(state, p) for p in before) else DIE,)
        if final_night(state, seat(state, player)):  # the Mastermind's jinx: good players
            return tuple(table.rng.sample(options, pick)) if len(options) >= pick else None
        return _three(table, state, player)

    def asks(self, menu: Any, words: Words) -> str | None:
        name = words.strong("Al-Hadikhia")
        if menu.ask == "yesno":
            return (
                f"🌙 Night {menu.night}: the {name} has chosen you. Do you choose to live? "
                "(Yes: you live, or come back to life. If all three chosen live, all three die.)"
            )
        return (
            f"🌙 Night {menu.night}: as the {name}, you may choose three players, in order; "
            "each will choose to live or die, and if all three live, all three die."
        )

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🌑 The {words.strong('Al-Hadikhia')} has chosen, in order: "
            f"{words.players(event.players)}. Each chooses in silence to live or die."
        )
