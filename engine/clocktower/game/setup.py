"""Before the first night: dealing characters, and the storyteller's setup rulings.

Characters are dealt as given (in seat order, or with ``shuffle`` at random among the seats), or
drawn as a balanced bag and shuffled round the seats; Traveller characters go exactly to the
Travellers' seats. A deal is checked against the setup table with its characters' setup
modifiers (the Baron's two extra Outsiders): the bot storyteller deals only legal setups, while a
human storyteller may deal any (some modifiers are theirs to apply by hand) and is told where it
differs. Then the storyteller rules each Traveller's alignment; the dealt characters move to
where a character's seating rule says they sit (``Role.arranges``: the Lord of Typhon's Minions
either side of it); then each character's own setup rulings (``Role.setup``: the Drunk's
Townsfolk token, the Fortune Teller's red herring) and, with seven or more players, the Demon's three bluffs; each player is told the character they believe
they are (``Role.briefed_as``). A human storyteller is also told what they run by hand.
(The lobby itself is ``seating``.)
"""

from __future__ import annotations

from engine.clocktower.bag import BagError, balanced_bag
from engine.clocktower.catalogue import (
    EVIL_TEAMS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Character,
    SetupModifier,
    characters,
    setup_counts,
)
from engine.clocktower.counts import Counts, clash, copies_allowed, dealt_counts, legal_counts
from engine.clocktower.game.actions import Start
from engine.clocktower.game.cast import base_edition, char, find_char, game_script, playable
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import (
    CharacterTold,
    CharacterUnknown,
    SetupNotes,
    Started,
    Told,
)
from engine.clocktower.game.guards import refuse_unless, require_phase
from engine.clocktower.game.markers import info_nights
from engine.clocktower.game.model import (
    SYSTEM,
    Field,
    Form,
    Phase,
    Seat,
    State,
    evolve,
    seat,
    with_seat,
)
from engine.clocktower.game.roles import (
    REGISTRY,
    automated_travellers,
    role,
    seats_having,
    unheld_seat,
)
from engine.clocktower.game.secrecy import hidden
from engine.core import Effect, RuleError, seeded_rng

BLUFF_OPTIONS = 6
# A reminder on a player whose character (its note) may be among the bluffs though in play (the
# Pope's duplicates).
BLUFFABLE = "bluffable"
TEAMS = ("townsfolk", "outsider", "minion", "demon")
_PLAIN = SetupModifier()
Result = tuple[State, list[Effect]]


def legal_deals(state: State, ids: list[str]) -> frozenset[Counts]:
    """The team counts (``TEAMS`` order) a legal deal of these residents' characters may have
    on this game's script: every value of every setup modifier in play (``counts.legal_counts``,
    the rules the bag deals by)."""
    return legal_counts([char(state, cid) for cid in ids], game_script(state).characters)


def counts_text(counts: Counts) -> str:
    return ", ".join(f"{n} {team}" for n, team in zip(counts, TEAMS, strict=True))


def traveller_pool(state: State) -> tuple[str, ...]:
    """The Travellers this game may deal: the script's own, then the bot storyteller's automated
    ones that fit the script, or (with a human storyteller, who runs them) every official one."""
    own = tuple(c for c in state.script_ids if char(state, c).team == "traveller")
    if state.bot:
        return tuple(dict.fromkeys(own + fitting_travellers(state)))
    official = tuple(c.id for c in characters() if c.team == "traveller")
    return tuple(dict.fromkeys(own + official))


def fitting_travellers(state: State) -> tuple[str, ...]:
    """The automated Travellers that fit the script: its base edition's, or every automated one
    for a script that mixes editions or has homebrew."""
    return automated_travellers(base_edition(state))


