"""Clocktower scripts as embeds: score, problems, night order, bag, characters, saved list.

Everything here fits Discord's limits (embed description 4096, field 1024, whole embed 6000) by
dropping whole lines and saying how many were left out, never by cutting a line in half. Text
that came from a script (names, homebrew ids) is escaped so it cannot format or mention.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.parsing import safe
from bot.store.scripts import SavedScript
from engine.clocktower.catalogue import BASE_EDITIONS, Character, OfficialText
from engine.clocktower.game.characters.bootlegger import NOT_APPLIED
from engine.clocktower.nightorder import night_text
from engine.clocktower.scoring import CharacterWeight
from stats.balance import ScriptReport

DESCRIPTION, FIELD, LINE, EMBED = 4096, 1024, 300, 6000
RULES = 700  # at most this much of an embed for a script's homebrew rules
EDITIONS = {**BASE_EDITIONS, "carousel": "later characters", "fabled": "Fabled", "loric": "Loric"}
COLOURS = {
    "Beginner": discord.Colour.green(),
    "Intermediate": discord.Colour.gold(),
    "Advanced": discord.Colour.orange(),
    "Expert": discord.Colour.red(),
}
TEAM_TITLES = {
    "townsfolk": "Townsfolk",
    "outsider": "Outsiders",
    "minion": "Minions",
    "demon": "Demon",
    "traveller": "Travellers",
}
ORDINAL_PLAYERS = (5, 7, 10, 12, 15)


def fit(lines: Iterable[str], limit: int, empty: str = "none") -> str:
    """Whole lines joined while they fit in ``limit``; a last line says how many were left out."""
    lines = [line if len(line) <= LINE else line[: LINE - 1] + "…" for line in lines]
    if not lines:
        return empty
    kept: list[str] = []
    for i, line in enumerate(lines):
        rest = len(lines) - i - 1
        tail = f"\n… and {rest} more" if rest else ""
        candidate = "\n".join([*kept, line])
        if len(candidate + tail) > limit:
            return "\n".join([*kept, f"… and {len(lines) - i} more"])
        kept.append(line)
    return "\n".join(kept)


def problems_embed(problems: list[dict[str, str]], outcome: str) -> discord.Embed:
    """Every problem found in a script, each with where it is and how to fix it."""
    count = len(problems)
    lines = [
        f"• **{safe(p['position'])}** {safe(p['message'])}"
        + (f" → {safe(p['fix'])}" if p.get("fix") else "")
        for p in problems
    ]
    return discord.Embed(
        title=f"This script has {count} problem{'s' if count != 1 else ''}; {outcome}",
        description=fit(lines, DESCRIPTION),
        colour=discord.Colour.red(),
    ).set_footer(text="Fix them all and try again.")


def _rule_name(rule: str) -> str:
    return rule.replace("_", " ").capitalize()


def _chunks(lines: list[str], limit: int) -> list[list[str]]:
    """Whole lines grouped so that each group joined fits in ``limit``."""
    groups: list[list[str]] = [[]]
    for line in lines:
        if groups[-1] and len("\n".join([*groups[-1], line])) > limit:
            groups.append([])
        groups[-1].append(line)
    return [g for g in groups if g]


def house_rules(embed: discord.Embed, rules: Iterable[str]) -> discord.Embed:
    """The script's homebrew rules (``_meta.bootlegger``: the Bootlegger is in play), as
    written, and that the bot storyteller applies none of them; nothing when there are none."""
    lines = [f"> {safe(rule)}" for rule in rules]
    if lines:
        note = (
            f"{NOT_APPLIED}: its games follow the official rules; a human storyteller applies them."
        )
        value = fit(lines, RULES - len(note) - 1) + "\n" + note
        embed.add_field(name="Homebrew rules (the Bootlegger)", value=value, inline=False)
    return embed


def _character_fields(embed: discord.Embed, rows: Iterable[CharacterWeight]) -> None:
    """Every character's tags and weight, biggest first, over as many fields as fit in what
    the embed's other fields leave (these come first, added last); any left over (a very long
    script) are named as being in the attached file."""
    ranked = sorted(rows, key=lambda r: (-abs(r.weight), r.name))
    lines = [f"`{r.weight:+g}` **{safe(r.name)}** — {r.why}"[:LINE] for r in ranked]
    groups = _chunks(lines, FIELD)
    room = EMBED - len(embed)
    title = "Every character's tags and weight"
    for i, group in enumerate(groups):
        name = title + (" (continued)" if i else "")
        value = "\n".join(group)
        rest = f"… and {sum(len(g) for g in groups[i:])} more in score.txt"
        later = i + 1 < len(groups)  # then room is kept for a field saying what is left out
        kept = len(title + " (continued)" + rest) if later else 0
        if len(name) + len(value) + kept > room:
            embed.insert_field_at(i, name=name, value=rest, inline=False)
            return
        embed.insert_field_at(i, name=name, value=value, inline=False)
        room -= len(name) + len(value)


def score_embed(report: ScriptReport, rules: tuple[str, ...] = ()) -> discord.Embed:
    """How hard a script is, and why: every character's tags and weight, every synergy, the
    total and category, and the base editions beside it (all of it also in ``score_file``);
    the script's homebrew ``rules`` last."""
    result = report.score
    comparison = result.comparison
    embed = discord.Embed(
        title=f"{safe(result.script)}: {result.category}"[:256],
        description=(
            f"**{result.score:g}** at {result.players} players: "
            f"{comparison.summary}.\n`{result.formula}`"
        ),
        colour=COLOURS.get(result.category, discord.Colour.blurple()),
    )
    synergies = [f"`{s.delta:+g}` {_rule_name(s.rule)} — {s.why}" for s in result.synergies]
    embed.add_field(name="Synergies", value=fit(synergies, FIELD, "None fired."), inline=False)
    bases = [f"{b.name}: {b.score:g} ({b.category})" for b in comparison.base_editions]
    embed.add_field(
        name=f"Beside the base editions at {result.players} players",
        value=fit([*bases, f"**This script: {result.score:g}**"], FIELD),
        inline=False,
    )
    by = {row.players: row for row in result.by_players}
    embed.add_field(
        name="By player count",
        value=" · ".join(
            f"{n}: {by[n].score:g} {by[n].category}" for n in ORDINAL_PLAYERS if n in by
        ),
        inline=False,
    )
    balance = report.balance
    if balance is not None:
        embed.add_field(
            name=f"Simulated balance at {balance.players} players",
            value=safe(balance.text()),
            inline=False,
        )
    if result.warnings:
        warnings = [f"• {safe(w.position)}: {safe(w.message)}" for w in result.warnings]
        embed.add_field(name="Warnings", value=fit(warnings, FIELD // 2), inline=False)
    house_rules(embed, rules)
    embed.set_footer(
        text=f"{len(result.characters)} characters · {len(result.jinxes)} jinx(es) · "
        "score = (tag weights + synergies) × table factor · every point in score.txt"
    )
    _character_fields(embed, result.characters)
    return embed


def text_file(text: str, filename: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename)


def score_file(report: ScriptReport) -> discord.File:
    """The full breakdown as plain text: every character, synergy and player count, and the
    simulated balance."""
    return text_file(report.text(), "score.txt")


def night_file(order: dict[str, Any]) -> discord.File:
    """The night sheet with each entry's note (official reminders when configured)."""
    return text_file(night_text(order), "night-order.txt")


def _night_lines(entries: list[dict[str, Any]]) -> list[str]:
    lines, number = [], 0
    for entry in entries:
        if entry["marker"]:
            lines.append(f"— *{entry['name']}* —")
        else:
            number += 1
            lines.append(f"{number}. {safe(entry['name'])}")
    return lines


def night_embed(order: dict[str, Any]) -> discord.Embed:
    embed = discord.Embed(
        title=f"Night order: {safe(order['script'])}"[:256], colour=discord.Colour.dark_blue()
    )
    for kind, title in (("first", "First night"), ("other", "Other nights")):
        suffix = " (the script's order)" if order["custom"][kind] else ""
        embed.add_field(
            name=title + suffix, value=fit(_night_lines(order[kind]), FIELD), inline=True
        )
    if order["notes"]:
        embed.add_field(name="Notes", value=fit(order["notes"], FIELD), inline=False)
    return embed


def bag_embed(bag: dict[str, Any], names: dict[str, Character]) -> discord.Embed:
    """The storyteller's secret setup: true characters, tokens handed out, bluffs, balance."""

    def name(cid: str) -> str:
        char = names.get(cid)
        return safe(char.name if char else cid)

    b = bag["balance"]
    verdict = "inside the window" if b["balanced"] else "the closest found, outside the window"
    embed = discord.Embed(
        title=f"Bag for {bag['players']} players: {safe(bag['script'])}"[:256],
        description=(
            f"Balance **{b['figure']:.3f}** per good player, window {b['window'][0]:.3f} to "
            f"{b['window'][1]:.3f} (evil/good {b['evil_to_good']:.2f}; {verdict}).\n"
            f"Seed `{bag['seed']}`: the same seed gives the same bag."
        ),
        colour=discord.Colour.dark_purple(),
    )
    by_team: dict[str, list[str]] = {}
    for cid in bag["characters"]:
        team = names[cid].team if cid in names else "townsfolk"
        label = name(cid) + (" *(evil)*" if cid == bag["evil_townsfolk"] else "")
        by_team.setdefault(team, []).append(label)
    for team, title in TEAM_TITLES.items():
        if team in by_team:
            embed.add_field(name=title, value=fit(by_team[team], FIELD), inline=True)
    handed = [f"{name(s['id'])} is shown the {name(s['shown_as'])} token" for s in bag["shown"]]
    if not bag["demon_held"] and bag["demon"]:
        handed.append(f"No player holds the {name(bag['demon'])} at the start")
    handed += [f"{name(m['id'])}: {safe(m['effect'])}" for m in bag["modifiers"]]
    if handed:
        embed.add_field(name="Setup", value=fit(handed, FIELD), inline=False)
    if bag["travellers"]:
        off = " (some from outside the script)" if bag["travellers_off_script"] else ""
        embed.add_field(
            name="Travellers" + off,
            value=fit([name(t) for t in bag["travellers"]], FIELD),
            inline=False,
        )
    embed.add_field(
        name="Demon bluffs",
        value=", ".join(name(cid) for cid in bag["bluffs"]) or "none left",
        inline=False,
    )
    return embed


def _wakes(char: Character) -> str:
    nights = []
    if char.first_night:
        nights.append(f"first night (#{char.first_night})")
    if char.other_night:
        nights.append(f"other nights (#{char.other_night})")
    return ", ".join(nights) or "does not wake"


def ability(char: Character, official: Mapping[str, OfficialText]) -> str:
    """The official ability text when the operator supplied roles.json, else our summary."""
    text = official.get(char.id) if char.edition != "homebrew" else None
    return text.ability if text else char.summary


def character_embed(
    char: Character, names: dict[str, str], official: Mapping[str, OfficialText]
) -> discord.Embed:
    """One character in full; ``names`` maps ids to names for its jinxes."""
    embed = discord.Embed(
        title=char.name, description=ability(char, official), colour=discord.Colour.dark_teal()
    )
    embed.add_field(name="Team", value=char.team.capitalize())
    embed.add_field(name="Edition", value=EDITIONS.get(char.edition, char.edition))
    embed.add_field(name="Wakes", value=_wakes(char))
    if char.setup is not None and (char.setup.note or char.setup_flag):
        embed.add_field(name="Setup", value=char.setup.note or "changes the setup", inline=False)
    if char.reminders:
        embed.add_field(name="Reminders", value=fit(char.reminders, FIELD), inline=False)
    if char.jinxes:
        jinxed = ", ".join(names.get(j, j) for j in char.jinxes)
        embed.add_field(name="Jinxed with", value=fit([jinxed], FIELD), inline=False)
    source = "official text" if char.id in official else "summary in our words"
    embed.set_footer(text=f"id: {char.id} · tags: {', '.join(char.tags) or 'none'} · {source}")
    return embed


def characters_embed(
    found: list[Character], query: str, official: Mapping[str, OfficialText]
) -> discord.Embed:
    """Several characters matching a query, one line each."""
    lines = [f"**{c.name}** ({c.team}) — {ability(c, official)}" for c in found]
    return discord.Embed(
        title=f"Characters matching “{safe(query)}”"[:256],
        description=fit(lines, DESCRIPTION),
        colour=discord.Colour.dark_teal(),
    ).set_footer(text="Pick one from the suggestions to see it in full.")


def saved_list_embed(saved: list[SavedScript]) -> discord.Embed:
    lines = [f"**{safe(s.name)}** — saved by <@{s.author_id}>, {s.updated_at[:10]}" for s in saved]
    return discord.Embed(
        title="Saved scripts on this server",
        description=fit(lines, DESCRIPTION, "None yet: save one with `/script save`."),
        colour=discord.Colour.dark_teal(),
    ).set_footer(text="Base editions are always available: tb, bmr, snv.")
