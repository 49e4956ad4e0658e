"""The deck: three categories of cards, their usual aliases, and forgiving name lookup.

Cards are identified by index into ``Deck.cards`` (suspects, then weapons, then rooms) so the
solver can work with bit masks; names are only for people.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cached_property

CATEGORIES = ("suspect", "weapon", "room")


@dataclass(frozen=True)
class Deck:
    """A Cluedo deck; the envelope holds exactly one card of each category."""

    suspects: tuple[str, ...]
    weapons: tuple[str, ...]
    rooms: tuple[str, ...]

    @cached_property
    def cards(self) -> tuple[str, ...]:
        return self.suspects + self.weapons + self.rooms

    @cached_property
    def category_of(self) -> tuple[int, ...]:
        """Category index (0 suspect, 1 weapon, 2 room) of each card index."""
        sizes = (len(self.suspects), len(self.weapons), len(self.rooms))
        return tuple(cat for cat, size in enumerate(sizes) for _ in range(size))

    @cached_property
    def category_cards(self) -> tuple[tuple[int, ...], ...]:
        """Card indices of each category."""
        return tuple(
            tuple(i for i, c in enumerate(self.category_of) if c == cat) for cat in range(3)
        )

    @cached_property
    def index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.cards)}

    @cached_property
    def triples(self) -> tuple[tuple[int, int, int], ...]:
        """Every possible envelope (suspect, weapon, room) as card indices."""
        s, w, r = self.category_cards
        return tuple((a, b, c) for a in s for b in w for c in r)


CLASSIC = Deck(
    suspects=("Scarlett", "Mustard", "White", "Green", "Peacock", "Plum"),
    weapons=("Candlestick", "Dagger", "Lead Pipe", "Revolver", "Rope", "Wrench"),
    rooms=(
        "Kitchen",
        "Ballroom",
        "Conservatory",
        "Dining Room",
        "Billiard Room",
        "Library",
        "Lounge",
        "Hall",
        "Study",
    ),
)

# Other names the same cards go by in various editions (keys are already normalised).
ALIASES = {
    "scarlet": "Scarlett",
    "knife": "Dagger",
    "spanner": "Wrench",
    "pipe": "Lead Pipe",
    "lead piping": "Lead Pipe",
    "candle stick": "Candlestick",
    "candle": "Candlestick",
    "pistol": "Revolver",
    "gun": "Revolver",
    "billiards room": "Billiard Room",
    "billiard": "Billiard Room",
    "billiards": "Billiard Room",
    "ball room": "Ballroom",
    "dining": "Dining Room",
    "diningroom": "Dining Room",
    "dining hall": "Dining Room",
}

# How the suspects are usually called in full, for completing what someone starts to type.
TITLED = {
    "Scarlett": ("Miss Scarlett", "Miss Scarlet"),
    "Mustard": ("Colonel Mustard",),
    "White": ("Mrs White",),
    "Green": ("Mr Green", "Reverend Green"),
    "Peacock": ("Mrs Peacock",),
    "Plum": ("Professor Plum",),
}

_TITLES = {"miss", "ms", "colonel", "col", "mrs", "mr", "reverend", "rev", "professor", "prof"}
_TITLES |= {"dr", "doctor", "the"}


def normalise(name: str) -> str:
    """Lower case, punctuation and titles stripped: 'Col. Mustard' -> 'mustard'."""
    words = _plain(name).split()
    kept = [w for w in words if w not in _TITLES]
    return " ".join(kept or words)


def canonical_names(deck: Deck = CLASSIC) -> tuple[str, ...]:
    """Card names for autocomplete, in deck order."""
    return deck.cards


def complete_card(typed: str, category: int | None = None, deck: Deck = CLASSIC) -> list[str]:
    """Cards (of ``category``, None: any) that ``typed`` could be the start of, in deck order:
    'Kni' -> Dagger (Knife), 'Miss Sc' -> Scarlett, 'Colonel M' -> Mustard.

    A card matches when one of its names - the card, an alias, a titled name - starts with
    what was typed (without case or punctuation), or, from three letters on, contains it.
    Typed with a title, only the titled names count if any fits ('Professor P' is Plum, not
    Peacock).
    """
    wanted = range(len(deck.cards)) if category is None else deck.category_cards[category]
    cards = [deck.cards[i] for i in wanted]
    plain, bare = _plain(typed), normalise(typed)
    titled = {c for c in cards if any(_plain(n).startswith(plain) for n in TITLED.get(c, ()))}
    if titled and plain != bare:
        return [c for c in cards if c in titled]
    aliases: dict[str, list[str]] = {card: [normalise(card)] for card in cards}
    for alias, card in ALIASES.items():
        if card in aliases:
            aliases[card].append(alias)
    return [
        card
        for card in cards
        if card in titled
        or any(n.startswith(bare) or (len(bare) >= 3 and bare in n) for n in aliases[card])
    ]


def _plain(name: str) -> str:
    """Lower case with punctuation stripped (titles kept)."""
    return " ".join(re.sub(r"[^a-z0-9 ]", " ", name.lower()).split())


def _lookup(deck: Deck) -> dict[str, str]:
    table = {normalise(name): name for name in deck.cards}
    table.update({alias: card for alias, card in ALIASES.items() if card in deck.index})
    return table


def closest(word: str, choices: list[str] | tuple[str, ...], count: int = 3) -> list[str]:
    """Up to ``count`` of ``choices`` that look like ``word``."""
    lowered = {choice.lower(): choice for choice in choices}
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=count, cutoff=0.4)
    return [lowered[hit] for hit in hits]


def unknown_name_message(kind: str, name: str, choices: tuple[str, ...] | list[str]) -> str:
    """'No card called "Kniff"; did you mean Knife?' - one sentence for a user."""
    near = closest(name, choices)
    hint = (
        f"; did you mean {' or '.join(near)}?" if near else f"; choose from {', '.join(choices)}."
    )
    return f'No {kind} called "{name}"{hint}'


def resolve_card(name: str, deck: Deck = CLASSIC) -> str:
    """The canonical card name for ``name`` (any case, title or alias); ValueError otherwise."""
    table = _lookup(deck)
    key = normalise(str(name))
    if key in table:
        return table[key]
    suggestions = closest(key, list(table))
    first: dict[str, str] = {}
    for hit in suggestions:
        first.setdefault(table[hit], _shown_as(hit, table[hit]))
    names = list(first.values())
    hint = f"; did you mean {' or '.join(names)}?" if names else "."
    raise ValueError(f'No card called "{name}"{hint}')


def _shown_as(key: str, card: str) -> str:
    """An alias is shown with its card: 'Knife (Dagger)'."""
    return card if normalise(card) == key else f"{key.title()} ({card})"
