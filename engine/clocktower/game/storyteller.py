"""The human storyteller's generic tools, for whatever the engine does not automate.

A character with no unit (any official character beyond those the engine runs, a homebrew one)
still wakes in night order; its wake is a *panel* for the storyteller: the game waits while the
storyteller uses the tools and then finishes the wake (``FinishWake``, or ``SkipWake``):

- ``Ask``: the waking player chooses N players, or a character, on a DM menu; the storyteller is
  told what they chose;
- ``Show``: a player is shown a character, a number, yes or no, a player or a short line of text
  (also by day, to answer a claimed ability);
- ``Adjust``: reminders, drunk, poisoned, protected (safe from the Demon) or dead.

By day a player claims a storyteller-run ability with ``UseAbility``; the storyteller resolves it
with the same tools. A human storyteller declares the winner with ``DeclareWinner`` whenever the
rules say the game is over. With the bot storyteller none of this exists: it refuses scripts with
characters it cannot run.
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.actions import Ask, DeclareWinner, FinishWake, Show, UseAbility
from engine.clocktower.game.cast import char, find_char, playable
from engine.clocktower.game.decisions import Need, remember
from engine.clocktower.game.effects import tell
from engine.clocktower.game.ending import finish
from engine.clocktower.game.events import AbilityReported, AbilityUsed, Chosen, Shown
from engine.clocktower.game.guards import refuse_unless
from engine.clocktower.game.model import MISSING, Pending, Phase, State, answer, evolve
from engine.clocktower.game.prompts import prompt_for
from engine.clocktower.game.roles import Result
from engine.core import Effect, RuleError

SHOWN = ("character", "number", "yesno", "player", "text")
MAX_TEXT = 300
NOT_HUMAN = "Only a human storyteller uses that tool; the bot runs every ability itself."


def panel(state: State, player: int, cid: str, key: str) -> Result:
    """A storyteller-run wake: wait for the storyteller until they finish it."""
    if answer(state, key) is not MISSING:
        return state, []
    raise Need(
        Pending(
            id=state.decisions + 1,
            key=key,
            kind="panel",
            to=state.storyteller,
            topic=cid,
            options=(),
            data=(("night", state.night), ("player", player)),
        )
    )


def _storyteller(state: State, by: int) -> None:
    refuse_unless(not state.bot, NOT_HUMAN)
    refuse_unless(by == state.storyteller, "Only the storyteller can do that.")


def _panel(state: State, by: int) -> Pending:
    _storyteller(state, by)
    found = state.pending
    if found is None or found.kind != "panel":
        raise RuleError("No storyteller-run wake is open now; that panel's night is over.")
    return found


def show(state: State, action: Show) -> Result:
    _storyteller(state, action.by)
    refuse_unless(state.phase in (Phase.NIGHT, Phase.DAY), "Players are shown things in play.")
    refuse_unless(action.player in state.players, "That player is not in this game.")
    refuse_unless(action.kind in SHOWN, f"Show one of: {', '.join(SHOWN)}.")
    value = _checked(state, action.kind, action.value)
    waking = state.pending if state.pending is not None and state.pending.kind == "panel" else None
    about = (
        waking.topic
        if waking is not None and dict(waking.data)["player"] == action.player
        else None
    )
    state, told = tell(
        state,
        Shown(
            action.player,
            kind=action.kind,
            value=value,
            character=about,
            night=state.night,
            day=state.day,
            phase=str(state.phase),
        ),
    )
    return state, [told]


def _checked(state: State, kind: str, value: Any) -> Any:
    if kind == "character":
        found = find_char(state, str(value))
        refuse_unless(found is not None, f"{str(value)[:50]} is not a character I know.")
        assert found is not None
        return found.id
    if kind == "number":
        refuse_unless(
            isinstance(value, int) and not isinstance(value, bool) and -99 <= value <= 999,
            "Show a whole number.",
        )
        return value
    if kind == "yesno":
        refuse_unless(isinstance(value, bool), "Show yes or no.")
        return value
    if kind == "player":
        refuse_unless(value in state.players, "Show a player of this game.")
        return value
    text = str(value).strip()
    refuse_unless(0 < len(text) <= MAX_TEXT, f"Show a line of 1 to {MAX_TEXT} characters.")
    return text


def ask(state: State, action: Ask) -> Result:
    """The waking player is asked to choose; their answer is told to the storyteller."""
    wake = _panel(state, action.by)
    refuse_unless(state.asked is None, "The player is still choosing; wait for their answer.")
    player = dict(wake.data)["player"]
    if action.kind == "players":
        options: tuple[Any, ...] = tuple(s.player for s in state.seats)
        refuse_unless(1 <= action.count <= len(options), f"Ask for 1 to {len(options)} players.")
    elif action.kind == "character":
        options = playable(state)
        refuse_unless(action.count == 1, "Ask for one character.")
    else:
        raise RuleError("Ask the player for players or a character.")
    asks = sum(k.startswith(wake.key + ":ask") for k, _ in state.answers)
    asked = Pending(
        id=state.decisions + 1,
        key=f"{wake.key}:ask{asks}",
        kind="night_choice",
        to=player,
        topic=wake.topic,
        options=options,
        pick=action.count,
        default=None,
        data=(("ask", action.kind),),
    )
    state = evolve(state, asked=asked, decisions=asked.id)
    return state, [prompt_for(state, asked)]


def answered(state: State, targets: tuple[Any, ...]) -> Result:
    """The waking player's answer to the storyteller's ``Ask``: remembered and told to them."""
    asked, teller = state.asked, state.storyteller
    assert asked is not None and asked.to is not None and teller is not None
    state = evolve(state, answers=(*state.answers, (asked.key, targets)), asked=None)
    state, told = tell(
        state,
        Chosen(
            teller,
            player=asked.to,
            character=asked.topic,
            kind=dict(asked.data)["ask"],
            choice=targets,
        ),
    )
    return state, [told]


def finish_wake(state: State, action: FinishWake) -> State:
    """Close the panel (and any question still open in it); the caller runs the night on."""
    wake = _panel(state, action.by)
    return evolve(remember(state, wake.key, True), asked=None)


def use_ability(state: State, action: UseAbility) -> Result:
    refuse_unless(not state.bot, NOT_HUMAN)
    refuse_unless(state.phase is Phase.DAY, "Day abilities are used during the day.")
    refuse_unless(action.by in state.players, "Only players in this game have abilities.")
    text = " ".join(action.text.split())
    refuse_unless(0 < len(text) <= MAX_TEXT, f"Say what you do in 1 to {MAX_TEXT} characters.")
    assert state.storyteller is not None
    holder = next(s for s in state.seats if s.player == action.by)
    state, told = tell(
        state,
        AbilityReported(
            state.storyteller,
            player=action.by,
            text=text,
            public=action.public,
            character=holder.character,
            name=char(state, holder.character).name,
        ),
    )
    effects: list[Effect] = [told]
    if action.public:
        effects.insert(0, AbilityUsed(action.by, text))
    return state, effects


def declare_winner(state: State, action: DeclareWinner) -> Result:
    _storyteller(state, action.by)
    refuse_unless(action.winner in ("good", "evil"), "The winner is good or evil.")
    refuse_unless(
        state.phase in (Phase.SETUP, Phase.NIGHT, Phase.DAY),
        "The game has not started yet.",
    )
    return finish(state, action.winner, "storyteller")
