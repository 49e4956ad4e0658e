"""The storyteller's hand on the grimoire: kill or revive, change a character or alignment, make
drunk, poisoned or protected (safe from the Demon) until undone, and free-text reminders. The
win conditions are checked after.

Undo is not an action: the shell rebuilds the game by replaying the log without the last action.
"""

from __future__ import annotations

from engine.clocktower.catalogue import EVIL_TEAMS
from engine.clocktower.game.actions import Adjust
from engine.clocktower.game.cast import find_char
from engine.clocktower.game.death import die
from engine.clocktower.game.events import Revived
from engine.clocktower.game.guards import refuse_unless
from engine.clocktower.game.model import SYSTEM, Mark, Phase, State, evolve, seat, with_seat
from engine.core import Effect

STATUS = {"drunk": "drunk", "poison": "poisoned", "protect": "safe"}
CURE = {"sober": "drunk", "cure": "poisoned", "unprotect": "safe"}
CHANGES = ("kill", "revive", "character", "alignment", *STATUS, *CURE, "remind", "forget")


def adjust(state: State, action: Adjust) -> tuple[State, list[Effect]]:
    refuse_unless(action.by == state.storyteller, "Only the storyteller can change the grimoire.")
    refuse_unless(state.phase in (Phase.NIGHT, Phase.DAY), "The grimoire can change only in play.")
    refuse_unless(action.player in state.players, "That player is not in this game.")
    refuse_unless(action.change in CHANGES, f"Change one of: {', '.join(CHANGES)}.")
    p, change, value = action.player, action.change, action.value
    s = seat(state, p)
    if change == "kill":
        refuse_unless(s.alive, "That player is already dead.")
        return die(state, p, "storyteller", f"adjust:{len(state.told)}:{p}")
    if change == "revive":
        refuse_unless(not s.alive, "That player is alive.")
        state = with_seat(state, p, alive=True, ghost_vote=True)
        return state, [Revived(p)]
    if change == "character":
        char = find_char(state, value)
        refuse_unless(
            char is not None and char.team != "traveller", f"{value[:40]} is no character."
        )
        assert char is not None
        align = "evil" if char.team in EVIL_TEAMS else "good"
        return with_seat(
            state, p, character=char.id, shown=char.id, team=char.team, alignment=align
        ), []
    if change == "alignment":
        refuse_unless(value in ("good", "evil"), "An alignment is good or evil.")
        return with_seat(state, p, alignment=value), []
    if change in STATUS or change == "remind":
        kind = STATUS.get(change, "reminder")
        mark = Mark(kind, SYSTEM, p, value if kind == "reminder" else "")
        return evolve(state, marks=(*state.marks, mark)), []
    kind = CURE.get(change, "reminder")
    kept = tuple(
        m
        for m in state.marks
        if not (m.target == p and m.kind == kind and (kind != "reminder" or value in ("", m.note)))
    )
    return evolve(state, marks=kept), []
