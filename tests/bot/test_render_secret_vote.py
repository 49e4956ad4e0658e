"""A secret vote (the Organ Grinder's) is told as secret everywhere the bot shows votes: the
closed board, the day's history of votes; an open one as before."""

from __future__ import annotations

from types import SimpleNamespace

from bot.cogs.clocktower.text import status_text, votes_text
from bot.render.clocktower import closed_vote
from tests.engine.clocktower.game.support import SCENARIOS, load, play
from tests.engine.clocktower.game.test_ct_experimental_minions import after_a_secret_vote


def test_a_secret_vote_shows_no_hands_and_no_count():
    state = play(load(next(p for p in SCENARIOS if p.name == "organgrinder.json")))
    secret, open_ = state.history
    hidden = closed_vote(secret, state).content
    assert "secret" in hidden and "Hands raised" not in hidden and "Final count" not in hidden
    shown = closed_vote(open_, state).content
    assert "Hands raised" in shown and "secret" not in shown
    day1, day2 = votes_text(state, 1), votes_text(state, 2)
    assert "the tally is secret" in day1 and "hands:" not in day1
    assert "hands:" in day2 and "secret" not in day2


def test_the_status_names_no_block_a_secret_vote_made():
    state = after_a_secret_vote()[2]
    assert state.block is not None
    assert "On the block" not in status_text(SimpleNamespace(state=state))
