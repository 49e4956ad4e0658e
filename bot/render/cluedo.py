"""Cluedo notebooks, posteriors and advice as Discord embeds (all sent privately)."""

from __future__ import annotations

from typing import Any

import discord

from engine.cluedo import Notebook, describe

CHART = "cluedo.png"
COLOUR = discord.Colour.dark_gold()
TOP_TRIPLES = 8
FIELD = 1024
DESCRIPTION = 4096


def percent(p: float) -> str:
    """A probability for people: 100%, 0.4%, <0.1%."""
    if p >= 0.9995:
        return "100%"
    return f"{100 * p:.1f}%" if p >= 0.0005 else "<0.1%"


def block(lines: list[str], limit: int = FIELD) -> str:
    """Lines in a code block (so columns line up), cut to whole lines within ``limit``."""
    kept: list[str] = []
    for line in lines:
        if len("```\n" + "\n".join([*kept, line, "…"]) + "\n```") > limit:
            kept.append("…")
            break
        kept.append(line)
    return "```\n" + "\n".join(kept or ["—"]) + "\n```"


def setup_lines(notebook: Notebook) -> list[str]:
    """Who sits where with how many cards, and your hand."""
    seats = [
        f"{name} ({size}{', you' if name == notebook.me else ''})"
        for name, size in zip(notebook.players, notebook.hand_sizes, strict=True)
    ]
    return [
        "Seating order (cards held): " + ", ".join(seats) + ".",
        "Your cards: " + ", ".join(notebook.my_cards) + ".",
    ]


def opened_text(notebook: Notebook) -> str:
    return "\n".join(["Your Cluedo notebook is open; only you can see it.", *setup_lines(notebook)])


def entry_text(notebook: Notebook, triples: dict[tuple[str, str, str], float]) -> str:
    """The acknowledgement of the entry just accepted, with how many solutions remain."""
    noted = f"Noted as entry {len(notebook.events)}: {describe(notebook.events[-1])}."
    if len(triples) == 1:
        ((suspect, weapon, room),) = triples
        return f"{noted} Solved: it was {suspect}, with the {weapon}, in the {room}."
    best = max(triples.values())
    return f"{noted} {len(triples)} possible solutions left; the likeliest has {percent(best)}."


def log_embed(notebook: Notebook) -> discord.Embed:
    """The numbered entries (numbers as the contradiction messages cite them), latest kept."""
    head = "\n".join(setup_lines(notebook)) + "\n\n"
    lines = [f"{n}. {describe(e)}" for n, e in enumerate(notebook.events, start=1)]
    if not lines:
        lines = ["No entries yet: add them with `/cluedo suggest`, `shown`, `accuse`, `reveal`."]
    body = "\n".join(lines)
    while len(head) + len(body) > DESCRIPTION:
        lines = lines[1:]
        left = len(notebook.events) - len(lines)
        body = f"… {left} earlier entries not shown\n" + "\n".join(lines)
    return discord.Embed(title="Your Cluedo notebook", description=head + body, colour=COLOUR)


def status_embed(report: dict[str, Any]) -> discord.Embed:
    """``engine.cluedo.solution_report`` as a table: the likeliest triples and each category."""
    solutions = report["possible_solutions"]
    embed = discord.Embed(
        title="Who, with what, where",
        description=(
            f"**{report['consistent_deals']:,}** deals fit your notebook, leaving "
            f"**{solutions}** possible solution{'s' if solutions != 1 else ''} "
            f"({report['entropy_bits']:.2f} bits of uncertainty). Every deal is counted exactly."
        ),
        colour=COLOUR,
    )
    top = [
        f"{percent(t['probability']):>6}  {t['suspect']}, {t['weapon']}, {t['room']}"
        for t in report["top_solutions"][:TOP_TRIPLES]
    ]
    embed.add_field(name="Most likely solutions", value=block(top), inline=False)
    for category, cards in report["solution"].items():
        ranked = sorted(((p, card) for card, p in cards.items() if p > 0), reverse=True)
        width = max(len(card) for _, card in ranked)
        lines = [f"{card:<{width}} {percent(p):>6}" for p, card in ranked]
        ruled_out = len(cards) - len(ranked)
        if ruled_out:
            lines.append(f"({ruled_out} ruled out)")
        embed.add_field(name=category.title(), value=block(lines), inline=True)
    embed.set_image(url=f"attachment://{CHART}")
    embed.set_footer(
        text="The chart shows where each card is: your opponents' hands or the envelope."
    )
    return embed


