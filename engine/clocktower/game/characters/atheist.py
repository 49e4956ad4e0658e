"""The Atheist: the storyteller may break the game's rules; if the storyteller is executed,
good wins, even if the Atheist is dead. No evil characters are dealt with it.

With the Atheist on the script, any living player may nominate a human storyteller
(``Role.judges_storyteller``): everyone votes as usual, and the executed storyteller ends the
game, good winning if the Atheist is in play and evil otherwise. With the Atheist in play the
game goes on with no Demon (``postpones_end``) and good loses when just two players live
(``ends_game``). A human storyteller breaks rules with the game's own tools (``Adjust``: deaths,
drunkenness, reminders; false information through rulings' full range).

The bot storyteller never breaks the rules, so it never deals the Atheist (the bag's rule:
a game whose only puzzle is a storyteller's pretence is one it cannot tell fairly), and it
cannot be nominated: on its scripts the Atheist is only ever a bluff."""

from __future__ import annotations

from typing import ClassVar

from engine.clocktower.game.model import Seat, State, residents
from engine.clocktower.game.roles import Role


class Atheist(Role):
    id = "atheist"
    endings = {
        "atheist": "the storyteller was executed with an Atheist in play",
        "storyteller_executed": "the storyteller was executed with no Atheist in play",
    }
    policy: ClassVar[str] = (
        "Never breaks the rules, so never deals the Atheist, and cannot be nominated."
    )

    def judges_storyteller(self, state: State, in_play: bool) -> tuple[str, str] | None:
        return ("good", "atheist") if in_play else ("evil", "storyteller_executed")

    def postpones_end(self, state: State, seat: Seat) -> bool:
        return True  # there is no Demon to kill

    def ends_game(self, state: State, seat: Seat) -> tuple[str, str] | None:
        return ("evil", "two_left") if len(residents(state)) <= 2 else None
