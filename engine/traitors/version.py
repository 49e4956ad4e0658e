"""What makes a Traitors log replay the same game: the rules version and the game's fingerprint.

The shell stores ``RULES_VERSION`` with each game it opens and ``checksum(fingerprint(state))``
with each accepted action, and compares them when it rebuilds the game from its log. Raise
``RULES_VERSION`` whenever a change to the rules may make an old log play out differently.

The fingerprint is what the game *means* — phase, round, who is in, every role, who left how,
the open ballots and choices, the winner — as plain data, not the State's layout, so a
refactoring that keeps the behaviour keeps every stored checksum valid.
"""

from __future__ import annotations

from typing import Any

from engine.traitors.model import State

RULES_VERSION = 1


def fingerprint(state: State) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "round": state.round,
        "host": state.host,
        "recruit": state.recruit,
        "players": state.players,
        "traitors": tuple(sorted(state.traitor_ids)),
        "recruits": state.recruits,
        "fates": state.fates,
        "ballots": state.ballots,
        "night_choices": state.night_choices,
        "candidates": state.candidates,
        "recruit_picks": state.recruit_picks,
        "offer": state.offer,
        "winner": state.winner,
    }
