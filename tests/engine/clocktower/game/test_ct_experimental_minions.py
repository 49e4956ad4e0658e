"""The experimental Minions (Boomdandy, Boffin, Organ Grinder, Mezepheles, Xaan, Marionette,
Wraith, Vizier, Wizard) beyond their scenarios: the bot storyteller runs them, and a secret vote
stays secret in the record. Their self-played games are ``test_ct_experimental_properties``'."""

from __future__ import annotations

from engine.clocktower.game import unsupported
from engine.clocktower.reasoning.observe import Observer
from tests.engine.clocktower.game.support import SCENARIOS, load
from tests.engine.clocktower.game.support import play as scenario_play

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
