"""The kill pattern: a Demon's nightly attack, with protection and redirection.

Rulings taken here, from the rules and the characters' almanac entries:

- On a night some character stays the Demon's hand (a ``no_kill`` reminder until dusk: the
  Lycanthrope's kill of a good player, the Princess' execution on her first day), Demons'
  attacks do nothing (``stay_demons``).
- Protection comes first. A player safe from the Demon (the Soldier, the Monk's choice) does not
  die, even when that player is the Demon choosing itself: a Monk-protected Imp that picks itself
  survives, and no star pass happens.
- On a night when the Pit-Hag made a Demon, deaths are the storyteller's: Demons' attacks do
  nothing (an ``arbitrary`` reminder until dusk), and the storyteller rules who dies.
- Redirection (the Mayor's bounce): a working character whose unit redirects an attack names who
  dies instead; a dead player, the Soldier or a protected player chosen this way does not die,
  so nobody dies. The Demon itself may be chosen: its own kill then lands on it, which is the
  Demon killing itself (for the Imp, a star pass).
"""

from __future__ import annotations

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.protection import safe_from_demon
from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.death import die
from engine.clocktower.game.model import State, alive, put_mark, seat
from engine.clocktower.game.roles import REGISTRY, Result
from engine.clocktower.game.working import works
from engine.core import Effect

NO_KILL = "no_kill"  # a reminder: the Demon does not kill tonight


def stay_demons(state: State, source: int) -> State:
    """Tonight the Demons' attacks do nothing, because of ``source``'s ability."""
    return put_mark(state, NO_KILL, source, source, dusks=1)


def stayed(state: State) -> bool:
    """Whether the Demons do not kill tonight (``stay_demons``)."""
    return any(m.kind == NO_KILL for m in state.marks)


def arbitrary(state: State) -> bool:
    """Whether tonight's deaths are the storyteller's, not the Demons' (the Pit-Hag)."""
    return any(m.kind == "arbitrary" for m in state.marks)


def _strike(state: State, attacker: int, target: int, key: str) -> Result:
    """The Demon's kill lands on ``target``: nothing on the dead or the safe; on the Demon
    itself it is a star pass."""
    if not alive(state, target) or safe_from_demon(state, target):
        return state, []
    return die(state, target, "star_pass" if target == attacker else "demon", key)


def demon_attack(state: State, attacker: int, target: int, key: str) -> Result:
    """The Demon ``attacker`` attacks ``target``. Nothing on a night whose deaths the
    storyteller decides (``arbitrary``: the Pit-Hag made a Demon) or when the Demon does not
    kill tonight (``stayed``); a living Demon whose ability
    fails (drunk, poisoned) worked abnormally (``abnormal``)."""
    if arbitrary(state) or stayed(state):
        return state, []
    if not works(state, attacker):
        if alive(state, attacker):
            state = abnormal.mark(state, attacker)
        return state, []
    struck = seat(state, target)
    redirector = REGISTRY.having("redirect").get(struck.character)
    if redirector is not None and works(state, target) and not safe_from_demon(state, target):
        target = redirector.redirect(state, struck, attacker, key)
    return _strike(state, attacker, target, key)


def attack_all(state: State, attacker: int, targets: tuple[int, ...], key: str) -> Result:
    """The Demon attacks each target in turn (the Po's three, the Shabaloth's two); each is
    aimed at first, so a Goon among them makes the rest fail."""
    effects: list[Effect] = []
    for n, target in enumerate(targets):
        state, more = aim(state, attacker, target, key)
        effects += more
        state, more = demon_attack(state, attacker, target, f"{key}:{n}" if n else key)
        effects += more
    return state, effects
