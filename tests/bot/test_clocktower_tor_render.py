"""The secret of the Tor in words: over self-played games of each base edition, and of a script
of experimental characters that tell their holders of themselves (the Alchemist, the Damsel…),
with the Tor on the script, no message to a player who does not know their character names it
(true or shown), whatever told it (the deal, a menu, information, a character's own message);
what a hidden Alchemist is shown is its Minion's ability, bare."""

from __future__ import annotations

import re
from types import SimpleNamespace

from bot.delivery import Outgoing
from bot.render.clocktower import ClocktowerRenderer, char_name
from engine.clocktower.game import apply, seat
from engine.clocktower.game.characters.alchemist import Distilled
from engine.clocktower.game.secrecy import hidden
from engine.clocktower.selfplay import play, setup_game
from engine.core import Private, Prompt
from tests.engine.clocktower.game.support import BMR, SNV, TB
from tests.engine.clocktower.game.test_ct_evil_knowledge import SCRIPT as EVIL_KNOWLEDGE

TOR = ("tor",)
EXPERIMENTAL = (*TB, "alchemist", "apprentice", "damsel", "pixie", "cannibal", "exorcist")
SCRIPTS = (TB, BMR, SNV, EXPERIMENTAL, tuple(EVIL_KNOWLEDGE))
GAMES = 12  # a script


def name(player: int) -> str:
    return f"player{player}"


def texts(outs) -> list[str]:
    outs = outs if isinstance(outs, list | tuple) else [outs]
    return [o.content for o in outs if isinstance(o, Outgoing) and o.content]


def test_no_message_names_a_hidden_character_to_its_holder():
    renderer = ClocktowerRenderer()
    checked = 0
    for script in SCRIPTS:
        for seed in range(GAMES):
            players = 7 + seed % 6
            storyteller = 999 if seed % 4 == 1 else None
            log: list = []
            play((*script, *TOR), players, seed, log=log, storyteller=storyteller)
            state = setup_game((*script, *TOR), players, seed, storyteller=storyteller)
            for action in log:
                step = apply(state, action)
                state = step.state
                session = SimpleNamespace(state=state, game=SimpleNamespace(id=1, channel_id=2))
                for effect in step.effects:
                    to = getattr(effect, "to", None)
                    if not isinstance(effect, (Private, Prompt)) or not to:
                        continue
                    for player in to if isinstance(to, tuple) else (to,):
                        if player == storyteller or not hidden(state, player):
                            continue
                        s = seat(state, player)
                        own = {char_name(s.character, state), char_name(s.shown, state)}
                        pattern = re.compile(r"\b(" + "|".join(map(re.escape, own)) + r")\b")
                        for text in texts(renderer.render(effect, session, name)):
                            assert not pattern.search(text), (s, effect, text)
                            checked += 1
    assert checked > 1000


def test_a_hidden_alchemist_is_shown_its_ability_bare():
    deal = ("imp", "poisoner", "alchemist", "chef", "empath", "monk", "soldier")
    state = setup_game((*EXPERIMENTAL, *TOR), 7, 1, deal)
    session = SimpleNamespace(state=state, game=SimpleNamespace(id=1, channel_id=2))
    alchemist = next(s.player for s in state.seats if s.character == "alchemist")
    out = ClocktowerRenderer().render(Distilled(alchemist, character="poisoner"), session, name)
    assert "Poisoner" in out.content and "Alchemist" not in out.content, out.content
