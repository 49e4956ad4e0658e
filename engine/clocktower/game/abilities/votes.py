"""Vote and execution effects: the Virgin, the Slayer, the Butler's vote, the Saint, the Mayor."""

from __future__ import annotations

from engine.clocktower.game.abilities.travellers import vote_weight
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import State, living, mark_target, seat, with_seat, works
from engine.clocktower.game.registration import may_register_as_team


def virgin_triggers(state: State, nominator: int, nominee: int, key: str) -> tuple[State, bool]:
    """The Virgin's first nomination spends her ability; True when the nominator is executed.

    It executes a nominator who registers as a Townsfolk (a Drunk does not; a Spy may)."""
    s = seat(state, nominee)
    if s.character != "virgin" or s.used:
        return state, False
    state = with_seat(state, nominee, used=True)
    if not works(state, nominee):
        return state, False
    options = may_register_as_team(state, nominator, "townsfolk")
    hit = rule(
        state,
        key + ":virgin",
        "registration",
        options,
        player=nominator,
        team="townsfolk",
        cause="virgin",
    )
    return state, hit


def slayer_hits(state: State, slayer: int, target: int, key: str) -> tuple[State, bool]:
    """A real Slayer's shot spends the ability (drunk or not); it kills a Demon, or a player the
    storyteller rules registers as one (a Recluse)."""
    s = seat(state, slayer)
    if s.character != "slayer" or s.used:
        return state, False
    state = with_seat(state, slayer, used=True)
    if not works(state, slayer) or not seat(state, target).alive:
        return state, False
    options = may_register_as_team(state, target, "demon")
    hit = rule(
        state, key + ":slay", "registration", options, player=target, team="demon", cause="slayer"
    )
    return state, hit


def counted_votes(state: State, yes: tuple[int, ...]) -> int:
    """The votes the yes voters are worth: a working Butler's counts only if its Master voted yes
    too; a Bureaucrat's or Thief's chosen player's vote counts three times or negatively."""
    count = 0
    for p in yes:
        if seat(state, p).character == "butler" and works(state, p):
            master = mark_target(state, "master", p)
            if master not in yes:
                continue
        count += vote_weight(state, p)
    return count


def saint_loses(state: State, executed: int) -> bool:
    s = seat(state, executed)
    return s.character == "saint" and s.alive and works(state, executed)


def mayor_wins(state: State) -> bool:
    """Three players alive (Travellers count here, unlike in the other endings, so they must be
    exiled first), no execution today, and a working Mayor alive."""
    if len(living(state)) != 3 or state.executed is not None:
        return False
    return any(s.character == "mayor" and works(state, s.player) for s in state.seats)
