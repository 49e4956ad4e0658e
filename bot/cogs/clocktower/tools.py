"""A human storyteller's tools on Discord, mixed into the /clocktower command group.

- ``/clocktower show`` to show a player a character, a number, yes or no, a player or a line of
  text, at night or by day (the panel of a storyteller-run wake is a question, answered like
  any other: ``engine.clocktower.game.questions.Panel``).
- A ruling's own answer from its full range: the **Your own answer…** button opens a private
  editor with one menu per part when the parts fit Discord's menus; ``/clocktower rule`` takes
  any answer as text, completing each comma-separated part as it is typed.
- ``/clocktower ability`` for a player claiming a day ability the storyteller runs, and
  ``/clocktower pace`` for how fast the count moves over hands set in advance.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import engine.clocktower.game as ct
from bot.cogs.game import GameCog
from bot.delivery import Namer
from bot.interactions import channel_id, matching, reply
from bot.parsing import user_id as player_id
from bot.parsing import user_id_in, whole_number
from bot.render.clocktower import char_name, known
from bot.sessions import Session
from bot.views import MAX_OPTIONS, GameButton, GameSelect
from engine.clocktower.game.model import Field, Form
from engine.clocktower.game.storyteller import SHOWN
from engine.core import RuleError

MAX_PARTS = 4  # menus in a private editor (Discord allows five rows; one holds the button)
YES, NO = ("yes", "y", "true"), ("no", "n", "false")


def ruling(session: Session[ct.State], decision: int | None = None) -> Any:
    """The storyteller decision awaited now (checked against ``decision`` when given)."""
    pending = session.state.pending
    if pending is None or pending.kind != "ruling":
        raise RuleError("No storyteller decision is awaited now.")
    if decision is not None and decision != pending.id:
        raise RuleError("That decision has already been made.")
    return pending


def separator(form: Form) -> str:
    """How typed parts are separated: commas, or ``|`` when a part is free text (which may
    itself hold commas: the Savant's statements)."""
    return "|" if any(f.kind == "text" for f in form.fields) else ","


def parse_part(field: Field, text: str, session: Session[ct.State], name: Namer) -> Any:
    """One typed part of an answer as the value its field takes, or RuleError saying why not."""
    text = text.strip()
    if field.kind == "text":
        return text
    if field.kind == "number":
        return whole_number(text, f"“{text[:40]}” is not a number.")
    if field.kind == "character":
        found = known(text, session.state) or next(
            (
                known(c, session.state)
                for c in field.domain
                if char_name(c).casefold() == text.casefold()
            ),
            None,
        )
        if found is None:
            raise RuleError(f"“{text[:40]}” is not a character I know.")
        return found.id
    chosen = user_id_in(text)
    if chosen in field.domain:
        return chosen
    matches = [p for p in field.domain if name(p).casefold() == text.casefold()]
    if len(matches) != 1:
        raise RuleError(f"“{text[:40]}” is not one player of this game; pick from the list.")
    return matches[0]


def word(field: Field, value: Any, session: Session[ct.State], name: Namer) -> str:
    if field.kind == "player":
        return name(value)
    if field.kind == "character":
        return char_name(value, session.state)
    return str(value)


class StorytellerTools(GameCog[ct.State]):
    """The storyteller's commands and components; ``ClocktowerCog`` inherits them (and gives
    them the Clocktower helpers declared below)."""

    # (game, decision, user) -> the parts chosen so far in a private editor (a draft, not state)
    drafts: dict[tuple[int, int, int], list[Any]]

    if TYPE_CHECKING:

        def require_storyteller(self, session: Session[ct.State], user: int) -> None: ...

        def complete(
            self,
            interaction: discord.Interaction,
            typed: str,
            keep: Callable[[Any, int], bool] = ...,
        ) -> list[app_commands.Choice[str]]: ...

    # Showing and claiming ------------------------------------------------------------------
    @app_commands.command(name="show", description="Storyteller: show a player something privately")
    @app_commands.describe(
        player="Who is shown it",
        kind="What it is",
        value="The character, number, yes/no, player or short text",
    )
    @app_commands.choices(kind=[app_commands.Choice(name=k, value=k) for k in SHOWN])
    @app_commands.guild_only()
    async def show(
        self, interaction: discord.Interaction, player: str, kind: str, value: str
    ) -> None:
        def action(session: Session[ct.State]) -> ct.Action:
            self.require_storyteller(session, interaction.user.id)
            return ct.Show(
                interaction.user.id, player_id(player), kind, self.shown_value(kind, value)
            )

        await self.run(interaction, action, "Shown to them privately.")

    def shown_value(self, kind: str, value: str) -> Any:
        text = value.strip()
        if kind == "number":
            return whole_number(text, "Show a whole number, such as 2.")
        if kind == "yesno":
            if text.casefold() not in YES + NO:
                raise RuleError("Show yes or no.")
            return text.casefold() in YES
        if kind == "player":
            return player_id(text)
        return text

    @show.autocomplete("player")
    async def complete_shown_player(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return self.complete(interaction, typed)

    def storytelling(self, interaction: discord.Interaction) -> Session[ct.State] | None:
        """This channel's game if the user is its storyteller (autocomplete offers nothing to
        anyone else, as the options could tell what is in play)."""
        session = self.bot.games.in_channel(channel_id(interaction))
        if session is None or interaction.user.id != getattr(session.state, "storyteller", -1):
            return None
        return session

    @show.autocomplete("value")
    async def complete_shown_value(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        session = self.storytelling(interaction)
        if session is None:
            return []
        kind = interaction.namespace.kind
        if kind == "character":
            pairs = [(char_name(c, session.state), c) for c in session.state.script_ids]
        elif kind == "yesno":
            pairs = [("yes", "yes"), ("no", "no")]
        elif kind == "player":
            return self.complete(interaction, typed)
        else:
            return []
        return matching(pairs, typed)

    @app_commands.command(name="ability", description="Use a day ability the storyteller runs")
    @app_commands.describe(
        text="What you do, e.g. 'I choose Alice'",
        public="Yes: the table hears of it; no: only the storyteller",
    )
    @app_commands.guild_only()
    async def ability(
        self,
        interaction: discord.Interaction,
        text: app_commands.Range[str, 1, 300],
        public: bool = True,
    ) -> None:
        await self.run(
            interaction,
            lambda s: ct.UseAbility(interaction.user.id, text, public),
            "The storyteller is told" + (", and so is the table." if public else "."),
        )

    @app_commands.command(name="pace", description="Storyteller: seconds the count waits per hand")
    @app_commands.describe(seconds="How long the count waits on each hand set in advance")
    @app_commands.guild_only()
    async def pace(
        self, interaction: discord.Interaction, seconds: app_commands.Range[int, 0, 60]
    ) -> None:
        def action(session: Session[ct.State]) -> ct.Action:
            self.require_storyteller(session, interaction.user.id)
            return ct.SetPace(interaction.user.id, seconds)

        await self.run(interaction, action, "The pace is set.")

    # A ruling's own answer -------------------------------------------------------------------
    @app_commands.command(name="rule", description="Storyteller: answer a decision your own way")
    @app_commands.describe(answer="The answer's parts, separated by commas (each is completed)")
    @app_commands.guild_only()
    async def rule(self, interaction: discord.Interaction, answer: str) -> None:
        def action(session: Session[ct.State]) -> ct.Action:
            self.require_storyteller(session, interaction.user.id)
            pending = ruling(session)
            return ct.StorytellerRuling(
                interaction.user.id, pending.id, value=self.parse_answer(session, pending, answer)
            )

        await self.run(interaction, action, "Ruled.")

    def parse_answer(
        self, session: Session[ct.State], pending: Any, answer: str
    ) -> tuple[Any, ...]:
        form: Form | None = pending.form
        if form is None:
            raise RuleError("That decision has only the answers on its buttons.")
        sep = separator(form)
        parts = [p for p in answer.split(sep)]
        if len(parts) != len(form.fields):
            raise RuleError(
                f"This answer has {len(form.fields)} part(s) separated by “{sep}”: "
                + ", ".join(f.kind for f in form.fields)
                + "."
            )
        name = self.delivery.namer(session)
        return tuple(
            parse_part(field, part, session, name)
            for field, part in zip(form.fields, parts, strict=True)
        )

    @rule.autocomplete("answer")
    async def complete_answer(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """The part being typed, completed from its field (the earlier parts kept as typed)."""
        session = self.storytelling(interaction)
        pending = session.state.pending if session is not None else None
        if session is None or pending is None or pending.kind != "ruling" or pending.form is None:
            return []
        sep = separator(pending.form)
        done, _, current = typed.rpartition(sep)
        index = typed.count(sep)
        if index >= len(pending.form.fields):
            return []
        field = pending.form.fields[index]
        name = self.delivery.namer(session)
        prefix = f"{done}{sep} " if done else ""
        key = current.strip().casefold()
        found = [word(field, v, session, name) for v in field.domain]
        return [
            app_commands.Choice(name=(prefix + w)[:100], value=(prefix + w)[:100])
            for w in found
            if key in w.casefold()
        ][:MAX_OPTIONS]

    async def open_editor(
        self, interaction: discord.Interaction, session: Session[ct.State], value: str
    ) -> None:
        """The private editor for a ruling's own answer: a menu per part, then Submit."""
        self.require_storyteller(session, interaction.user.id)
        pending = ruling(session, int(value))
        form: Form = pending.form
        fits = len(form.fields) <= MAX_PARTS and all(
            0 < len(f.domain) <= MAX_OPTIONS for f in form.fields
        )
        if not fits:
            sep = separator(form)
            raise RuleError(
                f"This answer has {len(form.fields)} part(s) that menus cannot hold: give it "
                f"with `/clocktower rule answer:`, parts separated by “{sep}”"
                + (", each completed as you type." if sep == "," else ".")
            )
        name = self.delivery.namer(session)
        self.drafts[(session.game.id, pending.id, interaction.user.id)] = [None] * len(form.fields)
        view = discord.ui.View(timeout=None)
        for index, field in enumerate(form.fields):
            options = [
                discord.SelectOption(
                    label=word(field, v, session, name)[:100],
                    value=f"{pending.id}-{index}-{v}",
                )
                for v in field.domain
            ]
            placeholder = f"Part {index + 1}: a {field.kind}"
            view.add_item(GameSelect(session.game.id, "field", index, options, placeholder))
        view.add_item(
            GameButton(
                session.game.id,
                "submit",
                str(pending.id),
                label="Rule this",
                style=discord.ButtonStyle.success,
            )
        )
        await reply(interaction, f"Your own answer to decision #{pending.id}:", view=view)

    async def choose_part(
        self, interaction: discord.Interaction, session: Session[ct.State], value: str
    ) -> None:
        """One menu of the editor: ``value`` is decision-part-value."""
        self.require_storyteller(session, interaction.user.id)
        decision, index, raw = value.split("-", 2)
        pending = ruling(session, int(decision))
        part = int(index)
        field = pending.form.fields[part]
        parsed = int(raw) if field.kind in ("player", "number") else raw
        draft = self.drafts.setdefault(
            (session.game.id, pending.id, interaction.user.id), [None] * len(pending.form.fields)
        )
        draft[part] = parsed
        shown = word(field, parsed, session, self.delivery.namer(session))
        await reply(interaction, f"Part {part + 1}: {shown}.")

    async def submit(
        self, interaction: discord.Interaction, session: Session[ct.State], value: str
    ) -> None:
        self.require_storyteller(session, interaction.user.id)
        pending = ruling(session, int(value))
        draft = self.drafts.get((session.game.id, pending.id, interaction.user.id))
        if not draft or any(part is None for part in draft):
            raise RuleError("Choose every part first.")
        action = ct.StorytellerRuling(interaction.user.id, pending.id, value=tuple(draft))
        await self.act(interaction, session, action, "Ruled.")
        self.drafts.pop((session.game.id, pending.id, interaction.user.id), None)

    # Buttons ---------------------------------------------------------------------------------
    async def on_tool(
        self, interaction: discord.Interaction, session: Session[ct.State], kind: str, value: str
    ) -> bool:
        """Handle a storyteller tool's button or menu; False when ``kind`` is none of them."""
        handlers = {
            "custom": self.open_editor,
            "field": self.choose_part,
            "submit": self.submit,
        }
        handler = handlers.get(kind)
        if handler is None:
            return False
        await handler(interaction, session, value)
        return True
