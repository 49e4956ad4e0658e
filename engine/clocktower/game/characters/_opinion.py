"""What the General and the High Priestess share: they learn the storyteller's opinion (which
side is winning; whom to talk to most). The rules set no true answer, so a human storyteller
may give any of them: the ruling offers the bot's suggestion first and marks none as true. The
bot storyteller gives its suggestion to a player whose ability works, and (drunk, poisoned, or
while the Vortox makes their information false) one of the others, at random. An answer other
than the suggestion to such a player is recorded as abnormal (the Mathematician's count)."""

from __future__ import annotations

import random
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.info import impaired, misinformed
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Info
from engine.clocktower.game.model import Pending, State
from engine.clocktower.game.roles import Result
from engine.clocktower.game.working import works

OPINION = "opinion"  # the ruling's reason when the player's ability works


def opinion(
    state: State,
    player: int,
    character: str,
    key: str,
    topic: str,
    suggested: Any,
    others: tuple[Any, ...],
) -> Result:
    """Tell ``player`` the storyteller's opinion: ``suggested`` or any of ``others``."""
    if misinformed(state, player):
        reason = "vortox"
    elif works(state, player):
        reason = OPINION
    else:
        reason = impaired(state, player)
    options = (suggested, *(o for o in others if o != suggested))
    got = rule(state, key, topic, options, truth=None, player=player, reason=reason)
    if reason != OPINION and got != suggested:
        state = abnormal.mark(state, player)
    state, told = tell(
        state, Info(player, character=character, night=state.night, answer=got, players=())
    )
    return state, [told]


def decide(pending: Pending, rng: random.Random) -> int:
    """The bot storyteller: its suggestion when the ability works, else another answer."""
    if dict(pending.data)["reason"] == OPINION:
        return 0
    return rng.randrange(1, len(pending.options))