def _check_characters(state: State, ids: tuple[str, ...]) -> tuple[list[str], str]:
    """The dealt ids, and where their counts differ from the setup table ("" if nowhere)."""
    refuse_unless(
        len(ids) == len(state.players),
        f"Give one character per player ({len(state.players)}), in seat order.",
    )
    dealable = set(playable(state)) | set(traveller_pool(state))
    found = []
    for player, cid in zip(state.players, ids, strict=True):
        known = find_char(state, cid)
        refuse_unless(
            known is not None and known.id in dealable,
            f"{cid} is not a character on this script that a player can hold.",
        )
        assert known is not None
        refuse_unless(
            (known.team == "traveller") == (player in state.travellers),
            "Traveller characters go to the Travellers' seats, and only there.",
        )
        found.append(known.id)
    for cid in dict.fromkeys(found):
        refuse_unless(
            found.count(cid) <= most_copies(char(state, cid)),
            "Each character can be dealt only once (a few, such as the Village Idiot, a "
            "few times).",
        )
    residents = [cid for cid in found if char(state, cid).team != "traveller"]
    refuse_unless(
        MIN_PLAYERS <= len(residents) <= MAX_PLAYERS,
        f"{MIN_PLAYERS} to {MAX_PLAYERS} players besides the Travellers are needed.",
    )
    clashing = clash(char(state, cid) for cid in residents)
    if clashing is not None:
        a, b = (char(state, cid).name for cid in clashing)
        note = f"The {a} and the {b} may not both be in play (their jinx)."
        refuse_unless(not state.bot, note)
        return found, note
    dealt = dealt_counts(char(state, cid) for cid in residents)
    legal = legal_deals(state, residents)
    missing = [
        f"the {char(state, cid).name} brings the {char(state, need).name} into play"
        for cid in dict.fromkeys(residents)
        for need in (char(state, cid).setup or _PLAIN).requires
        if need not in residents
    ]
    if dealt in legal and not missing:
        return found, ""
    note = " ".join(f"{m[0].upper()}{m[1:]}, who is not dealt." for m in missing)
    if dealt not in legal:
        note += (
            (" " if note else "")
            + "With these characters the setup table gives "
            + " or ".join(counts_text(c) for c in sorted(legal, key=lambda c: c[1]))
            + f"; this deal has {counts_text(dealt)}."
        )
    refuse_unless(not state.bot, note)
    return found, note


def most_copies(character: Character) -> int:
    """How many players may hold ``character`` at the start: one, more for a character whose
    setup adds copies of itself (the Village Idiot's +0 to +2), any number for one that fills
    slots or most seats (a bag-duplicate, Legion)."""
    m = character.setup or _PLAIN
    return MAX_PLAYERS if m.duplicates or m.majority else copies_allowed(character)


def _shuffled(state: State, ids: list[str]) -> list[str]:
    """The dealt characters shuffled among the residents' seats (and the Travellers')."""
    rng = seeded_rng(state.seed, "deal")
    residents = [c for c in ids if char(state, c).team != "traveller"]
    travellers = [c for c in ids if char(state, c).team == "traveller"]
    rng.shuffle(residents)
    rng.shuffle(travellers)
    return [travellers.pop() if p in state.travellers else residents.pop() for p in state.players]


def _bag(state: State) -> list[str]:
    """A balanced bag shuffled round the residents' seats; Travellers get the bag's Travellers."""
    residents = len(state.players) - len(state.travellers)
    extra = tuple(t for t in traveller_pool(state) if t not in state.script_ids)
    try:
        bag = balanced_bag(game_script(state, extra), residents, state.seed, len(state.travellers))
    except BagError as exc:
        raise RuleError(str(exc)) from None
    ids = list(bag["characters"])
    seeded_rng(state.seed, "seats").shuffle(ids)
    travellers = iter(bag["travellers"])
    return [next(travellers) if p in state.travellers else ids.pop() for p in state.players]


def start(state: State, action: Start) -> Result:
    require_phase(state, Phase.LOBBY, "The game has already started.")
    refuse_unless(
        action.by == state.storyteller
        or (state.bot and (action.by == SYSTEM or action.by in state.players)),
        "Only the storyteller can start the game.",
    )
    note = ""
    if action.characters:
        ids, note = _check_characters(state, action.characters)
        if action.shuffle:
            ids = _shuffled(state, ids)
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
        team = char(state, cid).team
        alignment = "evil" if team in EVIL_TEAMS else "good"
        seats.append(Seat(player, cid, cid, alignment, team))
    state = evolve(state, phase=Phase.SETUP, seats=tuple(seats))
    residents = sum(s.team != "traveller" for s in seats)
    travellers = tuple((s.player, s.character) for s in seats if s.team == "traveller")
    fabled = tuple(c.id for c in game_script(state).characters if c.team in ("fabled", "loric"))
    effects: list[Effect] = [Started(state.players, setup_counts(residents), travellers, fabled)]
    if state.storyteller is not None:
        state, notes = _storyteller_notes(state, note, fabled)
        effects += notes
    return state, effects


