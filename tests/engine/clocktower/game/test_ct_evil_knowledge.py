"""The characters that shape what the evil team learns, protect at night or change how death
plays (Magician, Poppy Grower, Snitch, Bounty Hunter, Preacher, Acrobat, Lycanthrope, Princess,
Banshee, Fisherman): the rulings their scenarios cannot show, the bot storyteller's policy for
them, and self-play on a script of them."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clocktower.game import (
    SYSTEM,
    EndDay,
    NightChoice,
    Phase,
    StorytellerRuling,
    apply,
    rules,
)
from engine.clocktower.game.abilities.kill import stayed
from engine.clocktower.game.abilities.votes import vote_weight
from engine.clocktower.game.events import DemonInfo, MinionInfo
from engine.clocktower.game.markers import demon_info, known_evil, minion_info
from engine.clocktower.game.model import State, put_mark, seat
from engine.clocktower.game.registration import registrations
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.game.working import active, lost, works
from engine.clocktower.reasoning.infer import infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.record import Claim, Heard, Record
from engine.clocktower.reasoning.worlds import supported
from engine.clocktower.selfplay import play as self_play
from tests.engine.clocktower.game.support import ST, TB, play, start
from tests.engine.clocktower.game.test_ct_game_properties import checked_games

MINE = (
    "magician",
    "poppygrower",
    "snitch",
    "bountyhunter",
    "preacher",
    "acrobat",
    "lycanthrope",
    "princess",
    "banshee",
    "fisherman",
)
# Trouble Brewing's evil team and a few of its good characters, with this group's.
SCRIPT = (
    *MINE,
    "washerwoman",
    "empath",
    "monk",
    "fortuneteller",
    "undertaker",
    "slayer",
    "recluse",
    "saint",
    "drunk",
    "butler",
    *(c for c in TB if c in ("poisoner", "spy", "scarletwoman", "baron", "imp")),
)
SEVEN = ["imp", "poisoner", "X", "empath", "chef", "monk", "soldier"]


def seven(cid: str, **spec) -> dict:
    chars = [cid if c == "X" else c for c in SEVEN]
    return {"extra": [cid], "characters": chars, **spec}


def answer_all(state: State, choices: dict[int, tuple], once: bool = False) -> tuple[State, list]:
    """Answer the night's questions (``once``: the next one only): each player's choice as given
    (else the first options), every ruling with its first option; with every effect."""
    effects: list = []
    steps = 0
    while state.pending is not None and state.phase is Phase.NIGHT and not (once and steps):
        steps += 1
        p = state.pending
        if p.kind == "ruling":
            step = apply(state, StorytellerRuling(ST, p.id, 0))
        else:
            assert p.to is not None
            step = apply(state, NightChoice(p.to, choices.get(p.to, p.options[: p.pick])))
        state = step.state
        effects += step.effects
    return state, effects


def after_night(state: State, choices: dict[int, tuple]) -> State:
    return answer_all(state, choices)[0]


def test_none_of_the_group_is_left_to_a_human_storyteller():
    assert rules.unsupported(MINE) == ()


# The evil team's information ----------------------------------------------------------------
def test_a_poisoned_magician_is_not_shown_to_the_evil_team():
    state = put_mark(play(seven("magician", steps=[])), "poisoned", 0, 3)
    _, minion = minion_info(state, "k")
    _, demon = demon_info(state, "k")
    assert [e.data["demon"] for e in minion] == [(1,)]
    assert [e.data["minions"] for e in demon] == [(2,)]


def test_the_poppy_grower_killed_after_its_place_reveals_the_team_at_the_nights_end():
    state = play(seven("poppygrower", steps=[{"choose": [2, [7]]}, {"end_day": True}]))
    assert not known_evil(state, 2) and not known_evil(state, 1)
    state = after_night(state, {2: (7,), 6: (7,), 1: (3,)})  # the Imp kills the Poppy Grower
    assert state.phase is Phase.DAY and not seat(state, 3).alive
    assert known_evil(state, 2, ("demon",)) == {1} and known_evil(state, 1) == {2}
    told = [t for t in state.told if isinstance(t, (MinionInfo, DemonInfo)) and not t.apart]
    assert {t.to for t in told} == {1, 2}  # once each


def test_a_drunk_snitch_gives_no_bluffs():
    spec = {
        "extra": ["snitch"],
        "characters": ["imp", "poisoner", "snitch", "empath", "chef", "monk", "soldier", "drunk"],
        "drunk_token": "washerwoman",
        "steps": [],
    }
    state = start(spec)
    assert state.pending is not None and state.pending.topic == "snitch_bluffs"
    state = put_mark(state, "drunk", 0, 3)  # the storyteller's own reminder
    state, effects = minion_info(state, "k")
    assert [e.data for e in effects] == [{"demon": (1,), "minions": ()}]


def test_a_drunk_who_thinks_they_are_the_bounty_hunter_turns_nobody_evil():
    """Only a Philosopher who gained the ability may (the jinx); the Drunk is just drunk."""
    spec = {
        "extra": ["bountyhunter"],
        "characters": ["imp", "poisoner", "drunk", "empath", "chef", "monk", "soldier", "saint"],
        "drunk_token": "bountyhunter",
        "steps": [],
    }
    state, topics = play(spec), []
    while state.phase is Phase.NIGHT:
        assert state.pending is not None
        topics.append(state.pending.topic)
        state = answer_all(state, {2: (7,)}, once=True)[0]
    assert "bounty_convert" not in topics
    assert [t.data["character"] for t in state.told if t.event == "info"][-1] == "bountyhunter"


def test_an_apprentice_who_gains_the_bounty_hunters_ability_turns_nobody_evil():
    """The jinx is the Philosopher's alone (found by self-play)."""
    spec = {
        "script": "bmr",
        "extra": ["bountyhunter"],
        "characters": ["po", "godfather", "chambermaid", "exorcist", "fool", "gambler", "tinker"]
        + ["apprentice"],
        "alignments": {"8": "good"},
        "steps": [{"rule_value": "bountyhunter"}],
    }
    state, topics = play(spec), []
    while state.phase is Phase.NIGHT:
        assert state.pending is not None
        topics.append(state.pending.topic)
        state = answer_all(state, {}, once=True)[0]
    assert "bounty_convert" not in topics and "info" in topics
    assert not any(t.event == "turned" for t in state.told)


