"""The Yaggababble: starts knowing a secret phrase; each night after the first, for each time it
said the phrase in public the day before, a player might die (the storyteller picks whom, or
nobody; each is the Demon's attack, so a drunk or poisoned Yaggababble kills nobody, whenever it
spoke, and protection holds).

What the engine can see of "said in public": the bot hears no table talk, only what is said
through the game. So the phrase is a character's name, and saying it is a public claim naming
that character (/clocktower claim): each such claim the Yaggababble makes counts, however
often. A human storyteller who hears the table rules the count (any number; the claims counted
are suggested) and may pick any phrase. Deaths come at night, not the moment it is said (the
almanac: the storyteller may kill at any time until dawn; rarely by day).

A Yaggababble made during play (the Summoner's, the Pit-Hag's) learns its phrase at its first
wake, and kills from the next night.

Jinx with the Exorcist: chosen by the Exorcist, the Yaggababble kills nobody tonight."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.game.abilities.kill import demon_attack
from engine.clocktower.game.abilities.wake import kept_asleep
from engine.clocktower.game.actions import Claim
from engine.clocktower.game.cast import char, script_team
from engine.clocktower.game.characters._demon import storyteller_prey
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import (
    NOBODY,
    Field,
    Form,
    Pending,
    Phase,
    State,
    living,
    marks_of,
    put_mark,
)
from engine.clocktower.game.roles import Result, Role, Table, Words
from engine.core import Effect

PHRASE = "phrase"  # the Yaggababble's reminder on itself; its note is the phrase
AGAIN = 0.3  # how often a simulated Yaggababble says its phrase a second time in a day
MOST = 20  # the most times a human storyteller may count the phrase said in a day


@dataclass(frozen=True)
class SecretPhrase(Told):
    """The Yaggababble's secret phrase: a character's name (``phrase``)."""

    event = "secret_phrase"
    phrase: str


def phrase(state: State, player: int) -> str | None:
    found = marks_of(state, PHRASE, player)
    return found[-1].note if found else None


def said_today(state: State, player: int, words: str) -> int:
    """How many times ``player`` claimed ``words`` in public on the day that just ended."""
    return sum(
        1 for day, p, cid in state.claims if day == state.day and p == player and cid == words
    )


class Yaggababble(Role):
    id = "yaggababble"
    policy = (
        "The phrase is a random good character on the script not in play; it counts each public "
        "claim of it by the Yaggababble; each count attacks a random living good player the "
        "attack can kill (else another player it can kill)."
    )
    topics = {
        "yaggababble_phrase": "the Yaggababble's secret phrase (a character's name)",
        "yaggababble_said": "how many times the Yaggababble said its phrase in public today",
        "yaggababble_kill": "who dies for a time the Yaggababble said its phrase (or nobody)",
    }
    reminders = {PHRASE: "the secret phrase"}
    events = (SecretPhrase,)
    reasoned = True

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """A kill for each time it said its phrase the day before: as the bot plays it, once,
        or twice (``AGAIN``); the phrase itself (a public claim) is not weighed."""
        return (0.0, 1.0 - AGAIN, AGAIN) if night > 1 else (1.0,)

    def night(self, state: State, player: int, key: str) -> Result:
        words = phrase(state, player)
        if state.night == 1 or words is None:  # made during play: it learns one now
            return self.learn_phrase(state, player, key)
        if kept_asleep(state, player):
            return state, []
        count = said_today(state, player, words)
        top = max(count, 3)
        times = rule(
            state,
            key + ":said",
            "yaggababble_said",
            tuple(range(top + 1)),
            truth=count,
            form=Form((Field("number", tuple(range(MOST + 1))),)),
            player=player,
            phrase=words,
        )
        effects: list[Effect] = []
        for n in range(int(times)):
            everyone = (NOBODY, *living(state))  # fresh each time: a kill before counts
            target = rule(
                state, f"{key}:kill{n}", "yaggababble_kill", everyone, truth=None, player=player
            )
            if target != NOBODY:
                state, more = demon_attack(state, player, int(target), f"{key}:kill{n}")
                effects += more
        return state, effects

    def learn_phrase(self, state: State, player: int, key: str) -> Result:
        sheet = tuple(c for c in state.script_ids if char(state, c).team != "traveller")
        in_play = {s.character for s in state.seats} | {s.shown for s in state.seats}
        good = tuple(
            c
            for c in script_team(state, "townsfolk") + script_team(state, "outsider")
            if c not in in_play
        )
        options = good or sheet
        form = Form((Field("character", sheet),))
        words = str(
            rule(state, key + ":phrase", "yaggababble_phrase", options, truth=None, form=form)
        )
        state = put_mark(state, PHRASE, player, player, note=words)
        state, told = tell(state, SecretPhrase(player, phrase=words))
        return state, [told]

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        if pending.topic != "yaggababble_kill":
            return None
        return storyteller_prey(state, pending.options, dict(pending.data)["player"], rng)

    def day_move(self, table: Table, state: State) -> Any:
        """A living Yaggababble claims its phrase once a day, now and then twice."""
        if state.phase is not Phase.DAY or state.vote is not None:
            return None
        for s in state.seats:
            words = phrase(state, s.player) if s.character == self.id and s.alive else None
            if words is None:
                continue
            said = said_today(state, s.player, words)
            if said == 0 or (
                said == 1
                and table.once(self.id, state.day, s.player)
                and table.rng.random() < AGAIN
            ):
                return Claim(s.player, words)
        return None

    def says(self, event: Any, words: Words) -> str:
        return (
            f"🗣️ Your secret phrase is {words.strong(words.character(event.phrase))}: "
            "each time you publicly claim it (/clocktower claim) today, a player might die "
            "tonight."
        )
