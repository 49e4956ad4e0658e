"""Real scripts, storytold by the bot: every script in ``../shared/reference/clocktower/scripts``
without a homebrew character is one the bot storyteller runs, and self-plays to an ending with
the same properties as the base editions' games (invariants at every step, nothing secret
announced, endings by the rules, a log that replays to the identical state).

Games are played at 10 players (a Teensyville script, one that cannot seat 10, at 6), with the
bot storyteller and, in every fourth game, the script's Travellers seated too. CI plays
``SAMPLE`` games a script; the issue's 100 a script are one command:
``RAVENSWOOD_FULL=1 python -m pytest tests/engine/clocktower/game/test_ct_real_scripts.py``.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from engine.clocktower.game import unsupported
from engine.clocktower.script import Script, load_folder
from tests.engine.clocktower.game.test_ct_experimental_properties import checked_game

SCRIPTS = Path(__file__).resolve().parents[5] / "shared" / "reference" / "clocktower" / "scripts"
FULL = bool(os.environ.get("RAVENSWOOD_FULL"))
GAMES = 100 if FULL else 4


REAL = {name: s for name, s in load_folder(SCRIPTS).items() if not s.homebrew}


def table_size(script: Script) -> int:
    """10 players, or 6 on a Teensyville script (one that cannot seat 10)."""
    return 10 if 10 in script.supported_players else 6


def test_the_bot_storytells_every_real_script_without_homebrew():
    """The reference data's 13 such scripts: the three base editions and ten of 2025's script
    competition; the bot storyteller accepts each (none of its characters is left to a human)."""
    assert len(REAL) == 13, sorted(REAL)
    missing = {name: unsupported(s.ids) for name, s in REAL.items() if unsupported(s.ids)}
    assert missing == {}


@pytest.mark.parametrize("name", sorted(REAL))
def test_the_script_self_plays_to_an_ending_by_the_rules(name):
    """``GAMES`` seeded games end by the rules, within the day limit, and replay identically."""
    script = REAL[name]
    ids = script.ids
    if unsupported(ids):
        pytest.fail(f"{name}: the bot storyteller cannot run {', '.join(unsupported(ids))}")
    players = table_size(script)
    endings: Counter = Counter()
    for i in range(GAMES):
        travellers = 1 + i % 2 if script.team("traveller") and i % 4 == 3 else 0
        _, outcome, _ = checked_game(ids, players, i, travellers=travellers)
        endings[outcome.ending] += 1
    assert endings["unfinished"] == 0, endings
