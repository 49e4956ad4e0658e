"""Cluedo: a notebook of what you have seen, an exact solver and an advisor.

The names below are the whole public surface the bot and the CLI use.
"""

from engine.cluedo.advisor import GainMemo, advise
from engine.cluedo.cards import CLASSIC, Deck, canonical_names, complete_card, resolve_card
from engine.cluedo.notebook import (
    Accusation,
    Notebook,
    Reveal,
    Shown,
    Suggestion,
    add_event,
    describe,
    event_from_json,
    event_to_json,
    new_notebook,
    notebook_from_json,
    notebook_to_json,
    resolve_player,
    undo,
)
from engine.cluedo.report import solution_report, solve
from engine.cluedo.solver import Solution

__all__ = [
    "CLASSIC",
    "Accusation",
    "Deck",
    "GainMemo",
    "Notebook",
    "Reveal",
    "Shown",
    "Solution",
    "Suggestion",
    "add_event",
    "advise",
    "canonical_names",
    "complete_card",
    "describe",
    "event_from_json",
    "event_to_json",
    "new_notebook",
    "notebook_from_json",
    "notebook_to_json",
    "resolve_card",
    "resolve_player",
    "solution_report",
    "solve",
    "undo",
]
