"""A Poisoner who knows her Demon never poisons it: a poisoned Demon kills nobody, so once only
the evil team was left alive, a Poisoner poisoning it every night stalled self-played games (one
in about 500 ran to the day limit)."""

from __future__ import annotations

from engine.clocktower.game import NightChoice
from engine.clocktower.game.characters.poisoner import Poisoner
from engine.clocktower.game.markers import known_evil
from engine.clocktower.game.model import evolve
from engine.clocktower.selfplay import play, setup_game
from engine.clocktower.selfplay.table import Player
from tests.engine.clocktower.game.support import TB, start

TEN = ["imp", "poisoner", "spy", "empath", "chef", "monk", "soldier", "mayor", "slayer", "virgin"]


def test_with_only_her_team_alive_the_poisoner_spares_her_demon():
    state = start({"characters": TEN, "bot": True})
    state = evolve(state, seats=tuple(evolve(s, alive=s.player <= 3) for s in state.seats))
    assert known_evil(state, 2, ("demon",)) == {1}
    for seed in range(60):
        table = Player(seed, reason=False)
        table.see(state)
        assert Poisoner().choose(table, state, 2, [1, 3], 1) == (3,)
        assert Poisoner().choose(table, state, 2, [1], 1) == (2,)  # nobody else: herself


def test_in_self_played_games_the_poisoner_never_poisons_the_demon_she_knows():
    # Seeds whose Poisoner poisoned her Demon (13, 18: until two were left; 169: eight nights).
    for seed in (13, 18, 169):
        log: list = []
        final, outcome = play(TB, 10, seed, log=log)
        assert outcome.winner is not None
        dealt = setup_game(TB, 10, seed)
        poisoner = next(s.player for s in dealt.seats if s.character == "poisoner")
        demon = known_evil(final, poisoner, ("demon",))
        picks = [a.targets[0] for a in log if isinstance(a, NightChoice) and a.by == poisoner]
        assert picks and demon and not demon & set(picks), (seed, demon, picks)
