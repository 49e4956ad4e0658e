"""The change pattern: a player's character or alignment changes, and they learn it at once.

Every change goes through ``change_character`` or ``change_alignment`` (or ``swap``, two
players trading characters, and alignments too when the ability says so) so the player is told
(unless their character is hidden from them, ``secrecy``), and reminders, night order and win conditions follow the new facts (they are read from the
seat). A new character is a new ability: one already spent is fresh again (``Seat.used``), and
at night the player wakes in the new character's place if it is still to come tonight, or at
once for a "you start knowing" ability (``night.wake_later``). Each change is recorded
(``State.changes``). After an ability has changed characters or alignments it calls
``settle_changes``, where units react (``Role.after_change``: the Evil Twin finds a new twin).
A dead Demon's successor: a Minion whose unit takes over (``Role.takes_over``: the Scarlet
Woman) becomes the dead Demon's character; otherwise the dead Demon's own unit may name an heir
(``Role.died``: the Imp's star pass). While another Demon lives, nobody takes over (the Fang Gu's
jump: the jinx with the Scarlet Woman).
"""

from __future__ import annotations

from engine.clocktower.game.cast import char
from engine.clocktower.game.events import Became, BecameDemon, Turned
from engine.clocktower.game.model import Change, State, demons, evolve, seat, with_seat
from engine.clocktower.game.night import wake_later
from engine.clocktower.game.roles import Result, current, granted, seats_having
from engine.clocktower.game.secrecy import tell_self
from engine.core import Effect


def change_character(state: State, player: int, cid: str, told: type[Became] = Became) -> Result:
    """``player`` becomes ``cid`` (shown it too), keeping their alignment; they are ``told``."""
    before = seat(state, player).character
    state = with_seat(
        state, player, character=cid, shown=cid, team=char(state, cid).team, used=False
    )
    record = Change(state.night, player, before, cid)
    state = wake_later(evolve(state, changes=(*state.changes, record)), cid, player)
    return tell_self(state, told(player, character=cid))


def change_alignment(state: State, player: int, alignment: str) -> Result:
    """``player`` turns ``alignment`` (good or evil); they are told. Nothing happens when a
    character forbids it (``Role.forbids_turn``: the Spirit of Ivory's cap)."""
    if seat(state, player).alignment == alignment or any(
        u.forbids_turn(state, s, player, alignment) for s, u in seats_having(state, "forbids_turn")
    ):
        return state, []
    state = with_seat(state, player, alignment=alignment)
    return tell_self(state, Turned(player, alignment=alignment))


def swap(state: State, a: int, b: int, alignments: bool = False) -> Result:
    """``a`` and ``b`` trade characters (the Barber's haircut) and, with ``alignments``, their
    alignments too (the Snake Charmer's charm); each is told what they now are."""
    first, second = seat(state, a), seat(state, b)
    effects: list[Effect] = []
    pairs = ((a, second), (b, first))
    for player, other in pairs:
        state, told = change_character(state, player, other.character)
        effects += told
    # the turn to good first: a trade never counts as an extra evil player (the Spirit of Ivory)
    for player, other in sorted(pairs, key=lambda pair: pair[1].alignment == "evil"):
        if alignments:
            state, told = change_alignment(state, player, other.alignment)
            effects += told
    return state, effects


def settle_changes(state: State, key: str) -> Result:
    """Let every unit react to characters or alignments that have just changed."""
    effects: list[Effect] = []
    for s, unit in seats_having(state, "after_change"):
        state, more = unit.after_change(state, current(state, s), key)
        effects += more
    return state, effects


def made_evil(state: State, player: int, cid: str) -> bool:
    """Whether ``player`` is evil and came to hold ``cid`` during play: the Pit-Hag's jinxes
    with the Ogre, the Cult Leader and the Politician say such a player cannot turn good by
    that ability (any change during play counts here, the Pit-Hag's being the usual one); nor
    can an evil player given it by another character (``given_evil``)."""
    held = any(c.player == player and c.after == cid for c in state.changes)
    return held and seat(state, player).alignment == "evil" or given_evil(state, player, cid)


def given_evil(state: State, player: int, cid: str) -> bool:
    """Whether ``player`` is evil and holds ``cid``'s ability as another character gave it
    (``Role.grants``): the Boffin's jinxes say a Demon given the Cult Leader's or the Goon's
    ability cannot turn good by it."""
    return seat(state, player).alignment == "evil" and cid in granted(state, player)


def character_before_tonight(state: State, player: int) -> str:
    """The character ``player`` held at dusk (before tonight's changes): who held what when
    the day's votes and nominations happened."""
    for change in state.changes:
        if change.player == player and change.night == state.night:
            return change.before
    return seat(state, player).character


def became_on(state: State, player: int) -> int:
    """The night ``player`` last changed character (0: dealt it)."""
    nights = [c.night for c in state.changes if c.player == player]
    return nights[-1] if nights else 0


def become_demon(state: State, player: int, demon: str) -> Result:
    return change_character(state, player, demon, BecameDemon)


def takeover(state: State, demon: str, alive_before: int) -> Result:
    """A living Minion able to take over the dead Demon does so (the first in seat order),
    unless another Demon still lives."""
    if demons(state):
        return state, []
    for s, unit in seats_having(state, "takes_over"):
        if s.alive and unit.takes_over(state, s, alive_before):
            return become_demon(state, s.player, demon)
    return state, []
