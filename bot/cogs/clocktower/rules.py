"""engine.clocktower.game as the session layer sees it, plus the shell's own ``Abandon``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import engine.clocktower.game as ct
from bot.render.clocktower import char_name
from bot.store import games as game_store
from bot.store.results import Result, Seat, user_key
from engine.clocktower.catalogue import Character
from engine.clocktower.game.events import Told
from engine.clocktower.game.roles import REGISTRY
from engine.clocktower.script import load_script
from engine.core import GameOver, Prompt, RuleError, Step

KIND = "clocktower"


@dataclass(frozen=True)
class Abandon:
    """The shell's own action: the game ends unplayed (the storyteller, a bot game's leader or a
    server manager ends it, or the human storyteller left the server)."""

    by: int


class ClocktowerRules:
    kind = KIND
    # the game's actions, the characters' own day actions, and the shell's Abandon
    actions = {**ct.ACTIONS, **REGISTRY.day_actions(), "Abandon": Abandon}
    version = ct.RULES_VERSION
    fingerprint = staticmethod(ct.fingerprint)

    def new_state(self, game: game_store.GameRow) -> ct.State:
        """The game's lobby; the script's homebrew characters and rules come from the script
        saved with it (games opened before homebrew was kept have ids only)."""
        bot = bool(game.options["bot"])
        homebrew: tuple[Character, ...] = ()
        house_rules: tuple[str, ...] = ()
        if "script_json" in game.options:
            saved = load_script(game.options["script_json"])
            homebrew, house_rules = saved.homebrew, saved.bootlegger
        state = ct.new_game(
            None if bot else game.host_id,
            game.seed,
            tuple(game.options["script"]),
            bot,
            homebrew=homebrew,
            house_rules=house_rules,
        )
        return ct.apply(state, ct.Join(game.host_id)).state if bot else state

    def apply(self, state: ct.State, action: ct.Action | Abandon) -> Step[ct.State]:
        if isinstance(action, Abandon):
            if state.phase is ct.Phase.OVER:
                raise RuleError("The game is over.")
            over = dataclasses.replace(state, phase=ct.Phase.OVER, ending="abandoned")
            return Step(over, (GameOver("abandoned"),))
        return ct.apply(state, action)

    def players(self, state: ct.State) -> tuple[int, ...]:
        extra = () if state.storyteller is None else (state.storyteller,)
        return (*state.players, *extra)

    def open_prompts(self, state: ct.State) -> tuple[Prompt, ...]:
        return ct.open_prompts(state)

    def secrets(self, state: ct.State, player: int) -> tuple[Told, ...]:
        """Everything they were told, in order: in Clocktower every past answer matters."""
        return ct.briefing(state, player)

    def result(self, state: ct.State, game: game_store.GameRow, over: GameOver) -> Result | None:
        """The ratings' record of the game's ``Outcome`` (None when it was abandoned)."""
        outcome = over.outcome
        if not isinstance(outcome, ct.Outcome):
            return None
        seats = tuple(
            Seat(user_key(s.player), s.alignment, char_name(s.character, state))
            for s in outcome.seats
        )
        return Result(
            guild_id=game.guild_id,
            kind=KIND,
            winner=outcome.winner,
            seats=seats,
            storyteller="bot" if state.storyteller is None else user_key(state.storyteller),
            script=game.options.get("script_name"),
            game_id=game.id,
        )
