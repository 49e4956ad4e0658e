"""The bot storyteller's policy: deterministic, legal, and as documented — drunk and poisoned
players get the consistent lies of their fixed false world, and the balancing leans to the team
that is behind."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.clocktower.game import ACTIONS, NightChoice, StorytellerRuling, apply, briefing
from engine.clocktower.game.characters.mayor import bounce_chance
from engine.clocktower.game.characters.poisoner import Poisoner
from engine.clocktower.game.decisions import Need
from engine.clocktower.game.events import Info
from engine.clocktower.game.falseworld import false_world
from engine.clocktower.game.model import Pending, evolve, mark_target
from engine.clocktower.game.policy import decide, evil_traveller_chance, misregister_chance
from engine.clocktower.game.working import is_drunk, is_poisoned
from engine.clocktower.selfplay import play, setup_game
from engine.core import decode_action, encode_action
from tests.engine.clocktower.game.support import ST, TB, start

CHARS = ["imp", "spy", "virgin", "washerwoman", "empath", "chef", "monk"]
TEAMS = {"washerwoman": "townsfolk", "librarian": "outsider", "investigator": "minion"}


def pending(key: str, topic: str, options: tuple, truth: int | None = 0, **data) -> Pending:
    return Pending(1, key, "ruling", None, topic, options, truth, data=tuple(sorted(data.items())))


def test_deterministic_and_legal():
    state = start({"characters": CHARS})
    for i in range(50):
        p = pending(f"k{i}", "red_herring", (3, 4, 5), None)
        assert decide(state, p) == decide(state, p) in (0, 1, 2)


def test_impaired_information_is_always_the_consistent_lie():
    state = start({"characters": CHARS})
    for reason in ("drunk", "poisoned"):
        for i in range(3):
            p = pending(f"n{i}", "info", (1, 0, 2), 0, reason=reason, consistent=i)
            assert decide(state, p) == i


def test_the_false_world_swaps_the_evil_team_with_fixed_good_players():
    chars = ["imp", "poisoner", "drunk", "empath", "chef", "monk", "soldier", "slayer"]
    state = start({"characters": chars})
    world = false_world(state, 3)
    teams = Counter(r.team for r in world.values())
    assert teams == Counter(s.team for s in state.seats)  # the same numbers of each team
    framed = {p for p, r in world.items() if r.alignment == "evil"}
    assert framed.isdisjoint({1, 2, 3})  # the evil team sits among the good, not the viewer
    assert world[3].character == "drunk"
    later = evolve(state, seats=tuple(evolve(s, alive=s.player > 2) for s in state.seats), night=4)
    assert false_world(later, 3) == world  # fixed by the seed, whatever happens meanwhile
    spy = false_world(start({"characters": CHARS}), 2)  # evil viewer: evil team stays put
    assert (spy[1].character, spy[2].character) == ("imp", "spy")


def test_a_drunk_empath_is_offered_its_false_worlds_count():
    spec = {
        "characters": ["imp", "poisoner", "drunk", "chef", "monk", "soldier"],
        "drunk_token": "empath",
    }
    state = start(spec)
    state = apply(state, NightChoice(2, (5,))).state
    assert state.pending.topic == "info" and dict(state.pending.data)["reason"] == "drunk"
    data = dict(state.pending.data)
    world = false_world(state, 3)
    lie = state.pending.options[data["consistent"]]
    assert lie == sum(world[p].alignment == "evil" for p in (2, 4))
    state = apply(state, StorytellerRuling(ST, state.pending.id, data["consistent"])).state
    assert [t.data["answer"] for t in briefing(state, 3) if t.event == "info"] == [lie]


def describes(state, world, player: int, data) -> bool:
    """Whether information ``data`` is true of ``world`` (a false world, or the truth)."""
    cid, ans, about = data["character"], data["answer"], data["players"]
    if cid in TEAMS:
        if ans is None:
            return not any(r.team == TEAMS[cid] for p, r in world.items() if p != player)
        a, b, shown = ans
        return shown in (world[a].character, world[b].character)
    if cid == "empath":
        return ans == sum(world[p].alignment == "evil" for p in about)
    if cid == "chef":
        order = [s.player for s in state.seats]
        pairs = zip(order, order[1:] + order[:1], strict=True)
        return ans == sum(world[a].alignment == world[b].alignment == "evil" for a, b in pairs)
    if cid == "fortuneteller":
        herring = mark_target(state, "red_herring", player)
        return ans == (herring in about or any(world[p].team == "demon" for p in about))
    return ans == world[about[0]].character  # undertaker, ravenkeeper


def test_in_self_play_every_impaired_answer_describes_the_players_false_world():
    checked = Counter()
    for seed in range(150):
        log: list = []
        final, _ = play(TB, 8 + seed % 6, seed, log=log, reason=False)  # the policy, quickly
        state = setup_game(TB, 8 + seed % 6, seed)
        framed: dict[int, set[int]] = {}
        for action in log:
            step = apply(state, decode_action(encode_action(action), ACTIONS))
            state = step.state
            for e in step.effects:
                if not isinstance(e, Info):
                    continue
                if not (is_drunk(state, e.to) or is_poisoned(state, e.to)):
                    continue
                world = false_world(state, e.to)
                assert describes(state, world, e.to, e.data), (seed, e)
                evil = {p for p, r in world.items() if r.alignment == "evil"}
                assert framed.setdefault(e.to, evil) == evil  # the same players framed all game
                checked[e.data["character"]] += 1
    assert sum(checked.values()) > 60 and len(checked) >= 6, checked


def test_a_spy_is_not_executed_by_the_virgin_at_parity():
    state = start({"characters": CHARS})
    assert abs(misregister_chance(state) - 0.3) < 1e-9
    picks = {
        decide(state, pending(f"v{i}", "registration", (False, True), 0, cause="virgin"))
        for i in range(100)
    }
    assert picks == {0}


def test_balancing_leans_towards_the_team_behind():
    state = start({"characters": CHARS})
    assert evil_traveller_chance(state) == 0.5 and bounce_chance(state) == 0.5
    good_dead = evolve(
        state,
        seats=tuple(evolve(s, alive=s.alignment == "evil" or s.player == 4) for s in state.seats),
    )
    assert misregister_chance(good_dead) < 0.3
    assert evil_traveller_chance(good_dead) < 0.5 < bounce_chance(good_dead)
    sides = Counter(
        decide(good_dead, pending(f"t{i}", "traveller_alignment", ("good", "evil"), None))
        for i in range(400)
    )
    assert sides[0] > 250  # mostly good when good is behind


def test_the_mayor_bounce_never_lands_on_the_demon_or_the_dead():
    state = start({"characters": ["imp", "poisoner", "mayor", "empath", "chef"]})
    state = evolve(state, pending=None)
    state = evolve(state, seats=tuple(evolve(s, alive=s.player != 5) for s in state.seats))
    options = (3, 2, 4, 1, 5)
    got = {decide(state, pending(f"b{i}", "mayor_bounce", options, 0)) for i in range(200)}
    assert got == {0, 2}  # the Mayor, or the living good Empath


def test_an_idle_poisoner_never_poisons_the_demon_she_knows():
    # The timeout default is the first living player other than the chooser: the Demon in seat 1.
    chars = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "mayor"]
    state = start({"characters": chars, "bot": True})
    assert state.pending is not None and state.pending.topic == "poisoner"
    assert state.pending.default == (3,)
    alone = evolve(state, seats=tuple(evolve(s, alive=s.player <= 2) for s in state.seats))
    with pytest.raises(Need) as asked:  # only she and her Demon alive: herself, not it
        Poisoner().night(alone, 2, "n9:2")
    assert asked.value.pending.default == (2,)
