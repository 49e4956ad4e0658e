"""The Hermit (Outsider): has the ability of every Outsider on the script, in play or not
(``Role.gained``): it wakes in their places (a Butler's master, a Moonchild's choice), and their
passive effects are its own (a Saint's execution loses the game for good, a Recluse's
registration, a Mutant's madness). Setup: −0 or −1 Outsider (``counts.legal_counts``).

The Outsiders whose "ability" is what the player believes they are (the Drunk, the Lunatic) are
not abilities the Hermit can hold beside its own, and are left out; so are Outsiders the engine
does not run. No ruling, so no bot-storyteller choice."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from engine.clocktower.game.cast import script_team
from engine.clocktower.game.characters._gains import Gains
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import REGISTRY


@cache
def _held(outsiders: tuple[str, ...]) -> tuple[str, ...]:
    identities = {*REGISTRY.having("always_drunk"), *REGISTRY.having("briefed_as")}
    return tuple(c for c in outsiders if c in REGISTRY and c not in identities and c != Hermit.id)


class Hermit(Gains):
    id = "hermit"
    policy: ClassVar[str] = "No choice to make: it holds every Outsider ability the engine runs."

    def gained(self, state: State, seat: Seat) -> tuple[str, ...]:
        return _held(script_team(state, "outsider"))
