"""The Tea Lady: while both her living neighbours are good, neither can die (of anything but the
Assassin's kill). Her ability must work: alive, sober and healthy.

The reasoning model reads her from public facts: a living neighbour of a claimed Tea Lady who
died while she lived shows that one of her two neighbours was evil, or that she is no working
Tea Lady (``public_info``)."""

from __future__ import annotations

from engine.clocktower.game.model import Seat, State, neighbours, seat
from engine.clocktower.game.roles import Role
from engine.clocktower.game.working import works
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard, Record


class TeaLady(Role):
    id = "tealady"

    def cannot_die(self, state: State, seat_: Seat, target: int, cause: str) -> bool:
        near = neighbours(state, seat_.player)
        if target not in near or not works(state, seat_.player):
            return False
        return all(seat(state, p).alignment == "good" for p in near)

    def public_info(self, record: Record, player: int) -> tuple[Heard, ...]:
        """Each death of one of the claimed Tea Lady's two living neighbours (residents: a
        Traveller between is skipped) while she lived through it: the dead, with both."""
        found = []
        for moment in sorted({d.moment for d in record.deaths}):
            alive = record.alive_after(moment - 1)
            if player not in record.alive_after(moment) or len(alive) < 3:
                continue
            at = alive.index(player)
            near = (alive[at - 1], alive[(at + 1) % len(alive)])
            for d in record.deaths:
                if d.moment == moment and d.player in near:
                    found.append(Heard(self.id, moment, d.player, near))
        return tuple(found)

    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight:
        """The neighbour died: one of the two is evil (a Recluse may count, a Spy need not)
        unless she is impaired. (The Assassin's kill, which no Tea Lady stops, is not read.)"""
        _fewest, most = now.evil_count(heard.players)
        return Weight((most > 0).astype(float), 1.0, informs=False)
