"""The Traitors, TG(n, m), as a pure seeded state machine.

A game goes LOBBY → DAY (discussion) → VOTE (secret ballots, revealed together; one re-vote on a
tie) → [RECRUIT, with the recruit option, after a Traitor is banished] → NIGHT (the Traitors
murder) → DAY … until the Faithful have banished every Traitor or the Traitors are at least as
many as the Faithful. The first phase is a day, as in the TG(n, m) model that the odds (and the
suggested Traitor count) are computed for: banish, then murder.

Use ``new_game`` and ``apply``; render the effects; persist the accepted actions with
``engine.core.encode_action`` and rebuild with ``decode_action(data, ACTIONS)``.
"""

from engine.traitors.actions import (
    ACTIONS,
    Abort,
    Action,
    CloseNight,
    CloseVote,
    Depart,
    Join,
    Leave,
    Murder,
    OpenVote,
    RecruitAnswer,
    RecruitPick,
    Start,
    Vote,
)
from engine.traitors.lobby import MAX_PLAYERS, MIN_PLAYERS, traitor_range
from engine.traitors.model import (
    Fate,
    Phase,
    Role,
    State,
    awaiting,
    living,
    role_of,
    traitors,
    winner,
)
from engine.traitors.prompts import Outcome, briefing, choices_so_far, open_prompts, result
from engine.traitors.rules import apply, new_game
from engine.traitors.version import RULES_VERSION, fingerprint

__all__ = [
    "ACTIONS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RULES_VERSION",
    "Abort",
    "Action",
    "CloseNight",
    "CloseVote",
    "Depart",
    "Fate",
    "Join",
    "Leave",
    "Murder",
    "OpenVote",
    "Outcome",
    "Phase",
    "RecruitAnswer",
    "RecruitPick",
    "Role",
    "Start",
    "State",
    "Vote",
    "apply",
    "awaiting",
    "briefing",
    "choices_so_far",
    "fingerprint",
    "living",
    "new_game",
    "open_prompts",
    "result",
    "role_of",
    "traitor_range",
    "traitors",
    "winner",
]
