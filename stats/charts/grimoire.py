"""The Clocktower grimoire as a picture and as a Discord message, from ``grimoire(state)``.

Seats go clockwise from the top, as round a table; each token is coloured by its true
character's team, with the player's name outside and the reminder tokens on a spoke towards the
centre, where the storyteller's summary sits. The same reading of the grimoire (names, teams,
reminders in words) feeds the text version, so picture and text always agree.
"""

from __future__ import annotations

import math
import re
import textwrap
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes
from matplotlib.patches import Circle, Polygon

from engine.clocktower.catalogue import character
from stats.charts import drawable, house_style, new_figure, to_png
from stats.charts.fonts import columns

TEAM_COLOURS = {
    "townsfolk": "#1f5fbf",
    "outsider": "#6fb3ee",
    "minion": "#e8776a",
    "demon": "#8e1b1b",
    "traveller": "#7b4fa0",
}
OTHER_COLOUR = "#c9a227"  # fabled, loric, or a character the catalogue does not know
ALIGNMENT_COLOURS = {"good": "#0b2e6b", "evil": "#5c0000"}
DEAD_FACE = "#b9b9b9"
REMINDER_FACE = "#f4ecd8"
BADGES = {"drunk": ("D", "#e0a100"), "poisoned": ("P", "#2e9e44"), "mad": ("M", "#c2185b")}
MARK = re.compile(r"^([a-z_]+) \((storyteller|\d+)\)$")
THINKS = re.compile(r"^thinks they are the (.+)$")
GHOST_VOTE_USED = "ghost vote used"  # said instead by the missing vote token, or "no vote"
MARKDOWN = re.compile(r"([\\*_~`|])")
RING = 1.0
INCH = 2.45  # inches per data unit, near enough, on the 8-inch figure
CENTRE = 0.4
LIMIT = 2000


@dataclass(frozen=True)
class SeatView:
    """One seat read for display: names resolved, states and reminders in words."""

    number: int
    player: int
    name: str
    character: str
    team: str
    alignment: str
    alive: bool
    ghost_vote: bool
    states: tuple[str, ...]  # drunk, poisoned, mad
    reminders: tuple[str, ...]


def _character_name(cid: str) -> tuple[str, str]:
    """Name and team, tolerating an id the catalogue lacks (a homebrew character)."""
    try:
        found = character(cid)
    except KeyError:
        return cid.replace("_", " ").title(), "unknown"
    return found.name, found.team


def _reminder(text: str, who: dict[int, str]) -> str:
    """A reminder in words: ``poisoned (4)`` becomes ``Poisoner: poisoned``, as the token would
    be labelled at a real table; storyteller marks are ``ST: ...``; anything else is kept."""
    mark = MARK.match(text)
    if mark:
        kind, source = mark.group(1).replace("_", " "), mark.group(2)
        owner = "ST" if source == "storyteller" else who.get(int(source), f"player {source}")
        return f"{owner}: {kind}"
    thinks = THINKS.match(text)
    if thinks:
        return f"thinks: {_character_name(thinks.group(1))[0]}"
    return text


def _states(seat: dict[str, Any], reminders: tuple[str, ...]) -> tuple[str, ...]:
    kinds = {m.group(1) for m in map(MARK.match, reminders) if m}
    drunk = seat["character"] == "drunk" or "drunk" in kinds
    found = (("drunk", drunk), ("poisoned", "poisoned" in kinds), ("mad", bool(seat.get("mad"))))
    return tuple(name for name, present in found if present)


def seat_views(grimoire: dict[str, Any], names: dict[int, str] | None = None) -> list[SeatView]:
    """The seats in seat order, read for display. ``names`` maps player ids to display names."""
    names = names or {}
    who = {s["player"]: _character_name(s["character"])[0] for s in grimoire["seats"]}
    views = []
    for number, seat in enumerate(grimoire["seats"], start=1):
        reminders = tuple(seat["reminders"])
        name, team = _character_name(seat["character"])
        views.append(
            SeatView(
                number=number,
                player=seat["player"],
                name=names.get(seat["player"]) or f"player {seat['player']}",
                character=name,
                team=team,
                alignment=seat["alignment"],
                alive=seat["alive"],
                ghost_vote=seat["ghost_vote"],
                states=_states(seat, reminders),
                reminders=tuple(_reminder(r, who) for r in reminders),
            )
        )
    return views


