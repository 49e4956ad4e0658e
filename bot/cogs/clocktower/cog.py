"""The /clocktower commands, buttons and menus: a thin shell on engine.clocktower.game.

Who may do what:
- A human storyteller (``storyteller:me``) starts the game, orders the seats, ends the day,
  answers every ruling and has the tools (grimoire, adjust, undo, end). They do not play.
- With the bot storyteller the game's leader (whoever opened it, or, once they have left, the
  first seated player still in the server) starts it and may end the day at any time; any seated
  player may end the day once nobody can nominate any more; otherwise the bot ends it when the
  day's time is up (see ``clock``).
- Members who may manage the server can end (abandon) any game, so a game never outlives the
  people running it; a human storyteller who leaves the server ends their game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine.clocktower.game as ct
from bot import layouts
from bot.app import Ravenswood
from bot.cogs.clocktower.clock import Clock, Timings
from bot.cogs.clocktower.rules import KIND, Abandon, ClocktowerRules
from bot.cogs.clocktower.text import (
    draw_grimoire,
    draw_review,
    png_file,
    status_text,
    votes_text,
)
from bot.cogs.clocktower.tools import StorytellerTools
from bot.cogs.scripts import read_file
from bot.delivery import Outgoing
from bot.editions import base_code, base_script
from bot.errors import Refusal, answering
from bot.interactions import can_manage, channel_id, guild_id, matching, reply
from bot.parsing import user_id as player_id
from bot.parsing import user_ids as player_ids
from bot.render.clocktower import (
    ClocktowerRenderer,
    char_name,
    known,
    vote_message,
)
from bot.render.scripts import problems_embed
from bot.sessions import Diverged, Session, replay
from bot.store import games as game_store
from bot.store import scripts as script_store
from engine.clocktower.catalogue import BASE_EDITIONS, character, normalise_id
from engine.clocktower.game import statements
from engine.clocktower.game.adjust import CHANGES
from engine.clocktower.game.model import neighbours
from engine.clocktower.game.questions import COUNT, QUESTIONS, NightMenu, NominationMenu
from engine.clocktower.game.roles import REGISTRY, Role, seats_having
from engine.clocktower.reasoning.review import not_reviewable
from engine.clocktower.script import Script, ScriptError, load_script
from engine.core import GameOver, RuleError, Step

CHOICES = 25
BOT_ONLY = "The bot is the storyteller in this game; that tool is for a human storyteller."
NOMINATED = "Your nomination is made; the vote goes round the circle."
EXILE_CALLED = "You call for the exile; the vote goes round the circle."
REPLAY_CHANGED = (
    "That game was played under rules this version of the bot replays differently, so it "
    "cannot be reviewed (its record is kept)."
)


def dated(kind: str, order: str = "id-token") -> Callable[[str], tuple[str, str] | None]:
    """A menu sent before questions had keys whose value named its question: ``id-token``
    (a nomination's day, a ruling's or a panel's decision) or ``token-id`` (a vote's place)."""

    def translate(value: str) -> tuple[str, str] | None:
        first, _, second = value.partition("-")
        ref, token = (first, second) if order == "id-token" else (second, first)
        return (f"{kind}.{ref}", token) if ref.isdigit() and token else None

    return translate


LEGACY: dict[str, Callable[[str], tuple[str, str] | None]] = {
    "nominate": dated("nominate"),
    "ruling": dated("ruling"),
    "panel": dated("panel"),
    "vote": dated("vote", "token-id"),
    "count": lambda value: (f"vote.{value}", COUNT) if value.isdigit() else None,
    "night": lambda value: None,  # it named no wake: taken for tonight's, it might not be
}


class ClocktowerCog(
    StorytellerTools,
    group_name="clocktower",
    group_description="Play Blood on the Clocktower",
):
    kind = KIND
    title = "Clocktower"
    command = "/clocktower"
    questions = QUESTIONS
    legacy = LEGACY

    def __init__(self, bot: Ravenswood) -> None:
        super().__init__(bot, ClocktowerRules(), ClocktowerRenderer(bot.official))
        self.drafts = {}
        self.clock = Clock(bot, self.delivery, Timings.from_env(), self.play)
        bot.voice.register(
            KIND,
            lambda s, link, pairs: layouts.clocktower(s.state, s.game.seed, pairs, link.follow),
        )
        assert self.app_command is not None  # a GroupCog: /clocktower
        # Characters' day abilities are ``/clocktower use <name>``, a group of their own, and
        # the Travellers' ``/traveller <name>``, a top-level group: Discord allows a command
        # group 25 children, and the official characters bring more day abilities than that.
        abilities = app_commands.Group(
            name="use", description="Use your character's day ability", guild_only=True
        )
        self.travellers = app_commands.Group(
            name="traveller", description="Use your Traveller's day ability", guild_only=True
        )
        for unit in REGISTRY.having("command").values():
            group = self.travellers if character(unit.id).team == "traveller" else abilities
            group.add_command(self.day_command(unit))
        self.app_command.add_command(abilities)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.travellers)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.travellers.name)
        self.clock.stop()

    # Helpers ---------------------------------------------------------------------------------
    async def leader(self, session: Session[ct.State]) -> int | None:
        """The bot game's leader: its opener, or the first seated player still here."""
        state: ct.State = session.state
        host = session.game.host_id
        for player in ((host,) if host in state.players else ()) + tuple(state.players):
            if await self.clock.present(session, player):
                return player
        return None

    def require_storyteller(self, session: Session[ct.State], user: int) -> None:
        state = session.state
        if state.bot:
            raise RuleError(BOT_ONLY)
        if user != state.storyteller:
            raise RuleError("Only the storyteller can do that.")

    async def play(self, session: Session[ct.State], action: Any) -> None:
        """Apply an action the game takes itself (the clock's) and deliver it; a refusal
        raises RuleError before anything is sent."""
        step = await self.bot.games.apply(session, action)
        await self.deliver(session, step.effects)

    async def deliver(self, session: Session[ct.State], effects: Any) -> None:
        """Deliver what the game owes (its outbox), help whoever could not be reached, show the
        grimoire at the end, and restart the game's clock."""
        unreached = await self.delivery.flush(session)
        players = [p for p in unreached if p != session.state.storyteller]
        if players:
            await self.clock.unreachable(session, players)
        await self.bot.voice.follow(session)
        if any(isinstance(e, GameOver) and e.winner in ("good", "evil") for e in effects):
            await self.post_final_grimoire(session)
        self.clock.schedule(session)

    async def post_final_grimoire(self, session: Session[ct.State]) -> None:
        book = ct.grimoire(session.state)
        name = self.delivery.namer(session)
        names = {seat["player"]: name(seat["player"]) for seat in book["seats"]}
        _, png = await asyncio.to_thread(draw_grimoire, book, names)
        await self.delivery.post(
            session, Outgoing("📖 The grimoire at the end of the game:", file=lambda: png_file(png))
        )

    @commands.Cog.listener()
    async def on_games_restored(self) -> None:
        """Restored games get their clocks back, and a running vote a board with fresh buttons."""
        for session in list(self.bot.games.sessions.values()):
            if session.game.kind != KIND or session.game.id in self.clock.tasks:
                continue
            board = vote_message(session, self.delivery.namer(session))
            if board is not None:
                await self.delivery.post(session, board)
            self.clock.schedule(session)

    @commands.Cog.listener()
    async def on_games_changed(self, sessions: list[Session[ct.State]]) -> None:
        """Games another process played on (or opened, or ended): their clocks are set again
        for what they now wait for (``bot.cluster``)."""
        for session in sessions:
            if session.game.kind == KIND:
                self.clock.schedule(session)

    @commands.Cog.listener()
    async def on_clocks_dropped(self) -> None:
        self.clock.stop()

    # Opening a game --------------------------------------------------------------------------
    async def resolve_script(
        self, interaction: discord.Interaction, script: str | None, file: discord.Attachment | None
    ) -> Script:
        """The script: a base edition, a saved script or a file (homebrew characters kept)."""
        if file is not None:
            if script is not None:
                raise RuleError("Give either a script name or a file, not both.")
            return load_script(await read_file(interaction, file))  # ScriptError: shown to the user
        script = script or "tb"
        code = base_code(script)
        if code is not None:
            return base_script(code)
        saved = await script_store.get_script(self.bot.db, guild_id(interaction), script)
        if saved is None:
            raise RuleError(
                f"No saved script is called “{script[:100]}”; try tb, bmr, snv or `/script list`."
            )
        try:
            return load_script(saved.json)
        except ScriptError:
            raise RuleError(f"The saved script “{saved.name}” is no longer valid.") from None

    @app_commands.command(name="new", description="Open a Clocktower lobby in this channel")
    @app_commands.describe(
        script="tb, bmr, snv (the base editions) or the name of a script saved with /script save",
        storyteller="me: you run the game and don't play; bot: the bot runs it and you play",
        file="A script as a .json file in the official format (instead of a name)",
        voice="A voice channel to play in: the town square (players get cottages at night)",
    )
    @app_commands.choices(storyteller=[app_commands.Choice(name=n, value=n) for n in ("bot", "me")])
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        script: str | None = None,
        storyteller: str = "bot",
        file: discord.Attachment | None = None,
        voice: discord.VoiceChannel | None = None,
    ) -> None:
        async with answering(interaction):
            try:
                loaded = await self.resolve_script(interaction, script, file)
            except ScriptError as error:
                problems = [p.to_dict() for p in error.problems]
                await reply(interaction, "", embed=problems_embed(problems, "no game was opened."))
                return
            bot_storyteller = storyteller == "bot"
            missing = ct.unsupported(loaded.ids) if bot_storyteller else ()
            if missing:
                names = {c.id: c.name for c in loaded.characters}
                raise RuleError(
                    "The bot storyteller cannot run these characters yet: "
                    + ", ".join(names[c] for c in missing[:20])
                    + (f" and {len(missing) - 20} more" if len(missing) > 20 else "")
                    + ". Open the game with `storyteller: me` to run them yourself."
                )
            options = {
                "script": list(loaded.ids),
                "script_name": loaded.name,
                "script_json": loaded.to_json(),
                "bot": bot_storyteller,
            }
            await self.open_lobby(interaction, options, voice)

    @new.autocomplete("script")
    async def complete_script(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        key = normalise_id(typed)
        choices = [
            app_commands.Choice(name=f"{title} (base edition)", value=code)
            for code, title in BASE_EDITIONS.items()
            if key in code or key in normalise_id(title)
        ]
        if interaction.guild_id is not None:
            names = await script_store.matching_names(
                self.bot.db, interaction.guild_id, typed, CHOICES
            )
            choices += [app_commands.Choice(name=n, value=n) for n in names]
        return choices[:CHOICES]

    @app_commands.command(name="seat", description="Move a player to another seat (lobby)")
    @app_commands.describe(player="Who moves", position="Their new seat: 1 is the first")
    @app_commands.guild_only()
    async def seat(
        self,
        interaction: discord.Interaction,
        player: str,
        position: app_commands.Range[int, 1, 30],
    ) -> None:
        async def action(session: Session[ct.State]) -> ct.Action:
            if not session.state.bot:
                self.require_storyteller(session, interaction.user.id)
                return ct.MoveSeat(interaction.user.id, player_id(player), position - 1)
            if interaction.user.id != await self.leader(session):
                raise RuleError("Only the player who leads the game can change the seating.")
            return ct.MoveSeat(ct.SYSTEM, player_id(player), position - 1)

        await self.run(interaction, action, "The seat is changed.")

    @seat.autocomplete("player")
    async def complete_seated(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return self.complete(interaction, typed)

    @app_commands.command(name="traveller", description="Join this game as a Traveller")
    @app_commands.guild_only()
    async def traveller(self, interaction: discord.Interaction) -> None:
        await self.run(
            interaction,
            lambda s: ct.Join(interaction.user.id, traveller=True),
            "You have a seat as a Traveller.",
            enrols=True,
        )

    @app_commands.command(name="start", description="Deal the characters and begin the night")
    @app_commands.describe(
        characters="Storyteller: your own bag, names separated by commas (else a balanced bag)",
        shuffle="Deal your bag at random (yes) or to the seats in order (no)",
        voice="A game linked to voice: play in it (the default) or start without voice",
    )
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction,
        characters: str = "",
        shuffle: bool = True,
        voice: bool = True,
    ) -> None:
        async def action(session: Session[ct.State]) -> ct.Action:
            state = session.state
            if state.bot and interaction.user.id != await self.leader(session):
                raise RuleError("Only the player who leads the game can start it.")
            if not state.bot:
                self.require_storyteller(session, interaction.user.id)
            elif characters:
                raise RuleError("The bot storyteller deals a balanced bag itself.")
            people = set(state.players) | ({state.storyteller} if state.storyteller else set())
            await self.voice_ready(session, people, voice, "/clocktower start")
            bag = tuple(c.strip() for c in characters.split(",") if c.strip())
            return ct.Start(by=interaction.user.id, characters=bag, shuffle=shuffle and bool(bag))

        await self.run(interaction, action, "The characters are dealt.")

    @start.autocomplete("characters")
    async def complete_bag(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """The next character of the bag being typed, from the script (and its Travellers)."""
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != KIND:
            return []
        state = session.state
        done, _, current = typed.rpartition(",")
        taken = {c.strip().casefold() for c in done.split(",")}
        prefix = f"{done}, " if done else ""
        names = [char_name(c, state) for c in state.script_ids]
        key = current.strip().casefold()
        return [
            app_commands.Choice(name=(prefix + n)[:100], value=(prefix + n)[:100])
            for n in names
            if key in n.casefold() and n.casefold() not in taken
        ][:CHOICES]

    # The day ---------------------------------------------------------------------------------
    @app_commands.command(
        name="nominate", description="Nominate a player, or call for a Traveller's exile"
    )
    @app_commands.describe(player="Who you nominate (a Traveller: whose exile you call for)")
    @app_commands.guild_only()
    async def nominate(self, interaction: discord.Interaction, player: str) -> None:
        """A nomination; of a living Traveller, a call for exile (any player may call, all may
        vote), as the rules have it: one command for both, since a Discord command group holds
        25 commands."""

        def done(step: Step[ct.State]) -> str:
            exiling = step.state.vote is not None and step.state.vote.exile
            return EXILE_CALLED if exiling else NOMINATED

        await self.run(
            interaction,
            lambda s: ct.Nominate(by=interaction.user.id, target=player_id(player)),
            done,
        )

    @nominate.autocomplete("player")
    async def complete_nominee(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return self.complete(interaction, typed, lambda s, p: p not in s.nominees)

    def day_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> <player>`` for a character's day ability (its ``command``): the
        action is the unit's ``request``, the player offered from its ``day_targets``. An
        ability that makes a statement (the Gossip) takes one instead: see ``statement_command``."""
        spec = unit.command
        assert spec is not None
        if spec.statement:
            return self.statement_command(unit)
        shaped = {
            "none": self.plain_command,
            "text": self.text_command,
            "guess": self.guess_command,
            "teams": self.teams_command,
        }
        if spec.shape == "question":
            return self.question_command(unit)
        if spec.shape in shaped:
            return shaped[spec.shape](unit)
        if spec.pair:
            return self.pair_command(unit)
        if spec.choices:
            return self.choice_command(unit)

        @app_commands.rename(player=spec.option)
        @app_commands.describe(player=spec.option_description)
        @app_commands.guild_only()
        async def use(interaction: discord.Interaction, player: str) -> None:
            await self.run(
                interaction,
                lambda s: unit.request(interaction.user.id, player_id(player)),
                spec.done,
            )

        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=spec.name, description=spec.description, callback=use
        )

        @command.autocomplete("player")
        async def targets(
            interaction: discord.Interaction, typed: str
        ) -> list[app_commands.Choice[str]]:
            offered = self._offered(interaction, unit)
            return self.complete(interaction, typed, lambda s, p: p in offered)

        return command

    def pair_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> <player> <other>``: an ability on two players (the Matron's swap),
        the unit's ``request`` taking them as a pair."""
        spec = unit.command
        assert spec is not None

        @app_commands.rename(player=spec.option, other=spec.pair)
        @app_commands.describe(player=spec.option_description, other="The other player")
        @app_commands.guild_only()
        async def use(interaction: discord.Interaction, player: str, other: str) -> None:
            await self.run(
                interaction,
                lambda s: unit.request(interaction.user.id, (player_id(player), player_id(other))),
                spec.done,
            )

        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=spec.name, description=spec.description, callback=use
        )

        return self.completing_players(command, "player", "other")

    def choice_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> <choice>``: an ability that says one of a few words (the Judge's
        pass or fail), the unit's ``request`` taking the word."""
        spec = unit.command
        assert spec is not None

        @app_commands.rename(choice=spec.option)
        @app_commands.describe(choice=spec.option_description)
        @app_commands.choices(choice=[app_commands.Choice(name=c, value=c) for c in spec.choices])
        @app_commands.guild_only()
        async def use(interaction: discord.Interaction, choice: str) -> None:
            await self.run(
                interaction, lambda s: unit.request(interaction.user.id, choice), spec.done
            )

        return app_commands.Command(name=spec.name, description=spec.description, callback=use)

    def statement_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> player claim value [other]``: "(one of) player (and other) is
        <value>", a ``Statement`` the unit's ``request`` takes."""
        spec = unit.command
        assert spec is not None

        @app_commands.describe(
            player="Who the statement is about",
            claim="What you say they are",
            value="The character, team (townsfolk, outsider, minion, demon) or alignment",
            other="A second player, for 'one of these two is …'",
        )
        @app_commands.choices(
            claim=[app_commands.Choice(name=f"is {k}", value=k) for k in statements.KINDS]
        )
        @app_commands.guild_only()
        async def use(
            interaction: discord.Interaction,
            player: str,
            claim: str,
            value: str,
            other: str | None = None,
        ) -> None:
            def action(session: Session[ct.State]) -> Any:
                built = self.statement(session, player, claim, value, other)
                return unit.request(interaction.user.id, built)

            await self.run(interaction, action, spec.done)

        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=spec.name, description=spec.description, callback=use
        )
        return self.completing_statements(command)

    def plain_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name>``: a day ability with no option (the Savant's visit)."""
        spec = unit.command
        assert spec is not None

        @app_commands.guild_only()
        async def use(interaction: discord.Interaction) -> None:
            await self.run(
                interaction, lambda s: unit.request(interaction.user.id, None), spec.done
            )

        return app_commands.Command(name=spec.name, description=spec.description, callback=use)

    def text_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> <words>``: a day ability that takes a line of text (the
        Mezepheles' ``say``), the unit's ``request`` taking it as typed."""
        spec = unit.command
        assert spec is not None

        @app_commands.rename(words=spec.option)
        @app_commands.describe(words=spec.option_description)
        @app_commands.guild_only()
        async def use(interaction: discord.Interaction, words: str) -> None:
            await self.run(
                interaction, lambda s: unit.request(interaction.user.id, words), spec.done
            )

        return app_commands.Command(name=spec.name, description=spec.description, callback=use)

    def teams_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> demons [minions]``: players named as two teams, by mention
        (the Alsaahir's guess), the unit's ``request`` taking the two tuples."""
        spec = unit.command
        assert spec is not None

        @app_commands.describe(
            demons="The players you name as Demons, by mention",
            minions="The players you name as Minions, by mention (none: leave it out)",
        )
        @app_commands.guild_only()
        async def use(interaction: discord.Interaction, demons: str, minions: str = "") -> None:
            def action(session: Session[ct.State]) -> Any:
                return unit.request(interaction.user.id, (player_ids(demons), player_ids(minions)))

            await self.run(interaction, action, spec.done)

        return app_commands.Command(name=spec.name, description=spec.description, callback=use)

    def guess_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> player character``: a public guess (the Juggler's)."""
        spec = unit.command
        assert spec is not None

        @app_commands.describe(player=spec.option_description, character="The character you guess")
        @app_commands.guild_only()
        async def use(interaction: discord.Interaction, player: str, character: str) -> None:
            def action(session: Session[ct.State]) -> Any:
                found = known(character.strip(), session.state)
                if found is None:
                    raise RuleError(f"{character[:40]} is not a character I know.")
                return unit.request(interaction.user.id, (player_id(player), found.id))

            await self.run(interaction, action, spec.done)

        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=spec.name, description=spec.description, callback=use
        )

        @command.autocomplete("character")
        async def characters(
            interaction: discord.Interaction, typed: str
        ) -> list[app_commands.Choice[str]]:
            return self.complete_character(interaction, typed)

        return self.completing_players(command, "player")

    def question_command(self, unit: Role) -> app_commands.Command[Any, ..., Any]:
        """``/clocktower use <name> [question] [player claim value [other]]``: a question in words
        (for a human storyteller) or built as a statement the engine can answer (the
        Artist's)."""
        spec = unit.command
        assert spec is not None

        @app_commands.describe(
            question="Your question in your own words (a human storyteller answers it)",
            player="Or build it: who the question is about",
            claim="…whether they are a character, a team or an alignment",
            value="…which character, team (townsfolk, outsider, minion, demon) or alignment",
            other="…or whether one of player and other is",
            seats="…or whether one of the player's living neighbours is",
        )
        @app_commands.choices(
            claim=[app_commands.Choice(name=f"is {k}", value=k) for k in statements.KINDS],
            seats=[
                app_commands.Choice(name="the player", value="player"),
                app_commands.Choice(name="their living neighbours", value="neighbours"),
            ],
        )
        @app_commands.guild_only()
        async def use(
            interaction: discord.Interaction,
            question: str | None = None,
            player: str | None = None,
            claim: str | None = None,
            value: str | None = None,
            other: str | None = None,
            seats: str = "player",
        ) -> None:
            def action(session: Session[ct.State]) -> Any:
                if player and claim and value:
                    built = self.statement(
                        session, player, claim, value, other, near=seats == "neighbours"
                    )
                    return unit.request(interaction.user.id, ("", built))
                if question and question.strip():
                    return unit.request(interaction.user.id, (question, None))
                raise RuleError(
                    "Ask in your own words (question), or build it from player, claim and value."
                )

            await self.run(interaction, action, spec.done)

        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=spec.name, description=spec.description, callback=use
        )
        return self.completing_statements(command)

    def statement(
        self,
        session: Session[ct.State],
        player: str,
        claim: str,
        value: str,
        other: str | None,
        near: bool = False,
    ) -> statements.Statement:
        """The statement a command's options build, checked against the game; ``near``: about
        the player's living neighbours (a question about seats)."""
        players = tuple(player_id(p) for p in (player, other) if p)
        if near and session.state.seats:
            try:
                players = tuple(dict.fromkeys(neighbours(session.state, players[0])))
            except (ValueError, StopIteration):
                raise RuleError("Choose a player of this game with living neighbours.") from None
        said = statements.Statement(claim, players, self.statement_value(session, claim, value))
        return statements.checked(session.state, said)

    def completing_statements(
        self, command: app_commands.Command[Any, ..., Any]
    ) -> app_commands.Command[Any, ..., Any]:
        """Autocomplete for a statement's options: its players, and the value its claim takes."""

        @command.autocomplete("value")
        async def values(
            interaction: discord.Interaction, typed: str
        ) -> list[app_commands.Choice[str]]:
            return self.complete_statement_value(interaction, typed)

        return self.completing_players(command, "player", "other")

    def complete_character(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """Characters of this channel's game's script whose name contains ``typed``."""
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != KIND:
            return []
        pairs = [(char_name(c, session.state), c) for c in session.state.script_ids]
        return matching(pairs, typed)

    def complete_statement_value(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """A statement's value: a character of the script, a team or an alignment."""
        if interaction.namespace.claim == "character":
            return self.complete_character(interaction, typed)
        kinds = statements.TEAMS if interaction.namespace.claim == "team" else statements.ALIGNMENTS
        return matching([(v, v) for v in kinds], typed)

    def completing_players(
        self, command: app_commands.Command[Any, ..., Any], *options: str
    ) -> app_commands.Command[Any, ..., Any]:
        """``command`` with its ``options`` autocompleted with the game's players."""

        async def players(
            interaction: discord.Interaction, typed: str
        ) -> list[app_commands.Choice[str]]:
            return self.complete(interaction, typed)

        for option in options:
            command.autocomplete(option)(players)
        return command

    @staticmethod
    def statement_value(session: Session[ct.State], claim: str, value: str) -> str:
        """A typed value as the statement's: a character's id (by name or id), else lower case."""
        if claim == "character":
            found = known(value.strip(), session.state)
            if found is None:
                raise RuleError(f"{value[:40]} is not a character I know.")
            return found.id
        return value.strip().casefold()

    def _offered(self, interaction: discord.Interaction, unit: Role) -> tuple[int, ...]:
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != KIND or not session.state.seats:
            return ()
        return unit.day_targets(session.state, interaction.user.id)

    def complete(
        self,
        interaction: discord.Interaction,
        typed: str,
        keep: Callable[[ct.State, int], bool] = lambda s, p: True,
    ) -> list[app_commands.Choice[str]]:
        """Players of this channel's game whose name contains ``typed``, living ones first."""
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != KIND:
            return []
        state = session.state
        name = self.delivery.namer(session)
        if state.seats:
            pool = [s.player for s in state.seats if keep(state, s.player)]
            pool.sort(key=lambda p: not ct.seat(state, p).alive)
        else:
            pool = list(state.players)
        found = [p for p in pool if typed.casefold() in name(p).casefold()]
        return [app_commands.Choice(name=name(p)[:100], value=str(p)) for p in found][:CHOICES]

    @app_commands.command(name="endday", description="End the day: the player on the block dies")
    @app_commands.guild_only()
    async def endday(self, interaction: discord.Interaction) -> None:
        async def action(session: Session[ct.State]) -> ct.Action:
            state, user = session.state, interaction.user.id
            if not state.bot:
                self.require_storyteller(session, user)
                return ct.EndDay(by=user)
            nominating = any(isinstance(p, NominationMenu) for p in ct.open_prompts(state))
            if user != await self.leader(session) and (user not in state.players or nominating):
                raise RuleError(
                    "With the bot storyteller, the game's leader ends the day, or any player "
                    "once nobody can nominate any more; otherwise it ends when its time is up."
                )
            return ct.EndDay(by=ct.SYSTEM)

        await self.run(interaction, action, "The day is over.")

    @app_commands.command(name="whisper", description="Tell the table you talk privately")
    @app_commands.describe(player="Who you step aside with")
    @app_commands.guild_only()
    async def whisper(self, interaction: discord.Interaction, player: str) -> None:
        async with answering(interaction):
            session = self.session_here(interaction)
            other, me = player_id(player), interaction.user.id
            state = session.state
            if me not in state.players or other not in state.players or other == me:
                raise RuleError("Whispers are between two different players of this game.")
            if state.phase is not ct.Phase.DAY:
                raise RuleError("Players whisper during the day.")
            for seat, unit in seats_having(state, "forbids_whispers"):
                refused = unit.forbids_whispers(state, seat)
                if refused:
                    raise RuleError(refused)
            if not await self.clock.present(session, other):
                raise RuleError("That player has left the server.")
            await interaction.response.send_message(
                f"🤫 <@{me}> and <@{other}> step aside to talk privately.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            await self.bot.voice.whisper(session, me, other)

    @whisper.autocomplete("player")
    async def complete_whisper(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return self.complete(interaction, typed)

    @app_commands.command(name="claim", description="Say in public which character you are")
    @app_commands.describe(character="The character you claim to be (true or not)")
    @app_commands.guild_only()
    async def claim(self, interaction: discord.Interaction, character: str) -> None:
        await self.run(
            interaction,
            lambda s: ct.Claim(interaction.user.id, character),
            "Your claim is made in public.",
        )

    @claim.autocomplete("character")
    async def complete_claim(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return self.complete_character(interaction, typed)

    @app_commands.command(
        name="madness", description="Storyteller: execute a player who broke their madness"
    )
    @app_commands.describe(player="The mad player who did not keep up their madness")
    @app_commands.guild_only()
    async def madness(self, interaction: discord.Interaction, player: str) -> None:
        def action(session: Session[ct.State]) -> ct.Action:
            self.require_storyteller(session, interaction.user.id)
            return ct.ExecuteMad(interaction.user.id, player_id(player))

        await self.run(interaction, action, "They are executed; that is today's execution.")

    @madness.autocomplete("player")
    async def complete_mad(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return self.complete(interaction, typed)

    # Anyone, privately -----------------------------------------------------------------------
    @app_commands.command(name="me", description="Everything you have been told (only you see it)")
    @app_commands.guild_only()
    async def me(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            session = self.session_here(interaction)
            await self.show_secret(interaction, session)

    @app_commands.command(name="votes", description="The nominations and votes so far")
    @app_commands.describe(day="Only this day's votes")
    @app_commands.guild_only()
    async def votes(
        self, interaction: discord.Interaction, day: app_commands.Range[int, 1, 100] | None = None
    ) -> None:
        async with answering(interaction):
            state = self.session_here(interaction).state
            await reply(interaction, votes_text(state, day))

    @app_commands.command(name="review", description="After a game: who was the Demon, day by day")
    @app_commands.guild_only()
    async def review(self, interaction: discord.Interaction) -> None:
        """The channel's last finished game, replayed from its log: for each day, each player's
        chance of being the Demon from what was public before that day's execution."""
        async with answering(interaction):
            here = channel_id(interaction)
            running = self.bot.games.in_channel(here)
            if running is not None and running.game.kind == KIND:
                raise Refusal("The game here is still running; review it once it ends.")
            found = await game_store.last_finished(self.bot.db, here, KIND)
            if found is None:
                raise Refusal("No finished Clocktower game in this channel to review yet.")
            game, entries = found
            rules = ClocktowerRules()
            try:
                session = replay(game, rules, entries)
            except (Diverged, RuleError, KeyError, ValueError, TypeError):
                raise Refusal(REPLAY_CHANGED) from None
            unfit = not_reviewable(session.state)
            if unfit is not None:
                raise Refusal(unfit)
            await interaction.response.defer(thinking=True)
            name = self.delivery.namer(session)
            content, png = await asyncio.to_thread(
                draw_review, rules.new_state(game), session.actions, game.seed, name
            )
            await interaction.followup.send(content, file=png_file(png, "review.png"))

    @app_commands.command(name="status", description="The phase, who lives, what is awaited")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            session = self.session_here(interaction)
            await reply(interaction, status_text(session))

    # Storyteller tools -----------------------------------------------------------------------
    @app_commands.command(name="grimoire", description="Storyteller: the grimoire (only you)")
    @app_commands.guild_only()
    async def grimoire(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            session = self.session_here(interaction)
            self.require_storyteller(session, interaction.user.id)
            book = ct.grimoire(session.state)
            name = self.delivery.namer(session)
            names = {seat["player"]: name(seat["player"]) for seat in book["seats"]}
            await interaction.response.defer(ephemeral=True, thinking=True)
            text, png = await asyncio.to_thread(draw_grimoire, book, names)
            await reply(interaction, text, file=png_file(png))

    @app_commands.command(name="adjust", description="Storyteller: change the grimoire")
    @app_commands.describe(
        player="Whose token", change="What to change", value="A character, good/evil, or a note"
    )
    @app_commands.choices(change=[app_commands.Choice(name=c, value=c) for c in CHANGES])
    @app_commands.guild_only()
    async def adjust(
        self, interaction: discord.Interaction, player: str, change: str, value: str = ""
    ) -> None:
        def action(session: Session[ct.State]) -> ct.Action:
            self.require_storyteller(session, interaction.user.id)
            return ct.Adjust(interaction.user.id, player_id(player), change, value)

        await self.run(interaction, action, "The grimoire is changed.")

    @adjust.autocomplete("player")
    async def complete_seat(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return self.complete(interaction, typed)

    @adjust.autocomplete("value")
    async def complete_value(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """Characters of the script for ``character``, good/evil for ``alignment``, the
        player's reminders for ``forget``; free text otherwise."""
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != KIND:
            return []
        change = interaction.namespace.change
        if change == "character":
            found = [known(c, session.state) for c in session.state.script_ids]
            pairs = [(f"{c.name} ({c.team})", c.id) for c in found if c is not None]
        elif change == "alignment":
            pairs = [("good", "good"), ("evil", "evil")]
        elif change == "forget":
            try:
                target = player_id(str(interaction.namespace.player or ""))
            except Refusal:
                return []
            notes = [m.note for m in session.state.marks if m.target == target and m.note]
            pairs = [(n, n) for n in dict.fromkeys(notes)]
        else:
            return []
        return matching(pairs, typed)

    @app_commands.command(name="wake", description="Storyteller: choose for the waking player")
    @app_commands.describe(
        target="The player chosen for them",
        second="A second player, if they choose two",
        value="When they choose a character, or yes or no: that",
    )
    @app_commands.guild_only()
    async def wake(
        self,
        interaction: discord.Interaction,
        target: str | None = None,
        second: str | None = None,
        value: str | None = None,
    ) -> None:
        def action(session: Session[ct.State]) -> ct.Action:
            self.require_storyteller(session, interaction.user.id)
            prompt = self.awaited_wake(session)
            if prompt.ask in ("character", "yesno", "value"):
                return ct.NightChoice(
                    interaction.user.id,
                    (self.woken_value(session, prompt.ask, value),),
                    player=prompt.to[0],
                )
            targets = tuple(player_id(t) for t in (target, second) if t)
            if not targets and not prompt.details.get("optional"):
                raise RuleError("Choose the player (or players) for them with target.")
            return ct.NightChoice(interaction.user.id, targets, player=prompt.to[0])

        await self.run(interaction, action, "Chosen for them.")

    @wake.autocomplete("target")
    @wake.autocomplete("second")
    async def complete_wake(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != KIND:
            return []
        if interaction.user.id != session.state.storyteller:
            return []  # the options would tell who wakes
        prompt = woken(session.state)
        options = set(prompt.options) if prompt else set()
        return self.complete(interaction, typed, lambda s, p: p in options)

    @wake.autocomplete("value")
    async def complete_woken_value(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or session.game.kind != KIND:
            return []
        if interaction.user.id != session.state.storyteller:
            return []
        prompt = woken(session.state)
        if prompt is None or prompt.ask not in ("character", "yesno", "value"):
            return []
        if prompt.ask == "value":
            return matching([(str(v), v) for v in prompt.options], typed)
        return matching([(char_name(v, session.state), v) for v in prompt.options], typed)

    @app_commands.command(name="skip", description="Storyteller: pass over the waking player")
    @app_commands.guild_only()
    async def skip(self, interaction: discord.Interaction) -> None:
        def action(session: Session[ct.State]) -> ct.Action:
            self.require_storyteller(session, interaction.user.id)
            self.awaited_wake(session)
            return ct.SkipWake(interaction.user.id)

        await self.run(interaction, action, "Passed over; they learn nothing tonight.")

    @staticmethod
    def woken_value(session: Session[ct.State], asked: str, value: str | None) -> str:
        """The character (by name or id), or yes or no, the storyteller chooses for a player."""
        text = (value or "").strip()
        if asked == "yesno":
            if text.casefold() not in ("yes", "no"):
                raise RuleError("This player answers yes or no: give it as value.")
            return text.casefold()
        if asked == "value":
            prompt = woken(session.state)
            named = [str(v) for v in prompt.options] if prompt else []
            found_value = next((v for v in named if v.casefold() == text.casefold()), None)
            if found_value is None:
                raise RuleError(f"This player picks one of: {', '.join(named)}.")
            return found_value
        found = known(text, session.state) if text else None
        if found is None:
            raise RuleError("This player chooses a character: give it as value.")
        return found.id

    @staticmethod
    def awaited_wake(session: Session[ct.State]) -> NightMenu:
        prompt = woken(session.state)
        if prompt is None:
            raise RuleError("No player's night choice is awaited.")
        return prompt

    @app_commands.command(name="undo", description="Storyteller: take back the last action")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            session = self.session_here(interaction)
            self.require_storyteller(session, interaction.user.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            taken = type(session.actions[-1]).__name__ if session.actions else "nothing"
            await self.bot.games.undo(session)
            await self.delivery.post(
                session, Outgoing("↩️ The storyteller takes back the last step.")
            )
            await self.redeliver(session)
            await self.bot.voice.follow(session)  # the undone step may have moved the night on
            self.clock.schedule(session)
            await interaction.followup.send(f"Undone: {taken}.", ephemeral=True)

    async def redeliver(self, session: Session[ct.State]) -> None:
        """After an undo: the running vote and any reopened menu are shown again."""
        await self.delivery.deliver(  # the vote board is edited in place
            session,
            [p for p in ct.open_prompts(session.state) if not isinstance(p, NominationMenu)],
        )

    @app_commands.command(name="end", description="End the game: declare the winner, or abandon it")
    @app_commands.describe(
        winner="Storyteller: the side that won (recorded for ratings); leave out to abandon"
    )
    @app_commands.choices(winner=[app_commands.Choice(name=w, value=w) for w in ("good", "evil")])
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction, winner: str | None = None) -> None:
        async def action(session: Session[ct.State]) -> ct.Action | Abandon:
            state, user = session.state, interaction.user.id
            if winner is not None:
                self.require_storyteller(session, user)
                return ct.DeclareWinner(user, winner)
            allowed = await self.leader(session) if state.bot else state.storyteller
            if user != allowed and not can_manage(interaction.user):
                raise RuleError(
                    "Only the storyteller (in a bot game, its leader) or someone who manages "
                    "the server can end the game."
                )
            return Abandon(by=user)

        await self.run(interaction, action, "The game is over.")

    @app_commands.command(name="leave", description="Leave the lobby, or leave as a Traveller")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, lambda s: ct.Leave(interaction.user.id), "You have left.")

    # Components ------------------------------------------------------------------------------
    def join_action(self, user: int, value: str) -> tuple[ct.Join, str]:
        traveller = value == "traveller"
        ack = "You have a seat as a Traveller." if traveller else "You have a seat."
        return ct.Join(user, traveller=traveller), ack

    def leave_action(self, user: int) -> ct.Leave:
        return ct.Leave(user)

    async def component(
        self, interaction: discord.Interaction, session: Session[ct.State], kind: str, value: str
    ) -> bool:
        return await self.on_tool(interaction, session, kind, value)

    # People leaving --------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A lobby seat is given up; a human storyteller who leaves ends the game; in play the
        game goes on without the player (their turns pass, see ``clock``)."""
        user = payload.user.id
        session = await self.bot.games.player_game(payload.guild_id, user)
        if session is None or session.game.kind != KIND:
            return
        state = session.state
        try:
            if user == state.storyteller:
                await self.delivery.post(
                    session,
                    Outgoing(f"👋 The storyteller <@{user}> has left the server; the game ends."),
                )
                await self.play(session, Abandon(by=user))
            elif state.phase is ct.Phase.LOBBY:
                await self.play(session, ct.Leave(user))
            else:
                await self.announce_departure(session, user)
        except RuleError:
            return

    async def announce_departure(self, session: Session[ct.State], user: int) -> None:
        state = session.state
        if state.bot:
            lead = await self.leader(session)
            after = (
                f" <@{lead}> now leads the game." if user == session.game.host_id and lead else ""
            )
            text = f"👋 <@{user}> has left the server; their turns will pass.{after}"
        else:
            text = (
                f"👋 <@{user}> has left the server; the storyteller may act for them or "
                "remove them."
            )
        await self.delivery.post(session, Outgoing(text))
        self.clock.schedule(session)  # stop waiting for them


def woken(state: ct.State) -> NightMenu | None:
    """The night choice awaited now, if any."""
    return next((p for p in ct.open_prompts(state) if isinstance(p, NightMenu)), None)
