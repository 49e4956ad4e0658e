"""The false world a drunk or poisoned player's information is drawn from.

Misinformation convinces only if it hangs together: a drunk Empath's numbers, a poisoned Fortune
Teller's answers and a drunk Undertaker's character should all describe one believable town. So
each player has one false world for the whole game, fixed by the game's seed:

- for a good player, every evil player trades characters and alignments with a good one — the
  Demon with one framed good player, each Minion with another — so the world has the true number
  of each team and points at innocent players;
- for an evil player (a poisoned Spy), who knows the evil team, the good players' characters are
  rotated among the good players instead, leaving the evil team where it is.

Who is framed is a seeded ranking of the players, so it stays the same night after night. Life and
death stay true: they are public. Information answers computed on this world are offered to the
storyteller as the consistent lie (``data["consistent"]`` of an info ruling); the bot storyteller
tells it (see ``policy``).
"""

from __future__ import annotations

from engine.clocktower.game.model import Registration, State, seat
from engine.core import seeded_rng

World = dict[int, Registration]


def _rank(seed: int, viewer: int, player: int) -> float:
    return seeded_rng(seed, "frame", viewer, player).random()


def false_world(state: State, viewer: int) -> World:
    """Each player's character, team and alignment in ``viewer``'s false world."""
    world = {s.player: Registration(s.character, s.team, s.alignment) for s in state.seats}
    others = [s for s in state.seats if s.team != "traveller" and s.player != viewer]
    good = [s for s in others if s.alignment == "good"]
    good.sort(key=lambda s: _rank(state.seed, viewer, s.player))
    if seat(state, viewer).alignment == "good":
        evil = [s for s in others if s.alignment == "evil"]
        for e, g in zip(evil, good, strict=False):
            world[g.player] = Registration(e.character, e.team, e.alignment)
            world[e.player] = Registration(g.character, g.team, g.alignment)
    else:
        for g, h in zip(good, good[1:] + good[:1], strict=True):
            world[g.player] = Registration(h.character, h.team, h.alignment)
    return world
