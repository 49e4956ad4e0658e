"""Every message of self-played Sects & Violets games renders: each private message and public
event has its renderer (night information, madness, gained abilities, the Barista's gifts,
claims, guesses, the Klutz), private ones go privately, night messages never name anyone in
public, and rulings show their options."""

from __future__ import annotations

from types import SimpleNamespace

from bot.delivery import Outgoing
from bot.editions import base_script
from bot.render.clocktower import ClocktowerRenderer
from engine.clocktower.game import apply
from engine.clocktower.selfplay import play, setup_game
from engine.core import Announce, Prompt, Tell

SNV = base_script("snv").ids
QUIET = {"death", "voted", "hand", "game_over"}  # said by another message


def messages(effects, session, renderer):
    for effect in effects:
        rendered = renderer.render(effect, session, lambda p: f"player{p}")
        yield effect, rendered if isinstance(rendered, list | tuple) else [rendered]


def test_every_effect_of_self_played_games_renders():
    renderer = ClocktowerRenderer()
    seen: set[str] = set()
    for seed in range(60):
        storyteller = 999 if seed % 3 == 0 else None
        log: list = []
        play(SNV, 7 + seed % 7, seed, log=log, travellers=seed % 3, storyteller=storyteller)
        state = setup_game(SNV, 7 + seed % 7, seed, travellers=seed % 3, storyteller=storyteller)
        for action in log:
            step = apply(state, action)
            state = step.state
            session = SimpleNamespace(state=state, game=SimpleNamespace(id=1, channel_id=2))
            for effect, outs in messages(step.effects, session, renderer):
                kind = getattr(effect, "event", None) or getattr(effect, "kind", "")
                seen.add(kind)
                if isinstance(effect, (Tell, Prompt)):
                    assert all(isinstance(o, Outgoing) and not o.public for o in outs), effect
                elif isinstance(effect, Announce) and kind not in QUIET:
                    assert any(isinstance(o, Outgoing) and o.content for o in outs), effect
    assert {"info", "mad", "claim", "juggle", "became", "turned", "barista"} <= seen, seen
