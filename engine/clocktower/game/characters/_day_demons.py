"""What the Riot and the Leviathan share: Demons that kill nobody at night, whose official jinxes
with the good characters follow a few patterns, each written once here.

- A protected player the Demon nominated and executed (by a riot, its nominee's death): good
  wins. The protections are those of its jinx partners (``guarded``): the Soldier, the Monk's
  player, the Innkeeper's guests, the Exorcist's choice of last night.
- The Grandmother's grandchild dies by execution (a riot's death too): evil wins
  (``grandchild``)."""

from __future__ import annotations

from engine.clocktower.game.abilities.targeting import chosen_on
from engine.clocktower.game.model import State, marks_of, seat
from engine.clocktower.game.working import holds, works

GUARDED = "guarded"  # the ending of the protection jinxes (after the Demon's id): good wins
GRANDCHILD = "grandchild"  # the ending of the Grandmother's jinx (likewise): evil wins


def jinx_endings(cid: str, name: str) -> dict[str, str]:
    """The jinxes' endings of the Demon ``cid`` (called ``name``), by ending name."""
    return {
        f"{cid}_{GUARDED}": f"the {name} nominated and executed a player the Soldier, Monk, "
        "Innkeeper or Exorcist protected",
        f"{cid}_{GRANDCHILD}": f"the Grandmother's grandchild died by execution with the {name} "
        "in play",
    }


def guarded(state: State, player: int) -> bool:
    """Whether ``player`` is one the jinxes protect: a working Soldier, the Monk's or the
    Innkeeper's player (while the reminder holds), the player the Exorcist chose last night."""
    if seat(state, player).character == "soldier" and works(state, player):
        return True
    for s in state.seats:
        kind = {"monk": "safe", "innkeeper": "guest"}.get(s.character)
        if kind and any(
            m.target == player and holds(state, m) for m in marks_of(state, kind, s.player)
        ):
            return True
        if (
            s.character == "exorcist"
            and chosen_on(state, "exorcised", s.player, state.night) == player
        ):
            return True
    return False


def grandchild(state: State, player: int) -> bool:
    """Whether ``player`` is a Grandmother's grandchild."""
    return any(
        m.target == player
        for s in state.seats
        if s.character == "grandmother"
        for m in marks_of(state, "grandchild", s.player)
    )


def nominated_by(state: State, nominator: int, nominee: int) -> bool:
    """Whether ``nominator`` nominated ``nominee`` today."""
    return any(
        n.day == state.day and n.nominator == nominator and n.nominee == nominee
        for n in state.history
        if not n.exile
    )
