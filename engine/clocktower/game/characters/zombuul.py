"""The Zombuul: each night after the first, if no one died today, chooses a player, who dies.
The first time it would die (sober and healthy), it does not: it registers as dead in every way
the town can see (its life shows as lost, it votes with its ghost vote, cannot nominate, is no
living neighbour) while it lives on, wakes and kills; the game goes on, even with just two
other players alive. It dies for real the next time, or at once if drunk or poisoned. The
Assassin's kill ends it for good (``death.UNSTOPPABLE``)."""

from __future__ import annotations

from engine.clocktower.game.characters._demon import Demon
from engine.clocktower.game.model import LIVES_ON, Seat, State, lives, put_mark, with_seat
from engine.clocktower.game.working import works


class Zombuul(Demon):
    id = "zombuul"
    reasoned = True
    lives_on = True
    reminders = {LIVES_ON: "registers as dead, but lives"}

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """One a night after the first, only after a day on which nobody died."""
        return (0.0, 1.0) if night > 1 and quiet else (1.0,)

    def wakes(self, state: State, seat: Seat) -> bool:
        return lives(state, seat.player) and not state.died_today

    def acts(self, state: State, player: int) -> bool:
        return not state.died_today and super().acts(state, player)

    def spares(
        self, state: State, seat: Seat, target: int, cause: str, key: str
    ) -> tuple[State, bool]:
        if target != seat.player or seat.used or not seat.alive or not works(state, target):
            return state, False
        state = with_seat(state, target, alive=False, used=True)
        return put_mark(state, LIVES_ON, target, target), True  # ``die`` announces it
