"""Who sits where: joining and leaving the lobby, the storyteller's seat order, and a Traveller
arriving once the game is under way.

Seat order is join order until the storyteller moves someone. A Traveller may arrive mid-game, as
at the table: by day, between votes; the storyteller gives them a Traveller character the engine runs (of the script's base
edition, for a base edition's script) not yet in play and an alignment, and they sit at the end of the circle (between the last and first seats).
"""

from __future__ import annotations

from engine.clocktower.bag import MAX_TRAVELLERS
from engine.clocktower.catalogue import MAX_PLAYERS
from engine.clocktower.game.abilities.change import settle_changes
from engine.clocktower.game.actions import Join, Leave, MoveSeat
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import (
    CharacterTold,
    Joined,
    Left,
    Seated,
    TravellerArrived,
    TravellerLeft,
)
from engine.clocktower.game.guards import refuse_unless, require_phase, storyteller_or_system
from engine.clocktower.game.model import Phase, Seat, State, evolve
from engine.clocktower.game.setup import fitting_travellers, traveller_alignment
from engine.core import Effect

Result = tuple[State, list[Effect]]


def _may_sit(state: State, player: int) -> None:
    refuse_unless(player not in state.players, "You are already in this game.")
    refuse_unless(player != state.storyteller, "The storyteller cannot also play.")


def _travellers_left(state: State) -> None:
    refuse_unless(
        len(state.travellers) < MAX_TRAVELLERS,
        f"There can be at most {MAX_TRAVELLERS} Travellers.",
    )


def join(state: State, action: Join) -> Result:
    if state.phase is not Phase.LOBBY:
        refuse_unless(
            action.traveller,
            "The game has already started; a newcomer can only join as a Traveller.",
        )
        return arrive(state, action.player)
    _may_sit(state, action.player)
    if action.traveller:
        _travellers_left(state)
    else:
        residents = len(state.players) - len(state.travellers)
        refuse_unless(residents < MAX_PLAYERS, f"The game is full ({MAX_PLAYERS} players).")
    state = evolve(state, players=(*state.players, action.player))
    if action.traveller:
        state = evolve(state, travellers=(*state.travellers, action.player))
    return state, [Joined(action.player, state.players, action.traveller)]


def leave(state: State, action: Leave) -> Result:
    if state.phase is not Phase.LOBBY:
        return depart(state, action.player)
    refuse_unless(action.player in state.players, "You aren't in this game.")
    state = evolve(
        state,
        players=tuple(p for p in state.players if p != action.player),
        travellers=tuple(p for p in state.travellers if p != action.player),
    )
    return state, [Left(action.player, state.players)]


def move_seat(state: State, action: MoveSeat) -> Result:
    require_phase(state, Phase.LOBBY, "Seats can only be changed before the game starts.")
    storyteller_or_system(state, action.by, "Only the storyteller can change the seating.")
    refuse_unless(action.player in state.players, "That player is not in this game.")
    refuse_unless(
        0 <= action.position < len(state.players),
        f"There are {len(state.players)} seats; choose one of them.",
    )
    order = [p for p in state.players if p != action.player]
    order.insert(action.position, action.player)
    state = evolve(state, players=tuple(order))
    return state, [Seated(action.player, action.position, state.players)]


def depart(state: State, player: int) -> Result:
    """A Traveller leaves a game under way, as the rules let them: by day, between votes. Their
    seat is taken out of the circle with every reminder on or from it."""
    refuse_unless(player in state.travellers, "Only a Traveller can leave a game under way.")
    require_phase(state, Phase.DAY, "A Traveller leaves by day; wait for the morning.")
    refuse_unless(state.vote is None, "Wait until the current vote is over.")
    marks = tuple(m for m in state.marks if player not in (m.source, m.target))
    state = evolve(
        state,
        players=tuple(p for p in state.players if p != player),
        travellers=tuple(p for p in state.travellers if p != player),
        seats=tuple(s for s in state.seats if s.player != player),
        marks=marks,
        block=None if state.block == player else state.block,
        block_votes=0 if state.block == player else state.block_votes,
    )
    return state, [TravellerLeft(player, state.players)]


def arrive(state: State, player: int) -> Result:
    """A Traveller joins a game under way; the storyteller rules their character and side."""
    require_phase(state, Phase.DAY, "A Traveller arrives by day; wait for the morning.")
    refuse_unless(state.vote is None, "Wait until the current vote is over.")
    _may_sit(state, player)
    _travellers_left(state)
    in_play = {s.character for s in state.seats}
    spare = tuple(c for c in fitting_travellers(state) if c not in in_play)
    refuse_unless(bool(spare), "Every Traveller character is already in play.")
    key = f"d{state.day}:arrive:{player}"
    cid = rule(state, key + ":character", "traveller_character", spare, truth=None, player=player)
    side = traveller_alignment(state, key + ":side", player)
    state = evolve(
        state,
        players=(*state.players, player),
        travellers=(*state.travellers, player),
        seats=(*state.seats, Seat(player, cid, cid, side, "traveller")),
    )
    state, told = tell(state, CharacterTold(player, character=cid, alignment=side))
    state, reactions = settle_changes(state, key)  # who is in play changed (the Gnome's amigo)
    return state, [TravellerArrived(player, cid, state.players), told, *reactions]
