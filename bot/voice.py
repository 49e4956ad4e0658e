"""Voice rooms as a plan: where each member of a game should be, and the moves that put them there.

Both games play in voice the same way: a public room (Clocktower's town square, the Traitors'
round table) that a server links to a game, and private rooms the bot makes for it (a cottage per
player, the Traitors' turret, a whisper room for two). A game's cog says, from its public state
alone, which rooms exist and where everyone belongs now (a ``Layout``); this module turns that and
where everyone is into a ``Plan``: the moves to make, in a random order seeded by the game (so the
order in which players vanish from the square reveals nothing), and who could not be moved
because they are not in the game's voice at all. Only members found in the game's own channels
are ever moved: a player elsewhere in the server, or out of voice, is left alone and told.

Everything here is pure (no Discord, no I/O), so it is tested without either; ``bot.voice_rooms``
carries the plan out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

SQUARE = "square"  # the linked public room: the town square, the round table

# What a private room's people may do in it, and what everyone else may not.
MEMBER_ALLOW = frozenset({"view_channel", "connect", "speak", "use_voice_activation"})
BOT_ALLOW = frozenset({"view_channel", "connect", "move_members", "manage_channels"})
EVERYONE_DENY = frozenset({"view_channel", "connect"})


@dataclass(frozen=True)
class Room:
    """A private voice room of a game: ``key`` names it for the game ("cottage:42", "turret"),
    ``name`` is its channel's neutral name, ``members`` may see and join it."""

    key: str
    name: str
    members: frozenset[int]


@dataclass(frozen=True)
class Layout:
    """What a game's phase wants: its private rooms, where each member belongs (a room key or
    ``SQUARE``), the other rooms each may stay in (a whisper room by day), and ``phase``, a name
    of the phase: when it changes the table is told ``announce`` while the moves run."""

    phase: str
    rooms: tuple[Room, ...] = ()
    places: Mapping[int, str] = field(default_factory=dict)
    tolerated: Mapping[int, frozenset[str]] = field(default_factory=dict)
    announce: str | None = None

    def room(self, key: str) -> Room | None:
        return next((r for r in self.rooms if r.key == key), None)


@dataclass(frozen=True)
class Move:
    member: int
    room: str  # the destination's key
    channel: int  # the destination channel


@dataclass(frozen=True)
class Plan:
    """The moves to make, in order, and the members who belong in a private room but are not in
    the game's voice (they are told where to go, never dragged from elsewhere)."""

    moves: tuple[Move, ...]
    absent: tuple[int, ...]


def plan(
    layout: Layout, where: Mapping[int, int | None], channels: Mapping[str, int], seed: int
) -> Plan:
    """The moves that put everyone where ``layout`` wants them.

    ``where``: each member's voice channel now (None or missing: not in voice); ``channels``:
    each room's channel (``SQUARE`` included; rooms not made yet are missing). A member is moved
    only from one of these channels: into their place, unless they are there or in a room they
    may stay in; anyone else found in a private room they are not a member of (an admin who can
    see every room, a player whose whisper is over) goes back to the square.
    """
    ours = {channel: key for key, channel in channels.items()}
    moves: list[Move] = []
    absent: list[int] = []
    for member, place in sorted(layout.places.items()):
        destination = channels.get(place)
        if destination is None:
            continue
        now = where.get(member)
        if now not in ours:
            if place != SQUARE:
                absent.append(member)
            continue
        if now == destination or ours[now] in layout.tolerated.get(member, ()):
            continue
        moves.append(Move(member, place, destination))
    square = channels.get(SQUARE)
    if square is not None:
        for member, now in sorted((m, c) for m, c in where.items() if c is not None):
            key = ours.get(now)
            if member in layout.places or key is None or key == SQUARE:
                continue
            room = layout.room(key)
            if room is None or member not in room.members:
                moves.append(Move(member, SQUARE, square))
    random.Random(seed).shuffle(moves)
    return Plan(tuple(moves), tuple(absent))


@dataclass(frozen=True)
class Overwrite:
    """One permission overwrite as data: a role's or a member's allowed and denied permissions
    (names of ``discord.Permissions`` flags)."""

    target: int
    role: bool
    allow: frozenset[str] = frozenset()
    deny: frozenset[str] = frozenset()


def overwrites(room: Room, everyone: int, me: int) -> dict[int, Overwrite]:
    """The overwrites a private room needs: ``@everyone`` denied, its members and the bot let in."""
    wanted = {
        everyone: Overwrite(everyone, True, deny=EVERYONE_DENY),
        me: Overwrite(me, False, allow=BOT_ALLOW),
    }
    for member in sorted(room.members):
        wanted[member] = Overwrite(member, False, allow=MEMBER_ALLOW)
    return wanted


def overwrite_changes(
    room: Room,
    current: Mapping[int, Overwrite],
    people: frozenset[int],
    everyone: int,
    me: int,
) -> tuple[list[Overwrite], list[int]]:
    """What to set and what to remove so that ``room``'s channel has its overwrites, touching
    only those the bot makes: ``@everyone``'s, its own, and the game's ``people``'s. Any other
    overwrite (a moderator's role, say) is left as it is."""
    wanted = overwrites(room, everyone, me)
    ours = people | {everyone, me}
    put = [o for target, o in wanted.items() if current.get(target) != o]
    remove = [target for target in sorted(current) if target in ours and target not in wanted]
    return put, remove


def neutral_names(keys: Sequence[str], word: str, seed: int) -> dict[str, str]:
    """Names for private rooms that say nothing about whose they are: ``word`` numbered in an
    order shuffled by the game's seed (so neither seat nor join order shows), the returned dict
    in that order (create the channels in it, so the sidebar's order says nothing either)."""
    shuffled = sorted(keys)
    random.Random(seed).shuffle(shuffled)
    return {key: f"{word} {n}" for n, key in enumerate(shuffled, start=1)}


def whisper_key(a: int, b: int) -> str:
    low, high = sorted((a, b))
    return f"whisper:{low}:{high}"
