"""/cluedo: a private notebook for a Cluedo game played elsewhere, with exact odds and advice.

Each user keeps their own notebook, one open per server. Every answer is ephemeral. An entry is
checked by the engine before anything is stored, so a refused entry (unknown name,
contradiction) leaves the notebook exactly as it was; accepted entries are appended to SQLite
and the notebook is cached in memory, rebuilt from the log after a restart.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import Ravenswood
from bot.errors import Refusal
from bot.interactions import guild_id, reply
from bot.render.cluedo import (
    CHART,
    advice_embed,
    entry_text,
    log_embed,
    opened_text,
    status_embed,
)
from bot.store import cluedo as store
from engine.cluedo import (
    CLASSIC,
    Accusation,
    GainMemo,
    Notebook,
    Reveal,
    Shown,
    Suggestion,
    add_event,
    complete_card,
    describe,
    new_notebook,
    resolve_card,
    solution_report,
    solve,
)
from engine.cluedo import advise as advise_turn
from engine.cluedo import undo as undo_entry
from engine.cluedo.notebook import Event
from engine.core import RuleError
from stats.charts.cluedo import cluedo_chart

CHOICES = 25
CHOICE_LENGTH = 100
MESSAGE_LENGTH = 2000
NAME = re.compile(r"^[^\W_](?:[\w .'-]{0,30}[^\W_])?$")
NO_NOTEBOOK = "You have no open Cluedo notebook on this server; start one with `/cluedo new`."
SUSPECT, WEAPON, ROOM = range(3)
Key = tuple[int, int]
Choice = app_commands.Choice[str]


async def answer(interaction: discord.Interaction, content: str = "", **kwargs: Any) -> None:
    """An ephemeral reply that never pings anyone, whatever names users typed.

    A contradiction can cite many earlier entries: the sentence is cut to fit one message.
    """
    if len(content) > MESSAGE_LENGTH:
        content = content[: MESSAGE_LENGTH - 1] + "…"
    await reply(interaction, content, allowed_mentions=discord.AllowedMentions.none(), **kwargs)


def split_list(text: str) -> list[str]:
    """'Ann, Bob ,Cat' -> ['Ann', 'Bob', 'Cat'] (empty items dropped)."""
    return [item.strip() for item in text.split(",") if item.strip()]


def parse_players(text: str) -> list[str]:
    players = split_list(text)
    bad = [p for p in players if not NAME.match(p)]
    if bad:
        raise Refusal(
            f"“{discord.utils.escape_markdown(bad[0])}” can't be a player name: use up to 32 "
            "letters, digits, spaces, dots, apostrophes or hyphens."
        )
    return players


def parse_hand_sizes(text: str | None, players: list[str]) -> dict[str, int] | None:
    """'Ann=7, Bob=6, Cat=5' (any order) or '7, 6, 5' (in seating order)."""
    if not text:
        return None
    items = split_list(text)
    if all(re.fullmatch(r"\d+", item) for item in items):
        if len(items) != len(players):
            raise Refusal(
                f"Give one hand size per player ({len(players)}), in seating order, "
                "or as Name=size."
            )
        return {player: int(size) for player, size in zip(players, items, strict=True)}
    sizes = {}
    for item in items:
        written = re.fullmatch(r"(.+?)\s*[=:]\s*(\d+)", item)
        if written is None:
            raise Refusal("Write hand sizes as `Ann=6, Bob=6, Cat=6` or `6, 6, 6`.")
        sizes[written[1]] = int(written[2])
    return sizes


def choices(values: list[str]) -> list[Choice]:
    """At most 25 choices, each within Discord's 100 characters."""
    fitting = [v for v in values if len(v) <= CHOICE_LENGTH]
    return [app_commands.Choice(name=v, value=v) for v in fitting[:CHOICES]]


def key_of(interaction: discord.Interaction) -> Key:
    return (guild_id(interaction), interaction.user.id)


