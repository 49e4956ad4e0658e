"""The experimental good information characters (Steward, Knight, Noble, Shugenja, High
Priestess, General, Balloonist, Village Idiot, King, Choirboy, Nightwatchman): what their
scenario files cannot show. The bot storyteller runs them all, their setup rules hold at the
deal (the Village Idiot's copies, the Choirboy's King), the bot's judgements behave as
documented, and self-played games with them end by the rules and replay identically."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clocktower.bag import balanced_bag
from engine.clocktower.catalogue import character
from engine.clocktower.game import Join, Start, apply, new_game, unsupported
from engine.clocktower.game.cast import game_script
from engine.clocktower.game.characters.balloonist import last_type
from engine.clocktower.game.characters.general import judgement
from engine.clocktower.game.characters.highpriestess import suggestion
from engine.clocktower.game.model import Phase, seat, with_seat
from engine.clocktower.game.roles import REGISTRY
from engine.clocktower.game.working import is_drunk
from engine.clocktower.reasoning.worlds import supported
from engine.clocktower.selfplay import play, setup_game
from engine.core import RuleError
from tests.engine.clocktower.game.support import TB
from tests.engine.clocktower.game.test_ct_game_properties import check_winner, replay

MINE = (
    "steward",
    "knight",
    "noble",
    "shugenja",
    "highpriestess",
    "general",
    "balloonist",
    "villageidiot",
    "king",
    "choirboy",
    "nightwatchman",
)
EVIL = ("imp", "poisoner", "spy", "baron", "scarletwoman")
SCRIPT = (*MINE, "recluse", "saint", "drunk", "butler", *EVIL, "empath", "monk", "slayer")


def test_the_bot_storyteller_runs_every_one_of_them_with_a_stated_policy():
    assert unsupported((*MINE, *EVIL)) == ()
    for cid in MINE:
        assert cid in REGISTRY
        assert len(getattr(REGISTRY.get(cid), "policy", "")) > 20, cid


def deal(characters: tuple[str, ...], bot: bool = True):
    state = new_game(None if bot else 100, 1, SCRIPT, bot)
    for p in range(1, len(characters) + 1):
        state = apply(state, Join(p)).state
    return apply(state, Start(0 if bot else 100, characters))


def test_up_to_three_village_idiots_may_be_dealt_and_no_fourth():
    three = ("villageidiot",) * 3 + ("empath", "monk", "recluse", "poisoner", "imp")
    assert deal(three).state.phase is not Phase.LOBBY
    four = ("villageidiot",) * 4 + ("empath", "recluse", "poisoner", "imp")
    with pytest.raises(RuleError, match="only once"):
        deal(four)
    with pytest.raises(RuleError, match="only once"):
        deal(("empath", "empath", "monk", "recluse", "imp"))


def test_the_choirboy_needs_the_king_the_bot_refuses_a_deal_without_and_a_human_is_told():
    without = ("choirboy", "empath", "monk", "poisoner", "imp")
    with pytest.raises(RuleError, match="Choirboy brings the King into play"):
        deal(without)
    told = deal(without, bot=False).state.told
    assert any("King" in getattr(t, "counts", "") for t in told)
    assert deal(("choirboy", "king", "monk", "poisoner", "imp")).state.phase is not Phase.LOBBY


def test_a_bag_with_the_choirboy_holds_the_king_and_several_village_idiots_are_dealt():
    script = game_script(new_game(None, 1, SCRIPT, True))
    choirboys = copies = 0
    for seed in range(150):
        drawn = balanced_bag(script, 5 + seed % 11, seed)["characters"]
        if "choirboy" in drawn:
            choirboys += 1
            assert "king" in drawn
        copies += drawn.count("villageidiot") > 1
        assert drawn.count("villageidiot") <= 3
    assert choirboys and copies


def test_one_of_several_village_idiots_is_drunk_and_the_bot_picks_which_at_random():
    picked = Counter()
    for seed in range(12):
        state = setup_game(
            SCRIPT, 8, seed, ("villageidiot",) * 3 + ("empath", "monk", "recluse", "spy", "imp")
        )
        drunk = [s.player for s in state.seats if is_drunk(state, s.player)]
        assert len(drunk) == 1 and seat(state, drunk[0]).character == "villageidiot"
        picked[drunk[0]] += 1
        # The drunk one stays drunk when the others die, and stops being drunk as another.
        others = [s.player for s in state.seats if s.character == "villageidiot"]
        for p in others:
            if p != drunk[0]:
                state = with_seat(state, p, alive=False)
        assert is_drunk(state, drunk[0])
        assert not is_drunk(with_seat(state, drunk[0], character="empath"), drunk[0])
    assert len(picked) > 1
    alone = setup_game(SCRIPT, 5, 1, ("villageidiot", "empath", "monk", "poisoner", "imp"))
    assert not any(is_drunk(alone, s.player) for s in alone.seats)


def test_the_general_judges_by_good_share_of_the_living_against_the_start():
    state = setup_game(SCRIPT, 7, 3, ("general", "empath", "monk", "slayer", "king", "spy", "imp"))
    assert judgement(state) == "neither"
    one_down = with_seat(state, 2, alive=False)
    assert judgement(one_down) == "neither"  # 4 good of 6 living: 0.67 against 0.71
    assert judgement(with_seat(one_down, 3, alive=False)) == "evil"  # 3 of 5
    assert judgement(with_seat(state, 6, alive=False)) == "good"  # 5 good of 6 living


def test_the_high_priestess_bot_points_at_evil_more_often_when_good_is_behind():
    state = setup_game(
        SCRIPT, 8, 3, ("highpriestess", "empath", "monk", "slayer", "saint", "king", "spy", "imp")
    )

    def evil_share(s) -> float:
        picks = [suggestion(s, 1, f"n2:{k}") for k in range(400)]
        assert 1 not in picks
        return sum(seat(s, p).alignment == "evil" for p in picks) / len(picks)

    even = evil_share(state)
    for p in (2, 3, 4):  # three good players dead: good's share of the living 0.6, not 0.75
        state = with_seat(state, p, alive=False)
    behind = evil_share(state)
    assert 0.3 < even < 0.5 and behind > even + 0.1


def test_the_balloonist_notes_the_type_shown_and_next_shows_another():
    chars = ("balloonist", "empath", "monk", "slayer", "saint", "spy", "imp")
    state = setup_game(SCRIPT, 7, 5, chars)
    types = []
    while state.phase is not Phase.DAY or state.day < 4:
        state = _advance(state)
        if state.phase is Phase.OVER:
            break
        kind = last_type(state, 1)
        if kind is not None and (not types or types[-1][0] != state.night):
            types.append((state.night, kind))
    kinds = [k for _, k in types]
    assert len(kinds) >= 3 and all(a != b for a, b in zip(kinds, kinds[1:], strict=False))


def _advance(state):
    """One step of a quiet bot game: night choices at random legal players, days ended."""
    from engine.clocktower.game import EndDay, NightChoice

    if state.phase is Phase.DAY:
        return apply(state, EndDay(0)).state
    pending = state.pending
    assert pending is not None and pending.kind == "night_choice"
    return apply(state, NightChoice(pending.to, tuple(pending.default))).state


@pytest.mark.parametrize("storyteller", (None, 999), ids=("bot", "human"))
def test_self_played_games_with_them_end_by_the_rules_and_replay(storyteller):
    """60 games at 5 to 15 players, some with Travellers: every one of the eleven is dealt,
    and the Village Idiot more than once in some."""
    dealt: Counter = Counter()
    for i in range(60):
        players, travellers = 5 + i % 11, i % 3
        log: list = []
        final, outcome = play(
            SCRIPT,
            players,
            11 * i,
            log=log,
            travellers=travellers,
            storyteller=storyteller,
            reason=False,
        )
        assert final.phase is Phase.OVER, outcome
        check_winner(final)
        assert replay(players, 11 * i, log, travellers, storyteller, SCRIPT) == final
        dealt.update({s.character for s in final.seats})
        dealt["several idiots"] += sum(s.character == "villageidiot" for s in final.seats) > 1
    assert all(dealt[c] for c in MINE), dealt
    assert dealt["several idiots"]


def test_their_information_reads_in_words():
    from engine.clocktower.game.roles import Words

    class Plain(Words):
        def player(self, player):
            return f"P{player}"

        def players(self, players):
            return ", ".join(f"P{p}" for p in players)

        def character(self, cid):
            return character(cid).name

        def strong(self, text):
            return str(text)

        def ability(self, cid):
            return cid

    w = Plain()
    info = {"players": (4,), "night": 1}
    assert (
        REGISTRY.get("knight").reads({**info, "answer": (2, 5)}, w) == "P2, P5 are not the Demon."
    )
    assert "P3" in REGISTRY.get("noble").reads({**info, "answer": (1, 3, 6)}, w)
    assert "clockwise" in REGISTRY.get("shugenja").reads({**info, "answer": "clockwise"}, w)
    assert "neither" in REGISTRY.get("general").reads({**info, "answer": "neither"}, w)
    assert "P4 is evil" in REGISTRY.get("villageidiot").reads({**info, "answer": "evil"}, w)
    assert "Empath" in REGISTRY.get("king").reads({**info, "answer": "empath"}, w)
    assert "P7" in REGISTRY.get("choirboy").reads({**info, "answer": 7}, w)
    assert "P2" in REGISTRY.get("highpriestess").reads({**info, "answer": 2}, w)
    assert "P9" in REGISTRY.get("balloonist").reads({**info, "answer": 9}, w)


def test_the_reasoning_model_covers_their_scripts_and_copies_of_a_character():
    """Its worlds hold the Village Idiot's copies too (one of several drunk); the others'
    information is weighed."""
    covered = (*TB, "villageidiot", "steward", "knight", "noble", "king", "choirboy")
    assert supported(covered)
    for seed in range(6):
        final, outcome = play(covered, 7 + seed % 4, seed, reason=True)
        assert final.phase is Phase.OVER, outcome


def test_the_demon_is_told_of_a_king_once_even_one_made_mid_game():
    from pathlib import Path

    from tests.engine.clocktower.game.support import load
    from tests.engine.clocktower.game.support import play as play_scenario

    scenarios = Path(__file__).parent / "scenarios"
    for name, demon in (("king_made", 1), ("king", 1)):
        final = play_scenario(load(scenarios / f"{name}.json"))
        told = [t for t in final.told if t.to == demon and t.event == "king_known"]
        assert len(told) == 1, name


def test_their_own_events_are_worded_by_their_units():
    from engine.clocktower.game.characters.king import KingKnown
    from engine.clocktower.game.characters.nightwatchman import Watched

    class Plain:
        def player(self, player):
            return f"P{player}"

        def strong(self, text):
            return str(text)

    for event, text in (
        (KingKnown(1, king=4), "The King is P4"),
        (Watched(2, nightwatchman=5), "P5 is the Nightwatchman"),
    ):
        speaker = REGISTRY.speaker(type(event))
        assert speaker is not None and text in speaker.says(event, Plain())


@pytest.mark.parametrize("storyteller", (None, 999), ids=("bot", "human"))
def test_whole_games_with_three_village_idiots_end_by_the_rules_and_replay(storyteller):
    """Each of the three wakes every night it lives, and the log replays identically."""
    deal = ("villageidiot",) * 3 + ("empath", "monk", "recluse", "spy", "imp")
    for seed in range(8):
        log: list = []
        final, outcome = play(SCRIPT, 8, seed, deal, log=log, storyteller=storyteller, reason=False)
        assert final.phase is Phase.OVER, outcome
        check_winner(final)
        woke = Counter(
            t.to for t in final.told if t.event == "info" and t.data["character"] == "villageidiot"
        )
        idiots = [s.player for s in final.seats if s.character == "villageidiot"]
        assert set(woke) == set(idiots)  # every one of them learned something
        state = setup_game(SCRIPT, 8, seed, deal, storyteller=storyteller)
        for action in log:
            state = apply(state, action).state
        assert state == final
