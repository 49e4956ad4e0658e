"""What the game asks of whom now, what a player was told, and the storyteller's grimoire.

All derived from the State alone, so the shell can call them at any time (after a restart, for
``/clocktower me`` or ``/clocktower grimoire``) and get what the effects said when first emitted.
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game import madness
from engine.clocktower.game.abilities.votes import nomination_rule
from engine.clocktower.game.model import Pending, Phase, State, living, seat
from engine.clocktower.game.roles import seats_having
from engine.core import Prompt, Tell


def prompt_for(state: State, pending: Pending) -> Prompt:
    """The Prompt for a pending decision.

    A night choice goes to the player: ``options`` are the players (or, asked by the storyteller
    for one, the characters: ``data["ask"]``) they may choose, ``data`` has ``decision``,
    ``character`` (as they believe it), ``pick`` and ``night``. A panel goes to the human
    storyteller for a character they run (``data``: ``decision``, ``character``, ``player``,
    ``night``). A ruling goes to the storyteller (``to`` is empty with the bot storyteller):
    ``options`` are the legal answers (or, with ``data["form"]``, suggestions among its full
    range), ``data["truth"]`` the index of the true one (None: no true answer, e.g. bluffs),
    ``data["topic"]`` what it is about, plus the ruling's own details (player, reason ...).
    The answer to a ruling is ``StorytellerRuling(by, data["decision"], index)`` or, with a
    form, ``StorytellerRuling(by, data["decision"], value=(...))``.
    """
    if pending.kind == "night_choice":
        data: dict[str, Any] = {
            "decision": pending.id,
            "character": pending.topic,
            "pick": pending.pick,
            "night": state.night,
            **dict(pending.data),
        }
        data.setdefault("ask", "players")
        assert pending.to is not None  # a night choice is always a player's
        return Prompt((pending.to,), "night_choice", pending.options, pending.default, data)
    if pending.kind == "panel":
        assert pending.to is not None  # a panel is always a human storyteller's
        data = {"decision": pending.id, "character": pending.topic, **dict(pending.data)}
        return Prompt((pending.to,), "panel", (), None, data)
    to = () if pending.to is None else (pending.to,)
    data = {"decision": pending.id, "topic": pending.topic, "truth": pending.truth}
    data.update(dict(pending.data))
    if pending.form is not None:
        data["form"] = pending.form
    return Prompt(to, "ruling", pending.options, pending.default, data)


def open_prompts(state: State) -> tuple[Prompt, ...]:
    """What is awaited now, from whom: a night choice, a ruling, a vote, or nominations."""
    if state.pending is not None:
        asked = () if state.asked is None else (prompt_for(state, state.asked),)
        return (*asked, prompt_for(state, state.pending))
    if state.phase is not Phase.DAY:
        return ()
    if state.vote is not None:
        voter = state.vote.order[state.vote.index]
        data = {
            "nominee": state.vote.nominee,
            "exile": state.vote.exile,
            "count": len(state.vote.yes),
            "ghost": not seat(state, voter).alive,
        }
        return (Prompt((voter,), "vote", (True, False), False, data),)
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
    return (Prompt(can, "nominate", targets, None, {"day": state.day}),)


def briefing(state: State, player: int) -> tuple[Tell, ...]:
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
