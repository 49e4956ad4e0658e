"""Random games, legal and not, keep the invariants; logs replay exactly; actions round-trip."""

from __future__ import annotations

import json
import os
import random
from dataclasses import fields

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GameOver, Prompt, Public, RuleError, decode_action, encode_action
from engine.traitors import (
    ACTIONS,
    Abort,
    CloseNight,
    CloseVote,
    Depart,
    Join,
    Murder,
    OpenVote,
    Phase,
    RecruitAnswer,
    RecruitPick,
    Role,
    Start,
    State,
    Vote,
    apply,
    awaiting,
    living,
    new_game,
    open_prompts,
    traitor_range,
    traitors,
    winner,
)
from engine.traitors.model import faithful, is_living

POOL = range(0, 12)  # player ids used by random actions: players 1..9 and strangers
SUBJECT_KEYS = ("player", "victim", "banished")
PLAYER_ACTIONS = (Murder, Vote, RecruitPick, RecruitAnswer)
HOST_ACTIONS = (Start, CloseNight, OpenVote, CloseVote, Abort)


def junk_actions() -> st.SearchStrategy:
    """Any action with arbitrary small ids: mostly illegal, sometimes not."""

    def build(cls: type) -> st.SearchStrategy:
        kinds = {
            f.name: st.booleans()
            if f.name == "accept"
            else st.integers(0, 6)
            if f.name == "traitors"
            else st.sampled_from(POOL)
            for f in fields(cls)
        }
        return st.builds(cls, **kinds)

    return st.sampled_from(sorted(ACTIONS.values(), key=lambda c: c.__name__)).flatmap(build)


def moves(state: State) -> list:
    """Actions the players would plausibly make now (legal unless the test says otherwise)."""
    if state.phase is Phase.DAY:
        return [OpenVote(state.host)]
    if state.phase is Phase.VOTE:
        options = state.candidates or living(state)
        return [Vote(v, t) for v in living(state) for t in options if t != v]
    if state.phase is Phase.NIGHT:
        return [Murder(t, f) for t in traitors(state) for f in faithful(state)]
    if state.phase is Phase.RECRUIT and state.offer is None:
        return [RecruitPick(t, f) for t in traitors(state) for f in faithful(state)]
    if state.phase is Phase.RECRUIT:
        return [RecruitAnswer(state.offer, True), RecruitAnswer(state.offer, False)]
    return []


def closer(state: State):
    return {
        Phase.NIGHT: CloseNight,
        Phase.RECRUIT: CloseNight,
        Phase.VOTE: CloseVote,
        Phase.DAY: OpenVote,
    }[state.phase](state.host)


def prompt_action(prompt: Prompt, who: int, option):
    return {
        "murder": Murder,
        "vote": Vote,
        "recruit_pick": RecruitPick,
        "recruit_answer": RecruitAnswer,
    }[prompt.kind](who, option)


def check_no_role_leaks(effects, after: State) -> None:
    """An Announce names a role only beside a player who is no longer in the game."""
    for effect in effects:
        if not isinstance(effect, Public):
            continue
        data = dict(effect.data)
        for key, value in data.items():
            assert "traitor" not in key or key == "traitor_count", (effect, key)
            if isinstance(value, Role):
                assert key == "role", effect
        if data.get("role") is not None:
            subjects = [data[k] for k in SUBJECT_KEYS if k in data]
            assert subjects and not any(is_living(after, s) for s in subjects), effect


def check_prompts(effects, after: State, rng: random.Random) -> None:
    """Every emitted menu is one that is open now, and its options are accepted."""
    current = open_prompts(after)
    for effect in effects:
        if isinstance(effect, Prompt):
            assert effect in current
    for prompt in current:
        pairs = [(w, o) for w in prompt.to for o in prompt.options]
        for who, option in rng.sample(pairs, min(4, len(pairs))):
            if prompt.kind == "vote" and who == option:
                continue  # the one option refused to a voter: themself
            apply(after, prompt_action(prompt, who, option))
        assert set(awaiting(after)) <= set(prompt.to)


def check_win_rule(before: State, after: State, effects) -> None:
    overs = [e for e in effects if isinstance(e, GameOver)]
    if after.phase is not Phase.OVER:
        assert not overs
        if after.phase is not Phase.LOBBY:
            assert winner(after) is None  # never over early, never over late
            assert 0 < len(traitors(after)) < len(faithful(after))
        return
    assert [o.winner for o in overs] == [after.winner]
    if after.winner != "abandoned":
        assert winner(after) == after.winner


