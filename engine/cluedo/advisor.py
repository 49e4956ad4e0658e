"""Advice for your turn: what to suggest, where to move, and whether to accuse.

Everything is scored in bits of expected information about the solution (see
``information``); a room you can reach is worth the best suggestion you could make there,
divided by the expected number of turns to get there (this one included), so rooms near and
far compare in one unit: expected bits per turn.
"""

from __future__ import annotations

from engine.cluedo.board import classic_board, turns_to_rooms
from engine.cluedo.cards import CLASSIC, resolve_card
from engine.cluedo.information import MODEL, Gain, Informant
from engine.cluedo.notebook import Notebook, facts_of
from engine.cluedo.report import entropy_bits, solve
from engine.cluedo.solver import reduce
from engine.core import RuleError

SHORTLIST = 4  # (suspect, weapon) pairs scored exactly per room when ranking where to move


def candidates(informant: Informant, room: int, shortlist: int | None = None) -> list[tuple]:
    """Suggestions to score in ``room``: every (suspect, weapon) pair, or with ``shortlist``
    only that many, those whose cards are most uncertain (largest summed binary entropy of
    "is it in the envelope"). Gains stay exact; only the choice of candidates is heuristic."""
    suspects, weapons, _ = informant.reduced.facts.deck.category_cards
    pairs = [(s, w) for s in suspects for w in weapons]
    if shortlist is not None:
        pairs.sort(
            key=lambda pair: -informant.uncertainty(pair[0]) - informant.uncertainty(pair[1])
        )
        pairs = pairs[:shortlist]
    return [(s, w, room) for s, w in pairs]


def best_in_room(
    informant: Informant, room: int, keep: int = 5, shortlist: int | None = None
) -> list[tuple[tuple, Gain]]:
    """The ``keep`` best suggestions among ``candidates`` in ``room``, best first."""
    found = [(cards, informant.gain(cards)) for cards in candidates(informant, room, shortlist)]
    found.sort(key=lambda item: (-item[1].bits, item[0]))
    return found[:keep]


def advise(
    notebook: Notebook,
    room: str | None = None,
    roll: int | None = None,
    accuse_at: float = 1.0,
    start: str | None = None,
) -> dict:
    """The ``advise --json`` output.

    ``room``: the room you are in (you may suggest there now); ``roll``: this turn's 2d6 total;
    ``start``: the suspect whose starting square you are on, when not in a room; ``accuse_at``:
    accuse once the most likely solution has at least this probability.
    """
    if roll is not None and not 2 <= roll <= 12:
        raise ValueError("A roll of two dice is between 2 and 12.")
    if not 0 < accuse_at <= 1:
        raise ValueError("The accusation threshold is a probability above 0 and at most 1.")
    deck = notebook.deck
    room = None if room is None else resolve_card(room, deck)
    if room is not None and deck.category_of[deck.index[room]] != 2:
        raise ValueError(f"{room} is not a room.")
    solution = solve(notebook)
    triples = sorted(solution.triple_probabilities().items(), key=lambda item: -item[1])
    (suspect, weapon, murder_room), top = triples[0]
    reduced = reduce(facts_of(notebook))
    if reduced is None:
        raise RuleError("The notebook is contradictory.")
    me = notebook.player_index(notebook.me)
    informant = Informant(reduced, me, len(notebook.players))
    names = deck.cards

    def describe(cards: tuple, gain: Gain) -> dict:
        return {
            "suspect": names[cards[0]],
            "weapon": names[cards[1]],
            "room": names[cards[2]],
            "expected_information_bits": gain.bits,
            "outcomes": [
                {
                    "responder": None if p is None else notebook.players[p],
                    "card": None if c is None else names[c],
                    "probability": q,
                }
                for p, c, q in gain.outcomes
            ],
        }

    advice: dict = {
        "model": MODEL,
        "entropy_bits": entropy_bits(p for _, p in triples),
        "consistent_deals": solution.consistent_deals,
        "accuse": {
            "recommended": top >= accuse_at - 1e-12,
            "threshold": accuse_at,
            "suspect": suspect,
            "weapon": weapon,
            "room": murder_room,
            "probability": top,
        },
        "suggestion": None,
        "movement": None,
    }
    if room is not None:
        ranked = best_in_room(informant, deck.index[room])
        advice["suggestion"] = describe(*ranked[0])
        advice["suggestion"]["alternatives"] = [
            {"suspect": names[c[0]], "weapon": names[c[1]], "expected_information_bits": g.bits}
            for c, g in ranked[1:]
        ]
    if deck == CLASSIC and (room is not None or start is not None):
        advice["movement"] = _movement(informant, room, roll, start, describe)
    return advice


def _movement(informant: Informant, room, roll, start, describe) -> dict:
    deck = informant.reduced.facts.deck
    start = None if start is None else resolve_card(start, deck)
    board = classic_board()
    if room is None and start not in board.starts:
        raise ValueError(f"{start} is not a suspect, so it has no starting square.")
    turns = turns_to_rooms(board, room, start, roll)
    options = []
    for name, needed in turns.items():
        cards, gain = best_in_room(informant, deck.index[name], 1, SHORTLIST)[0]
        options.append(
            {
                "room": name,
                "turns": needed,
                "expected_information_bits": gain.bits,
                "bits_per_turn": gain.bits / needed,
                "best_suggestion": {
                    "suspect": deck.cards[cards[0]],
                    "weapon": deck.cards[cards[1]],
                },
            }
        )
    options.sort(key=lambda o: (-o["bits_per_turn"], o["turns"], o["room"]))
    return {
        "from": room or f"{start}'s start",
        "roll": roll,
        "best": options[0]["room"],
        "rooms": options,
    }
