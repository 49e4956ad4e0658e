"""Madness: who must act as if they were something else, about what, and until when.

"Mad" means trying to convince the group of something. A character says whom it makes mad
(``Role.madness``): the Cerenovus makes its target mad that they are a good character for a day
(a ``mad`` reminder lasting until the next dusk, its note the character); the Mutant must not be
mad about being an Outsider while its ability works. A human storyteller judges madness as at a
table, and may execute a player who broke it (``ExecuteMad``): by day, while nobody has been
executed today, since it is the day's one execution.

The bot storyteller judges only what it can see: public claims (``Claim``, ``/clocktower claim
character``). A player who publicly claims something other than what they must be mad about
has broken madness (the Cerenovus' target claiming another character; the Mutant claiming an
Outsider), and the storyteller rules whether to execute them (topic ``madness``), while nobody
has been executed today. The bot storyteller's policy (``decide``): it executes a good player
who breaks madness; it spares an evil one when the break would shield a Demon (a living Demon
on the block: the madness execution would be the day's only one), else executes them too; the
rules' "might be executed" leaves it that choice.
"""

from __future__ import annotations

from engine.clocktower.game.cast import char
from engine.clocktower.game.decisions import rule
from engine.clocktower.game.model import Madness, Pending, State, seat
from engine.clocktower.game.roles import seats_having


def breaks(state: State, madness: Madness, claimed: str) -> bool:
    """Whether publicly claiming to be ``claimed`` breaks ``madness``."""
    found = claimed == madness.about or char(state, claimed).team == madness.about
    return not found if madness.must else found


def every_madness(state: State) -> tuple[Madness, ...]:
    """Who is mad about what now."""
    found: list[Madness] = []
    for s, unit in seats_having(state, "madness"):
        found += unit.madness(state, s)
    return tuple(found)


def madness_of(state: State, player: int) -> tuple[Madness, ...]:
    """What ``player`` must be mad about now."""
    return tuple(m for m in every_madness(state) if m.player == player)


def words(state: State, player: int) -> str:
    """What a player is mad about, for the grimoire ("" if nothing)."""
    parts = []
    for m in madness_of(state, player):
        name = char(state, m.about).name if m.about in state.script_ids else m.about
        parts.append(f"{'' if m.must else 'not '}{name}")
    return ", ".join(parts)


def judge_claim(state: State, player: int, claimed: str, key: str) -> bool:
    """Whether ``player``, claiming ``claimed``, is executed for breaking madness: the
    storyteller's ruling, asked only when the claim breaks it and the day has no execution."""
    if state.executed is not None:
        return False
    broken = [m for m in madness_of(state, player) if breaks(state, m, claimed)]
    if not broken:
        return False
    m = broken[0]
    return bool(
        rule(
            state,
            key + ":madness",
            "madness",
            (True, False),
            truth=None,
            player=player,
            claimed=claimed,
            mad_about=m.about,
            cause=m.cause,
        )
    )


def decide(state: State, pending: Pending) -> int:
    """The bot storyteller's madness policy (see the module docstring)."""
    player = dict(pending.data)["player"]
    evil = seat(state, player).alignment == "evil"
    block = state.block
    shields = block is not None and block in state.players and seat(state, block).team == "demon"
    execute = not (evil and shields)
    return pending.options.index(execute)
