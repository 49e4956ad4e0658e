"""What makes a Clocktower log replay the same game: the rules version and the game's fingerprint.

The shell stores ``RULES_VERSION`` with each game it opens and ``checksum(fingerprint(state))``
with each accepted action, and compares them when it rebuilds the game from its log. Raise
``RULES_VERSION`` whenever a change to the rules may make an old log play out differently.

The fingerprint is what the game *means*, not how ``State`` is laid out: the phase, day and
night; each seat's player, true and shown character, alignment and life; the vote in
progress and the finished nominations; the winner and why; and everything each player was told privately, as
``[player, event, data]``. A refactoring that keeps the behaviour must keep this function's
output, so every stored checksum (and every golden log under ``tests/golden``) stays valid.
"""

from __future__ import annotations

from typing import Any

from engine.clocktower.game.model import State

# 2: a human storyteller chooses which true pair a Washerwoman, Librarian or Investigator sees
#    (pairs in seat order), no bluffs below seven players, votes with hands set in advance.
# 3: Sects & Violets runs by the rules (its characters no longer the storyteller's panels),
#    public claims and madness, and a base edition's bot game deals that edition's Travellers.
# 4: Bad Moon Rising is automated, so its characters (Travellers too, which a human storyteller
#    could deal into any game) no longer wake as storyteller-run panels.
# 5: the engine ends a game only by endings it can judge for every character in play (with one
#    it does not run, the storyteller declares the result); every legal count of a variable
#    setup modifier is dealt; the Klutz who learns by day that they died chooses before the day
#    goes on, and the game waits for it.
# 6: the experimental Townsfolk and Outsiders are automated (their wakes and day abilities no
#    longer storyteller-run panels), endings may be overturned (the Heretic, the Politician) and
#    the storyteller may be nominated (the Atheist); setup jinxes exclude pairs from the deal.
# 7: the experimental Minions, Demons and Travellers, the Fabled and the Loric are automated
#    (no longer storyteller-run panels); the quiet-dusk endings are asked at every day's end
#    (``Role.dusk_ending``); a Fabled or Loric on the script takes part in the rules.
# 8: the leftovers of issue 22 by the official rulings: the bag may add the Balloonist's
#    Outsider for a Marionette shown it; a script's homebrew rules put the Bootlegger in play;
#    the Leviathan counts two good executions on one day; secret votes show voters no count or
#    block; a Boomdandy executed but alive explodes; the Pope's duplicates (of Outsiders too,
#    several, bluffable); each player picks their Knave; the Zenomancer's further goals; the
#    Cacklejack's any-type change, always made; no "after day 3" Riot ending; the legal
#    counts apply good characters' own Outsider changes after the evil side's, as the bag does.
#    And the Tor is automated: on its scripts players are not told their characters or
#    alignments (``secrecy``) and learn them on dying, even with a human storyteller.
RULES_VERSION = 8


def fingerprint(state: State) -> dict[str, Any]:
    vote = state.vote
    return {
        "phase": state.phase,
        "day": state.day,
        "night": state.night,
        "seats": [(s.player, s.character, s.shown, s.alignment, s.alive) for s in state.seats],
        "vote": vote and (vote.nominator, vote.nominee, vote.yes, vote.exile),
        "nominations": [(n.day, n.nominator, n.nominee, n.yes, n.exile) for n in state.history],
        "winner": state.winner,
        "ending": state.ending,
        "told": [(t.to, t.event, t.data) for t in state.told],
    }
