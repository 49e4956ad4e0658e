"""Simulated games with a known deal: the notebook of player 0 after each suggestion.

Used by the tests (the true solution must never be ruled out) and the benchmark (states from
the first turn to the late game). Players suggest uniformly random triples; a responder holding
several of the cards shows a random one; you see the card only when you are involved.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.cluedo.cards import CLASSIC, Deck
from engine.cluedo.notebook import Notebook, Suggestion, add_event, default_hand_sizes, new_notebook
from engine.core import seeded_rng


@dataclass(frozen=True)
class Deal:
    envelope: tuple[str, str, str]
    hands: tuple[tuple[str, ...], ...]


def deal(deck: Deck, players: int, seed: int) -> Deal:
    rng = seeded_rng(seed, "deal")
    suspect, weapon, room = (deck.cards[rng.choice(cards)] for cards in deck.category_cards)
    envelope = (suspect, weapon, room)
    rest = [c for c in deck.cards if c not in envelope]
    rng.shuffle(rest)
    hands, at = [], 0
    for size in default_hand_sizes(deck, players):
        hands.append(tuple(rest[at : at + size]))
        at += size
    return Deal(envelope, tuple(hands))


def simulate(
    players: int, seed: int, turns: int = 60, deck: Deck = CLASSIC, first: int = 0
) -> Iterator[tuple[Notebook, Deal]]:
    """Yield (notebook of player 0, true deal) before the first and after each of ``turns``
    suggestions; player ``first`` suggests first, then the turn goes round the table."""
    truth = deal(deck, players, seed)
    names = tuple(f"P{i}" for i in range(players))
    notebook = new_notebook(names, names[0], truth.hands[0], deck=deck)
    rng = seeded_rng(seed, "play")
    yield notebook, truth
    for turn in range(turns):
        suggester = (first + turn) % players
        suspect, weapon, room = (
            rng.choice([deck.cards[c] for c in cards]) for cards in deck.category_cards
        )
        three = (suspect, weapon, room)
        responder, shown = None, None
        for step in range(1, players):
            player = (suggester + step) % players
            held = [c for c in three if c in truth.hands[player]]
            if held:
                responder, shown = player, rng.choice(held)
                break
        seen = shown if responder is not None and 0 in (suggester, responder) else None
        event = Suggestion(
            names[suggester],
            suspect,
            weapon,
            room,
            None if responder is None else names[responder],
            seen,
        )
        notebook = add_event(notebook, event)
        yield notebook, truth
