"""The Clocktower cog's longer answers: status, vote history, the grimoire.

They may run past Discord's 2,000 characters: ``bot.app.reply`` sends them in pieces.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

import discord

import engine.clocktower.game as ct
from bot.render.clocktower import mentions
from bot.sessions import Session
from bot.words import plural
from engine.clocktower.game.abilities.votes import known_block
from engine.clocktower.game.questions import NominationMenu, Ruling, VoteBoard
from engine.clocktower.reasoning.review import review
from stats.charts.grimoire import grimoire_chart, grimoire_text
from stats.charts.review import review_chart


def status_text(session: Session[ct.State]) -> str:
    """Public facts only: never who wakes at night, nor that the storyteller is ruling then."""
    state = session.state
    teller = "the bot" if state.bot else f"<@{state.storyteller}>"
    when = {
        ct.Phase.NIGHT: f"night {state.night}",
        ct.Phase.DAY: f"day {state.day}",
        ct.Phase.SETUP: "the characters are being dealt",
        ct.Phase.LOBBY: "the lobby is open",
    }.get(state.phase, "the game is over")
    lines = [f"Now: **{when}**. Storyteller: {teller}."]
    if state.phase is ct.Phase.LOBBY:
        lines.append(f"Seats: {mentions(state.players)}")
        return "\n".join(lines)
    lines.append(f"Alive: {mentions([s.player for s in state.seats if s.alive])}")
    dead = [
        f"<@{s.player}>{'' if s.ghost_vote else ' (vote spent)'}"
        for s in state.seats
        if not s.alive
    ]
    lines.append(f"Dead: {', '.join(dead) or 'nobody'}")
    if state.travellers:
        lines.append(f"Travellers: {mentions(state.travellers)}")
    if state.phase in (ct.Phase.SETUP, ct.Phase.NIGHT):
        lines.append("The night is under way.")
        return "\n".join(lines)
    block = known_block(state)  # today's, unless a secret vote put them there
    if block is not None:  # (the night's status shows no stale one)
        lines.append(f"On the block: <@{block}> with {plural(state.block_votes, 'vote')}.")
    for prompt in ct.open_prompts(state):
        if isinstance(prompt, Ruling):
            lines.append("Waiting for the storyteller.")
        elif isinstance(prompt, VoteBoard):
            lines.append(f"Voting: the count has reached <@{prompt.to[0]}>.")
        elif isinstance(prompt, NominationMenu):
            lines.append(f"May still nominate: {mentions(prompt.to)}")
    return "\n".join(lines)


def votes_text(state: ct.State, day: int | None = None) -> str:
    """The nominations and votes, day by day (or of one day), as a readable history."""
    lines: list[str] = []
    heading = None
    for n in state.history:
        if day is not None and n.day != day:
            continue
        if n.day != heading:
            heading = n.day
            lines.append(f"**Day {n.day}**")
        what = "called for the exile of" if n.exile else "nominated"
        tally = (
            "the tally is secret"
            if n.secret
            else f"{n.votes} vote(s) of {n.threshold} needed; hands: {mentions(n.yes)}"
        )
        lines.append(f"<@{n.nominator}> {what} <@{n.nominee}> — {tally}")
    if lines:
        return "\n".join(lines)
    return f"No votes on day {day}." if day is not None else "No votes yet."


def draw_grimoire(book: dict[str, Any], names: dict[int, str]) -> tuple[str, bytes]:
    """The grimoire as full text (nothing cut) and as a PNG; slow, so run it in a thread."""
    return grimoire_text(book, names, limit=None), grimoire_chart(book, names)


def draw_review(
    start: ct.State, actions: Sequence[Any], seed: int, name: Callable[[int], str]
) -> tuple[str, bytes]:
    """The review of a finished game (the message and its chart); slow, so run it in a
    thread."""
    found = review(start, actions, seed)
    notes = []
    if not found.claims:
        notes.append("No claims were on the record: nominations, hands and deaths only.")
    if found.sampled:
        notes.append(f"Worlds sampled: each chance within about ±{found.error:.0%}.")
    names = {p: name(p) for p in found.players}
    png = review_chart(found.players, found.days, found.demons, names, found.died, " ".join(notes))
    demons = ", ".join(f"<@{p}>" for p in found.players if p in found.demons)
    text = (
        f"📈 The last game here, day by day: how likely each player was the Demon from what was "
        f"public before each execution. The Demon: {demons or 'nobody'}."
    )
    return text, png


def png_file(png: bytes, name: str = "grimoire.png") -> discord.File:
    return discord.File(io.BytesIO(png), name)
