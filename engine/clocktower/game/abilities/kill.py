"""The kill pattern: the Imp's nightly attack, with protection, the Mayor's bounce and the star
pass (an Imp whose kill lands on itself dies, and a Minion becomes the Imp).

Rulings taken here, from the rules and the characters' almanac entries:

- Protection comes first. A player safe from the Demon (the Soldier, the Monk's choice) does not
  die, even when that player is the Imp choosing itself: a Monk-protected Imp that picks itself
  survives, and no star pass happens.
- The Mayor's bounce: when a working Mayor would die to the Demon, the storyteller may choose any
  player to die instead (the Mayor first, as the true answer). A dead player, the Soldier or a
  protected player chosen this way does not die, so nobody dies. The Imp itself may be chosen:
  its own kill then lands on it, which is the Imp killing itself, so it dies and the star pass
  (Scarlet Woman first, else a Minion of the storyteller's choice) follows.
"""

from __future__ import annotations

from engine.clocktower.game.abilities.protection import safe_from_demon
from engine.clocktower.game.death import die
from engine.clocktower.game.decisions import choose, rule
from engine.clocktower.game.model import State, alive, seat, works
from engine.core import Effect

BOUNCERS = ("mayor",)  # attacked at night, another player might die instead


def bounce_options(state: State, mayor: int, attacker: int) -> tuple[int, ...]:
    """Who may die instead of the Mayor: the Mayor (the truth), the other living players, the
    attacking Demon, then the dead (on whom the kill does nothing)."""
    others = [s.player for s in state.seats if s.alive and s.player not in (mayor, attacker)]
    dead = [s.player for s in state.seats if not s.alive]
    return (mayor, *others, attacker, *dead)


def _strike(state: State, attacker: int, target: int, key: str) -> tuple[State, list[Effect]]:
    """The Demon's kill lands on ``target``: nothing on the dead or the safe; on the Demon
    itself it is a star pass."""
    if not alive(state, target) or safe_from_demon(state, target):
        return state, []
    return die(state, target, "star_pass" if target == attacker else "demon", key)


def demon_attack(state: State, attacker: int, target: int, key: str) -> tuple[State, list[Effect]]:
    if not works(state, attacker):
        return state, []
    bounces = seat(state, target).character in BOUNCERS and works(state, target)
    if bounces and not safe_from_demon(state, target):
        options = bounce_options(state, target, attacker)
        target = rule(state, key + ":bounce", "mayor_bounce", options, mayor=target)
    return _strike(state, attacker, target, key)


def imp(state: State, player: int, character: str, key: str) -> tuple[State, list[Effect]]:
    everyone = tuple(s.player for s in state.seats)
    (target,) = choose(state, key + ":pick", player, character, everyone)
    return demon_attack(state, player, target, key)
