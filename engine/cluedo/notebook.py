"""A player's Cluedo notebook: who sits where, your hand, and an append-only log of events.

The notebook is a pure state machine in the ``engine.core`` style: ``add_event`` returns a new
notebook or raises ``RuleError`` with a sentence a player can read (naming the earlier entries a
contradictory one conflicts with), and ``undo`` drops the last entry. Events are frozen
dataclasses of plain values, so a notebook is stored as JSON and rebuilt by replaying it.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, replace
from typing import Any

from engine.cluedo.cards import CLASSIC, Deck, normalise, resolve_card, unknown_name_message
from engine.cluedo.constraints import Facts, mask_of, suggestion_facts
from engine.cluedo.solver import count_deals
from engine.core import RuleError


@dataclass(frozen=True)
class Suggestion:
    """``suggester`` named three cards; ``responder`` showed one (None: nobody could).

    Players asked before the responder, in seating order, could not show. ``shown`` is the card
    you saw, when you were the suggester (or the card you showed, when you responded).
    """

    suggester: str
    suspect: str
    weapon: str
    room: str
    responder: str | None
    shown: str | None = None


@dataclass(frozen=True)
class Shown:
    """``player`` showed you ``card`` (e.g. entered after the suggestion it answered)."""

    player: str
    card: str


@dataclass(frozen=True)
class Accusation:
    """``accuser`` accused; a failed accusation rules that exact triple out."""

    accuser: str
    suspect: str
    weapon: str
    room: str
    correct: bool = False


@dataclass(frozen=True)
class Reveal:
    """A card seen by other means: held by ``holder``, or (holder None) just not the answer."""

    card: str
    holder: str | None = None


Event = Suggestion | Shown | Accusation | Reveal
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls for cls in (Suggestion, Shown, Accusation, Reveal)
}


@dataclass(frozen=True)
class Notebook:
    """Seating order, you, your hand, every player's hand size and the accepted events."""

    players: tuple[str, ...]
    me: str
    my_cards: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    events: tuple[Event, ...] = ()
    deck: Deck = CLASSIC

    def player_index(self, name: str) -> int:
        return self.players.index(name)