def advice_embed(advice: dict[str, Any]) -> discord.Embed:
    """``engine.cluedo.advise`` output: accuse or not, what to suggest, where to go."""
    accuse = advice["accuse"]
    guess = f"{accuse['suspect']}, {accuse['weapon']}, {accuse['room']}"
    if accuse["recommended"]:
        verdict = f"**Accuse now:** {guess} ({percent(accuse['probability'])})."
    else:
        verdict = (
            f"**Don't accuse yet:** the best guess, {guess}, has "
            f"{percent(accuse['probability'])} (you accuse {_threshold(accuse)})."
        )
    lines = [verdict, f"Uncertainty left: {advice['entropy_bits']:.2f} bits."]
    if advice["note"]:
        lines.append(advice["note"])
    elif advice["suggestion"] is None and advice["movement"] is None:
        lines.append(
            "Give `room` (where you are) for a suggestion, and `roll` for where to go; in a "
            "corridor, `near` and `steps`."
        )
    embed = discord.Embed(title="Your turn", description="\n".join(lines), colour=COLOUR)
    if advice["suggestion"] is not None:
        embed.add_field(name="Suggest", value=_suggestion(advice["suggestion"]), inline=False)
    if advice["movement"] is not None:
        embed.add_field(
            name=_movement_title(advice["movement"]),
            value=_movement(advice["movement"]),
            inline=False,
        )
    embed.set_footer(text=advice["model"])
    return embed


def _threshold(accuse: dict[str, Any]) -> str:
    """When you said you would accuse: 'at 90%', 'at 1.00 bits or less', or both."""
    parts = []
    if accuse["threshold"] is not None:
        parts.append(f"at {percent(accuse['threshold'])}")
    if accuse["entropy_threshold_bits"] is not None:
        parts.append(f"at {accuse['entropy_threshold_bits']:.2f} bits of uncertainty or less")
    return " and ".join(parts)


def _suggestion(suggestion: dict[str, Any]) -> str:
    head = (
        f"**{suggestion['suspect']}, {suggestion['weapon']}, {suggestion['room']}**: "
        f"{suggestion['expected_information_bits']:.3f} bits expected."
    )
    outcomes = sorted(suggestion["outcomes"], key=lambda o: -o["probability"])
    answers = [
        f"{percent(o['probability']):>6}  "
        + (f"{o['responder']} shows {o['card']}" if o["responder"] else "nobody can show")
        for o in outcomes
    ]
    others = [
        f"{a['suspect']}, {a['weapon']} ({a['expected_information_bits']:.3f} bits)"
        for a in suggestion.get("alternatives", [])
    ]
    tail = ("\nAlso good: " + "; ".join(others) + ".") if others else ""
    return _fit(head + "\n" + block(answers, FIELD - len(head) - len(tail) - 1) + tail)


def _movement_title(movement: dict[str, Any]) -> str:
    roll = f" with a roll of {movement['roll']}" if movement["roll"] else ""
    return f"Where to go from {movement['from']}{roll}"


def _movement(movement: dict[str, Any]) -> str:
    lines = [
        f"{o['room']:<13} {o['bits_per_turn']:.3f} bits/turn, {o['turns']:.1f} turns: "
        f"{o['best_suggestion']['suspect']}, {o['best_suggestion']['weapon']}"
        for o in movement["rooms"][:6]
    ]
    return f"Best: **{movement['best']}**.\n" + block(lines, FIELD - 40)


def _fit(text: str) -> str:
    return text if len(text) <= FIELD else text[: FIELD - 1] + "…"