# Abilities lost, registrations ----------------------------------------------------------------
def test_a_preached_spy_has_no_ability_and_registers_only_as_itself():
    state = play(
        {
            "extra": ["preacher"],
            "characters": ["imp", "spy", "preacher", "empath", "chef", "monk", "soldier"],
            "steps": [],
        }
    )
    assert len(registrations(state, 2)) > 1
    state = apply(state, NightChoice(3, (2,))).state
    assert state.pending is not None and state.pending.topic == "registration"  # as a Minion?
    state = apply(state, StorytellerRuling(ST, state.pending.id, 0)).state
    assert lost(state, 2) and not active(state, 2) and not works(state, 2)
    assert len(registrations(state, 2)) == 1
    state = after_night(state, {})
    assert state.phase is Phase.DAY
    assert not any(t.event == "grimoire" for t in state.told)  # the Spy did not wake


def test_a_drunk_preacher_takes_no_ability_and_tells_nobody():
    state = play(seven("preacher", steps=[]))
    state = put_mark(state, "drunk", 0, 3)
    state = apply(state, NightChoice(3, (2,))).state
    assert not lost(state, 2)
    assert not any(t.event == "preached" for t in state.told)


def test_the_faux_paw_registers_as_evil_only_while_the_lycanthrope_is_sober():
    state = play(seven("lycanthrope", faux_paw=5, steps=[]))
    assert [r.alignment for r in registrations(state, 5)] == ["good", "evil"]
    assert [r.alignment for r in registrations(state, 4)] == ["good"]
    assert [r.alignment for r in registrations(state, 5)] == ["good", "evil"]
    poisoned = put_mark(state, "poisoned", 0, 3)
    assert [r.alignment for r in registrations(poisoned, 5)] == ["good"]


