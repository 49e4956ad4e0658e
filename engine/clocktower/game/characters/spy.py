"""The Spy: sees the grimoire each night, and may register as good (any Townsfolk or Outsider).

Drunk or poisoned, it sees what the storyteller rules (``spy_grimoire``): the true grimoire, or
its false world's (see ``falseworld``), or any grimoire the storyteller makes up (one character
per seat, each shown with its team's alignment).

Jinxes (``markers.hidden_tokens``): with the Magician, the Demon's and the Magician's tokens are
off the grimoire the Spy sees (shown as no character); while the Poppy Grower has its ability,
the Spy does not see the grimoire at all."""

from __future__ import annotations

from engine.clocktower.game.abilities.info import impaired
from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Grimoire
from engine.clocktower.game.falseworld import false_world
from engine.clocktower.game.markers import hidden_tokens
from engine.clocktower.game.model import Field, Form, Registration, Seat, State
from engine.clocktower.game.registration import misregistrations
from engine.clocktower.game.roles import Result, Role
from engine.clocktower.game.working import works


class Spy(Role):
    id = "spy"
    policy = (
        "Registers as good 10-50% of the time, more when good is ahead; drunk or poisoned, sees "
        "its false world's grimoire."
    )
    topics = {"spy_grimoire": "whether the drunk or poisoned Spy sees the true grimoire"}
    registers_as = (("townsfolk", "good"), ("outsider", "good"))
    reasoned = True

    def registrations(self, state: State, seat: Seat) -> tuple[Registration, ...]:
        return misregistrations(state, seat.player, self.registers_as)

    def night(self, state: State, player: int, key: str) -> Result:
        world = {s.player: (s.character, s.alignment) for s in state.seats}
        if not works(state, player):
            domain = tuple(dict.fromkeys((*playable(state), *(s.character for s in state.seats))))
            seen = rule(
                state,
                key,
                "spy_grimoire",
                ("true", "false"),
                form=Form(tuple(Field("character", domain) for _ in state.seats)),
                player=player,
                reason=impaired(state, player),
                consistent=1,
            )
            if seen == "false":
                world = {
                    p: (r.character, r.alignment) for p, r in false_world(state, player).items()
                }
            elif isinstance(seen, tuple):
                world = {
                    s.player: (cid, "evil" if char(state, cid).evil else "good")
                    for s, cid in zip(state.seats, seen, strict=True)
                }
        hidden = hidden_tokens(state, player)
        if len(hidden) == len(state.seats):
            return state, []  # jinxed: the Poppy Grower keeps the grimoire shut
        for p in hidden:
            world[p] = ("", "")
        grimoire = tuple((s.player, *world[s.player], s.alive) for s in state.seats)
        marks = tuple((m.kind, m.source, m.target, m.note) for m in state.marks)
        state, effect = tell(
            state,
            Grimoire(player, character=self.id, night=state.night, seats=grimoire, marks=marks),
        )
        return state, [effect]
