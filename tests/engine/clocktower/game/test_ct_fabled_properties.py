"""Self-played games with the Fabled the engine runs on the script, each alone and all at once,
on Trouble Brewing and on Sects & Violets (whose Fang Gu and Snake Charmer turn players evil,
for the Spirit of Ivory to cap): every game ends by the rules and replays to the identical
state, the invariants hold at every step, no secret is announced. CI plays ``SAMPLE`` games a
script; ``RAVENSWOOD_FULL=1`` plays ``FULL_GAMES``."""

from __future__ import annotations

import os

import pytest

from engine.clocktower.catalogue import characters
from engine.clocktower.game import State
from engine.clocktower.game.roles import REGISTRY
from tests.engine.clocktower.game.support import SNV, TB
from tests.engine.clocktower.game.test_ct_game_properties import checked_games
from tests.engine.clocktower.game.test_ct_snv_properties import check_winner as check_base
from tests.engine.clocktower.game.test_ct_snv_properties import replay

FABLED = tuple(c.id for c in characters() if c.team == "fabled" and c.id in REGISTRY)
SAMPLE = 6
FULL_GAMES = 300
GAMES = FULL_GAMES if os.environ.get("RAVENSWOOD_FULL") else SAMPLE


def check_winner(state: State) -> None:
    """The Fiddler's contest, played once and by a Demon's rival, or an ending of the editions."""
    if state.ending == "fiddler":
        assert "fiddler" in state.script_ids and state.winner in ("good", "evil")
        assert [m.kind for m in state.marks].count("fiddler_played") == 1
    else:
        check_base(state)


@pytest.mark.parametrize("fabled", FABLED)
def test_each_fabled_on_trouble_brewing(fabled):
    for final, _outcome, _log in checked_games((*TB, fabled), GAMES, 11, 7, check_winner, replay):
        assert fabled in final.script_ids


@pytest.mark.parametrize("edition", (TB, SNV), ids=("tb", "snv"))
def test_every_fabled_at_once(edition):
    evil = 0
    for final, _outcome, _log in checked_games(
        (*edition, *FABLED), GAMES, 11, 13, check_winner, replay
    ):
        evil += sum(s.alignment == "evil" and s.team != "traveller" for s in final.seats)
    assert evil