def test_the_bot_storyteller_has_the_faux_paw_register_as_evil_to_the_lycanthrope():
    for seed in range(5):
        state = start(seven("lycanthrope", bot=True, seed=seed, steps=[]))
        paw = next(m.target for m in state.marks if m.kind == "faux_paw")
        state = apply(after_night(state, {2: (7,)}), EndDay(SYSTEM)).state
        state = after_night(state, {2: (7,), 6: (7,), 3: (paw,), 1: (7,)})
        assert state.phase is Phase.DAY and seat(state, paw).alive, seed
        assert not stayed(state)


# Night deaths -----------------------------------------------------------------------------------
def second_night(cid: str, **spec) -> State:
    state = after_night(play(seven(cid, steps=[], **spec)), {2: (7,)})
    state = apply(state, EndDay(ST)).state
    assert state.phase is Phase.NIGHT and state.night == 2
    return state


def test_a_drunk_acrobat_choosing_a_poisoned_player_lives():
    state = put_mark(second_night("acrobat"), "drunk", 0, 3)
    state = after_night(state, {2: (4,), 3: (4,), 6: (7,), 1: (7,)})
    assert seat(state, 3).alive and state.phase is Phase.DAY


def test_the_acrobat_choosing_the_drunk_dies():
    spec = {
        "extra": ["acrobat"],
        "characters": ["imp", "poisoner", "acrobat", "drunk", "chef", "monk", "soldier", "empath"],
        "drunk_token": "washerwoman",
        "steps": [{"choose": [2, [7]]}, {"rule": 0}, {"end_day": True}],
    }
    state = after_night(play(spec), {2: (7,), 3: (4,), 6: (7,), 1: (7,)})
    assert not seat(state, 3).alive


def test_a_drunk_lycanthrope_kills_nobody_and_the_demon_kills():
    state = put_mark(second_night("lycanthrope", faux_paw=5), "drunk", 0, 3)
    state = after_night(state, {2: (7,), 6: (7,), 3: (4,), 1: (5,)})
    assert seat(state, 4).alive and not seat(state, 5).alive


def test_a_good_player_who_survives_the_lycanthrope_leaves_the_demon_its_kills():
    """The Fool's first death is escaped, so the Shabaloth kills as usual."""
    spec = {
        "script": "bmr",
        "extra": ["lycanthrope"],
        "faux_paw": 5,
        "characters": [
            "shabaloth",
            "godfather",
            "lycanthrope",
            "fool",
            "sailor",
            "chambermaid",
            "minstrel",
        ],
        "steps": [],
    }
    state = after_night(play(spec), {5: (7,)})
    state = apply(state, EndDay(ST)).state
    state = after_night(state, {5: (7,), 3: (4,), 1: (6, 7)})
    assert seat(state, 4).alive and not seat(state, 6).alive and not stayed(state)


def test_the_lycanthrope_kills_a_soldier_and_the_demon_kills_nobody():
    state = after_night(
        second_night("lycanthrope", faux_paw=5), {2: (4,), 6: (4,), 3: (7,), 1: (4,)}
    )
    assert not seat(state, 7).alive and seat(state, 4).alive and stayed(state)


def test_a_poisoned_princess_does_not_stop_the_demon():
    steps = [
        {"choose": [2, [3]]},
        {"nominate": [3, 6]},
        {"vote": [1, 2, 3, 4]},
        {"end_day": True},
        {"choose": [2, [3]]},
    ]
    state = after_night(play(seven("princess", steps=steps)), {1: (4,)})
    assert not seat(state, 6).alive and not seat(state, 4).alive


