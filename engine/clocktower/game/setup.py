"""Before the first night: dealing characters, and the storyteller's setup rulings.

Characters are dealt as given (checked against the setup table with any modifiers, such as the
Baron's two extra Outsiders; Traveller characters exactly to the Travellers' seats) or drawn as a
balanced bag and shuffled round the seats. Then the storyteller rules each Traveller's alignment,
each character's own setup rulings (``Role.setup``: the Drunk's Townsfolk token, the Fortune
Teller's red herring) and the Demon's three bluffs, and each player is told the character they
believe they are (``Role.briefed_as``). (The lobby itself is ``seating``.)
"""

from __future__ import annotations

from functools import cache

from engine.clocktower.bag import BagError, balanced_bag
from engine.clocktower.catalogue import (
    EVIL_TEAMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SetupModifier,
    character,
    find,
    setup_counts,
)
from engine.clocktower.game.actions import Start
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.guards import refuse_unless, require_phase
from engine.clocktower.game.model import SYSTEM, Phase, Seat, State, evolve, seat, with_seat
from engine.clocktower.game.roles import automated_travellers, role
from engine.clocktower.script import Script, script_from_ids
from engine.core import Announce, Effect, RuleError, seeded_rng

BLUFF_OPTIONS = 6
_PLAIN = SetupModifier()


@cache
def script_of(script_ids: tuple[str, ...]) -> Script:
    return script_from_ids(list(script_ids))


def expected_counts(ids: list[str]) -> dict[str, int]:
    """The setup table's counts for these characters, with their setup modifiers applied."""
    counts = setup_counts(len(ids))
    for cid in dict.fromkeys(ids):
        mod = character(cid).setup
        if mod is not None and mod.outsiders != (0,):
            shift = max(mod.outsiders)
            counts["outsider"] += shift
            counts["townsfolk"] -= shift
        if mod is not None:
            counts["minion"] += mod.minions
    return counts


def _check_characters(state: State, ids: tuple[str, ...]) -> list[str]:
    refuse_unless(
        len(ids) == len(state.players),
        f"Give one character per player ({len(state.players)}), in seat order.",
    )
    found = []
    for player, cid in zip(state.players, ids, strict=True):
        char = find(cid)
        refuse_unless(
            char is not None and (char.id in state.script_ids or char.id in automated_travellers()),
            f"{cid} is not a character on this script.",
        )
        assert char is not None
        refuse_unless(
            (char.team == "traveller") == (player in state.travellers),
            "Traveller characters go to the Travellers' seats, and only there.",
        )
        found.append(char.id)
    refuse_unless(len(set(found)) == len(found), "Each character can be dealt only once.")
    residents = [cid for cid in found if character(cid).team != "traveller"]
    refuse_unless(
        MIN_PLAYERS <= len(residents) <= MAX_PLAYERS,
        f"{MIN_PLAYERS} to {MAX_PLAYERS} players besides the Travellers are needed.",
    )
    counts = {t: 0 for t in ("townsfolk", "outsider", "minion", "demon")}
    for cid in residents:
        counts[character(cid).team] += 1
    want = expected_counts(residents)
    refuse_unless(
        counts == want,
        "With these characters the setup needs "
        + ", ".join(f"{want[t]} {t}" for t in want)
        + f", not {', '.join(f'{counts[t]} {t}' for t in counts)}.",
    )
    return found


def _bag(state: State) -> list[str]:
    """A balanced bag shuffled round the residents' seats; Travellers get the bag's Travellers."""
    residents = len(state.players) - len(state.travellers)
    # The supported Travellers join the script so the bag deals only Travellers the engine runs.
    extra = tuple(t for t in automated_travellers() if t not in state.script_ids)
    try:
        bag = balanced_bag(
            script_of(state.script_ids + extra), residents, state.seed, len(state.travellers)
        )
    except BagError as exc:
        raise RuleError(str(exc)) from None
    ids = list(bag["characters"])
    seeded_rng(state.seed, "seats").shuffle(ids)
    travellers = iter(bag["travellers"])
    return [next(travellers) if p in state.travellers else ids.pop() for p in state.players]


def start(state: State, action: Start) -> tuple[State, list[Effect]]:
    require_phase(state, Phase.LOBBY, "The game has already started.")
    refuse_unless(
        action.by == state.storyteller
        or (state.bot and (action.by == SYSTEM or action.by in state.players)),
        "Only the storyteller can start the game.",
    )
    if action.characters:
        ids = _check_characters(state, action.characters)
    else:
        n = len(state.players) - len(state.travellers)
        refuse_unless(
            MIN_PLAYERS <= n <= MAX_PLAYERS,
            f"Clocktower needs {MIN_PLAYERS} to {MAX_PLAYERS} players besides any Travellers; "
            f"there are {n}.",
        )
        ids = _bag(state)
    seats = []
    for player, cid in zip(state.players, ids, strict=True):
        team = character(cid).team
        alignment = "evil" if team in EVIL_TEAMS else "good"
        seats.append(Seat(player, cid, cid, alignment, team))
    state = evolve(state, phase=Phase.SETUP, seats=tuple(seats))
    residents = sum(s.team != "traveller" for s in seats)
    travellers = tuple((s.player, s.character) for s in seats if s.team == "traveller")
    data = {"players": state.players, "counts": setup_counts(residents), "travellers": travellers}
    return state, [Announce("started", data)]


def _bluff_options(state: State) -> tuple[tuple[str, ...], ...]:
    in_play = {s.character for s in state.seats} | {s.shown for s in state.seats}
    spare = [
        c
        for c in state.script_ids
        if character(c).good and c not in in_play and (character(c).setup or _PLAIN).in_bag
    ]
    rng = seeded_rng(state.seed, "bluffs")
    options = []
    for _ in range(BLUFF_OPTIONS):
        options.append(tuple(sorted(rng.sample(spare, min(3, len(spare))))))
    return tuple(options)


def traveller_alignment(state: State, key: str, player: int) -> str:
    """The storyteller's choice of a Traveller's alignment."""
    return rule(state, key, "traveller_alignment", ("good", "evil"), truth=None, player=player)


def run_setup(state: State) -> tuple[State, list[Effect]]:
    """The setup rulings, then each player's character. Re-run from the start after a ruling."""
    for s in state.seats:
        if s.team == "traveller":
            side = traveller_alignment(state, f"setup:side:{s.player}", s.player)
            state = with_seat(state, s.player, alignment=side)
    for player in state.players:
        current = seat(state, player)
        state = role(current.character).setup(state, current)
    bluffs = rule(state, "setup:bluffs", "bluffs", _bluff_options(state), truth=None)
    state = evolve(state, bluffs=bluffs)
    effects: list[Effect] = []
    for s in state.seats:
        shown, believed = role(s.character).briefed_as(state, s)
        state, e = tell(state, s.player, "character", character=shown, alignment=believed)
        effects.append(e)
    return state, effects