class CluedoCog(commands.GroupCog, group_name="cluedo", group_description="Your Cluedo notebook"):
    def __init__(self, bot: Ravenswood) -> None:
        self.bot = bot
        self.open: dict[Key, store.OpenNotebook] = {}
        self.locks: defaultdict[Key, asyncio.Lock] = defaultdict(asyncio.Lock)
        # Advising again (another roll) before a new entry reuses the suggestions' gains.
        self.memos: defaultdict[Key, GainMemo] = defaultdict(GainMemo)

    # Notebook access -------------------------------------------------------------------------
    async def find(self, key: Key) -> store.OpenNotebook | None:
        """The user's open notebook: from memory, else replayed from the database."""
        if key not in self.open:
            found = await store.load_open(self.bot.db, *key)
            if found is None:
                return None
            self.open[key] = found
        return self.open[key]

    async def current(self, key: Key) -> store.OpenNotebook:
        found = await self.find(key)
        if found is None:
            raise Refusal(NO_NOTEBOOK)
        return found

    async def record(self, interaction: discord.Interaction, event: Event) -> None:
        """Check ``event`` with the engine, then store it; a refusal stores nothing."""
        key = key_of(interaction)
        async with self.locks[key]:
            held = await self.current(key)
            try:
                # A contradiction is explained by re-solving subsets of the log: off the loop.
                notebook, triples = await asyncio.to_thread(accept, held.notebook, event)
            except (ValueError, RuleError) as error:
                raise Refusal(str(error)) from None
            await store.append_event(self.bot.db, held.id, notebook.events[-1])
            self.open[key] = store.OpenNotebook(held.id, notebook)
        await answer(interaction, entry_text(notebook, triples))

    async def run(
        self, interaction: discord.Interaction, work: Callable[[], Awaitable[None]]
    ) -> None:
        """Run a command body; a refusal becomes one ephemeral sentence."""
        try:
            await work()
        except Refusal as refusal:
            await answer(interaction, str(refusal))

    # Autocomplete ----------------------------------------------------------------------------
    async def complete_player(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        held = await self.find(key_of(interaction))
        if held is None:
            return []
        key = typed.strip().lower()
        return choices([p for p in held.notebook.players if key in p.lower()])

    async def complete_me(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        key = typed.strip().lower()
        seated = split_list(getattr(interaction.namespace, "players", None) or "")
        return choices([p for p in seated if key in p.lower() and NAME.match(p)])

    async def complete_suspect(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        return choices(complete_card(typed, SUSPECT))

    async def complete_weapon(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        return choices(complete_card(typed, WEAPON))

    async def complete_room(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        return choices(complete_card(typed, ROOM))

    async def complete_any_card(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        return choices(complete_card(typed))

    async def complete_shown(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        """The three cards already named in this suggestion, else any card."""
        named = []
        for option in ("suspect", "weapon", "room"):
            try:
                named.append(resolve_card(getattr(interaction.namespace, option, None) or ""))
            except ValueError:
                pass
        hits = complete_card(typed)
        return choices([c for c in hits if c in named] or hits)

    async def complete_hand(self, interaction: discord.Interaction, typed: str) -> list[Choice]:
        """Comma-separated cards: complete the last one, keeping those already typed."""
        *done, last = typed.split(",")
        done = [item.strip() for item in done if item.strip()]
        prefix = "".join(item + ", " for item in done)
        typed_cards = {item.lower() for item in done}
        return choices(
            [prefix + card for card in complete_card(last) if card.lower() not in typed_cards]
        )

    # Commands --------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open your private notebook for a Cluedo game")
    @app_commands.describe(
        players="Everyone at the table in seating order, comma-separated (2–6), you included",
        me="Which of them you are",
        cards="Your cards, comma-separated",
        hand_sizes="Cards per player if not dealt evenly: Ann=7, Bob=6… or 7, 6… in seat order",
    )
    @app_commands.autocomplete(me=complete_me, cards=complete_hand)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        players: app_commands.Range[str, 1, 300],
        me: app_commands.Range[str, 1, 40],
        cards: app_commands.Range[str, 1, 300],
        hand_sizes: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        async def work() -> None:
            key = key_of(interaction)
            async with self.locks[key]:
                if await self.find(key) is not None:
                    raise Refusal(
                        "You already have an open Cluedo notebook here; "
                        "close it with `/cluedo end` first."
                    )
                seated = parse_players(players)
                sizes = parse_hand_sizes(hand_sizes, seated)
                try:
                    notebook = new_notebook(seated, me, split_list(cards), sizes)
                except ValueError as error:
                    raise Refusal(str(error)) from None
                try:
                    self.open[key] = await store.create(self.bot.db, *key, notebook)
                except store.NotebookAlreadyOpen:
                    raise Refusal("You already have an open Cluedo notebook here.") from None
            await answer(interaction, opened_text(notebook))

        await self.run(interaction, work)

    @app_commands.command(name="suggest", description="Note a suggestion and who answered it")
    @app_commands.describe(
        suggester="Who made the suggestion",
        suspect="The suspect named",
        weapon="The weapon named",
        room="The room named",
        responder="Who showed a card (leave empty if nobody could)",
        shown="The card shown, if you saw it (you suggested, or you showed it)",
    )
    @app_commands.autocomplete(
        suggester=complete_player,
        suspect=complete_suspect,
        weapon=complete_weapon,
        room=complete_room,
        responder=complete_player,
        shown=complete_shown,
    )
    @app_commands.guild_only()
    async def suggest(
        self,
        interaction: discord.Interaction,
        suggester: str,
        suspect: str,
        weapon: str,
        room: str,
        responder: str | None = None,
        shown: str | None = None,
    ) -> None:
        event = Suggestion(suggester, suspect, weapon, room, responder, shown)

        async def work() -> None:
            if responder and not shown:
                held = await self.current(key_of(interaction))
                if _is(held.notebook, suggester, held.notebook.me):
                    raise Refusal(
                        "You made this suggestion, so you saw the card shown: "
                        "add it as `shown` (that card is the most useful thing to note)."
                    )
            await self.record(interaction, event)

        await self.run(interaction, work)

    @app_commands.command(name="shown", description="Note a card a player showed you")
    @app_commands.describe(player="Who showed it", card="The card")
    @app_commands.autocomplete(player=complete_player, card=complete_any_card)
    @app_commands.guild_only()
    async def shown(self, interaction: discord.Interaction, player: str, card: str) -> None:
        await self.run(interaction, lambda: self.record(interaction, Shown(player, card)))

    @app_commands.command(name="accuse", description="Note an accusation and whether it was right")
    @app_commands.describe(
        accuser="Who accused",
        suspect="The suspect accused",
        weapon="The weapon",
        room="The room",
        correct="Was it the solution?",
    )
    @app_commands.autocomplete(
        accuser=complete_player,
        suspect=complete_suspect,
        weapon=complete_weapon,
        room=complete_room,
    )
    @app_commands.guild_only()
    async def accuse(
        self,
        interaction: discord.Interaction,
        accuser: str,
        suspect: str,
        weapon: str,
        room: str,
        correct: bool,
    ) -> None:
        event = Accusation(accuser, suspect, weapon, room, correct)
        await self.run(interaction, lambda: self.record(interaction, event))

    @app_commands.command(name="reveal", description="Note a card seen some other way")
    @app_commands.describe(
        card="The card", holder="Who holds it (leave empty if only known not to be the answer)"
    )
    @app_commands.autocomplete(card=complete_any_card, holder=complete_player)
    @app_commands.guild_only()
    async def reveal(
        self, interaction: discord.Interaction, card: str, holder: str | None = None
    ) -> None:
        await self.run(interaction, lambda: self.record(interaction, Reveal(card, holder)))

    @app_commands.command(name="undo", description="Remove the last entry of your notebook")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            key = key_of(interaction)
            async with self.locks[key]:
                held = await self.current(key)
                try:
                    notebook = undo_entry(held.notebook)
                except RuleError as error:
                    raise Refusal(str(error)) from None
                await store.append_undo(self.bot.db, held.id)
                self.open[key] = store.OpenNotebook(held.id, notebook)
            removed = describe(held.notebook.events[-1])
            await answer(interaction, f"Removed entry {len(held.notebook.events)}: {removed}.")

        await self.run(interaction, work)

    @app_commands.command(name="log", description="Your notebook's entries, numbered")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            held = await self.current(key_of(interaction))
            await answer(interaction, embed=log_embed(held.notebook))

        await self.run(interaction, work)

    @app_commands.command(name="end", description="Close your notebook (it stays on record)")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            key = key_of(interaction)
            async with self.locks[key]:
                held = await self.current(key)
                await store.end(self.bot.db, held.id)
                del self.open[key]
                self.memos.pop(key, None)
            count = len(held.notebook.events)
            await answer(
                interaction,
                f"Your Cluedo notebook is closed ({count} entr{'y' if count == 1 else 'ies'}). "
                "Start another with `/cluedo new`.",
            )

        await self.run(interaction, work)

    @app_commands.command(name="status", description="Exact odds of every solution, and a chart")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            notebook = (await self.current(key_of(interaction))).notebook
            await interaction.response.defer(ephemeral=True, thinking=True)
            report, png = await asyncio.to_thread(status_of, notebook)
            await interaction.followup.send(
                embed=status_embed(report),
                file=discord.File(io.BytesIO(png), CHART),
                ephemeral=True,
            )

        await self.run(interaction, work)

    @app_commands.command(name="advise", description="What to suggest, where to go, accuse or not")
    @app_commands.describe(
        room="The room you are in now",
        roll="Your roll of two dice this turn (2–12)",
        start="Your suspect, if you are still on its starting square",
        near="In a corridor: a room you are near (give `steps` too)",
        steps="In a corridor: how many steps you are from that room",
        accuse_at="Accuse once the likeliest solution reaches this probability (default 1)",
        accuse_bits="Accuse once at most this much uncertainty is left, in bits",
    )
    @app_commands.autocomplete(room=complete_room, start=complete_suspect, near=complete_room)
    @app_commands.guild_only()
    async def advise(
        self,
        interaction: discord.Interaction,
        room: str | None = None,
        roll: app_commands.Range[int, 2, 12] | None = None,
        start: str | None = None,
        near: str | None = None,
        steps: app_commands.Range[int, 1, 40] | None = None,
        accuse_at: app_commands.Range[float, 0.01, 1.0] | None = None,
        accuse_bits: app_commands.Range[float, 0.0, 9.0] | None = None,
    ) -> None:
        async def work() -> None:
            key = key_of(interaction)
            notebook = (await self.current(key)).notebook
            where = None if room is None else known_card(room, ROOM)
            begin = None if start is None or where is not None else known_card(start, SUSPECT)
            if (near is None) != (steps is None):
                raise Refusal("In a corridor, give both `near` (a room) and `steps` from it.")
            corridor = {} if near is None or steps is None else {known_card(near, ROOM): steps}
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                advice = await asyncio.to_thread(
                    advise_turn,
                    notebook,
                    where,
                    roll,
                    accuse_at,
                    begin,
                    corridor,
                    accuse_bits,
                    self.memos[key],
                )
            except (ValueError, RuleError) as error:
                raise Refusal(str(error)) from None
            await answer(interaction, embed=advice_embed(advice))

        await self.run(interaction, work)


def known_card(name: str, category: int) -> str:
    """The card called ``name`` in ``category``, or a Refusal naming the closest."""
    try:
        card = resolve_card(name)
    except ValueError as error:
        raise Refusal(str(error)) from None
    if CLASSIC.category_of[CLASSIC.index[card]] != category:
        kind = ("suspect", "weapon", "room")[category]
        raise Refusal(f"{card} is not a {kind}.")
    return card


def _is(notebook: Notebook, name: str, player: str) -> bool:
    """Whether ``name`` (as typed) is ``player``."""
    return name.strip().lower() == player.lower()


def accept(notebook: Notebook, event: Event) -> tuple[Notebook, dict[tuple[str, str, str], float]]:
    """The notebook with ``event`` (or the engine's refusal) and the solutions it leaves."""
    notebook = add_event(notebook, event)
    return notebook, solve(notebook).triple_probabilities()


def status_of(notebook: Notebook) -> tuple[dict[str, Any], bytes]:
    """The exact posterior as a report and a heat map (one solve for both)."""
    solution = solve(notebook)
    return solution_report(notebook, solution=solution), cluedo_chart(solution)


async def setup(bot: Ravenswood) -> None:
    await bot.add_cog(CluedoCog(bot))
