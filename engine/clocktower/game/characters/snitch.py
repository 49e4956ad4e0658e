"""The Snitch: each Minion starts knowing three good characters not in play, to bluff as
(``Role.evil_info``, at Minion info on the first night). The storyteller picks each Minion's
three (``snitch_bluffs``: any three good characters not in play; the suggestions are drawn at
random). A Snitch drunk or poisoned on the first night gives nothing (a simplification: a
storyteller might show other characters instead)."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Seat, State, TeamInfo, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.setup import bluff_options
from engine.clocktower.game.working import works


class Snitch(Role):
    id = "snitch"
    topics = {"snitch_bluffs": "the three characters not in play a Minion learns (the Snitch)"}
    policy: ClassVar[str] = (
        "Each Minion gets three good characters not in play, drawn at random for each Minion."
    )

    def evil_info(self, state: State, seat_: Seat, to: int, info: TeamInfo, key: str) -> TeamInfo:
        if state.night != 1 or seat(state, to).team != "minion" or not works(state, seat_.player):
            return info
        options, form = bluff_options(state, f"snitch:{to}")
        if not options or not options[0]:
            return info
        got = rule(
            state, f"{key}:snitch:{to}", "snitch_bluffs", options, truth=None, form=form, player=to
        )
        bluffs = got if isinstance(got, tuple) else (got,)
        return TeamInfo(info.demon, info.minions, (*info.bluffs, *bluffs), info.apart)
