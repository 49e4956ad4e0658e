"""The bot storyteller's policy: deterministic, legal, and as documented."""

from __future__ import annotations

from engine.clocktower.game.model import Pending, evolve
from engine.clocktower.game.policy import decide, misregister_chance
from tests.engine.clocktower.game.support import start

CHARS = ["imp", "spy", "virgin", "washerwoman", "empath", "chef", "monk"]


def pending(key: str, topic: str, options: tuple, truth: int | None = 0, **data) -> Pending:
    return Pending(1, key, "ruling", None, topic, options, truth, data=tuple(sorted(data.items())))


def test_deterministic_and_legal():
    state = start({"characters": CHARS})
    for i in range(50):
        p = pending(f"k{i}", "red_herring", (3, 4, 5), None)
        assert decide(state, p) == decide(state, p) in (0, 1, 2)


def test_a_drunk_is_lied_to_consistently():
    state = start({"characters": CHARS})
    for player in range(1, 30):
        picks = {
            decide(state, pending(f"n{i}", "info", (1, 0, 2), 0, player=player, reason="drunk"))
            == 0
            for i in range(8)
        }
        assert len(picks) == 1  # always the truth, or never


def test_a_spy_is_not_executed_by_the_virgin_at_parity():
    state = start({"characters": CHARS})
    assert abs(misregister_chance(state) - 0.3) < 1e-9
    picks = {
        decide(state, pending(f"v{i}", "registration", (False, True), 0, cause="virgin"))
        for i in range(100)
    }
    assert picks == {0}


def test_the_mayor_bounce_never_lands_on_the_demon():
    state = start({"characters": ["imp", "poisoner", "mayor", "empath", "chef"]})
    state = evolve(state, pending=None)
    got = {decide(state, pending(f"b{i}", "mayor_bounce", (3, 1, 2, 4, 5), 0)) for i in range(200)}
    assert 1 not in got and 2 not in got and {0, 3, 4} <= got
