"""What happens when the game has waited too long for someone: the documented timeout defaults.

Nobody can stall a game for ever, yet a human storyteller's game never guesses. So after a
timeout the shell asks ``timeout_action`` and applies what it returns:

- with the bot storyteller: an idle night choice takes the prompt's default (the first living
  players other than the chooser, so a timed-out Imp never kills itself; a timed-out Poisoner
  never poisons the Demon she knows), made by ``SYSTEM`` on the player's behalf; an idle voter
  votes no; an idle day (no vote running, nobody nominating) first gets what the storyteller
  owes (``Role.storyteller_turn``: the Bishop's nomination), then ends with ``EndDay(SYSTEM)``,
  executing whoever is on the block;
- with a human storyteller: None. The storyteller is reminded and acts: chooses for the idle
  player (``NightChoice(storyteller, targets, player=…)``), skips their wake (``SkipWake``),
  votes for them (``Vote(storyteller, yes, voter=…)``) or ends the day (``EndDay``). Their own
  rulings are never answered for them.
"""

from __future__ import annotations

from engine.clocktower.game.actions import Action, EndDay, NightChoice, Vote
from engine.clocktower.game.model import SYSTEM, Phase, State
from engine.clocktower.game.roles import seats_having


def timeout_action(state: State) -> Action | None:
    """The action to apply for whoever the game waits for, or None: keep waiting."""
    if not state.bot or state.phase not in (Phase.NIGHT, Phase.DAY):
        return None
    pending = state.pending
    if pending is not None:
        if pending.kind != "night_choice":
            return None
        return NightChoice(SYSTEM, tuple(pending.default), player=pending.to)
    if state.phase is not Phase.DAY:
        return None
    if state.vote is not None:
        return Vote(SYSTEM, False, voter=state.vote.order[state.vote.index])
    return owed(state) or EndDay(SYSTEM)


def owed(state: State) -> Action | None:
    """What the storyteller still owes today (``Role.storyteller_turn``), or None."""
    for s, unit in seats_having(state, "storyteller_turn"):
        due: Action | None = unit.storyteller_turn(state, s)
        if due is not None:
            return due
    return None