def summary(grimoire: dict[str, Any], names: dict[int, str] | None = None) -> list[str]:
    """The storyteller's summary lines: day and night, who lives, the block, the bluffs."""
    names = names or {}
    seats = grimoire["seats"]
    lines = [
        f"Day {grimoire['day']} · Night {grimoire['night']}",
        f"phase: {grimoire['phase']}",
        f"{sum(s['alive'] for s in seats)} of {len(seats)} alive",
    ]
    if grimoire.get("block") is not None:
        block = grimoire["block"]
        lines.append(f"block: {names.get(block) or f'player {block}'} ({grimoire['block_votes']})")
    if grimoire.get("bluffs"):
        lines.append("bluffs: " + ", ".join(_character_name(b)[0] for b in grimoire["bluffs"]))
    return lines


def _shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _wrap(text: str, width: int, lines: int) -> str:
    """Wrapped to ``width`` characters, at most ``lines`` lines, the last one cut with …, each
    line made ``drawable`` (this is text for the picture). Wide characters (CJK, emoji) count
    twice, roughly: the width shrinks by the text's share of them."""
    width = max(2, width * len(text) // max(columns(text), 1))
    wrapped = textwrap.wrap(text, width, break_long_words=True) or [""]
    if len(wrapped) > lines:
        wrapped = [*wrapped[: lines - 1], _shorten(" ".join(wrapped[lines - 1 :]), width)]
    return "\n".join(map(drawable, wrapped))


def _rgb(colour: str) -> tuple[int, int, int]:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def _blend(colour: str, other: str, weight: float) -> str:
    """``colour`` moved ``weight`` of the way towards ``other``: a dead token keeps a hint of
    its team."""
    mixed = (round(a + (b - a) * weight) for a, b in zip(_rgb(colour), _rgb(other), strict=True))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _text_colour(face: str) -> str:
    r, g, b = _rgb(face)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "white"


@dataclass(frozen=True)
class Layout:
    """Sizes that follow the seat count so 5 to 20 seats all fit an 8-inch square."""

    seats: int

    @property
    def radius(self) -> float:
        return min(0.2, 0.4 * 2 * math.pi * RING / self.seats)

    @property
    def scale(self) -> float:
        return self.radius / 0.2

    def at(self, index: int, distance: float) -> tuple[float, float]:
        angle = self.angle(index)
        return distance * math.cos(angle), distance * math.sin(angle)

    def angle(self, index: int) -> float:
        return math.pi / 2 - 2 * math.pi * index / self.seats


def _token(axes: Axes, layout: Layout, index: int, view: SeatView) -> None:
    x, y = layout.at(index, RING)
    r = layout.radius
    face = TEAM_COLOURS.get(view.team, OTHER_COLOUR)
    if not view.alive:
        face = _blend(face, DEAD_FACE, 0.65)
    edge = ALIGNMENT_COLOURS.get(view.alignment, "black")
    axes.add_patch(Circle((x, y), r, facecolor=face, edgecolor=edge, lw=3, zorder=2))
    if not view.alive:
        shroud = [(x - 0.42 * r, y + 0.9 * r), (x + 0.42 * r, y + 0.9 * r)]
        shroud += [(x + 0.42 * r, y + 0.35 * r), (x, y + 0.12 * r), (x - 0.42 * r, y + 0.35 * r)]
        axes.add_patch(Polygon(shroud, closed=True, facecolor="#1a1a1a", zorder=3))
    parts = textwrap.wrap(view.character, 9, break_long_words=False)[:3] or [""]
    label = "\n".join(map(drawable, parts))
    longest = max(1, *map(columns, parts))
    axes.text(
        x,
        y - (0.25 * r if not view.alive else 0.0),
        label,
        ha="center",
        va="center",
        fontsize=min(9.5 * layout.scale + 1.5, 1.95 * r * INCH * 72 / (0.8 * longest)),
        fontweight="bold",
        color=_text_colour(face),
        zorder=4,
        linespacing=0.95,
    )
    _badges(axes, layout, x, y, view)


def _badge(axes: Axes, xy: tuple[float, float], size: float, label: str, face: str) -> None:
    axes.add_patch(Circle(xy, size, facecolor=face, edgecolor="white", lw=1.2, zorder=5))
    style: dict[str, Any] = {"fontsize": 8, "fontweight": "bold", "color": "white", "zorder": 6}
    axes.text(*xy, label, ha="center", va="center", **style)


def _badges(axes: Axes, layout: Layout, x: float, y: float, view: SeatView) -> None:
    """States round the token's rim: the unused ghost vote at one o'clock, then drunk, poisoned
    and mad clockwise from four o'clock."""
    r, size = layout.radius, max(0.045, 0.06 * layout.scale)
    if not view.alive and view.ghost_vote:
        _badge(axes, (x + 0.72 * r, y + 0.72 * r), size, "V", "#111111")
    for k, state in enumerate(view.states):
        label, colour = BADGES[state]
        angle = math.radians(-30 - 40 * k)
        _badge(axes, (x + r * math.cos(angle), y + r * math.sin(angle)), size, label, colour)


def _name(axes: Axes, layout: Layout, index: int, view: SeatView) -> None:
    angle = layout.angle(index)
    x, y = layout.at(index, RING + layout.radius + 0.05)
    c, s = math.cos(angle), math.sin(angle)
    axes.text(
        x,
        y,
        f"{view.number}. " + _wrap(view.name, 13, 2),
        ha="left" if c > 0.3 else "right" if c < -0.3 else "center",
        va="bottom" if s > 0.3 else "top" if s < -0.3 else "center",
        fontsize=max(8.0, 10 * layout.scale),
        color="#222222" if view.alive else "#777777",
        zorder=4,
    )


def _reminders(axes: Axes, layout: Layout, index: int, view: SeatView) -> None:
    """Reminder tokens as labels on a spoke from the seat towards the centre, side by side; the
    spoke's length and the room between spokes decide how many fit and how long each may be."""
    shown = [r for r in view.reminders if r != GHOST_VOTE_USED]
    if not shown:
        return
    outer, inner = RING - layout.radius - 0.04, CENTRE + 0.05
    size = max(6.5, 8 * layout.scale)
    unit = size / 72 / INCH  # one point of this font size in data units
    room = 2 * math.pi * ((outer + inner) / 2) / layout.seats * 0.85
    fit = max(1, int(room // (1.5 * unit)))
    if len(shown) > fit:
        shown = [*shown[: fit - 1], f"+{len(shown) - fit + 1} more"]
    lines = max(m for m in (1, 2, 3) if m == 1 or len(shown) * (1.2 * m + 0.3) * unit <= room)
    chars = int((outer - inner) * INCH * 72 / (size * 0.6))
    texts = [_wrap(text, chars, lines) for text in shown]
    thickness = [(1.2 * (t.count("\n") + 1) + 0.3) * unit for t in texts]
    angle = layout.angle(index)
    degrees = math.degrees(angle)
    flip = math.cos(angle) < -1e-9
    rotation = degrees + 180 if flip else degrees
    tangent = (-math.sin(angle), math.cos(angle))
    start = -sum(thickness) / 2
    for text, width in zip(texts, thickness, strict=True):
        offset, start = start + width / 2, start + width
        if flip:
            offset = -offset
        x, y = layout.at(index, outer)
        x, y = x + offset * tangent[0], y + offset * tangent[1]
        axes.text(
            x,
            y,
            text,
            rotation=rotation,
            rotation_mode="anchor",
            ha="left" if flip else "right",
            va="center",
            fontsize=size,
            multialignment="center",
            linespacing=1.0,
            color="#3b2f1a",
            zorder=3,
            bbox={"boxstyle": "round,pad=0.2", "fc": REMINDER_FACE, "ec": "#a08c5b", "lw": 0.6},
        )


def _centre(axes: Axes, lines: list[str]) -> None:
    axes.add_patch(Circle((0, 0), CENTRE, facecolor="#f7f3ea", edgecolor="#c8bfa8", zorder=1))
    head, *rest = lines
    axes.text(0, 0.22, head, ha="center", va="center", fontsize=13, fontweight="bold", zorder=2)
    body = "\n".join(_wrap(t, 22, 3) for t in rest)
    axes.text(0, 0.14, body, ha="center", va="top", fontsize=9, zorder=2, linespacing=1.2)


def _key(axes: Axes, bottom: float) -> None:
    """Under the circle: the team colours, then what the badges mean."""
    teams = list(TEAM_COLOURS.items())
    for k, (team, colour) in enumerate(teams):
        x = (k - (len(teams) - 1) / 2) * 0.42
        style: dict[str, Any] = {"fontsize": 9, "fontweight": "bold", "color": colour}
        axes.text(x, bottom, team, ha="center", va="top", **style)
    badges = "   ".join(f"{label} {state}" for state, (label, _) in BADGES.items())
    legend = f"shroud dead   V ghost vote left   {badges}   rim blue good, red evil"
    axes.text(0, bottom - 0.09, legend, ha="center", va="top", fontsize=8, color="#555555")


def grimoire_chart(grimoire: dict[str, Any], names: dict[int, str] | None = None) -> bytes:
    """PNG of the grimoire: ``grimoire`` as returned by the engine's ``grimoire(state)``,
    ``names`` mapping player ids to display names (missing ones show as ``player <id>``)."""
    views = seat_views(grimoire, names)
    layout = Layout(max(len(views), 1))
    with house_style():
        figure = new_figure(8.0, 8.0)
        axes = figure.add_subplot()
        edge = RING + layout.radius + 0.03
        axes.set_xlim(-edge, edge)
        axes.set_ylim(-edge, edge)
        axes.set_aspect("equal")
        axes.axis("off")
        _centre(axes, summary(grimoire, names))
        for index, view in enumerate(views):
            _reminders(axes, layout, index, view)
            _token(axes, layout, index, view)
            _name(axes, layout, index, view)
        _key(axes, -(RING + layout.radius + 0.24))
        return to_png(figure)


def _plain(text: str) -> str:
    """Player-chosen text (names, storyteller notes) with Discord's markdown characters escaped,
    so a name like ``dj_khaled`` is not read as italics."""
    return MARKDOWN.sub(r"\\\1", text)


def _seat_line(view: SeatView, width: int) -> str:
    life = "alive" if view.alive else "DEAD, " + ("vote left" if view.ghost_vote else "no vote")
    name = _plain(_shorten(view.name, 20))
    head = f"{view.number}. {name}: {view.character} ({view.team}) {life}"
    if view.states:
        head += " [" + ", ".join(view.states) + "]"
    reminders = [_plain(r) for r in view.reminders if r != GHOST_VOTE_USED]
    line = head + (" · " + "; ".join(reminders) if reminders else "")
    return _shorten(line, max(width, len(head)))


def grimoire_text(
    grimoire: dict[str, Any], names: dict[int, str] | None = None, limit: int | None = LIMIT
) -> str:
    """The grimoire as a message of at most ``limit`` characters: the summary, then one line per
    seat. Each seat gets a fair share of the room, so reminders are cut before any seat is.
    With ``limit=None`` nothing is cut (for text sent in several messages)."""
    views = seat_views(grimoire, names)
    head = _plain(" · ".join(summary(grimoire, names)))
    if limit is None:
        return "\n".join([head, *(_seat_line(v, 10**6) for v in views)])
    share = (limit - len(head) - 1) // max(len(views), 1) - 1
    text = "\n".join([head, *(_seat_line(v, share) for v in views)])
    return _shorten(text, limit)
