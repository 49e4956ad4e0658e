"""The Shugenja: starts knowing whether their nearest evil player sits clockwise or
anticlockwise; when the nearest evil players either way are equally far, either answer is true
(the storyteller's choice).

Distances count every seat. A Spy may count as good and a Recluse as evil, so every way they
may register gives its answers (a ruling); a drunk or poisoned Shugenja may be told either
direction, the consistent lie (the direction in their false world) first."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from engine.clocktower.game.abilities.info import evil_views, learn
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import State
from engine.clocktower.game.roles import Result, Role, Words
from engine.core import seeded_rng

CLOCKWISE, ANTICLOCKWISE = "clockwise", "anticlockwise"
BOTH = (CLOCKWISE, ANTICLOCKWISE)


class Shugenja(Role):
    id = "shugenja"
    policy: ClassVar[str] = (
        "Tells the true direction (either at random when equally far); the Spy or Recluse "
        "misregistering with the usual chance; drunk or poisoned, the consistent lie."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        order = [s.player for s in state.seats]
        at = order.index(player)
        clockwise = [order[(at + k) % len(order)] for k in range(1, len(order))]
        views = evil_views(state, clockwise)
        legal = [_directions(clockwise, view.__getitem__) for view in views]
        rng = seeded_rng(state.seed, key)
        true = legal[0]
        truth = rng.choice(true)
        others = [d for d in BOTH if d != truth and any(d in found for found in legal)]

        def lie(world: World) -> str:
            return rng.choice(_directions(clockwise, lambda p: world[p].alignment == "evil"))

        false = [d for d in BOTH if d not in others and d != truth]
        return learn(state, player, self.id, key, truth, others, false, lie=lie, also_true=true)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        return f"your nearest evil player sits {words.strong(info['answer'])} from you."


def _directions(clockwise: list[int], evil: Callable[[int], bool]) -> tuple[str, ...]:
    """The true answers when ``evil`` says who is evil: the nearer side, or both if equal (or if
    nobody is evil)."""
    ahead = next((k for k, p in enumerate(clockwise) if evil(p)), None)
    behind = next((k for k, p in enumerate(reversed(clockwise)) if evil(p)), None)
    if ahead is None or behind is None or ahead == behind:
        return BOTH
    return (CLOCKWISE,) if ahead < behind else (ANTICLOCKWISE,)
