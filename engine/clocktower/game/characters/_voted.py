"""What the Flowergirl and the Town Crier share: after each day, they learn whether anyone of a
team did something today, judged by who held which character then (before tonight's changes:
a Demon that swapped tonight is still the one who voted), as players register now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.clocktower.game.abilities.change import character_before_tonight
from engine.clocktower.game.abilities.info import learn
from engine.clocktower.game.cast import char
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import State, seat
from engine.clocktower.game.registration import may_register_as_team
from engine.clocktower.game.roles import Result, Role, Words
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard


class DidToday(Role):
    team: ClassVar[str] = ""  # whose deed it detects
    deed: ClassVar[str] = ""  # in words: "voted", "nominated"

    def doers(self, state: State) -> tuple[int, ...]:
        """Who did the deed today."""
        raise NotImplementedError

    def night(self, state: State, player: int, key: str) -> Result:
        doers = tuple(
            p for p in self.doers(state) if p in state.players
        )  # not a Bishop's storyteller
        then = {p: character_before_tonight(state, p) for p in doers}

        def may_be(p: int, yes: bool) -> bool:
            ways = {char(state, then[p]).team == self.team}
            if then[p] == seat(state, p).character:  # registers as its character does now
                ways |= set(may_register_as_team(state, p, self.team))
            return yes in ways

        truth = any(char(state, then[p]).team == self.team for p in doers)
        may_yes = any(may_be(p, True) for p in doers)
        may_no = all(may_be(p, False) for p in doers)
        registered = [a for a in (True, False) if a != truth and (may_yes if a else may_no)]

        def seen(world: World) -> bool:
            return any(world[p].team == self.team for p in doers)

        return learn(state, player, self.id, key, truth, registered, [not truth], doers, seen)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """Yes where one of the doers may register as of the team, no where none surely does;
        impaired, either evenly. The Demon is the one now (one that passed tonight, rarely,
        is read as its heir)."""
        if self.team == "demon":
            surely, maybe = now.demon_among(heard.players)
        else:
            sure, never = now.statement("team", heard.players, self.team)
            surely, maybe = sure > 0, never < 1
        return Weight((maybe if heard.answer else ~surely).astype(float), 1 / 2)

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        verdict = "Yes" if info["answer"] else "No"
        article = "a" if self.team == "minion" else "the"
        who = f"{article} {self.team.capitalize()}"
        return f"{words.strong(verdict)}: {who} {'' if info['answer'] else 'did not '}{self.deed} today."

    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        for p in info["players"]:
            score[p] += (
                weight * (0.4 if info["answer"] else -0.3) / max(1, len(info["players"]) ** 0.5)
            )
