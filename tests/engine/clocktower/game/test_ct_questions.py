"""An answer to a question no longer open is refused by the engine, whatever menu it came from:
a night menu of an earlier wake, a ruling already made, a panel of a finished wake, a vote
board of a finished vote, a nomination menu of an earlier day. The question of the moment is
answered through the same wire format."""

from __future__ import annotations

import pytest

from engine.clocktower.game import (
    SYSTEM,
    EndDay,
    Phase,
    Start,
    State,
    StorytellerRuling,
    apply,
    open_prompts,
)
from engine.clocktower.game.questions import NightMenu, NominationMenu, Panel, Ruling, VoteBoard
from engine.clocktower.selfplay import setup_game
from engine.core import Prompt, RuleError
from tests.engine.clocktower.game.test_ct_game_storyteller import (
    DEAL,
    ST,
    first_night,
    script_game,
)

TB = (
    "poisoner",
    "imp",
    "monk",
    "empath",
    "chef",
    "washerwoman",
    "soldier",
    "butler",
    "drunk",
    "baron",
    "spy",
    "scarletwoman",
    "investigator",
    "librarian",
    "fortuneteller",
    "undertaker",
    "ravenkeeper",
    "virgin",
    "slayer",
    "mayor",
    "recluse",
    "saint",
)
SEATS = ("poisoner", "imp", "monk", "empath", "chef", "washerwoman", "soldier")  # 1..7


def asked(state: State, kind: type[Prompt]) -> Prompt:
    return next(q for q in open_prompts(state) if isinstance(q, kind))


def refused(state: State, action: object, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        apply(state, action)


def all_hands_down(state: State) -> State:
    while state.vote is not None:
        board = asked(state, VoteBoard)
        state = apply(state, board.answer(board.to[0], "no")).state
    return state


def night_one() -> State:
    """Trouble Brewing with the bot storyteller: the Poisoner (player 1) wakes first."""
    return setup_game(TB, 7, 5, characters=SEATS)


def test_a_night_menu_of_an_earlier_night_is_refused():
    state = night_one()
    tonight = asked(state, NightMenu)
    assert tonight.to == (1,) and tonight.character == "poisoner"
    kept = tonight.answer(1, tonight.token(5))  # the same choice, kept in an old DM
    state = apply(state, tonight.answer(1, tonight.token(4))).state
    assert state.phase is Phase.DAY
    state = apply(state, EndDay(SYSTEM)).state
    again = asked(state, NightMenu)
    assert again.to == (1,) and again.key != tonight.key and 5 in again.options
    refused(state, kept, "earlier wake")
    assert state.pending is not None and state.pending.id == again.decision  # nothing changed
    assert apply(state, again.answer(1, again.token(5))).state.pending != state.pending


def test_a_ruling_already_made_is_refused():
    """The demon's bluffs, ruled from the DM's buttons; the same press again is refused."""
    state = apply(script_game(), Start(ST, DEAL)).state
    ruling = asked(state, Ruling)
    press = ruling.answer(ST, ruling.token(ruling.options[0]))
    assert press == StorytellerRuling(ST, ruling.decision, 0)
    state = apply(state, press).state
    refused(state, press, "already been made|No storyteller decision")


def test_a_panel_of_a_finished_wake_is_refused():
    state = first_night()
    first = asked(state, Panel)
    state = apply(state, first.answer(ST, "done")).state
    second = asked(state, Panel)
    assert second.key != first.key
    for token in ("done", "ask1"):
        refused(state, first.answer(ST, token), "That wake is over")
    assert asked(state, Panel) == second  # nothing changed
    while state.phase is Phase.NIGHT:
        state = apply(state, asked(state, Panel).answer(ST, "done")).state
    refused(state, first.answer(ST, "done"), "No storyteller-run wake is open now")


def test_a_vote_board_of_a_finished_vote_and_a_menu_of_an_earlier_day_are_refused():
    state = night_one()
    state = apply(state, asked(state, NightMenu).answer(1, "4")).state
    menu = asked(state, NominationMenu)
    state = apply(state, menu.answer(3, "5")).state
    board = asked(state, VoteBoard)
    state = all_hands_down(state)
    state = apply(state, asked(state, NominationMenu).answer(6, "7")).state
    voter = asked(state, VoteBoard).to[0]
    refused(state, board.answer(voter, "yes"), "That vote is over")
    assert state.vote is not None and not state.vote.yes
    state = all_hands_down(state)
    state = apply(state, EndDay(SYSTEM)).state
    while state.phase is Phase.NIGHT:  # each waking player takes the default
        wake = asked(state, NightMenu)
        state = apply(state, wake.answer(wake.to[0], "-".join(map(str, wake.default)))).state
    assert state.phase is Phase.DAY and state.day == 2
    living = [s.player for s in state.seats if s.alive]
    nominator, nominee = living[-1], living[0]
    refused(state, menu.answer(nominator, str(nominee)), "earlier day")
    today = asked(state, NominationMenu)
    assert apply(state, today.answer(nominator, str(nominee))).state.vote is not None