def test_a_banshee_killed_while_poisoned_is_not_announced_and_votes_once():
    state, effects = answer_all(second_night("banshee"), {2: (3,), 6: (7,), 1: (3,)})
    assert state.phase is Phase.DAY and not seat(state, 3).alive
    assert "wailed" not in {getattr(e, "event", "") for e in effects}
    assert vote_weight(state, 3) == 1


# The bot storyteller's Fisherman ---------------------------------------------------------------
def fished(drunk: bool) -> tuple:
    state = play(seven("fisherman", bot=True, steps=[{"choose": [2, [7]]}]))
    if drunk:
        state = put_mark(state, "drunk", 0, 3)
    state = apply(state, REGISTRY.roles["fisherman"].request(3, None)).state
    return state, state.told[-1].data["answer"]


@pytest.mark.parametrize("drunk", (False, True))
def test_the_bot_fishermans_advice_names_three_living_players_one_the_demon_if_sober(drunk):
    state, (kind, players, value) = fished(drunk)
    assert (kind, value) == ("team", "demon") and len(players) == 3 and 3 not in players
    assert all(seat(state, p).alive for p in players)
    assert (1 in players) is not drunk


def test_an_evil_fisherman_is_advised_for_the_evil_team():
    """A Fisherman the Bounty Hunter's setup made evil learns a good player's character."""
    chars = ["imp", "poisoner", "bountyhunter", "fisherman", "chef", "monk", "soldier"]
    spec = {"extra": ["bountyhunter", "fisherman"], "characters": chars, "bot": True, "steps": []}
    for seed in range(12):
        state = start({**spec, "seed": seed})
        if seat(state, 4).alignment != "evil":
            continue
        state = after_night(state, {2: (7,)})
        state = apply(state, REGISTRY.roles["fisherman"].request(4, None)).state
        kind, (player,), cid = state.told[-1].data["answer"]
        assert kind == "character" and seat(state, player).alignment == "good"
        assert seat(state, player).character == cid
        return
    raise AssertionError("no seed made the Fisherman evil")


# Self-play ---------------------------------------------------------------------------------------
def test_self_play_on_a_script_of_the_group_ends_by_the_rules_and_replays():
    """Games with a stand-in human storyteller in every fourth, checked at every step, their logs
    replayed (``checked_games``); every character of the group is dealt."""
    dealt: Counter = Counter()
    for final, _outcome, _log in checked_games(SCRIPT, 120, 9, 11):
        dealt.update(s.character for s in final.seats if s.character in MINE)
    assert set(dealt) == set(MINE), dealt


def test_the_reasoning_model_covers_the_group_with_its_evil_townsfolk():
    """The worlds hold the Bounty Hunter's evil Townsfolk, so the reasoning players play the
    whole group, with and without it."""
    for script in (SCRIPT, tuple(c for c in SCRIPT if c != "bountyhunter")):
        assert supported(script)
        for seed in range(6):
            final, outcome = self_play(script, 8 + seed % 3, seed, reason=True)
            assert final.phase is Phase.OVER, outcome


def test_the_fishermans_advice_weighs_on_who_the_demon_is():
    """Heard from a claimed Fisherman, "one of 2, 3 and 4 is the Demon" makes each of them
    likelier the Demon, and the others less; words of the storyteller's own are not weighed."""
    seats = tuple(range(1, 8))
    setup = Setup((*TB, "fisherman"), seats)
    plain = Record(seats, (Claim(1, "fisherman"),))
    advised = Record(
        seats, (Claim(1, "fisherman", (Heard("fisherman", 1, ("team", (2, 3, 4), "demon")),)),)
    )
    before, after = infer(setup, plain).demon, infer(setup, advised).demon
    assert all(after[p] > before[p] for p in (2, 3, 4))
    assert all(after[p] < before[p] for p in (5, 6, 7))
    assert role("fisherman").weigh(Heard("fisherman", 1, "Trust the Chef."), None, 1) is None
