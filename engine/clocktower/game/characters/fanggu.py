"""The Fang Gu: each night after the first, chooses a player who dies. The first time its attack
would kill an Outsider (once per game, for every Fang Gu), that Outsider becomes an evil Fang Gu
instead (learning it, but not the Minions) and the old Fang Gu dies; no Scarlet Woman takes over
then (the jinx: a Demon still lives). An Outsider the attack would not kill (protected) does not
jump. [+1 Outsider]"""

from __future__ import annotations

from engine.clocktower.game.abilities.change import (
    become_demon,
    change_alignment,
    settle_changes,
)
from engine.clocktower.game.abilities.kill import arbitrary
from engine.clocktower.game.abilities.protection import safe_from_demon
from engine.clocktower.game.characters._sv import KillsNightly
from engine.clocktower.game.death import die
from engine.clocktower.game.model import Mark, State, alive, put_mark, seat
from engine.clocktower.game.roles import Result
from engine.clocktower.game.working import works


class FangGu(KillsNightly):
    id = "fanggu"
    reasoned = True
    moves_to = "outsider"
    reminders = {"once": "has jumped"}

    def attack(self, state: State, player: int, target: int, key: str) -> Result:
        jumps = (
            seat(state, target).team == "outsider"
            and target != player
            and not any(m.kind == "once" and m.character == self.id for m in state.marks)
            and alive(state, target)
            and works(state, player)
            and not arbitrary(state)
            and not safe_from_demon(state, target)
        )
        if not jumps:
            return super().attack(state, player, target, key)
        state, effects = become_demon(state, target, self.id)
        state, more = change_alignment(state, target, "evil")
        state = put_mark(state, "once", target, target)
        state, died = die(state, player, "demon", key)
        state, changed = settle_changes(state, key)
        return state, effects + more + died + changed

    def holds(self, state: State, mark: Mark) -> bool | None:
        return mark.kind == "once" or super().holds(state, mark)
