"""What the game asks of whom now, what a player was told, and the storyteller's grimoire.

All derived from the State alone, so the shell can call them at any time (after a restart, for
``/clocktower me`` or ``/clocktower grimoire``) and get what the effects said when first emitted.
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game import madness
from engine.clocktower.game.abilities.votes import nomination_rule, vote_secret
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import Pending, Phase, State, living, seat
from engine.clocktower.game.questions import (
    NightMenu,
    NominationMenu,
    Panel,
    Question,
    Ruling,
    VoteBoard,
)
from engine.clocktower.game.roles import seats_having
from engine.clocktower.game.secrecy import hidden


def prompt_for(state: State, pending: Pending) -> NightMenu | Panel | Ruling:
    """The question for a pending decision (``engine.clocktower.game.questions``): a player's
    night choice (not naming the character that wakes them while theirs is hidden from them,
    ``secrecy``), a human storyteller's panel for a character they run, or a ruling (the answer
    to a ruling is ``StorytellerRuling(by, decision, index)`` or, with a form,
    ``StorytellerRuling(by, decision, value=(...))``)."""
    details = dict(pending.data)
    if pending.kind == "night_choice":
        assert pending.to is not None  # a night choice is always a player's
        ask = details.pop("ask", "players")
        return NightMenu(
            to=(pending.to,),
            options=pending.options,
            default=pending.default,
            details=details,
            decision=pending.id,
            character="" if hidden(state, pending.to) else pending.topic,
            pick=pending.pick,
            night=state.night,
            ask=ask,
        )
    if pending.kind == "panel":
        assert pending.to is not None  # a panel is always a human storyteller's
        return Panel(
            to=(pending.to,), details=details, decision=pending.id, character=pending.topic
        )
    return Ruling(
        to=() if pending.to is None else (pending.to,),
        options=pending.options,
        default=pending.default,
        details=details,
        decision=pending.id,
        topic=pending.topic,
        truth=pending.truth,
        form=pending.form,
    )


def open_prompts(state: State) -> tuple[Question, ...]:
    """What is awaited now, from whom: a night choice, a ruling, a vote, or nominations."""
    if state.pending is not None:
        return _pending(state)
    return _day(state)


def open_questions(state: State) -> tuple[Question, ...]:
    """Every question still open, the day's included while a decision interrupts it: an answer
    to any of them is not stale (though it may wait for the decision)."""
    return _pending(state) + _day(state)


def _pending(state: State) -> tuple[Question, ...]:
    if state.pending is None:
        return ()
    asked = () if state.asked is None else (prompt_for(state, state.asked),)
    return (*asked, prompt_for(state, state.pending))


def _day(state: State) -> tuple[Question, ...]:
    if state.phase is not Phase.DAY:
        return ()
    if state.vote is not None:
        voter = state.vote.order[state.vote.index]
        board = VoteBoard(
            to=(voter,),
            index=len(state.history),
            nominee=state.vote.nominee,
            exile=state.vote.exile,
            count=None if vote_secret(state) else len(state.vote.yes),
            ghost=not seat(state, voter).alive,
        )
        return (board,)
    if state.executed is not None:
        return ()
    ruled = bool(seats_having(state, "may_nominate"))  # a Bishop in play says who nominates
    can = tuple(
        p
        for p in living(state)
        if p not in state.nominators and not (ruled and nomination_rule(state, p) is not None)
    )
    called = {n.nominee for n in state.history if n.exile and n.day == state.day}
    travellers = {s.player for s in state.seats if s.team == "traveller" and s.alive}
    targets = tuple(
        p
        for p in state.players
        if p not in state.nominees and not (p in travellers and p in called)
    )
    if not can or not targets:
        return ()
    return (NominationMenu(to=can, options=targets, day=state.day),)


def briefing(state: State, player: int) -> tuple[Told, ...]:
    """Everything ``player`` has been told privately, in order (their character first)."""
    return tuple(t for t in state.told if t.to == player)


def grimoire(state: State) -> dict[str, Any]:
    """The storyteller's view: every seat and reminder. Secret until the game is over."""
    reminders: dict[int, list[str]] = {s.player: [] for s in state.seats}
    for m in state.marks:
        who = "storyteller" if m.source == 0 else m.source
        what = f"{m.kind} {m.note}" if m.note else m.kind
        reminders[m.target].append(m.note if m.kind == "reminder" else f"{what} ({who})")
    for s in state.seats:
        if s.used:
            reminders[s.player].append("no ability")
        if not s.alive and not s.ghost_vote:
            reminders[s.player].append("ghost vote used")
        if s.character != s.shown:
            reminders[s.player].append(f"thinks they are the {s.shown}")
    return {
        "phase": str(state.phase),
        "day": state.day,
        "night": state.night,
        "bluffs": state.bluffs,
        "seats": tuple(
            {
                "player": s.player,
                "character": s.character,
                "shown": s.shown,
                "alignment": s.alignment,
                "alive": s.alive,
                "ghost_vote": s.ghost_vote,
                "mad": s.mad or madness.words(state, s.player) or None,
                "reminders": tuple(reminders[s.player]),
            }
            for s in state.seats
        ),
        "block": state.block,
        "block_votes": state.block_votes,
    }
