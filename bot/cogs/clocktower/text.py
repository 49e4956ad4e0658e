"""The Clocktower cog's longer answers: status, vote history, the grimoire; sent in pieces.

Discord allows 2,000 characters a message, so long answers go out as several ephemeral
messages, split at line breaks, rather than being cut.
"""

from __future__ import annotations

import io

import discord

import engine.clocktower.game as ct
from bot.app import reply
from bot.delivery import split_text
from bot.render.clocktower import mentions
from bot.sessions import Session
from stats.charts.grimoire import grimoire_chart, grimoire_text


async def reply_pages(
    interaction: discord.Interaction,
    text: str,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
) -> None:
    """An ephemeral answer of any length: the file with the first piece, the menu with the last."""
    pieces = split_text(text)
    for index, piece in enumerate(pieces):
        kwargs: dict = {}
        if index == 0 and file is not None:
            kwargs["file"] = file
        if index == len(pieces) - 1 and view is not None:
            kwargs["view"] = view
        await reply(interaction, piece, **kwargs)


def status_text(session: Session) -> str:
    """Public facts only: never who wakes at night, nor that the storyteller is ruling then."""
    state = session.state
    teller = "the bot" if state.bot else f"<@{state.storyteller}>"
    lines = [f"Phase: **{state.phase.value}**, day {state.day}. Storyteller: {teller}."]
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
    if state.block is not None:
        lines.append(f"On the block: <@{state.block}> with {state.block_votes} vote(s).")
    if state.phase in (ct.Phase.SETUP, ct.Phase.NIGHT):
        lines.append("The night is under way.")
        return "\n".join(lines)
    for prompt in ct.open_prompts(state):
        if prompt.kind == "ruling":
            lines.append("Waiting for the storyteller.")
        elif prompt.kind == "vote":
            lines.append(f"Voting: <@{prompt.to[0]}>'s turn.")
        elif prompt.kind == "nominate":
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
        lines.append(
            f"<@{n.nominator}> {what} <@{n.nominee}> — {n.votes} vote(s) of {n.threshold} "
            f"needed; hands: {mentions(n.yes)}"
        )
    if lines:
        return "\n".join(lines)
    return f"No votes on day {day}." if day is not None else "No votes yet."


def draw_grimoire(book: dict, names: dict[int, str]) -> tuple[str, bytes]:
    """The grimoire as full text (nothing cut) and as a PNG; slow, so run it in a thread."""
    return grimoire_text(book, names, limit=None), grimoire_chart(book, names)


def png_file(png: bytes, name: str = "grimoire.png") -> discord.File:
    return discord.File(io.BytesIO(png), name)