def default_hand_sizes(deck: Deck, count: int) -> tuple[int, ...]:
    """The deal goes round the table, so the first players get the extra cards."""
    dealt = len(deck.cards) - 3
    return tuple(dealt // count + (1 if i < dealt % count else 0) for i in range(count))


def new_notebook(
    players: tuple[str, ...] | list[str],
    me: str,
    my_cards: tuple[str, ...] | list[str],
    hand_sizes: dict[str, int] | None = None,
    deck: Deck = CLASSIC,
) -> Notebook:
    """Start a notebook; ValueError with a readable sentence if the setup is impossible."""
    players = tuple(str(p).strip() for p in players)
    if not 2 <= len(players) <= 6:
        raise ValueError(f"Cluedo needs 2 to 6 players, not {len(players)}.")
    if any(not p for p in players) or len({p.lower() for p in players}) != len(players):
        raise ValueError("Player names must be non-empty and different from each other.")
    me = _resolve_in(players, me)
    cards = tuple(resolve_card(c, deck) for c in my_cards)
    if len(set(cards)) != len(cards):
        raise ValueError("Your hand lists the same card twice.")
    sizes = _hand_sizes(deck, players, hand_sizes)
    mine = sizes[players.index(me)]
    if len(cards) != mine:
        raise ValueError(f"Your hand should have {mine} cards, but {len(cards)} were given.")
    unknown = len(deck.cards) - len(cards)
    if unknown > MAX_UNKNOWN_CARDS:
        raise ValueError(
            f"With {unknown} cards of unknown place the exact count is too big; the deck and "
            f"your hand must leave at most {MAX_UNKNOWN_CARDS} unknown."
        )
    cards = tuple(sorted(cards, key=deck.index.__getitem__))
    return Notebook(players, me, cards, sizes, (), deck)


def _hand_sizes(
    deck: Deck, players: tuple[str, ...], given: dict[str, int] | None
) -> tuple[int, ...]:
    if not given:
        return default_hand_sizes(deck, len(players))
    if any(isinstance(size, bool) or not isinstance(size, int) for size in given.values()):
        raise ValueError("Hand sizes must be whole numbers of cards.")
    sizes = {_resolve_in(players, name): size for name, size in given.items()}
    missing = [p for p in players if p not in sizes]
    if missing:
        raise ValueError(f"Hand sizes are missing for {', '.join(missing)}.")
    if any(size < 0 for size in sizes.values()):
        raise ValueError("Hand sizes cannot be negative.")
    dealt = len(deck.cards) - 3
    if sum(sizes.values()) != dealt:
        raise ValueError(
            f"Hand sizes add up to {sum(sizes.values())}, but {dealt} cards are dealt."
        )
    return tuple(sizes[p] for p in players)


def _resolve_in(players: tuple[str, ...], name: str | None) -> str:
    text = str(name).strip()
    for player in players:
        if player.lower() == text.lower():
            return player
    raise ValueError(unknown_name_message("player", text, players))


def resolve_player(notebook: Notebook, name: str) -> str:
    """The seated player called ``name`` (any case); ValueError naming the closest names."""
    return _resolve_in(notebook.players, name)


def normalise_event(notebook: Notebook, event: Event) -> Event:
    """The same event with canonical card and player names; ValueError on unknown names."""
    deck = notebook.deck

    def who(name: str) -> str:
        return resolve_player(notebook, name)

    def card(name: str) -> str:
        return resolve_card(name, deck)

    if isinstance(event, Suggestion):
        return Suggestion(
            who(event.suggester),
            card(event.suspect),
            card(event.weapon),
            card(event.room),
            None if event.responder is None else who(event.responder),
            None if event.shown is None else card(event.shown),
        )
    if isinstance(event, Accusation):
        if not isinstance(event.correct, bool):
            raise ValueError(
                f"An accusation is either correct (true) or not (false), not {event.correct!r}."
            )
        return Accusation(
            who(event.accuser),
            card(event.suspect),
            card(event.weapon),
            card(event.room),
            event.correct,
        )
    if isinstance(event, Shown):
        return Shown(who(event.player), card(event.card))
    if isinstance(event, Reveal):
        return Reveal(card(event.card), None if event.holder is None else who(event.holder))
    raise ValueError(f"Unknown notebook entry {event!r}.")


def check_shape(notebook: Notebook, event: Event) -> None:
    """Refuse entries that are malformed on their own (before any deduction)."""
    deck = notebook.deck
    if isinstance(event, Suggestion | Accusation):
        kinds = [deck.category_of[deck.index[c]] for c in (event.suspect, event.weapon, event.room)]
        if kinds != [0, 1, 2]:
            raise RuleError("Name a suspect, a weapon and a room, in that order.")
    if isinstance(event, Suggestion):
        if event.responder == event.suggester:
            raise RuleError("A player cannot answer their own suggestion.")
        if event.shown is not None:
            if event.responder is None:
                raise RuleError("A card was shown, so someone must have shown it.")
            if event.shown not in (event.suspect, event.weapon, event.room):
                raise RuleError(f"{event.shown} is not one of the three cards suggested.")
            if notebook.me not in (event.suggester, event.responder):
                raise RuleError("You only see the card shown when you suggested or answered.")
    if isinstance(event, Shown) and event.player == notebook.me:
        raise RuleError("Your own cards are already in the notebook.")


def facts_of(
    notebook: Notebook, events: tuple[Event, ...] | None = None, hand: bool = True
) -> Facts:
    """The facts implied by the hand sizes, your hand (unless ``hand`` is false) and the given
    events (default: all of them)."""
    deck = notebook.deck
    facts = Facts.empty(deck, notebook.hand_sizes)
    if hand:
        me = notebook.player_index(notebook.me)
        mine = mask_of(deck, notebook.my_cards)
        facts = facts.with_has(me, mine).with_lacks(me, ((1 << len(deck.cards)) - 1) & ~mine)
    for event in notebook.events if events is None else events:
        facts = _apply(notebook, facts, event)
    return facts


def _apply(notebook: Notebook, facts: Facts, event: Event) -> Facts:
    deck, index = notebook.deck, notebook.player_index
    if isinstance(event, Suggestion):
        three = mask_of(deck, (event.suspect, event.weapon, event.room))
        responder = None if event.responder is None else index(event.responder)
        shown = None if event.shown is None else mask_of(deck, (event.shown,))
        return suggestion_facts(facts, index(event.suggester), three, responder, shown)
    if isinstance(event, Shown):
        return facts.with_has(index(event.player), mask_of(deck, (event.card,)))
    if isinstance(event, Reveal):
        card = mask_of(deck, (event.card,))
        if event.holder is None:
            return facts.with_envelope(lacks=card)
        return facts.with_has(index(event.holder), card)
    three = mask_of(deck, (event.suspect, event.weapon, event.room))
    if event.correct:
        return facts.with_envelope(has=three)
    return facts.with_envelope(excluded=three)


def describe(event: Event) -> str:
    """A short human description of one entry."""
    if isinstance(event, Suggestion):
        three = f"{event.suspect}, {event.weapon}, {event.room}"
        if event.responder is None:
            answer = "nobody could show"
        elif event.shown:
            answer = f"{event.responder} showed {event.shown}"
        else:
            answer = f"{event.responder} showed a card"
        return f"{event.suggester} suggested {three}; {answer}"
    if isinstance(event, Shown):
        return f"{event.player} showed you {event.card}"
    if isinstance(event, Reveal):
        if event.holder:
            return f"{event.card} seen in {event.holder}'s hand"
        return f"{event.card} ruled out of the envelope"
    verdict = "correctly" if event.correct else "wrongly"
    return f"{event.accuser} {verdict} accused {event.suspect}, {event.weapon}, {event.room}"


def add_event(notebook: Notebook, event: Event) -> Notebook:
    """Accept ``event`` or raise RuleError/ValueError; a contradiction names what it clashes with."""
    event = normalise_event(notebook, event)
    check_shape(notebook, event)
    events = notebook.events + (event,)
    if count_deals(facts_of(notebook, events)) == 0:
        raise RuleError(_conflict_sentence(notebook, event))
    return replace(notebook, events=events)


def _conflict_sentence(notebook: Notebook, event: Event) -> str:
    """Shrink the earlier entries to a minimal set that, with ``event``, admits no deal."""
    culprits = list(notebook.events)
    i = 0
    while i < len(culprits):
        trial = tuple(culprits[:i] + culprits[i + 1 :]) + (event,)
        if count_deals(facts_of(notebook, trial)) == 0:
            culprits.pop(i)
        else:
            i += 1
    numbers = {id(e): n for n, e in enumerate(notebook.events, start=1)}
    named = [f"entry {numbers[id(e)]} ({describe(e)})" for e in culprits]
    facts = facts_of(notebook, (*culprits, event), hand=False)
    full = [
        f"{player} holding {_cards_count(size)}"
        for player, size, has in zip(notebook.players, notebook.hand_sizes, facts.has, strict=True)
        if has.bit_count() > size
    ]
    if count_deals(facts):
        named.insert(0, "your hand")
    elif not named and not full:
        sizes = ", ".join(
            f"{p} {n}" for p, n in zip(notebook.players, notebook.hand_sizes, strict=True)
        )
        full = [f"the hand sizes ({sizes})"]
    return f"That cannot be right: {describe(event)} contradicts {_join(full + named)}."


def _cards_count(size: int) -> str:
    return "no cards" if size == 0 else f"only {size} card{'' if size == 1 else 's'}"


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def undo(notebook: Notebook) -> Notebook:
    """Remove the last entry."""
    if not notebook.events:
        raise RuleError("The notebook has no entries to undo.")
    return replace(notebook, events=notebook.events[:-1])


def event_to_json(event: Event) -> dict[str, Any]:
    """An entry in the LOG.json shape (suggestions and accusations need no type tag)."""
    fields = {name: getattr(event, name) for name in event.__dataclass_fields__}
    if isinstance(event, Suggestion | Accusation):
        return fields
    return {"type": type(event).__name__.lower(), **fields}


def event_from_json(data: Any) -> Event:
    """Read one LOG.json entry; the type is explicit or told by its keys."""
    if not isinstance(data, dict):
        raise ValueError("Each event must be a JSON object.")
    data = dict(data)
    kind = data.pop("type", "")
    kind = kind.lower() if isinstance(kind, str) else ""
    if not kind:
        kind = "accusation" if "accuser" in data else "suggestion" if "suggester" in data else ""
    classes = {name.lower(): cls for name, cls in EVENT_TYPES.items()}
    if kind not in classes:
        raise ValueError(f"Cannot tell what kind of event this is: {json.dumps(data)}.")
    cls = classes[kind]
    fields = [f.name for f in dataclasses.fields(cls)]
    unknown = [key for key in data if key not in fields]
    if unknown:
        raise ValueError(f'A {kind} has the fields {", ".join(fields)}, not "{unknown[0]}".')
    for key in fields:
        if key not in data and key not in OPTIONAL_FIELDS:
            raise ValueError(f"A {kind} needs {_REQUIRED_HINT.get(key, key)}.")
    for key, value in data.items():
        if key == "correct":
            if not isinstance(value, bool):
                raise ValueError(
                    f"An accusation's correct is true or false (no quotes), not {json.dumps(value)}."
                )
        elif not isinstance(value, str) and not (value is None and key in NULLABLE_FIELDS):
            raise ValueError(f"A {kind}'s {key} must be a name in quotes, not {json.dumps(value)}.")
    return cls(**data)


OPTIONAL_FIELDS = {"shown", "holder"}  # may be left out (meaning null)
NULLABLE_FIELDS = {"responder", "shown", "holder"}
_REQUIRED_HINT = {
    "responder": "a responder (null when nobody could show a card)",
    "correct": "correct: true or false",
}
LOG_FIELDS = ("players", "hand_sizes", "me", "my_cards", "events", "deck")
MAX_UNKNOWN_CARDS = 21  # the classic game with an empty hand; the work doubles with each card


def notebook_to_json(notebook: Notebook) -> dict[str, Any]:
    """The LOG.json form: replaying it with ``notebook_from_json`` rebuilds the notebook."""
    data: dict[str, Any] = {
        "players": list(notebook.players),
        "hand_sizes": dict(zip(notebook.players, notebook.hand_sizes, strict=True)),
        "me": notebook.me,
        "my_cards": list(notebook.my_cards),
        "events": [event_to_json(e) for e in notebook.events],
    }
    if notebook.deck != CLASSIC:
        deck = notebook.deck
        data["deck"] = {"suspects": deck.suspects, "weapons": deck.weapons, "rooms": deck.rooms}
    return data


def notebook_from_json(data: Any) -> Notebook:
    """Validate and replay a LOG.json document; ValueError/RuleError name the faulty part."""
    if not isinstance(data, dict):
        raise ValueError("The log must be a JSON object with players, me, my_cards and events.")
    unknown = [key for key in data if key not in LOG_FIELDS]
    if unknown:
        raise ValueError(
            f'The log has no field "{unknown[0]}"; its fields are {", ".join(LOG_FIELDS)}.'
        )
    missing = [key for key in ("players", "me", "my_cards") if key not in data]
    if missing:
        raise ValueError(f"The log is missing {', '.join(missing)}.")
    players = _names(data["players"], 'players must be a list of names, like ["Ann", "Bob", "Cat"]')
    if not isinstance(data["me"], str):
        raise ValueError("me must be one of the players' names, in quotes.")
    cards = _names(data["my_cards"], 'my_cards must be a list of card names, like ["Rope", "Hall"]')
    sizes = data.get("hand_sizes")
    if sizes is not None and not (
        isinstance(sizes, dict)
        and all(isinstance(n, int) and not isinstance(n, bool) for n in sizes.values())
    ):
        raise ValueError(
            'hand_sizes must give each player a whole number of cards, like {"Ann": 6, "Bob": 6}.'
        )
    deck = CLASSIC if data.get("deck") is None else _deck(data["deck"])
    notebook = new_notebook(players, data["me"], cards, sizes, deck)
    events = data.get("events")
    if events is not None and not isinstance(events, list):
        raise ValueError("The log's events must be a list.")
    for number, entry in enumerate(events or [], start=1):
        try:
            notebook = add_event(notebook, event_from_json(entry))
        except (ValueError, RuleError) as exc:
            raise type(exc)(f"Event {number}: {exc}") from None
    return notebook


def _names(value: Any, problem: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(problem + ".")
    return value


def _deck(spec: Any) -> Deck:
    """A custom deck from {"suspects": [...], "weapons": [...], "rooms": [...]}."""
    problem = "deck must have suspects, weapons and rooms, each a non-empty list of names"
    if not isinstance(spec, dict) or set(spec) != {"suspects", "weapons", "rooms"}:
        raise ValueError(problem + ".")
    parts = [_names(spec[key], problem) for key in ("suspects", "weapons", "rooms")]
    if not all(parts):
        raise ValueError(problem + ".")
    names = [name.strip() for part in parts for name in part]
    if not all(names) or len({normalise(n) for n in names}) != len(names):
        raise ValueError("The deck's card names must be non-empty and all different.")
    return Deck(*(tuple(name.strip() for name in part) for part in parts))
