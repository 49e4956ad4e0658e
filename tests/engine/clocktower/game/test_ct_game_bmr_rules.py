"""Bad Moon Rising rules the scenario files do not show one step at a time: reminders that
depend on each other, the bot storyteller's documented policies, the Bishop's duty when the day
idles, the Zombuul against the Assassin and with two others alive."""

from __future__ import annotations

from collections import Counter

from engine.clocktower.game import EndDay, NightChoice, Nominate, apply, timeout_action
from engine.clocktower.game.characters.pacifist import save_chance
from engine.clocktower.game.characters.shabaloth import regurgitate_chance
from engine.clocktower.game.characters.tinker import death_chance
from engine.clocktower.game.ending import continuous_winner
from engine.clocktower.game.model import SYSTEM, Mark, Pending, evolve, lives, put_mark
from engine.clocktower.game.policy import decide
from engine.clocktower.game.working import is_drunk
from tests.engine.clocktower.game.support import ST, play, start

SEVEN = ["zombuul", "godfather", "sailor", "courtier", "innkeeper", "fool", "tinker"]


def ruling(key: str, topic: str, options: tuple, truth: int | None = None) -> Pending:
    return Pending(1, key, "ruling", None, topic, options, truth)


def test_two_players_making_each_other_drunk_both_stand_down_and_a_self_made_drunk_holds():
    state = start({"script": "bmr", "characters": SEVEN})
    state = evolve(
        state,
        marks=(
            Mark("drunk", 3, 4, character="sailor"),
            Mark("drunk", 4, 3, character="courtier"),
        ),
    )
    assert not is_drunk(state, 3) and not is_drunk(state, 4)  # and no endless recursion
    assert is_drunk(put_mark(state, "drunk", 5, 5), 5)  # the Innkeeper among their own guests
    sailor_drinks = evolve(state, marks=(Mark("drunk", 3, 3, character="sailor"),))
    assert is_drunk(sailor_drinks, 3)


def test_the_bot_storyteller_policies_are_as_documented():
    state = start({"script": "bmr", "characters": SEVEN})
    assert decide(state, ruling("s", "sailor_drunk", (5, 3))) == 0  # a Townsfolk drinks
    assert decide(state, ruling("s", "sailor_drunk", (7, 3))) == 1  # else the Sailor
    assert decide(state, ruling("i", "innkeeper_drunk", (4, 7))) == 1  # the Outsider drinks
    kills = Counter(decide(state, ruling(f"g{i}", "gossip_kill", (1, 2, 3, 4))) for i in range(300))
    assert kills[0] == 0 and kills[1] > 0  # never the Demon; a Minion sometimes
    good_behind = evolve(
        state, seats=tuple(evolve(s, alive=s.alignment == "evil") for s in state.seats)
    )
    assert save_chance(good_behind) > save_chance(state) == 0.5
    assert regurgitate_chance(good_behind) > regurgitate_chance(state)
    assert death_chance(good_behind) < death_chance(state)
    saved = Counter(
        decide(good_behind, ruling(f"p{i}", "pacifist", (False, True))) for i in range(400)
    )
    assert 0.6 < saved[1] / 400 < 0.9  # 0.75 when good is far behind


def test_the_lunatic_is_shown_the_real_demon_by_the_bot_storyteller():
    state = start(
        {
            "script": "bmr",
            "bot": True,
            "characters": ["po", "godfather", "lunatic", "sailor", "innkeeper", "fool", "gambler"],
        }
    )
    assert state.seats[2].shown == "po"


def test_with_the_bishop_the_idle_day_brings_the_storyteller_s_nomination():
    spec = {
        "script": "bmr",
        "bot": True,
        "characters": SEVEN + ["bishop"],
        "alignments": {"8": "good"},
        "steps": [{"choose": [3, [3]]}, {"choose": [4, [0]]}],
    }
    state = play(spec)
    owed = timeout_action(state)
    assert isinstance(owed, Nominate) and owed.by == SYSTEM and owed.target in (1, 2)
    state = apply(state, owed).state
    assert state.vote is not None and state.vote.nominator == SYSTEM


def test_the_assassin_kills_the_zombuul_for_good_and_the_zombuul_lives_on_beside_two():
    spec = {
        "script": "bmr",
        "characters": ["zombuul", "assassin", "sailor", "fool", "tinker", "tealady", "moonchild"],
        "steps": [
            {"choose": [3, [3]]},
            {"end_day": True},
            {"choose": [3, [3]]},
            {"choose": [1, [5]]},
            {"choose": [2, [1]]},
        ],
    }
    assert play(spec).winner == "good"
    spec["steps"] = [{"choose": [3, [3]]}, {"nominate": [2, 1]}, {"vote": [2, 3, 4, 5]}]
    state = play(spec)
    state = apply(state, EndDay(ST)).state
    assert not state.seats[0].alive and lives(state, 1) and state.winner is None
    two_others = evolve(
        state, seats=tuple(evolve(s, alive=s.player in (2, 3)) for s in state.seats)
    )
    assert lives(two_others, 1) and continuous_winner(two_others) is None  # three live in truth
    one_other = evolve(state, seats=tuple(evolve(s, alive=s.player == 2) for s in state.seats))
    assert continuous_winner(one_other) == ("evil", "two_left")
    state = apply(state, NightChoice(3, (3,))).state
    assert state.pending is not None and state.pending.topic == "assassin"


def test_an_exile_kills_even_the_tea_lady_s_good_neighbour():
    spec = {
        "script": "bmr",
        "characters": ["po", "sailor", "tealady", "matron", "chambermaid", "fool", "godfather"],
        "alignments": {"4": "good"},
        "steps": [
            {"choose": [2, [2]]},
            {"choose": [5, [1, 7]]},
            {"nominate": [1, 2]},
            {"vote": [1, 3, 5, 6, 7]},
            {"end_day": True},
            {"expect": {"dead": [], "announced": ["execution_survived"]}},
        ],
    }
    play(spec)
    spec["steps"] = spec["steps"][:2] + [
        {"exile": [1, 4]},
        {"vote": [1, 2, 3, 5, 6, 7]},
        {"expect": {"dead": [4]}},
    ]
    play(spec)
