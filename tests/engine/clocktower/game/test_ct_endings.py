"""The engine ends a game only by endings it can judge for every character in play: with a
character it does not run, it tells the storyteller the ending looks reached (once) and the
storyteller declares the result, which is the game's typed ``Outcome``."""

from __future__ import annotations

from engine.clocktower.game import (
    EndDay,
    Join,
    NightChoice,
    Nominate,
    Outcome,
    Phase,
    SeatOutcome,
    Start,
    State,
    StorytellerRuling,
    apply,
    new_game,
    outcome,
)
from engine.clocktower.game.ending import unjudged
from engine.clocktower.game.events import EndingReached, GameEnded
from engine.clocktower.game.model import demons
from engine.clocktower.game.roles import REGISTRY
from engine.core import GameOver
from tests.engine.clocktower.game.support import ST, TB, run_vote

PENANCE = ("bountyhunter", "cultleader", "preacher", "politician", "lilmonsta")
# Deadly Penance Day's kind of script: Lil' Monsta deals no Demon token and an extra Minion.
LIL_MONSTA_DEAL = ("poisoner", "spy", "chef", "empath", "washerwoman", "monk", "soldier")
SAINT_DEAL = ("imp", "poisoner", "saint", "chef", "empath", "monk", "soldier")


def lobby(script: tuple[str, ...], players: int = 7, travellers: int = 0) -> State:
    state = new_game(ST, 5, script, False)
    for p in range(1, players + 1):
        state = apply(state, Join(p)).state
    for p in range(players + 1, players + travellers + 1):
        state = apply(state, Join(p, traveller=True)).state
    return state


def to_day(state: State, chosen: dict[str, tuple[int, ...]] | None = None) -> State:
    """Every ruling takes its first option, every player's choice its default (or, for a
    character in ``chosen``, the players given there)."""
    while state.phase is not Phase.DAY:
        pending = state.pending
        assert pending is not None and state.phase is not Phase.OVER, state.phase
        if pending.kind == "ruling":
            state = apply(state, StorytellerRuling(ST, pending.id, 0)).state
        else:
            choice = (chosen or {}).get(pending.topic, tuple(pending.default))
            state = apply(state, NightChoice(pending.to, choice)).state
    return state


def execute(state: State, player: int) -> tuple[State, tuple]:
    state = apply(state, Nominate(next(p for p in state.players if p != player), player)).state
    state = run_vote(state, list(state.players))
    step = apply(state, EndDay(ST))
    return step.state, step.effects


def notices(state: State) -> list[EndingReached]:
    return [t for t in state.told if isinstance(t, EndingReached)]


def test_a_demon_no_player_holds_is_judged_through_its_babysitter():
    """Lil' Monsta: no Demon is dealt, yet nothing ends before the Minions first choose; then
    their babysitter is the Demon, and executing them ends the game, judged by the engine."""
    script = (*TB, *PENANCE)
    state = apply(lobby(script), Start(ST, LIL_MONSTA_DEAL)).state
    assert state.phase is not Phase.OVER and state.winner is None
    assert unjudged(state) == ()
    state = to_day(state)
    assert state.phase is Phase.DAY and state.winner is None and notices(state) == []
    (sitter,) = demons(state)
    assert sitter in (1, 2)
    state, effects = execute(state, sitter)
    assert state.phase is Phase.OVER and (state.winner, state.ending) == ("good", "demon_dead")
    over = next(e for e in effects if isinstance(e, GameOver))
    assert isinstance(over.outcome, Outcome) and over.outcome == outcome(state)
    assert set(over.outcome.evil) == {1, 2}


def test_a_loric_the_engine_does_not_run_leaves_the_demons_death_to_the_storyteller():
    """A Loric with no unit (the Knaves', set aside) may change any ending."""
    deal = ("imp", "poisoner", "chef", "empath", "washerwoman", "monk", "soldier")
    with REGISTRY.set_aside("knaves"):
        state = to_day(apply(lobby((*TB, "knaves")), Start(ST, deal)).state)
        state, effects = execute(state, 1)
    assert not state.seats[0].alive and state.phase is Phase.NIGHT
    assert not any(isinstance(e, (GameEnded, GameOver)) for e in effects)
    assert [(n.winner, n.ending, n.unrun) for n in notices(state)] == [
        ("good", "demon_dead", ("knaves",))
    ]


def test_with_every_character_run_the_engine_ends_it():
    state = to_day(apply(lobby(TB), Start(ST, SAINT_DEAL[:2] + SAINT_DEAL[3:] + ("mayor",))).state)
    state, effects = execute(state, 1)
    assert state.phase is Phase.OVER and (state.winner, state.ending) == ("good", "demon_dead")
    over = next(e for e in effects if isinstance(e, GameOver))
    assert over.outcome == outcome(state)
    assert over.outcome.seats[0] == SeatOutcome(1, "imp", "imp", "evil", False)


def saint_executed(fabled: str) -> State:
    """Trouble Brewing with ``fabled`` on the script: the Saint executed on day 1."""
    # The Poisoner's default would be the Saint, whose execution then ends nothing.
    state = to_day(apply(lobby((*TB, fabled)), Start(ST, SAINT_DEAL)).state, {"poisoner": (4,)})
    return execute(state, 3)[0]


def test_a_fabled_the_engine_does_not_run_leaves_the_saints_execution_to_the_storyteller():
    with REGISTRY.set_aside("djinn"):  # a Fabled with no unit: it may change any ending
        state = saint_executed("djinn")
    assert [(n.winner, n.ending) for n in notices(state)] == [("evil", "saint_executed")]
    assert state.phase is Phase.NIGHT  # the day ended as usual


def test_beside_a_fabled_the_engine_runs_it_judges_the_saints_execution():
    for fabled in ("djinn", "sentinel"):
        state = saint_executed(fabled)
        assert state.phase is Phase.OVER, fabled
        assert (state.winner, state.ending) == ("evil", "saint_executed")
