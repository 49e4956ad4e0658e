"""Self-played games with the experimental Minions of this group in play (Boomdandy, Boffin,
Organ Grinder, Mezepheles, Xaan, Marionette, Wraith, Vizier, Wizard), each beside the base
editions' characters (``roster.mixed_script`` plus the Minion): every game ends by the rules,
holds the invariants at every step and replays identically, as in
``test_ct_experimental_properties``; a quarter with a stand-in human storyteller."""

from __future__ import annotations

import pytest

from engine.clocktower.game import Phase, unsupported
from engine.clocktower.game.roster import mixed_script
from engine.clocktower.reasoning.observe import Observer
from engine.clocktower.selfplay import play
from tests.engine.clocktower.game.support import SCENARIOS, load
from tests.engine.clocktower.game.support import play as scenario_play
from tests.engine.clocktower.game.test_ct_experimental_properties import (
    EDITIONS,
    check_winner,
    replay,
    table_with,
)

MINIONS = (
    "boomdandy",
    "boffin",
    "organgrinder",
    "mezepheles",
    "xaan",
    "marionette",
    "wraith",
    "vizier",
    "wizard",
)
GAMES = 6


def test_the_bot_storyteller_runs_them():
    assert unsupported(MINIONS) == ()


@pytest.mark.parametrize("cid", MINIONS)
def test_games_with_the_minion_in_play_end_by_the_rules_and_replay(cid):
    for i in range(GAMES):
        script = mixed_script(EDITIONS[i % 3]) + (cid,)
        storyteller = 999 if i % 4 == 1 else None
        players, seed, deal = table_with(script, cid, 7 + (i * 3) % 9, i % 3, storyteller, 500 * i)
        log: list = []
        final, outcome = play(
            script,
            players,
            seed,
            deal,
            log=log,
            travellers=i % 3,
            storyteller=storyteller,
            reason=False,
        )
        assert final.phase is Phase.OVER, (cid, i, outcome)
        assert any(s.character == cid for s in final.seats) or any(
            c.before == cid for c in final.changes
        ), (cid, i)
        check_winner(final)
        assert replay(script, players, seed, deal, i % 3, storyteller, log) == final, (cid, i)


def test_a_secret_vote_is_recorded_as_secret_and_the_public_record_has_no_hands():
    """Under the Organ Grinder the nomination's record says its vote was secret, and the
    reasoning model's public record of it has no hands; the day after it chose to be drunk,
    the vote is open again."""
    spec = load(next(p for p in SCENARIOS if p.name == "organgrinder.json"))
    state = scenario_play(spec)
    secret, open_ = state.history
    assert secret.secret and secret.yes and not open_.secret
    record = Observer(state).see(None, state)
    first, second = record.nominations
    assert first.yes == () and second.yes == open_.yes
