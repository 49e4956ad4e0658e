"""What the Riot and the Leviathan share: Demons that kill nobody at night, whose official jinxes
with the good characters follow a few patterns, each written once here.

- A protected player the Demon nominated and executed (by a riot, its nominee's death): good
  wins. The protections are those of its jinx partners (``guarded``): the Soldier, the Monk's
  player, the Innkeeper's guests, the Exorcist's choice of last night.
- The Grandmother's grandchild dies by execution (a riot's death too): evil wins
  (``grandchild``).
- With a Banshee, Farmer, Ravenkeeper or Sage in play, whose abilities need a night death by the
  Demon, the Demon chooses a living player each night but the first, not last night's
  (``night_choice``): a chosen good Banshee dies by the Demon (and so gains its ability); a
  chosen good Farmer, Ravenkeeper or Sage uses its ability as though the Demon had killed them,
  at once, and does not die. The menu offers every living player but the Demon and last night's
  choice (offering only the good ones would tell the Demon who is good); choosing an evil player
  does nothing.
- No Leviathan enters play after day 5 (``may_enter``: the Pit-Hag's and the Hatter's jinxes).
- (The King's jinx lives in the King's unit.)"""

from __future__ import annotations

from engine.clocktower.game.abilities.targeting import choice_made, chosen_on, last_choice
from engine.clocktower.game.abilities.wake import kept_asleep
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.model import Phase, State, marks_of, seat
from engine.clocktower.game.roles import Result, role
from engine.clocktower.game.working import holds, works

REACTING = ("banshee", "farmer", "ravenkeeper", "sage")  # need a night death by the Demon
LAST_DAY = 5  # the Leviathan's: evil wins as it ends
JINX_CHOICE = "jinx_chosen"
JINX_KEY = ":jinx"  # the end of the key the Demon's choice is asked under

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


def chooses_tonight(state: State) -> bool:
    """Whether the Demon makes the jinxes' night choice tonight (``night_choice``)."""
    return (
        state.phase is Phase.NIGHT
        and state.night > 1
        and any(s.character in REACTING and s.alive for s in state.seats)
    )


def night_choice(state: State, demon: int, cid: str, key: str) -> Result:
    """The jinxes with the Banshee, Farmer, Ravenkeeper and Sage: the Demon ``demon`` (holding
    ``cid``) chooses a living player other than last night's; a good one of those characters
    reacts as though the Demon killed them (the Banshee dies)."""
    if not chooses_tonight(state) or kept_asleep(state, demon):  # the Exorcist's choice
        return state, []
    before = last_choice(state, JINX_CHOICE, demon)
    options = tuple(s.player for s in state.seats if s.alive and s.player not in (demon, before))
    if not options:
        return state, []
    (target,) = choose(state, key + JINX_KEY, demon, cid, options)
    worked = works(state, demon)
    state = choice_made(state, JINX_CHOICE, demon, target, worked)
    chosen = seat(state, target)
    if not worked or chosen.alignment != "good" or chosen.character not in REACTING:
        return state, []
    if chosen.character == "banshee":
        return die(state, target, "demon", key + ":banshee")
    if chosen.character == "farmer":
        return role("farmer").died(state, chosen, "demon", key + ":farmer")
    return role(chosen.character).night(state, target, f"{key}:{chosen.character}")


def may_enter(state: State, cid: str) -> bool:
    """Whether an ability may bring ``cid`` into play now: not the Leviathan after day 5."""
    return cid != "leviathan" or state.day < LAST_DAY
