"""Blood on the Clocktower rules engine: a pure, seeded, event-sourced state machine.

A game goes LOBBY → SETUP (storyteller rulings: the Drunk's token, red herring, bluffs) → NIGHT
(wakes in the script's night order) → DAY (nominations, votes, execution) → NIGHT … → OVER.
Use ``new_game`` and ``apply``; render the effects; ``open_prompts`` says what is awaited from
whom, ``timeout_action`` what to do when they idle too long, ``briefing`` what a player was told,
``grimoire`` the storyteller's view. Persist accepted
actions with ``engine.core.encode_action`` and rebuild with ``decode_action(data, ACTIONS)``.
"""

from engine.clocktower.game.actions import (
    ACTIONS,
    Action,
    Adjust,
    Ask,
    Claim,
    CountHand,
    DeclareWinner,
    EndDay,
    ExecuteMad,
    Exile,
    FinishWake,
    GiveVote,
    Gossip,
    Join,
    Juggle,
    KlutzChoice,
    Leave,
    MoveSeat,
    NightChoice,
    Nominate,
    Question,
    SetPace,
    Shoot,
    Show,
    SkipWake,
    Slay,
    Start,
    StorytellerRuling,
    SwapSeats,
    UseAbility,
    Verdict,
    Visit,
    Vote,
)
from engine.clocktower.game.ending import result
from engine.clocktower.game.idle import timeout_action
from engine.clocktower.game.model import SYSTEM, Phase, Seat, State, living, seat
from engine.clocktower.game.prompts import briefing, grimoire, open_prompts
from engine.clocktower.game.rules import apply, new_game, unsupported
from engine.clocktower.game.version import RULES_VERSION, fingerprint

__all__ = [
    "ACTIONS",
    "RULES_VERSION",
    "SYSTEM",
    "Action",
    "Adjust",
    "Ask",
    "Claim",
    "CountHand",
    "DeclareWinner",
    "EndDay",
    "ExecuteMad",
    "Exile",
    "FinishWake",
    "GiveVote",
    "Gossip",
    "Join",
    "Juggle",
    "KlutzChoice",
    "Leave",
    "MoveSeat",
    "NightChoice",
    "Nominate",
    "Phase",
    "Question",
    "Seat",
    "SetPace",
    "Shoot",
    "Show",
    "SkipWake",
    "Slay",
    "Start",
    "State",
    "StorytellerRuling",
    "SwapSeats",
    "UseAbility",
    "Visit",
    "Verdict",
    "Vote",
    "apply",
    "briefing",
    "fingerprint",
    "grimoire",
    "living",
    "new_game",
    "open_prompts",
    "result",
    "seat",
    "timeout_action",
    "unsupported",
]
