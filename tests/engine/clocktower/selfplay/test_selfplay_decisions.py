"""Single decisions of the reasoning players, each in a situation where the old choice was wrong:
the town executes with five or three alive however unsure it is, and the Witch, Cerenovus and Pit-Hag aim
at the good player the town trusts most instead of at random."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.clocktower.game.characters.cerenovus import Cerenovus
from engine.clocktower.game.characters.pithag import PitHag
from engine.clocktower.game.characters.witch import Witch
from engine.clocktower.game.model import evolve
from engine.clocktower.selfplay import table as table_module
from engine.clocktower.selfplay.table import NOMINATE_AT, Player
from tests.engine.clocktower.game.support import start

TEN = ["imp", "poisoner", "spy", "empath", "chef", "monk", "soldier", "ravenkeeper", "slayer", "virgin"]  # fmt: skip
SNV_TEN = [
    "vigormortis", "witch", "cerenovus", "clockmaker", "dreamer", "seamstress", "oracle",
    "savant", "flowergirl", "juggler",
]  # fmt: skip


@dataclass
class Fixed:
    """Beliefs fixed by hand (what ``_value``, ``_candidates`` and ``trusted`` read)."""

    demon: dict[int, float]
    evil: dict[int, float]
    risk: dict[int, float] = field(default_factory=dict)


def table_with(state, beliefs: Fixed, seed: int = 0) -> Player:
    table = Player(seed)
    table.see(state)
    table.beliefs = lambda state, player=None: beliefs  # type: ignore[method-assign]
    return table


def with_alive(state, living: list[int]):
    """The state with ``living`` alive, the others dead."""
    return evolve(state, seats=tuple(evolve(s, alive=s.player in living) for s in state.seats))


@pytest.mark.parametrize(
    "alive, nominates", [(5, True), (3, True), (4, False), (6, False), (7, False)]
)
def test_with_five_or_three_alive_the_town_executes_its_best_suspect_however_unsure(
    monkeypatch, alive, nominates
):
    # Player 1 (the Imp) is the likeliest Demon at 0.3, under the usual bar (NOMINATE_AT): with
    # four or six alive the town may hold back, with five or three a quiet day wastes a guess.
    monkeypatch.setattr(table_module, "NOISE", 0.0)
    living = [1, *range(4, alive + 3)]  # the Imp and good players (4: the voter)
    state = with_alive(start({"characters": TEN, "bot": True}), living)
    demon = {p: (0.3 if p == 1 else 0.1) for p in living}
    assert max(demon.values()) < NOMINATE_AT
    table = table_with(state, Fixed(demon, dict(demon)))
    pool = [q for q in living if q != 4]
    assert table._nominee(state, 4, pool) == (1 if nominates else None)
    assert table._yes(state, 4, 1) is nominates


def trusting(state, most: int) -> Fixed:
    """Beliefs under which ``most`` is the player least likely evil."""
    evil = {s.player: 0.4 for s in state.seats}
    evil[most] = 0.05
    return Fixed({p: v / 2 for p, v in evil.items()}, evil)


@pytest.mark.parametrize("unit, by", [(Witch(), 2), (Cerenovus(), 3)])
def test_the_witch_and_cerenovus_aim_at_the_player_the_town_trusts_most(unit, by):
    state = start({"characters": SNV_TEN, "script": "snv", "bot": True})
    options = [s.player for s in state.seats]
    for seed in range(12):  # at random, 12 picks would miss player 7 at least once
        table = table_with(state, trusting(state, 7), seed)
        assert unit.choose(table, state, by, options, 1) == (7,)


def test_the_pit_hag_changes_the_player_the_town_trusts_most():
    characters = [*SNV_TEN[:1], "pithag", *SNV_TEN[2:]]
    state = start({"characters": characters, "script": "snv", "bot": True})
    options = [s.player for s in state.seats]
    for seed in range(12):
        table = table_with(state, trusting(state, 6), seed)
        assert PitHag().choose(table, state, 2, options, 1) == (6,)


def test_the_cerenovus_makes_them_mad_about_a_character_nobody_claims(monkeypatch):
    state = start({"characters": SNV_TEN, "script": "snv", "bot": True})
    claims = {4: "clockmaker", 5: "dreamer"}
    monkeypatch.setattr(
        "engine.clocktower.game.characters.cerenovus.claimed", lambda s, p: claims.get(p)
    )
    table = table_with(state, trusting(state, 7))
    for _ in range(12):
        (cid,) = Cerenovus().choose(table, state, 3, ["clockmaker", "dreamer", "oracle"], 1)
        assert cid == "oracle"
