"""Advice for your turn: what to suggest, where to move, and whether to accuse.

Everything is scored in bits of expected information about the solution (see
``information``). A room you can reach is worth the best of all 36 suggestions you could make
there, divided by the expected number of turns to get there (this one included), so rooms near
and far compare in one unit: expected bits per turn. Every room is scored the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cluedo.board import classic_board, turns_to_rooms
from engine.cluedo.cards import CLASSIC, Deck, resolve_card
from engine.cluedo.information import MODEL, Gain, Informant
from engine.cluedo.notebook import Notebook, facts_of
from engine.cluedo.report import entropy_bits
from engine.cluedo.solver import reduce, solve_reduced
from engine.core import RuleError

ALTERNATIVES = 4  # runner-up suggestions shown besides the best
GainTable = dict[tuple[int, int, int], Gain]
MAX_UNKNOWN = 18  # cards of unknown place beyond which suggestions are not scored


def advise(
    notebook: Notebook,
    room: str | None = None,
    roll: int | None = None,
    accuse_at: float | None = None,
    start: str | None = None,
    near: dict[str, int] | None = None,
    accuse_bits: float | None = None,
    memo: GainMemo | None = None,
) -> dict[str, Any]:
    """The ``advise --json`` output.

    Where you are: ``room`` (you may suggest there now), ``start`` (the suspect whose starting
    square you are on) or ``near`` (in a corridor, so many steps from each named room).
    ``roll``: this turn's 2d6 total. Accuse once the likeliest solution has probability at
    least ``accuse_at`` and/or at most ``accuse_bits`` of uncertainty remain (both given: both
    must hold; neither: only a certain solution). ``memo``: a caller advising again on the
    same notebook (another roll, another room) gets the suggestions' gains from it.
    """
    if roll is not None and not 2 <= roll <= 12:
        raise ValueError("A roll of two dice is between 2 and 12.")
    if accuse_at is not None and not 0 < accuse_at <= 1:
        raise ValueError("The accusation threshold is a probability above 0 and at most 1.")
    if accuse_bits is not None and accuse_bits < 0:
        raise ValueError("The accusation threshold in bits cannot be negative.")
    deck = notebook.deck
    room = _card_of(room, 2, "room", deck)
    start = _card_of(start, 0, "suspect", deck)
    near = {_room(r, deck): _steps(n) for r, n in (near or {}).items()}
    reduced = reduce(facts_of(notebook))
    if reduced is None:
        raise RuleError("The notebook is contradictory.")
    solution = solve_reduced(reduced, notebook.players)
    triples = sorted(solution.triple_probabilities().items(), key=lambda item: -item[1])
    (suspect, weapon, murder_room), top = triples[0]
    entropy = entropy_bits(p for _, p in triples)
    if accuse_at is None and accuse_bits is None:
        accuse_at = 1.0
    recommended = (accuse_at is None or top >= accuse_at - 1e-12) and (
        accuse_bits is None or entropy <= accuse_bits + 1e-12
    )
    advice: dict[str, Any] = {
        "model": MODEL,
        "entropy_bits": entropy,
        "consistent_deals": solution.consistent_deals,
        "accuse": {
            "recommended": recommended,
            "threshold": accuse_at,
            "entropy_threshold_bits": accuse_bits,
            "suspect": suspect,
            "weapon": weapon,
            "room": murder_room,
            "probability": top,
        },
        "suggestion": None,
        "movement": None,
        "note": None,
    }
    moving = deck == CLASSIC and (room is not None or start is not None or bool(near))
    if room is None and not moving:
        return advice
    if reduced.bits > MAX_UNKNOWN:
        advice["note"] = (
            f"Suggestions are not scored while {reduced.bits} cards are of unknown place (at "
            f"most {MAX_UNKNOWN}: the work doubles with each card); the odds above are exact."
        )
        return advice
    turns = turns_to_rooms(classic_board(), room, start, roll, near) if moving else {}
    rooms = tuple(sorted({deck.index[r] for r in turns} | {deck.index[r] for r in [room] if r}))

    def gains() -> dict[tuple[int, int, int], Gain]:
        prior = [solution.triple_counts.get(t, 0) for t in reduced.triples]
        me = notebook.player_index(notebook.me)
        return Informant(reduced, me, len(notebook.players), prior).table(list(rooms))

    table = gains() if memo is None else memo.table(notebook, rooms, gains)
    ranked = sorted(table.items(), key=lambda item: (-item[1].bits, item[0]))
    name = _Names(notebook)
    if room is not None:
        here = [(cards, gain) for cards, gain in ranked if cards[2] == deck.index[room]]
        advice["suggestion"] = name.suggestion(*here[0])
        advice["suggestion"]["alternatives"] = [
            {
                "suspect": name.card(c[0]),
                "weapon": name.card(c[1]),
                "expected_information_bits": g.bits,
            }
            for c, g in here[1 : 1 + ALTERNATIVES]
        ]
    if moving:
        advice["movement"] = _movement(ranked, turns, name, room, start, near, roll)
    return advice


Ranked = list[tuple[tuple[int, int, int], Gain]]


def _movement(
    ranked: Ranked,
    turns: dict[str, float],
    name: _Names,
    room: str | None,
    start: str | None,
    near: dict[str, int],
    roll: int | None,
) -> dict[str, Any]:
    """Each reachable room's best suggestion per expected turn, best first."""
    best: dict[str, tuple[tuple[int, int, int], Gain]] = {}
    for cards, gain in ranked:
        best.setdefault(name.card(cards[2]), (cards, gain))
    options: list[dict[str, Any]] = [
        {
            "room": where,
            "turns": needed,
            "expected_information_bits": best[where][1].bits,
            "bits_per_turn": best[where][1].bits / needed,
            "best_suggestion": {
                "suspect": name.card(best[where][0][0]),
                "weapon": name.card(best[where][0][1]),
            },
        }
        for where, needed in turns.items()
    ]
    options.sort(key=lambda o: (-o["bits_per_turn"], o["turns"], o["room"]))
    if room is not None:
        origin = room
    elif start is not None:
        origin = f"{start}'s start"
    else:
        away = " and ".join(
            f"{n} step{'' if n == 1 else 's'} from the {r}" for r, n in near.items()
        )
        origin = f"the corridor, {away}"
    return {"from": origin, "roll": roll, "best": options[0]["room"], "rooms": options}


