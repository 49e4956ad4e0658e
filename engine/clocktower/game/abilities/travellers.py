"""Trouble Brewing's Travellers: vote weights (Bureaucrat, Thief), the Gunslinger's shot, the
Beggar's vote tokens and the Scapegoat.

Travellers are public characters with a storyteller-chosen alignment; they do not count towards
two players alive or the Scarlet Woman's five, but do count for the Mayor's three (so they must
be exiled first); they may be exiled (``day.exile``), and exile votes ignore every ability.
"""

from __future__ import annotations

from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.model import (
    State,
    evolve,
    holders,
    put_mark,
    seat,
    with_seat,
    works,
)
from engine.clocktower.game.registration import alignments
from engine.core import Effect

WEIGHTS = {"triple": 3, "negative": -1}  # mark kind -> factor on the marked player's vote


def _pick_other(
    state: State, player: int, character: str, key: str, kind: str
) -> tuple[State, list[Effect]]:
    others = tuple(s.player for s in state.seats if s.player != player)
    (target,) = choose(state, key, player, character, others)
    return put_mark(state, kind, player, target), []


def bureaucrat(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
    return _pick_other(state, player, character, key, "triple")


def thief(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
    return _pick_other(state, player, character, key, "negative")


def vote_weight(state: State, voter: int) -> int:
    """How many votes a yes from ``voter`` is worth (Bureaucrat ×3, Thief ×-1, if they work)."""
    weight = 1
    for m in state.marks:
        if m.target == voter and m.kind in WEIGHTS and works(state, m.source):
            weight *= WEIGHTS[m.kind]
    return weight


def scapegoat_for(state: State, executee: int, key: str) -> int:
    """Who is executed: a working Scapegoat of the executee's alignment might be instead."""
    alignment = seat(state, executee).alignment
    for goat in holders(state, "scapegoat"):
        if goat != executee and works(state, goat) and seat(state, goat).alignment == alignment:
            return rule(
                state, key + ":scapegoat", "scapegoat", (executee, goat), truth=None, player=goat
            )
    return executee


def tokens(state: State, beggar: int) -> tuple[int, ...]:
    """The players whose vote tokens ``beggar`` holds, unspent."""
    return tuple(m.source for m in state.marks if m.kind == "token" and m.target == beggar)


def spend_token(state: State, beggar: int) -> State:
    giver = tokens(state, beggar)[0]
    kept = tuple(
        m
        for m in state.marks
        if not (m.kind == "token" and m.source == giver and m.target == beggar)
    )
    return evolve(state, marks=kept)


def give_token(state: State, giver: int, beggar: int, key: str) -> tuple[State, list[Effect]]:
    """A dead player gives the Beggar their ghost vote; the Beggar (sober and healthy by its own
    ability) learns the alignment the giver registers as (a Spy or Recluse may misregister)."""
    alignment = rule(
        state,
        key + ":token",
        "info",
        alignments(state, giver),
        player=beggar,
        character="beggar",
        reason="registration",
        about=giver,
    )
    state = with_seat(state, giver, ghost_vote=False)
    state = put_mark(state, "token", giver, beggar)
    state, effect = tell(state, beggar, "vote_token", player=giver, alignment=alignment)
    return state, [effect]
