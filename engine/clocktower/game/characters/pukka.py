"""The Pukka: each night, including the first, chooses a player, who is poisoned; then the player
it poisoned on an earlier night dies (a Demon's kill: protection stops it) and is healthy
again. A Pukka kept asleep by the Exorcist poisons no one, but its earlier poison still kills.
Chosen while the Pukka is drunk or poisoned, nobody is poisoned; while it is impaired its earlier
poison neither holds nor kills, and both resume when it sobers."""

from __future__ import annotations

from engine.clocktower.game.abilities.kill import demon_attack
from engine.clocktower.game.abilities.targeting import aim
from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.model import Mark, State, evolve, marks_of
from engine.clocktower.game.roles import Result
from engine.clocktower.game.working import works
from engine.core import Effect


class Pukka(Demon):
    id = "pukka"
    reasoned = True
    poisons_nightly = True
    reminders = {"poisoned": "poisoned"}

    first_night = True

    def night(self, state: State, player: int, key: str) -> Result:
        tonight = str(state.night)
        earlier = [m for m in marks_of(state, "poisoned", player) if m.note != tonight]
        effects: list[Effect] = []
        found = self.demon_choices(state, player, key)
        if found is not None:
            state, (target,) = found
            state, effects = aim(state, player, target, key)
            if works(state, player):
                mark = Mark("poisoned", player, target, tonight, self.id)
                state = evolve(state, marks=(*state.marks, mark))
        if not works(state, player):
            return state, effects
        for n, old in enumerate(earlier):
            state, more = demon_attack(state, player, old.target, f"{key}:dies{n}")
            state = evolve(state, marks=tuple(m for m in state.marks if m != old))
            effects += more
        return state, effects
