"""What players do not know of themselves: under a rule that hides each player's own character and
alignment (``Role.hides_character``: the Tor's, until the player dies), nothing the game tells
them names either.

The engine keeps the secret where it speaks as data: the deal tells such a player only that they
are not told (``CharacterUnknown``); what would tell them of their own character or alignment
later is not told (``tell_self``: a change of character or alignment, the Ogre's side, the
Lunatic's made-up Demon info); a night menu does not say whose ability wakes them
(``prompts``); the evil team is not told of itself (``markers``); a look at the grimoire misses
the viewer's own token. Information keeps its character in the data (the reasoning needs it),
and the shell words it without naming it (``bot.render``: information bare, a character's own
message bare where it would name it). Their abilities work as usual: they wake, choose and
learn, without knowing why.
"""

from __future__ import annotations

from functools import lru_cache

from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Told
from engine.clocktower.game.model import State
from engine.clocktower.game.roles import REGISTRY, Result, seats_having

HOOK = "hides_character"


def hidden(state: State, player: int) -> bool:
    """Whether ``player`` does not know their own character or alignment now."""
    if not _on_script(state):
        return False
    return any(unit.hides_character(state, s, player) for s, unit in seats_having(state, HOOK))


def hiders(state: State) -> bool:
    """Whether a rule hiding players' characters from them is in play at all."""
    return _on_script(state) and bool(seats_having(state, HOOK))


def _on_script(state: State) -> bool:
    """Whether a character that may hide them is on the script: the cheap test first, as the
    engine and self-play ask at every step (such a character is one of the script's)."""
    return _hiding_script(state.script_ids, REGISTRY.version)


@lru_cache(maxsize=64)
def _hiding_script(script_ids: tuple[str, ...], version: int) -> bool:
    """``_on_script`` for a script, as the registry is at ``version``."""
    return any(cid in script_ids for cid in REGISTRY.having(HOOK))


def tell_self(state: State, effect: Told) -> Result:
    """Tell a player something about their own character or alignment (a new character, a turn
    of side), unless it is hidden from them: then they are told nothing."""
    if hidden(state, effect.to):
        return state, []
    state, told = tell(state, effect)
    return state, [told]
