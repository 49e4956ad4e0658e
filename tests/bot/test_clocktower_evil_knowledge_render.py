"""The evil team's information as the experimental characters shape it reads right: a Minion
told no team (the Poppy Grower) or given bluffs (the Snitch), a Demon kept from its Minions, a
grimoire with tokens removed (the Magician's jinx with the Spy); and every message of
self-played games on a script of these characters renders, privately where it is private."""

from __future__ import annotations

from types import SimpleNamespace

from bot.delivery import Outgoing
from bot.render.clocktower import ClocktowerRenderer
from engine.clocktower.game import apply
from engine.clocktower.game.events import DemonInfo, Grimoire, MinionInfo
from engine.clocktower.selfplay import play, setup_game
from engine.core import Private, Prompt, Public
from tests.engine.clocktower.game.test_ct_evil_knowledge import SCRIPT

QUIET = {"death", "voted", "hand", "game_over"}


def render(effect, state=None):
    session = SimpleNamespace(state=state or setup_game(SCRIPT, 8, 1), game=SimpleNamespace(id=1))
    out = ClocktowerRenderer().render(effect, session, lambda p: f"player{p}")
    return out.content


def test_the_evil_teams_shaped_information_reads_as_told():
    apart = render(MinionInfo(2, demon=(), minions=(), bluffs=("saint", "virgin"), apart=True))
    assert "not told" in apart and "Saint" in apart and "player" not in apart
    told = render(MinionInfo(2, demon=(1, 3), minions=(), bluffs=()))
    assert "player1, player3" in told and "bluffing" not in told
    demon = render(DemonInfo(1, minions=(), bluffs=("saint",), apart=True))
    assert "not told who your Minions are" in demon and "Saint" in demon
    seats = ((1, "", "", True), (2, "spy", "evil", True))
    grimoire = render(Grimoire(2, character="spy", night=1, seats=seats, marks=()))
    assert "player1: (token removed)" in grimoire and "player2: Spy, evil" in grimoire


def test_every_effect_of_self_played_games_of_the_group_renders():
    renderer = ClocktowerRenderer()
    seen: set[str] = set()
    for seed in range(40):
        storyteller = 999 if seed % 3 == 0 else None
        log: list = []
        play(SCRIPT, 7 + seed % 6, seed, log=log, storyteller=storyteller)
        state = setup_game(SCRIPT, 7 + seed % 6, seed, storyteller=storyteller)
        for action in log:
            step = apply(state, action)
            state = step.state
            session = SimpleNamespace(state=state, game=SimpleNamespace(id=1, channel_id=2))
            for effect in step.effects:
                outs = renderer.render(effect, session, lambda p: f"player{p}")
                outs = outs if isinstance(outs, list | tuple) else [outs]
                kind = getattr(effect, "event", None) or getattr(effect, "kind", "")
                seen.add(kind)
                if isinstance(effect, (Private, Prompt)):
                    assert all(isinstance(o, Outgoing) and not o.public for o in outs), effect
                elif isinstance(effect, Public) and kind not in QUIET:
                    assert any(isinstance(o, Outgoing) and o.content for o in outs), effect
    assert {"info", "preached", "wailed", "minion_info", "demon_info"} <= seen, seen
