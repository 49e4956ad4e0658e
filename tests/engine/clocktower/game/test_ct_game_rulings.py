"""Storyteller rulings beyond information: what a drunk or poisoned Spy sees, and the alignment a
Beggar learns from a vote token (registration applies)."""

from __future__ import annotations

from engine.clocktower.game import (
    Adjust,
    EndDay,
    GiveVote,
    NightChoice,
    StorytellerRuling,
    apply,
    briefing,
)
from engine.clocktower.game.falseworld import false_world
from tests.engine.clocktower.game.support import ST, start


def test_a_poisoned_spy_sees_the_grimoire_the_storyteller_rules():
    state = start(
        {"characters": ["imp", "spy", "washerwoman", "chef", "monk", "soldier", "virgin"]}
    )
    while state.pending is not None:  # the Washerwoman and Chef: the Spy might misregister
        assert state.pending.topic == "info"
        state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state
    assert state.phase == "day"  # a sober Spy saw the true grimoire without a ruling
    first = next(t for t in briefing(state, 2) if t.event == "grimoire")
    assert [c for _, c, _, _ in first.data["seats"]] == [s.character for s in state.seats]
    state = apply(state, Adjust(ST, 2, "poison")).state
    state = apply(state, EndDay(ST)).state
    state = apply(state, NightChoice(5, (3,))).state  # the Monk
    state = apply(state, NightChoice(1, (6,))).state  # the Imp attacks the Soldier
    pending = state.pending
    assert pending.topic == "spy_grimoire" and pending.options == ("true", "false")
    assert dict(pending.data) == {"player": 2, "reason": "poisoned", "consistent": 1}
    world = false_world(state, 2)
    state = apply(state, StorytellerRuling(ST, pending.id, 1)).state
    seen = [t for t in briefing(state, 2) if t.event == "grimoire"][-1].data["seats"]
    assert [c for _, c, _, _ in seen] == [world[s.player].character for s in state.seats]
    assert seen[0][1] == "imp" and seen[1][1] == "spy"  # it still knows its own team
    assert [c for _, c, _, _ in seen] != [s.character for s in state.seats]


def beggar_day(giver_character: str):
    chars = ["imp", "poisoner", "empath", "chef", giver_character, "monk", "beggar"]
    state = start({"characters": chars, "alignments": {"7": "good"}})
    state = apply(state, NightChoice(2, (2,))).state
    if state.pending is not None:  # the Butler chooses a master
        state = apply(state, NightChoice(5, (1,))).state
    state = apply(state, Adjust(ST, 5, "kill")).state
    return apply(state, GiveVote(5, 7))


def test_the_beggar_learns_a_giver_s_registered_alignment():
    step = beggar_day("recluse")  # a dead Recluse may register as evil
    state = step.state
    assert state.pending.topic == "info" and state.pending.options == ("good", "evil")
    assert dict(state.pending.data)["character"] == "beggar"
    state = apply(state, StorytellerRuling(ST, state.pending.id, 1)).state
    told = [t for t in briefing(state, 7) if t.event == "vote_token"][-1]
    assert told.data == {"player": 5, "alignment": "evil"}
    assert not state.seats[4].ghost_vote
    plain = beggar_day("butler").state  # a Butler registers only as itself: no ruling
    assert plain.pending is None
    assert [t for t in briefing(plain, 7) if t.event == "vote_token"][-1].data[
        "alignment"
    ] == "good"