def check_actor(before: State, action, after: State) -> None:
    if isinstance(action, PLAYER_ACTIONS):
        assert is_living(before, action.by)
    if isinstance(action, HOST_ACTIONS):
        assert action.by == before.host


def check_dead_are_refused(state: State, rng: random.Random) -> None:
    if state.phase in (Phase.LOBBY, Phase.OVER):
        return
    dead = [p for p in state.players if not is_living(state, p)]
    if not dead:
        return
    ghost, target = rng.choice(dead), rng.choice(living(state))
    for action in (Vote(ghost, target), Murder(ghost, target), RecruitPick(ghost, target)):
        try:
            apply(state, action)
        except RuleError:
            continue
        raise AssertionError(f"a dead player acted: {action}")
    try:
        apply(state, RecruitAnswer(ghost, True))
        raise AssertionError("a dead player answered an offer")
    except RuleError:
        pass


def play(data: st.DataObject) -> tuple[State, list, list]:
    """A random game: the final state, the accepted log and every effect emitted."""
    seed = data.draw(st.integers(0, 2**32), label="seed")
    state = new_game(1, seed, recruit=data.draw(st.booleans(), label="recruit"))
    log: list = []
    emitted: list = []
    rng = random.Random(seed)

    def attempt(action) -> None:
        nonlocal state
        before = state
        try:
            step = apply(state, action)
        except RuleError as refusal:
            assert str(refusal) and state == before
            return
        assert encode_action(action)  # only plain values
        check_actor(before, action, step.state)
        check_no_role_leaks(step.effects, step.state)
        check_win_rule(before, step.state, step.effects)
        check_prompts(step.effects, step.state, rng)
        check_dead_are_refused(step.state, rng)
        state = step.state
        log.append(action)
        emitted.extend(step.effects)

    for action in data.draw(st.lists(junk_actions(), max_size=4), label="lobby noise"):
        attempt(action)
    size = data.draw(st.integers(4, 9), label="players")
    for player in range(1, 10):
        if state.phase is Phase.LOBBY and len(state.players) < size:
            attempt(Join(player))
    if state.phase is Phase.LOBBY and len(state.players) >= 4:
        count = data.draw(st.sampled_from(traitor_range(len(state.players))), label="traitors")
        attempt(Start(state.host, count))
    for _ in range(150):
        if state.phase in (Phase.OVER, Phase.LOBBY):
            break
        roll = data.draw(st.integers(0, 99), label="roll")
        if roll < 80:
            options = moves(state)
            attempt(data.draw(st.sampled_from(options)) if options else closer(state))
        elif roll < 88:
            attempt(closer(state))
        elif roll < 91:
            attempt(Depart(data.draw(st.sampled_from(POOL))))
        elif roll < 92:
            attempt(Abort(state.host))
        else:
            attempt(data.draw(junk_actions()))
    return state, log, emitted


EXAMPLES = int(os.environ.get("TRAITORS_EXAMPLES", "150"))  # raise it for a deeper soak
RUNS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=os.environ.get("TRAITORS_EXAMPLES") is None,  # CI: the same games each run
)


def replay(state: State, log: list) -> tuple[State, list]:
    """Rebuild a game from its JSON action log, as the bot does after a restart."""
    replayed = new_game(1, state.seed, state.recruit)
    effects: list = []
    for action in log:
        decoded = decode_action(json.loads(json.dumps(encode_action(action))), ACTIONS)
        assert decoded == action
        step = apply(replayed, decoded)
        replayed = step.state
        effects.extend(step.effects)
    return replayed, effects


def test_random_games_keep_the_invariants_and_replay_exactly():
    """Checked at every step inside ``play``; then each log replays to the same game. The
    generator is not vacuous: it ends games each way and opens every kind of menu."""
    endings: set = set()
    kinds: set = set()

    @RUNS
    @given(st.data())
    def random_game(data):
        state, log, emitted = play(data)
        assert replay(state, log) == (state, emitted)
        endings.add(state.winner)
        kinds.update(e.kind for e in emitted if isinstance(e, Prompt))

    random_game()
    assert {"traitors", "faithful", "abandoned"} <= endings
    assert kinds == {"vote", "murder", "recruit_pick", "recruit_answer"}


@settings(max_examples=60, deadline=None)
@given(junk_actions())
def test_every_action_round_trips_through_json(action):
    data = json.loads(json.dumps(encode_action(action)))
    assert decode_action(data, ACTIONS) == action
