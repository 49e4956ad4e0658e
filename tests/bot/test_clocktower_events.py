"""Every Clocktower event the engine can emit has a renderer, typed for it; an event's data is
what its untyped form carried."""

from __future__ import annotations

import dataclasses
import inspect
import typing
from types import UnionType

import pytest

from bot.render.clocktower import ClocktowerRenderer
from engine.clocktower.game import apply, events
from engine.clocktower.game.characters.beggar import VoteGiven
from engine.clocktower.game.roles import REGISTRY
from engine.clocktower.game.version import fingerprint
from engine.clocktower.selfplay import play, setup_game
from engine.core import Event, Private, Public
from tests.engine.clocktower.game.support import SNV

GENERAL = [
    cls
    for _, cls in inspect.getmembers(events, inspect.isclass)
    if issubclass(cls, Event) and cls.__module__ == events.__name__ and cls.event
]
OWNED = [cls for unit in REGISTRY.roles.values() for cls in unit.events]  # a character's own
EVENTS = GENERAL + OWNED


def test_the_module_declares_the_events():
    assert len(EVENTS) > 40
    names = {(cls.event, issubclass(cls, Private)) for cls in EVENTS}
    assert len(names) == len(EVENTS), "two classes of one name and audience"
    for cls in EVENTS:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert issubclass(cls, events.Told) != issubclass(cls, Public), cls


@pytest.mark.parametrize("cls", OWNED, ids=lambda cls: cls.__name__)
def test_a_characters_own_event_is_worded_by_that_character_alone(cls):
    speaker = REGISTRY.speaker(cls)
    assert speaker is not None, cls
    home, _, name = type(speaker).__module__.rpartition(".")
    # the unit's module, or its own helper module (``_marionette``, shared with its jinxes)
    assert cls.__module__ in {f"{home}.{name}", f"{home}._{name}"}, cls
    assert cls not in ClocktowerRenderer().events, "the renderer need not know the character"
    assert [u for u in REGISTRY.roles.values() if cls in u.events] == [speaker]


@pytest.mark.parametrize("cls", GENERAL, ids=lambda cls: cls.__name__)
def test_every_event_has_a_handler_annotated_with_its_class(cls):
    handler = ClocktowerRenderer().events.get(cls)
    assert handler is not None, f"{cls.__name__} has no renderer"
    annotation = typing.get_type_hints(handler)["effect"]
    accepted = typing.get_args(annotation) if isinstance(annotation, UnionType) else (annotation,)
    assert cls in accepted, f"{handler.__name__} is not annotated with {cls.__name__}"


def test_data_is_the_fields_but_the_recipient_and_unset_sparse_ones():
    night = events.Info(7, character="empath", night=2, answer=1, players=(6, 8))
    assert night.data == {"character": "empath", "night": 2, "answer": 1, "players": (6, 8)}
    day = events.Info(7, "artist", 2, True, (), day=3, question="Am I good?")
    assert day.data["day"] == 3 and day.data["question"] == "Am I good?"
    assert events.Dawn(2, (4,)).data == {"day": 2, "deaths": (4,)}
    assert events.Dawn(2, (), (5,)).data == {"day": 2, "deaths": (), "revived": (5,)}
    given = VoteGiven(by=3, to=4)  # a public event's ``to`` is data, not a recipient
    assert given.data == {"by": 3, "to": 4}


def test_a_replayed_game_tells_everyone_the_same():
    log: list = []
    play(SNV, 9, 5, log=log, travellers=1)
    replays = []
    for _ in range(2):
        state = setup_game(SNV, 9, 5, travellers=1)
        for action in log:
            state = apply(state, action).state
        replays.append(state)
    first, second = replays
    assert first.told and first.told == second.told
    assert fingerprint(first) == fingerprint(second)
