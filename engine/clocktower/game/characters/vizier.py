"""The Vizier: everyone knows who the Vizier is (announced on the first night), the Vizier cannot
die by day, and after a vote in which at least one good player raised a hand the Vizier may
execute the nominee at once (``Decree``: ``/clocktower use vizier``, before the next
nomination), whatever the count; that is the day's one execution. With no good hand up nothing
happens. A Vizier drunk, poisoned or dead has none of it.

Jinxes: with the Alsaahir or the Investigator in play the Vizier is not announced; a Vizier who
loses their ability beside a Courtier or a Preacher learns it and still cannot die by day; the
Vizier learns at dawn whom the Fearmonger chose (a simplification of waking with it) and may
not decree that player's execution; beside a Vizier the Magician has no ability and is immune
to the decree; a Politician or a Zealot who voted might register as evil to the Vizier (topic
``registration``: the general policy's misregistration chance); a Vizier babysitting Lil'
Monsta (``model.demon_by_reminder``, as the Psychopath's jinx) dies when executed.

Bot storyteller: no rulings but the registrations above, by the general policy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.clocktower.game.day import day_key, execute
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.ending import settle
from engine.clocktower.game.events import Told
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.markers import known_evil
from engine.clocktower.game.model import Phase, Seat, State, demon_by_reminder, seat
from engine.clocktower.game.roles import DayCommand, Result, Role, Table, Words
from engine.clocktower.game.working import holds, works
from engine.core import Effect, Event, Public

QUIET = ("alsaahir", "investigator")  # jinxed: the Vizier is not announced beside these
KEEPS = ("courtier", "preacher")  # jinxed: beside these a Vizier without ability still lives
MAYBE_EVIL = ("politician", "zealot")  # jinxed: might register as evil to the Vizier
DECREES = 0.5  # how often a simulated Vizier executes a nominee it does not know to be evil


@dataclass(frozen=True)
class Decree:
    """The Vizier executes today's last nominee at once (the log decodes it by its name)."""

    by: int


@dataclass(frozen=True)
class VizierAnnounced(Event, Public):
    event = "vizier"
    player: int


@dataclass(frozen=True)
class VizierLost(Told):
    """The Vizier has lost their ability (beside a Courtier or a Preacher)."""

    event = "vizier_lost"
    day: int


@dataclass(frozen=True)
class VizierFeared(Told):
    """The Fearmonger's choice, as the Vizier learns it."""

    event = "vizier_feared"
    target: int


@dataclass(frozen=True)
class Decreed(Event, Public):
    event = "decree"
    by: int
    nominee: int


def on_script(state: State, cids: tuple[str, ...]) -> bool:
    return any(s.character in cids for s in state.seats)


class Vizier(Role):
    id = "vizier"
    reasoned = True  # the reasoning model: its decrees are read as executions
    day_action = Decree
    events = (VizierAnnounced, VizierLost, VizierFeared, Decreed)
    command = DayCommand(
        "vizier",
        "Vizier: execute the nominee of the vote just counted, at once",
        "",
        "",
        "Your decree is given.",
        shape="none",
    )
    policy: ClassVar[str] = (
        "No rulings of its own: a Politician or Zealot registers as evil to it by the general "
        "misregistration policy."
    )

    def night(self, state: State, player: int, key: str) -> Result:
        if state.night != 1 or on_script(state, QUIET):
            return state, []
        return state, [VizierAnnounced(player)]

    def rouses(self, state: State, seat_: Seat) -> bool:
        return False  # the storyteller announces it

    def cannot_die(self, state: State, seat_: Seat, target: int, cause: str) -> bool:
        if target != seat_.player or state.phase is not Phase.DAY:
            return False
        if cause == "execution" and demon_by_reminder(state, target):
            return False  # babysitting Lil' Monsta: the jinx
        return works(state, target) or on_script(state, KEEPS)

    def strips_ability(self, state: State, seat_: Seat, target: int) -> bool:
        return seat(state, target).character == "magician"

    def at_dawn(self, state: State, seat_: Seat, key: str) -> Result:
        effects: list[Effect] = []
        if on_script(state, KEEPS) and not works(state, seat_.player) and seat_.alive:
            state, lost = tell(state, VizierLost(seat_.player, day=state.day))
            effects.append(lost)
        feared = _feared(state)
        if feared is not None and seat_.alive:
            state, told = tell(state, VizierFeared(seat_.player, target=feared))
            effects.append(told)
        return state, effects

    def request(self, by: int, target: Any) -> Decree:
        return Decree(by)

    def day(self, state: State, action: Decree) -> Result:
        require_day_between_votes(state)
        me = seat(state, action.by) if action.by in state.players else None
        refuse_unless(me is not None and me.character == self.id, "Only the Vizier decrees.")
        refuse_unless(state.executed is None, "Someone has been executed today already.")
        last = state.history[-1] if state.history else None
        refuse_unless(
            last is not None
            and last.day == state.day
            and not last.exile
            and state.nominees[-1:] == (last.nominee,),
            "Decree right after a vote is counted, before the next nomination.",
        )
        assert last is not None
        refuse_unless(last.nominee != _feared(state), "You cannot decree that player's execution.")
        if not works(state, action.by) or seat(state, last.nominee).character == "magician":
            return state, [Decreed(action.by, last.nominee)]  # nothing happens
        key = f"{day_key(state)}:decree"
        good = [
            p
            for p in last.yes
            if seat(state, p).alignment == "good" and not self._seems_evil(state, p, key)
        ]
        effects: list[Effect] = [Decreed(action.by, last.nominee)]
        if not good:
            return state, effects
        state, more = settle(*execute(state, last.nominee, key))
        return state, effects + more

    def _seems_evil(self, state: State, voter: int, key: str) -> bool:
        """A Politician or Zealot voter might register as evil to the Vizier (a ruling)."""
        if seat(state, voter).character not in MAYBE_EVIL:
            return False
        said = rule(
            state,
            f"{key}:{voter}",
            "registration",
            ("good", "evil"),
            player=voter,
            alignment="evil",
            cause=self.id,
        )
        return bool(said == "evil")

    def day_move(self, table: Table, state: State) -> Any:
        for s in state.seats:
            if s.character != self.id or not s.alive or state.executed is not None:
                continue
            last = state.history[-1] if state.history else None
            if last is None or last.day != state.day or last.exile:
                return None
            if state.nominees[-1:] != (last.nominee,) or not table.once("vizier", last):
                return None
            if last.nominee in known_evil(state, s.player) or last.nominee == s.player:
                return None
            if last.nominee == _feared(state):  # the Fearmonger jinx: the Vizier knows
                return None
            return Decree(s.player) if table.rng.random() < DECREES else None
        return None

    def says(self, event: Any, words: Words) -> str:
        if isinstance(event, VizierAnnounced):
            return f"👑 {words.strong(words.player(event.player))} is the Vizier."
        if isinstance(event, VizierLost):
            return "👑 You have lost your ability as the Vizier (you still cannot die by day)."
        if isinstance(event, VizierFeared):
            return f"👑 The Fearmonger has chosen {words.strong(words.player(event.target))}."
        return f"👑 The Vizier {words.player(event.by)} decrees: execute {words.player(event.nominee)}!"


def _feared(state: State) -> int | None:
    """The Fearmonger's current choice, while it holds."""
    return next((m.target for m in state.marks if m.kind == "feared" and holds(state, m)), None)