class _Names:
    """Card indices and player numbers as the names in the JSON output."""

    def __init__(self, notebook: Notebook) -> None:
        self.cards, self.players = notebook.deck.cards, notebook.players

    def card(self, index: int) -> str:
        return self.cards[index]

    def suggestion(self, cards: tuple[int, int, int], gain: Gain) -> dict[str, Any]:
        return {
            "suspect": self.card(cards[0]),
            "weapon": self.card(cards[1]),
            "room": self.card(cards[2]),
            "expected_information_bits": gain.bits,
            "outcomes": [
                {
                    "responder": None if p is None else self.players[p],
                    "card": None if c is None else self.card(c),
                    "probability": q,
                }
                for p, c, q in gain.outcomes
            ],
        }


def _card_of(name: str | None, category: int, kind: str, deck: Deck) -> str | None:
    """The card ``name`` must be of ``category``; ValueError naming the closest otherwise."""
    if name is None:
        return None
    card = resolve_card(name, deck)
    if deck.category_of[deck.index[card]] != category:
        raise ValueError(f"{card} is not a {kind}.")
    return card


def _room(name: str, deck: Deck) -> str:
    room = _card_of(name, 2, "room", deck)
    assert room is not None
    return room


def _steps(count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"Steps from a room are a whole number of at least 1, not {count!r}.")
    return count


class GainMemo:
    """The suggestion gains of the last notebook advised on, for a caller (one user's open
    notebook in the bot) that asks again before anything new is entered: gains depend only
    on the notebook, not on the roll or where you stand."""

    def __init__(self) -> None:
        # (notebook, rooms, table): replaced in one step
        self._held: tuple[Notebook, tuple[int, ...], GainTable] | None = None

    def table(
        self, notebook: Notebook, rooms: tuple[int, ...], compute: Callable[[], GainTable]
    ) -> GainTable:
        held = self._held
        if held is not None and held[0] == notebook and set(rooms) <= set(held[1]):
            return held[2]
        table = compute()
        self._held = (notebook, rooms, table)
        return table
