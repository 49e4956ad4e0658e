"""The experimental Minions (Boomdandy, Boffin, Organ Grinder, Mezepheles, Xaan, Marionette,
Wraith, Vizier, Wizard) beyond their scenarios: the bot storyteller runs them, and a secret vote
stays secret in the record. Their self-played games are ``test_ct_experimental_properties``'."""

from __future__ import annotations

from engine.clocktower.game import NightChoice, Nominate, Vote, apply, open_prompts, unsupported
from engine.clocktower.game.abilities.votes import known_block
from engine.clocktower.game.questions import VoteBoard
from engine.clocktower.reasoning.observe import Observer
from tests.engine.clocktower.game.support import SCENARIOS, load, start
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


def after_a_secret_vote():
    """The Organ Grinder's first day: the Empath nominated by the Chef, every hand up, eyes
    closed; with the first voter's board (asked once the first hand was counted)."""
    spec = load(next(p for p in SCENARIOS if p.name == "organgrinder.json"))
    state = start(spec)
    state = apply(state, NightChoice(2, ("no",))).state
    state = apply(state, Nominate(3, 4)).state
    state = apply(state, Vote(state.vote.order[0], True)).state
    (board,) = [q for q in open_prompts(state) if isinstance(q, VoteBoard)]
    while state.vote is not None:
        state = apply(state, Vote(state.vote.order[state.vote.index], True)).state
    return spec, board, state


def test_a_secret_vote_shows_no_running_count_and_no_block_to_anyone():
    """Eyes closed: the voter the count reaches is asked for their hand without the count so
    far, and once the secret vote is over nobody is told who is on the block (the truth is
    kept for the execution); an open vote shows both."""
    spec, board, state = after_a_secret_vote()
    assert board.count is None
    assert state.block == 4 and known_block(state) is None
    opened = scenario_play({**spec, "steps": spec["steps"][:-3]})
    opened = apply(opened, Nominate(3, 2)).state
    opened = apply(opened, Vote(opened.vote.order[0], True)).state
    (board,) = [q for q in open_prompts(opened) if isinstance(q, VoteBoard)]
    assert board.count == 1
    while opened.vote is not None:
        opened = apply(opened, Vote(opened.vote.order[opened.vote.index], True)).state
    assert known_block(opened) == opened.block == 2
