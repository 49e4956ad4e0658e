"""Every message a Bad Moon Rising game produces renders: each public event and private message
of many self-played games (either storyteller, with Travellers) has its words, private ones stay
private, and no public line names a character except what a player says aloud."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.render.clocktower import ClocktowerRenderer
from engine.clocktower.game import apply
from engine.clocktower.selfplay import play, setup_game
from engine.core import Announce, GameOver, Prompt, Tell
from tests.bot.test_clocktower_bmr import CLAIMS, NAMES
from tests.engine.clocktower.game.support import BMR

SILENT = {"death", "voted", "hand", "game_over"}  # said elsewhere (execution, board, reveal)
GAMES = 90


def rendered(outgoing) -> list:
    if outgoing is None:
        return []
    return list(outgoing) if isinstance(outgoing, (list, tuple)) else [outgoing]


async def test_every_event_of_bad_moon_rising_games_renders():
    renderer = ClocktowerRenderer()
    seen: set[str] = set()
    for seed in range(GAMES):
        teller = 999 if seed % 3 == 0 else None
        log: list = []
        play(BMR, 6 + seed % 9, seed, log=log, travellers=seed % 3, storyteller=teller)
        state = setup_game(BMR, 6 + seed % 9, seed, travellers=seed % 3, storyteller=teller)
        steps = [(state, state.told)]  # the deal and the first night's wakes up to a choice
        for action in log:
            step = apply(state, action)
            state = step.state
            steps.append((state, step.effects))
        for state, effects in steps:
            session = SimpleNamespace(
                state=state, game=SimpleNamespace(id=1, channel_id=2, host_id=3, options={})
            )
            for effect in effects:
                if isinstance(effect, GameOver):
                    continue
                kind = getattr(effect, "event", None) or getattr(effect, "kind", "")
                out = rendered(renderer.render(effect, session, lambda p: f"player {p}"))
                if not out:
                    assert kind in SILENT, effect
                    continue
                seen.add(kind)
                for message in out:
                    if isinstance(effect, (Tell, Prompt)):
                        assert not message.public, effect
                    elif isinstance(effect, Announce) and kind != "game_over":
                        for line in message.content.splitlines():
                            assert line.startswith(CLAIMS) or not NAMES.search(line), line
                    assert (
                        message.content
                        or message.embed
                        or isinstance(message.view, discord.ui.View)
                    )
    bmr = {"gossip", "moonchild", "execution_survived", "exorcised", "lunatic", "apprentice"}
    assert bmr | {"swapped", "verdict", "turned", "ruling", "night_choice"} <= seen