def _storyteller_notes(state: State, note: str, fabled: tuple[str, ...]) -> Result:
    """What a human storyteller runs by hand: the characters in play the engine does not
    automate (each wakes with a panel of tools), homebrew characters with no night-order number
    (never woken), the Fabled; and where their deal differs from the setup table."""
    in_play = tuple(dict.fromkeys(s.character for s in state.seats))
    manual = tuple(c for c in in_play if c not in REGISTRY)
    unwoken = tuple(
        c.id
        for c in state.homebrew
        if c.team not in ("fabled", "loric") and not c.first_night and not c.other_night
    )
    if not (manual or unwoken or fabled or note):
        return state, []
    assert state.storyteller is not None
    state, told = tell(
        state,
        SetupNotes(state.storyteller, manual=manual, unwoken=unwoken, fabled=fabled, counts=note),
    )
    return state, [told]


def bluff_options(state: State, label: str = "bluffs") -> tuple[tuple[tuple[str, ...], ...], Form]:
    """A few suggested triples (drawn with the seed and ``label``), and the form of any three
    good characters not in play, or duplicated in play (``BLUFFABLE``: the Pope's), as the
    Demon's bluffs (the Snitch's too)."""
    in_play = {s.character for s in state.seats} | {s.shown for s in state.seats}
    bluffable = {m.note for m in state.marks if m.kind == BLUFFABLE}
    spare = [
        c
        for c in playable(state)
        if char(state, c).good
        and (c not in in_play or c in bluffable)
        and (char(state, c).setup or _PLAIN).in_bag
    ]
    rng = seeded_rng(state.seed, label)
    size = min(3, len(spare))
    options = tuple(tuple(sorted(rng.sample(spare, size))) for _ in range(BLUFF_OPTIONS))
    form = Form(tuple(Field("character", tuple(spare)) for _ in range(size)), unordered=size)
    return options, form


def traveller_alignment(state: State, key: str, player: int) -> str:
    """The storyteller's choice of a Traveller's alignment."""
    return str(rule(state, key, "traveller_alignment", ("good", "evil"), truth=None, player=player))


def run_setup(state: State) -> tuple[State, list[Effect]]:
    """The setup rulings (the Travellers' sides, the Fabled's and Loric's rules, each seat's),
    then each player's character. Re-run from the start after a ruling."""
    for s in state.seats:
        if s.team == "traveller":
            side = traveller_alignment(state, f"setup:side:{s.player}", s.player)
            state = with_seat(state, s.player, alignment=side)
    for s, unit in seats_having(state, "arranges"):  # seating rules before any ruling
        state = unit.arranges(state, s)
    for cid, unit in REGISTRY.unheld("setup").items():  # a Fabled's or Loric's (the Pope)
        if unit.unheld(state):
            state = unit.setup(state, unheld_seat(cid))
    for player in state.players:
        current = seat(state, player)
        state = role(current.character).setup(state, current)
    if info_nights(state):  # below seven players the Demon learns no bluffs
        options, form = bluff_options(state)
        bluffs = rule(state, "setup:bluffs", "bluffs", options, truth=None, form=form)
        state = evolve(state, bluffs=bluffs if isinstance(bluffs, tuple) else (bluffs,))
    effects: list[Effect] = []
    hider = next((s.character for s, _ in seats_having(state, "hides_character")), "")
    for s in state.seats:
        shown, believed = role(s.character).briefed_as(state, s)
        told: Told = CharacterTold(s.player, character=shown, alignment=believed)
        if hider and hidden(state, s.player):
            told = CharacterUnknown(s.player, by=hider)
        state, e = tell(state, told)
        effects.append(e)
    return state, effects
