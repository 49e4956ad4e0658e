"""Self-played games with the experimental Demons the engine runs in play, on each base edition
with the Demon added to its script: every step keeps the invariants, nothing secret is
announced, the game ends by the rules (the Demons' own endings among them) and its log replays
to the identical state (``test_ct_experimental_properties``' checks). A stand-in human
storyteller rules every fourth game."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clocktower.game import Phase
from engine.clocktower.selfplay import play
from tests.engine.clocktower.game.support import SCRIPTS
from tests.engine.clocktower.game.test_ct_experimental_properties import (
    check_winner,
    replay,
    table_with,
)

DEMONS = ("alhadikhia", "lordoftyphon", "riot", "leviathan")
GAMES = 9  # a Demon's games in CI, three on each edition


@pytest.mark.parametrize("cid", DEMONS)
def test_games_with_the_demon_in_play_hold_every_property(cid):
    endings: Counter = Counter()
    for i in range(GAMES):
        script = (*SCRIPTS[("tb", "bmr", "snv")[i % 3]], cid)
        storyteller = 999 if i % 4 == 1 else None
        players, seed, deal = table_with(script, cid, 7 + (i * 5) % 9, 0, storyteller, 1_000 * i)
        log: list = []
        final, outcome = play(
            script, players, seed, deal, log=log, storyteller=storyteller, reason=False
        )
        assert final.phase is Phase.OVER, (cid, i, outcome)
        check_winner(final)
        assert replay(script, players, seed, deal, 0, storyteller, log) == final, (cid, i)
        endings[outcome.ending] += 1
    assert endings["unfinished"] == 0
