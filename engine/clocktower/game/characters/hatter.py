"""The Hatter (Outsider): if they died today or tonight (with their ability working as they
died), that night at the Hatter's place the living Minion and Demon players may each choose a
new character of their kind from the script (``tea_party``): a Minion another Minion, the Demon
another Demon, none held by another player or chosen before them tonight. Each keeps their
alignment and learns their new character (``change_character``); a new Demon acts from the next
night. Choosing nothing keeps one's character.

Jinx: after day 5 nobody may choose the Leviathan (``_day_demons.may_enter``).

No ruling: the choices are the evil players'. The storyteller's wake: the dead Hatter is not
woken. A Hatter stripped of its ability as it dies (Legion's jinx: none while Legion is in play)
throws no party."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.clocktower.game import abnormal
from engine.clocktower.game.abilities.change import change_character, settle_changes
from engine.clocktower.game.cast import script_team
from engine.clocktower.game.characters._day_demons import may_enter
from engine.clocktower.game.decisions import choose_value
from engine.clocktower.game.model import Phase, Seat, State, drop_marks, marks_of, put_mark
from engine.clocktower.game.roles import REGISTRY, Result, Role, Table, Words
from engine.clocktower.game.working import lost, sober
from engine.core import Effect

PARTY = "tea_party"
KEEPS = 0.7  # how often a simulated evil player keeps their character at the tea party


class Hatter(Role):
    id = "hatter"
    reminders = {PARTY: "tea party tonight"}
    policy: ClassVar[str] = "No ruling: the Minion and Demon players choose for themselves."

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        if lost(state, seat.player):
            return state, []  # no ability to die with (Legion's jinx)
        if not sober(state, seat.player):
            return abnormal.mark(state, seat.player), []
        dusks = 0 if state.phase is Phase.NIGHT else 1
        return put_mark(state, PARTY, seat.player, seat.player, dusks=dusks + 1), []

    def wakes(self, state: State, seat: Seat) -> bool:
        return bool(marks_of(state, PARTY, seat.player))

    def rouses(self, state: State, seat: Seat) -> bool:
        return False  # the storyteller's turn: the Hatter is dead

    def night(self, state: State, player: int, key: str) -> Result:
        state = drop_marks(state, PARTY, source=player)
        effects: list[Effect] = []
        guests = [s for s in state.seats if s.alive and s.team in ("minion", "demon")]
        for guest in guests:
            held = {s.character for s in state.seats if s.player != guest.player}
            kinds = tuple(
                c for c in script_team(state, guest.team) if c in REGISTRY and c not in held
            )
            options = tuple(c for c in kinds if c != guest.character and may_enter(state, c))
            if not options:
                continue
            cid = choose_value(
                state,
                key + f":{guest.player}",
                guest.player,
                self.id,
                options,
                "character",
                optional=True,
                because=self.id,
            )
            if cid is not None:
                state, told = change_character(state, guest.player, cid)
                effects += told
        state, more = settle_changes(state, key)
        return state, effects + more

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        return () if table.rng.random() < KEEPS else (table.rng.choice(options),)

    def asks(self, menu: Any, words: Words) -> str | None:
        return (
            f"🎩 Night {menu.night}: the {words.strong('Hatter')} died, so there is a tea party: "
            "you may choose a new character of your kind to be (or keep yours)."
        )
