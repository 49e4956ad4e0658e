"""The public record read from a game as it is played: deaths with their moments and causes,
nominations with their hands (a Virgin's at-once execution among them), the Slayer's shots and
the days that ended; and the record cut at a moment."""

from __future__ import annotations

from engine.clocktower.game import (
    SYSTEM,
    EndDay,
    NightChoice,
    Nominate,
    Slay,
    Vote,
    apply,
    open_prompts,
)
from engine.clocktower.reasoning.observe import Observer
from engine.clocktower.reasoning.record import Death, Nominated, Shot
from engine.clocktower.selfplay import setup_game
from tests.engine.clocktower.game.support import TB

CAST = ("imp", "poisoner", "virgin", "slayer", "empath", "chef", "soldier")


def night(state, observer, picks):
    """Answer the night's wakes (``picks``: character → target) until dawn."""
    while True:
        prompts = [p for p in open_prompts(state) if p.kind == "night_choice"]
        if not prompts:
            return state
        prompt = prompts[0]
        action = NightChoice(prompt.to[0], (picks[prompt.data["character"]],))
        state = apply(state, action).state
        observer.see(action, state)


def act(state, observer, action):
    state = apply(state, action).state
    observer.see(action, state)
    return state


def test_a_game_read_as_public_facts():
    state = setup_game(TB, 7, 1, characters=CAST)
    observer = Observer(state)
    state = night(state, observer, {"poisoner": 7})
    state = act(state, observer, Slay(4, 2))  # the Slayer misses the Poisoner
    state = act(state, observer, Nominate(6, 3))  # the Chef nominates the Virgin: executed
    assert observer.record.deaths == (Death(6, 2, "execution"),)
    assert observer.record.nominations == (Nominated(1, 6, 3, at_once=True),)
    assert observer.record.shots == (Shot(1, 4, 2, False),)
    assert observer.record.dusks == 1
    state = night(state, observer, {"poisoner": 7, "imp": 5})  # the Imp kills the Empath
    assert observer.record.deaths[-1] == Death(5, 3, "night")
    state = act(state, observer, Nominate(7, 2))
    while state.vote is not None:
        voter = state.vote.order[state.vote.index]
        state = act(state, observer, Vote(voter, voter in (1, 3, 4, 7)))
    state = act(state, observer, EndDay(SYSTEM))
    record = observer.record
    (vote,) = [n for n in record.nominations if n.day == 2]
    assert (vote.nominator, vote.nominee, set(vote.yes)) == (7, 2, {1, 3, 4, 7})
    assert set(vote.voters) == set(range(1, 8))  # the living, and the dead with a vote
    assert record.deaths[-1] == Death(2, 4, "execution") and record.dusks == 2
    assert record.alive_after(4) == (1, 3, 4, 7)
    early = record.until(2)
    assert early.deaths == (Death(6, 2, "execution"),) and early.nominations == (
        Nominated(1, 6, 3, at_once=True),
    )
    assert observer.see(None, state) is record  # the same state again changes nothing


def test_a_slayer_who_hits_the_demon():
    state = setup_game(TB, 7, 1, characters=CAST)
    observer = Observer(state)
    state = night(state, observer, {"poisoner": 7})
    state = act(state, observer, Slay(4, 1))
    assert observer.record.deaths == (Death(1, 2, "slain"),)
    assert observer.record.shots == (Shot(1, 4, 1, True),) and observer.record.over
