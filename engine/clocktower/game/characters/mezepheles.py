"""The Mezepheles: starts knowing a secret word; the first good player to say it turns evil that
night. On the first night the storyteller picks the word (topic ``mezepheles_word``: any short
line, suggestions from ``WORDS``) and the Mezepheles is told it.

Words are said with ``/clocktower use say`` (the ``Say`` action, any player, by day), in public
for all to read. The first good player (by their true alignment) whose words contain the
secret word, as a whole word and in any case, is marked (``turns_evil``), whether or not the
Mezepheles is drunk or poisoned then; nobody is told. That night, at the Mezepheles' place,
if the Mezepheles is alive, sober and healthy, the marked player turns evil and is told; either
way the Mezepheles has then used its ability (``no_ability``), and nobody else can be turned.
The Mezepheles is not told whether it worked. A human storyteller who hears the word spoken
in private marks the player with the generic tools.

Bot storyteller: a word drawn at random from ``WORDS``, unusual words no one says by chance."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_alignment, settle_changes
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import (
    Field,
    Form,
    Pending,
    State,
    living,
    marks_of,
    put_mark,
    seat,
)
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import works
from engine.core import Effect, Event, Public, seeded_rng

WORDS = (
    "marmalade",
    "quixotic",
    "zephyr",
    "kaleidoscope",
    "periwinkle",
    "gobbledygook",
    "snorkel",
    "flapdoodle",
    "lollygag",
    "bamboozle",
)
TURNS = "turns_evil"  # on the good player who said the word first (source: the Mezepheles)
USED = "no_ability"  # on the Mezepheles: its ability is used
SAYS = 0.15  # how often, each day, a simulated good player gives in and says the word
MAX_WORDS = 200  # the longest thing said at once


@dataclass(frozen=True)
class Say:
    """A player says something aloud to the town (the log decodes it by its name)."""

    by: int
    text: str


@dataclass(frozen=True)
class SecretWord(Told):
    """The Mezepheles' secret word."""

    event = "mezepheles_word"
    word: str


@dataclass(frozen=True)
class Said(Event, Public):
    event = "said"
    by: int
    text: str


def spoken(word: str, text: str) -> bool:
    """Whether ``text`` says ``word``: as a whole word, in any case."""
    return re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) is not None


class Mezepheles(Role):
    id = "mezepheles"
    reasoned = True  # the reasoning model: the good player its word turns evil is not modelled
    events = (SecretWord, Said)
    day_action = Say
    topics = {"mezepheles_word": "the Mezepheles' secret word"}
    reminders = {TURNS: "said the word: turns evil tonight", USED: "no ability"}
    command = DayCommand(
        "say",
        "Say something aloud to the whole town",
        "words",
        "What you say",
        "Said.",
        shape="text",
    )
    policy: ClassVar[str] = "The secret word is an unusual word drawn at random from a fixed list."

    def word(self, state: State, player: int) -> str | None:
        return next(
            (t.word for t in state.told if isinstance(t, SecretWord) and t.to == player), None
        )

    def night(self, state: State, player: int, key: str) -> Result:
        if self.word(state, player) is None:
            rng = seeded_rng(state.seed, key, "word")
            options = tuple(rng.sample(WORDS, 4))
            form = Form((Field("text", ()),))
            word = rule(state, key + ":word", "mezepheles_word", options, truth=None, form=form)
            state, told = tell(state, SecretWord(player, word=str(word).strip()))
            return state, [told]
        marked = marks_of(state, TURNS, player)
        if not marked or marks_of(state, USED, player):
            return state, []
        state = put_mark(state, USED, player, player)
        if not works(state, player):
            return abnormal.mark(state, player), []
        state, effects = change_alignment(state, marked[0].target, "evil")
        state, more = settle_changes(state, key)
        return state, effects + more

    def rouses(self, state: State, seat_: Any) -> bool:
        return self.word(state, seat_.player) is None  # later: the storyteller wakes the player

    def request(self, by: int, target: Any) -> Say:
        return Say(by, str(target or ""))

    def day(self, state: State, action: Say) -> Result:
        require_day_between_votes(state)
        refuse_unless(action.by in state.players, "Only a player in this game speaks here.")
        text = action.text.strip()
        refuse_unless(0 < len(text) <= MAX_WORDS, f"Say something of 1 to {MAX_WORDS} characters.")
        effects: list[Effect] = [Said(action.by, text)]
        for s in state.seats:
            if s.character != self.id or marks_of(state, TURNS, s.player):
                continue
            word = self.word(state, s.player)
            taken = any(m.kind == TURNS for m in state.marks)
            good = seat(state, action.by).alignment == "good"
            if word and good and not taken and not marks_of(state, USED, s.player):
                if spoken(word, text):
                    state = put_mark(state, TURNS, s.player, action.by)
        return state, effects

    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        return 0  # the suggestions are drawn at random already

    def day_move(self, table: Table, state: State) -> Any:
        """Now and then a good player gives in to the evil team's whispers and says the word."""
        for s in state.seats:
            word = self.word(state, s.player) if s.character == self.id else None
            if word is None or any(m.kind == TURNS for m in state.marks):
                continue
            if not table.once("mezepheles", state.day) or table.rng.random() >= SAYS:
                return None
            good = [p for p in living(state) if seat(state, p).alignment == "good"]
            return Say(table.rng.choice(good), f"I say {word}.") if good else None
        return None

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, SecretWord):
            return f"🗝️ Your secret word is {words.strong(event.word)}."
        return f"🗣️ {words.player(event.by)} says: “{event.text}”"
