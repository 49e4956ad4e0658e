"""Advice: every room scored alike, corridors, accusation thresholds, limits."""

import pytest

from engine.cluedo import Accusation, add_event, advise, new_notebook, notebook_from_json
from engine.cluedo.information import Informant
from engine.cluedo.notebook import facts_of
from engine.cluedo.simulate import simulate
from engine.cluedo.solver import reduce
from tests.engine.cluedo.test_cluedo_notebook import LOG


@pytest.fixture(scope="module")
def midgame():
    states = list(simulate(4, 11, turns=12))
    return states[-1][0]


def test_every_room_is_scored_on_all_its_suggestions(midgame):
    advice = advise(midgame, room="Hall", roll=7)
    deck = midgame.deck
    informant = Informant(reduce(facts_of(midgame)), 0, len(midgame.players))
    suspects, weapons, _ = deck.category_cards
    rooms = {o["room"]: o for o in advice["movement"]["rooms"]}
    assert set(rooms) == set(deck.rooms) - {"Hall"}
    for name, option in rooms.items():
        room = deck.index[name]
        best = max(informant.gain((s, w, room)).bits for s in suspects for w in weapons)
        assert option["expected_information_bits"] == pytest.approx(best, abs=1e-12)
        pick = option["best_suggestion"]
        cards = (deck.index[pick["suspect"]], deck.index[pick["weapon"]], room)
        assert informant.gain(cards).bits == pytest.approx(best, abs=1e-12)
    here = advice["suggestion"]
    assert here["room"] == "Hall" and len(here["alternatives"]) == 4
    assert all(a["expected_information_bits"] <= here["expected_information_bits"]
               for a in here["alternatives"])  # fmt: skip


def test_accusation_thresholds(midgame):
    plain = advise(midgame)
    assert plain["accuse"]["threshold"] == 1.0 and not plain["accuse"]["recommended"]
    assert plain["suggestion"] is None and plain["movement"] is None
    loose = advise(midgame, accuse_bits=plain["entropy_bits"] + 0.01)
    assert loose["accuse"]["recommended"] and loose["accuse"]["threshold"] is None
    both = advise(midgame, accuse_at=1.0, accuse_bits=99)
    assert not both["accuse"]["recommended"]
    with pytest.raises(ValueError, match="cannot be negative"):
        advise(midgame, accuse_bits=-1)


def test_a_solved_game_has_zero_not_negative_uncertainty():
    notebook = add_event(
        notebook_from_json(LOG), Accusation("Cat", "Scarlett", "Revolver", "Kitchen", True)
    )
    advice = advise(notebook, accuse_bits=0)
    assert str(advice["entropy_bits"]) == "0.0" and advice["accuse"]["recommended"]


def test_too_many_unknown_cards_to_score_suggestions_is_said_plainly():
    sizes = {"A": 0, "B": 4, "C": 4, "D": 3, "E": 4, "F": 3}
    notebook = new_notebook(("A", "B", "C", "D", "E", "F"), "A", [], sizes)
    advice = advise(notebook, room="Hall", roll=7)
    assert advice["suggestion"] is None and advice["movement"] is None
    assert "21 cards are of unknown place" in advice["note"]
    assert advice["consistent_deals"] > 0


def test_a_memo_keeps_the_gains_until_the_notebook_changes(midgame, monkeypatch):
    from engine.cluedo import advisor

    memo, made = advisor.GainMemo(), []
    real = advisor.Informant.table

    def counted(self, rooms):
        made.append(rooms)
        return real(self, rooms)

    monkeypatch.setattr(advisor.Informant, "table", counted)
    first = advise(midgame, room="Hall", roll=7, memo=memo)
    again = advise(midgame, room="Hall", roll=3, memo=memo)
    assert len(made) == 1
    assert again["suggestion"] == first["suggestion"]
    assert again["movement"]["rooms"] != first["movement"]["rooms"]  # turns depend on the roll
    assert again == advise(midgame, room="Hall", roll=3)  # same as without a memo
    later = add_event(midgame, Accusation("P1", "Plum", "Rope", "Study", False))
    advise(later, room="Hall", roll=7, memo=memo)
    assert len(made) == 3
