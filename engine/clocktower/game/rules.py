"""The entry points: ``new_game`` and ``apply``, and the driver that runs the game forward.

``apply`` never mutates its input: it returns a ``Step`` with the new State and the effects, or
raises ``RuleError`` (the caller keeps the old State). After each accepted action the driver runs
setup and night wakes until the game needs someone: a player's night choice, a storyteller ruling
(answered at once by ``policy.decide`` when the bot is the storyteller), or the day's business.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.clocktower.catalogue import Character, find
from engine.clocktower.game import (
    adjust,
    characters,
    claims,
    day,
    night,
    policy,
    seating,
    setup,
    storyteller,
)
from engine.clocktower.game.actions import (
    Action,
    Adjust,
    Ask,
    Claim,
    CountHand,
    DeclareWinner,
    EndDay,
    ExecuteMad,
    Exile,
    FinishWake,
    Join,
    Leave,
    MoveSeat,
    NightChoice,
    Nominate,
    SetPace,
    Show,
    SkipWake,
    Start,
    StorytellerRuling,
    UseAbility,
    Vote,
)
from engine.clocktower.game.decisions import Need, custom_answer, remember
from engine.clocktower.game.effects import tell
from engine.clocktower.game.ending import settle
from engine.clocktower.game.events import WakeSkipped
from engine.clocktower.game.guards import refuse_unless, require_no_pending, storyteller_or_system
from engine.clocktower.game.model import Phase, State, evolve
from engine.clocktower.game.prompts import open_questions, prompt_for
from engine.clocktower.game.questions import QUESTIONS
from engine.clocktower.game.roles import REGISTRY
from engine.core import Effect, RuleError, Step, require_open

assert characters  # imported to register every character's unit
Result = tuple[State, list[Effect]]
Handler = Callable[[State, Any], Result]

# The storyteller's hand works even while the game waits for a decision (a panel's tools, say).
ANY_TIME = (Adjust, Show, Ask, DeclareWinner, SetPace)
HANDLERS: dict[type, Handler] = {
    Join: seating.join,
    Leave: seating.leave,
    MoveSeat: seating.move_seat,
    Start: setup.start,
    Nominate: day.nominate,
    Vote: day.vote,
    CountHand: day.count_hand,
    SetPace: day.set_pace,
    EndDay: day.end_day,
    Exile: day.exile,
    Adjust: adjust.adjust,
    Show: storyteller.show,
    Ask: storyteller.ask,
    UseAbility: storyteller.use_ability,
    DeclareWinner: storyteller.declare_winner,
    Claim: claims.claim,
    ExecuteMad: claims.execute_mad,
}


def handler(action: Any) -> Handler | None:
    """The rule for an action: the game's own, or a character's day ability (the Slayer's
    shot, the Gunslinger's, a ghost vote given to the Beggar), asked of the registry."""
    found = HANDLERS.get(type(action))
    if found is not None:
        return found
    unit = next(
        (u for u in REGISTRY.having("day_action").values() if u.day_action is type(action)), None
    )
    return unit.day if unit is not None else None


def unsupported(script_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The characters of a script that the bot storyteller cannot run (a human one runs them)."""
    return tuple(c for c in script_ids if c not in REGISTRY)


def new_game(
    storyteller: int | None,
    seed: int,
    script_ids: tuple[str, ...],
    bot_storyteller: bool,
    homebrew: tuple[Character, ...] = (),
    house_rules: tuple[str, ...] = (),
) -> State:
    """A lobby. Without a human ``storyteller`` the bot must be the storyteller, and then every
    character must be one the engine runs. ``homebrew`` defines the script's own characters,
    ``house_rules`` its homebrew rules as written (the Bootlegger's: storyteller text)."""
    if storyteller is None and not bot_storyteller:
        raise RuleError("A game needs a storyteller: a player id or the bot.")
    own = {c.id: c for c in homebrew}
    ids = []
    for cid in script_ids:
        char = own.get(cid) or find(cid)
        if char is None:
            raise RuleError(f"{cid} is not a known character.")
        ids.append(char.id)
    missing = unsupported(tuple(ids)) if bot_storyteller else ()
    if missing:
        raise RuleError(f"The rules engine cannot run these characters yet: {', '.join(missing)}.")
    return State(
        seed=seed,
        storyteller=storyteller,
        bot=bot_storyteller,
        script_ids=tuple(ids),
        homebrew=tuple(c for c in homebrew if c.id in ids),
        house_rules=house_rules,
    )


def _run(state: State, fn: Callable[[State], Result]) -> Result:
    """Run a step to completion, the bot answering rulings; a Need it cannot answer escapes."""
    while True:
        try:
            return fn(state)
        except Need as need:
            if need.pending.kind != "ruling" or not state.bot:
                raise
            choice = policy.decide(state, need.pending)
            state = remember(state, need.pending.key, need.pending.options[choice])


def _suspend(state: State, need: Need, resume: Any = None) -> Result:
    state = evolve(state, pending=need.pending, decisions=need.pending.id, resume=resume)
    return state, [prompt_for(state, need.pending)]


def _step(state: State) -> Callable[[State], Result]:
    if state.phase is Phase.SETUP:
        return lambda s: _chain(*setup.run_setup(s), night.dusk)
    if state.cursor >= len(state.queue):
        return night.dawn
    return night.wake


def _chain(state: State, effects: list[Effect], then: Callable[[State], Result]) -> Result:
    state, more = then(state)
    return state, effects + more


def advance(state: State, effects: list[Effect]) -> Result:
    """Run setup and the night until the game waits for someone (or is over); by day, ask for
    the choices owed by players who learned they died (the Klutz's) and then finish the day's
    action that waited for them (``State.resume``: the end of the day)."""
    while True:
        state, effects = _settle(state, effects)
        if state.pending is None and state.phase is Phase.DAY:
            return _owed(state, effects)
        if state.pending is not None or state.phase not in (Phase.SETUP, Phase.NIGHT):
            return state, effects
        try:
            state, more = _run(state, _step(state))
        except Need as need:
            state, more = _suspend(state, need)
        effects = effects + more


def _settle(state: State, effects: list[Effect]) -> Result:
    """End the game if a state condition says so; an ending that asks the storyteller (the
    Politician's) waits for the ruling, and the next ``advance`` settles again."""
    try:
        return _run(state, lambda s: settle(s, effects))
    except Need as need:
        suspended, prompt = _suspend(state, need)
        return suspended, effects + prompt


def _owed(state: State, effects: list[Effect]) -> Result:
    """The day's owed choices, asked on the state as it now is (the execution that caused them
    is announced first), then the action that waited for them."""
    if not day.owing(state):
        return state, effects
    try:
        state, more = _run(state, day.settle_owed)
    except Need as need:
        suspended, prompt = _suspend(state, need, resume=state.resume)
        return suspended, effects + prompt
    state, effects = _settle(state, effects + more)
    if state.resume is None or state.phase is not Phase.DAY:
        return state, effects
    resumed, state = state.resume, evolve(state, resume=None)
    state, more = _act(state, resumed)
    return state, effects + more


def _act(state: State, action: Any) -> Result:
    rule_for = handler(action)
    assert rule_for is not None
    try:
        state, effects = _run(state, lambda s: rule_for(s, action))
    except Need as need:
        return _suspend(state, need, resume=action)
    return advance(state, effects)


def _ruling(state: State, action: StorytellerRuling) -> Result:
    pending = state.pending
    refuse_unless(
        pending is not None and pending.kind == "ruling", "No storyteller decision is awaited."
    )
    assert pending is not None
    refuse_unless(action.by == state.storyteller, "Only the storyteller can rule on that.")
    refuse_unless(action.decision_id == pending.id, "That decision has already been made.")
    if action.value is not None:
        got = custom_answer(pending, tuple(action.value))
    else:
        refuse_unless(
            0 <= action.choice < len(pending.options), "Choose one of the options offered."
        )
        got = pending.options[action.choice]
    state = remember(state, pending.key, got)
    if state.resume is not None:
        resumed, state = state.resume, evolve(state, resume=None)
        return _act(state, resumed)
    return advance(state, [])


def _night_choice(state: State, action: NightChoice) -> Result:
    who = action.by
    if action.player is not None:
        storyteller_or_system(state, action.by, "Only the storyteller can choose for a player.")
        who = action.player
    asked = state.asked is not None and state.asked.to == who
    pending = state.asked if asked else state.pending
    refuse_unless(
        pending is not None and pending.kind == "night_choice" and pending.to == who,
        "You are not being asked to choose anything now."
        if who == action.by
        else "That player is not being asked to choose anything now.",
    )
    assert pending is not None
    targets = tuple(action.targets)
    data = dict(pending.data)
    what = {"character": "character", "yesno": "answer", "value": "answer"}.get(
        data.get("ask", ""), "player"
    )
    refuse_unless(
        len(targets) == pending.pick or (not targets and data.get("optional", False)),
        f"Choose exactly {pending.pick} {what}{'s' if pending.pick > 1 else ''}.",
    )
    refuse_unless(len(set(targets)) == len(targets), f"Choose different {what}s.")
    refuse_unless(all(t in pending.options for t in targets), f"You cannot choose that {what}.")
    if asked:
        return storyteller.answered(state, targets)
    state = remember(state, pending.key, targets)
    if state.resume is not None:  # a day step waited for this choice (the Moonchild's)
        resumed, state = state.resume, evolve(state, resume=None)
        return _act(state, resumed)
    return advance(state, [])


def _finish_wake(state: State, action: FinishWake | SkipWake) -> Result:
    return advance(storyteller.finish_wake(state, FinishWake(action.by)), [])


def _skip_wake(state: State, action: SkipWake) -> Result:
    """Pass over the awaited wake: the cursor moves on as if it had had no effect."""
    pending = state.pending
    if pending is not None and pending.kind == "panel":
        return _finish_wake(state, action)
    refuse_unless(
        pending is not None and pending.kind == "night_choice",
        "No player's night choice is awaited.",
    )
    assert pending is not None and pending.to is not None
    storyteller_or_system(state, action.by, "Only the storyteller can skip a player's waking.")
    state = evolve(state, pending=None, cursor=state.cursor + 1)
    state, told = tell(state, WakeSkipped(pending.to, character=pending.topic, night=state.night))
    return advance(state, [told])


def apply(state: State, action: Action) -> Step[State]:
    """Apply one action by the rules, or raise RuleError saying why it is refused."""
    if state.phase is Phase.OVER:
        raise RuleError("The game is over.")
    if isinstance(action, StorytellerRuling):
        new, effects = _ruling(state, action)
    elif isinstance(action, NightChoice):
        new, effects = _night_choice(state, action)
    elif isinstance(action, SkipWake):
        new, effects = _skip_wake(state, action)
    elif isinstance(action, FinishWake):
        new, effects = _finish_wake(state, action)
    elif handler(action) is not None:
        if not isinstance(action, ANY_TIME):
            require_no_pending(state)
        new, effects = _act(state, action)
    else:
        raise TypeError(f"not a Clocktower action: {action!r}")
    # an answer the rules would take is still refused if its question has closed (an old menu)
    require_open(lambda: open_questions(state), QUESTIONS, getattr(action, "question", None))
    return Step(new, tuple(effects))
