"""Win conditions and the end of the game.

The game ends the moment the rules say so: when no Demon is alive (after any Scarlet Woman or
star pass has taken over; unless a character prevents good's win, the Evil Twin, or postpones
the end, the Mastermind's extra day), when just two players are alive with a Demon among them,
and when a character's unit says so (a working Saint executed, a Mayor's quiet day, the
Vortox's, a Klutz's choice, the Evil Twin's good twin executed, an execution on the
Mastermind's extra day).

Every ending the engine reaches goes through ``conclude``, where the characters in play may
rewrite the result (``overturned``, ``Role.overturn``): the Heretic swaps winners and losers,
then a Politician most responsible for their team's loss changes sides and wins. Characters
declare their own endings (``Role.endings``: the Damsel guessed, the Alsaahir's right guess, the
cult joined, the storyteller executed) and reach them through ``conclude`` too.

The engine ends a game only by endings it can judge for every character in play. A character it
does not run (a human storyteller's homebrew, a Fabled that changes the rules) may change any of
them: who counts as the Demon, whether two
players left means evil wins, who wins at all. So with such a character in play an ending the
engine would reach is only pointed out to the storyteller (``EndingReached``, once each), who
declares the result (``DeclareWinner``); nothing is recorded that nobody declared.

``Outcome`` is the typed result: the winner, why, and the revealed grimoire to record.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.clocktower.counts import mod
from engine.clocktower.game.cast import game_script
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import EndingReached, GameEnded
from engine.clocktower.game.model import Phase, State, demons, evolve, residents
from engine.clocktower.game.roles import REGISTRY, current, holder, seats_having
from engine.core import Effect, GameOver


@dataclass(frozen=True)
class SeatOutcome:
    """One seat at the end: true character, the one the player believed, alignment, life."""

    player: int
    character: str
    shown: str
    alignment: str
    alive: bool


@dataclass(frozen=True)
class Outcome:
    """How a game ended (``winner`` ``good`` or ``evil``, ``reason`` the ending's name: a
    general one, a character's, or ``storyteller`` when declared) and the result to record:
    the revealed grimoire, the days and nights played, who told the story, on which script."""

    winner: str
    reason: str
    seats: tuple[SeatOutcome, ...]
    bluffs: tuple[str, ...]
    days: int
    nights: int
    storyteller: int | None
    bot_storyteller: bool
    script: tuple[str, ...]

    @property
    def good(self) -> tuple[int, ...]:
        return tuple(s.player for s in self.seats if s.alignment == "good")

    @property
    def evil(self) -> tuple[int, ...]:
        return tuple(s.player for s in self.seats if s.alignment == "evil")


def outcome(state: State) -> Outcome:
    """The outcome of a finished game."""
    assert state.winner is not None and state.ending is not None, "the game is not over"
    return Outcome(
        winner=state.winner,
        reason=state.ending,
        seats=tuple(
            SeatOutcome(s.player, s.character, s.shown, s.alignment, s.alive) for s in state.seats
        ),
        bluffs=state.bluffs,
        days=state.day,
        nights=state.night,
        storyteller=state.storyteller,
        bot_storyteller=state.bot,
        script=state.script_ids,
    )


def unjudged(state: State) -> tuple[str, ...]:
    """The characters in play the engine does not run, which may change any ending: the seats'
    (Travellers too), a Demon the script has that no player holds while no seat holds one (a
    homebrew one; Lil' Monsta is run, ``Role.unheld``: its babysitter is the Demon), and the
    script's Fabled and Loric without a unit (a homebrew script's own)."""
    seated = [s.character for s in state.seats]
    script = game_script(state).characters
    unheld = []
    if not any(s.team == "demon" for s in state.seats):
        unheld = [c.id for c in script if c.team == "demon" and not mod(c).demon]
    fabled = [c.id for c in script if c.team in ("fabled", "loric")]
    return tuple(c for c in dict.fromkeys(seated + unheld + fabled) if c not in REGISTRY)


def prevented(state: State, winner: str) -> bool:
    """Whether a character stops ``winner`` from winning now (``Role.prevents``: good cannot
    win while both Evil Twins live)."""
    return any(unit.prevents(state, s, winner) for s, unit in seats_having(state, "prevents"))


def continuous_winner(state: State) -> tuple[str, str] | None:
    """(winner, ending) when a state condition has ended the game, else None. With no Demon
    alive a character may say so first (``Role.ends_game``: the Atheist's two players left),
    else good wins (unless something prevents it, and the game then goes on without a Demon);
    with a Demon alive and just two players, evil wins."""
    if not demons(state):
        for s, unit in seats_having(state, "ends_game"):
            said = unit.ends_game(state, s)
            if said is not None:
                return said
        postponed = any(u.postpones_end(state, s) for s, u in seats_having(state, "postpones_end"))
        return None if postponed or prevented(state, "good") else ("good", "demon_dead")
    if len(residents(state)) <= 2:
        return "evil", "two_left"
    return None


def finish(state: State, winner: str, ending: str) -> tuple[State, list[Effect]]:
    """The game is over: ``winner`` wins because of ``ending`` (the storyteller's declaration
    too). The engine's own endings go through ``conclude``."""
    state = evolve(
        state,
        phase=Phase.OVER,
        winner=winner,
        ending=ending,
        pending=None,
        asked=None,
        resume=None,
        vote=None,
    )
    return state, [GameEnded(winner, ending), GameOver(winner, outcome=outcome(state))]


def conclude(state: State, winner: str, ending: str) -> tuple[State, list[Effect]]:
    """An ending the engine reached: the game is over, unless a character in play that the
    engine does not run could change it. Then the storyteller is told it looks reached (once
    for each ending and winner) and the game goes on until they declare the result."""
    unrun = unjudged(state)
    if not unrun:
        state, winner, effects = overturned(state, winner, f"end:{ending}")
        state, more = finish(state, winner, ending)
        return state, more + effects  # the result and the grimoire, then what turned it round
    if state.storyteller is None or state.phase is Phase.SETUP:
        return state, []
    notice = EndingReached(state.storyteller, winner, ending, unrun)
    if notice in state.told:
        return state, []
    state, told = tell(state, notice)
    return state, [told]


def overturned(state: State, winner: str, key: str) -> tuple[State, str, list[Effect]]:
    """The result as the characters in play rewrite it as the game ends (``Role.overturn``),
    stage by stage: first who wins (the Heretic: the winners lose and the losers win), then
    the players who react to it (the Politician most responsible for their team's loss changes
    sides and wins). A unit may ask the storyteller (a ruling under ``key``)."""
    effects: list[Effect] = []
    found = sorted(seats_having(state, "overturn"), key=lambda f: f[1].overturn_stage)
    for s, unit in found:
        state, winner, more = unit.overturn(state, current(state, s), winner, f"{key}:{holder(s)}")
        effects += more
    return state, winner, effects


def settle(state: State, effects: list[Effect]) -> tuple[State, list[Effect]]:
    """End the game now if a state condition says so (after any death); not before the setup's
    rulings are made (an Alchemist's Summoner ability, say, is known only then)."""
    if state.phase in (Phase.OVER, Phase.LOBBY, Phase.SETUP) or not state.seats:
        return state, effects
    won = continuous_winner(state)
    if won is None:
        return state, effects
    state, more = conclude(state, *won)
    return state, effects + more
