"""Characters no player holds (the Fabled and Loric): their units' hooks are asked, with the
storyteller's table seat, while they are on the script, and never otherwise; a night turn of
theirs is the storyteller's; the bot storyteller runs them and the engine judges the endings
beside them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.clocktower.catalogue import character
from engine.clocktower.game import SYSTEM, Join, Phase, Start, State, apply, new_game
from engine.clocktower.game.ending import unjudged
from engine.clocktower.game.model import NOBODY, Seat
from engine.clocktower.game.roles import REGISTRY, Result, Role, seats_having, unheld_seat
from engine.clocktower.game.rules import unsupported
from tests.engine.clocktower.game.support import TB

TOY = "deusexfiasco"  # a real Fabled's id, its unit (if any) set aside while the toy stands in
DEAL = ("imp", "poisoner", "chef", "empath", "monk", "soldier", "mayor")


@pytest.fixture
def toy() -> Iterator[dict[str, Any]]:
    """A Fabled that records the hooks asked of it: at dawn, and at its night place."""
    with REGISTRY.set_aside(TOY):
        yield from _toy()


def _toy() -> Iterator[dict[str, Any]]:
    asked: dict[str, Any] = {"dawn": [], "night": []}

    class Toy(Role):
        id = TOY

        def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
            asked["dawn"].append((seat, key))
            return state, []

        def night(self, state: State, player: int, key: str) -> Result:
            asked["night"].append((player, state.night))
            return state, []

    yield asked


def game(script: tuple[str, ...]) -> State:
    state = new_game(None, 3, script, True)
    for p in range(1, 8):
        state = apply(state, Join(p)).state
    return apply(state, Start(SYSTEM, DEAL)).state


def test_a_fabled_on_the_script_is_asked_with_a_seat_of_nobody(toy):
    state = game((*TB, TOY))
    (found,) = seats_having(state, "at_dawn")
    assert found[0] == unheld_seat(TOY) and found[0].player == NOBODY
    assert found[0].team == "fabled" and found[0].alive


def test_a_fabled_off_the_script_is_never_asked(toy):
    state = game(TB)
    assert seats_having(state, "at_dawn") == []


def test_its_hooks_run_at_dawn_under_its_own_key(toy):
    state = game((*TB, TOY))
    while state.phase is not Phase.DAY:
        state = apply(state, _default(state)).state
    ((seat, key),) = toy["dawn"]
    assert seat.character == TOY and key == f"n1:dawn:{TOY}"


def test_a_fabled_that_wakes_has_the_storytellers_turn_at_its_place(toy, monkeypatch):
    from engine.clocktower.game import night

    order = ("minioninfo", "demoninfo", TOY, "poisoner", "chef", "empath")
    monkeypatch.setattr(night, "_night_order", lambda state, n, kind="": order)
    state = game((*TB, TOY))
    assert (TOY, NOBODY) in state.queue
    while state.phase is Phase.NIGHT:
        state = apply(state, _default(state)).state
    assert toy["night"] == [(NOBODY, 1)]


def test_the_bot_runs_it_and_the_engine_judges_the_endings_beside_it(toy):
    assert TOY not in unsupported((*TB, TOY))
    assert unjudged(game((*TB, TOY))) == ()
    assert character(TOY).team == "fabled"


def _default(state: State) -> Any:
    from engine.clocktower.game.prompts import open_questions
    from engine.clocktower.game.questions import NightMenu

    menu = next(q for q in open_questions(state) if isinstance(q, NightMenu))
    return menu.answer(menu.to[0], "-".join(map(str, menu.default)))
