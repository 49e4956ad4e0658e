"""Clocktower effects as Discord messages.

Public text never names a living player's character or alignment: the channel hears who was
nominated, how the votes went, who died, and at the very end the whole grimoire. Everything
secret (characters, night information, storyteller rulings) is rendered with ``public=False`` and
goes by DM. Who is written to is itself secret once play has begun (who wakes, who learns
something, when the storyteller must rule), so those messages are ``discreet``: a closed DM is
then never announced in the channel (see ``bot.delivery``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord

from bot.delivery import Handler, Namer, Outgoing, Rendered, secret_view
from bot.sessions import Session
from bot.views import GameButton, button_view, choice_view, dispatch
from bot.words import team_count
from engine.clocktower.catalogue import Character, OfficialText, find
from engine.clocktower.game import SYSTEM, Outcome, Phase, open_prompts, statements
from engine.clocktower.game import events as ev
from engine.clocktower.game.model import Nomination, threshold
from engine.clocktower.game.roles import REGISTRY, role
from engine.core import Effect, GameOver, Private, Prompt

GREEN, BLUE, RED, GREY = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
    discord.ButtonStyle.secondary,
)
MAX_BUTTONS = 25  # five rows of five
MAX_LABEL = 80
ENDINGS = {  # the endings no one character causes; the units name their own (``Role.endings``)
    "demon_dead": "the Demon is dead",
    "two_left": "only two players are left alive",
    "storyteller": "the storyteller says so",
}
CAUSES = {"shot": "is shot", "storyteller": "dies", "exile": "is exiled", "curse": "dies"}
NO_ONE = "No one (not tonight)"
WHEN = {"day": "You have died", "dawn": "You died in the night"}  # choices made on learning it


class MultiSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"rw:m:(?P<game>\d+):(?P<kind>[a-z_]+):(?P<pick>\d+)",
):
    """A select menu taking ``pick`` players at once (the Fortune Teller's two), persistent like
    ``bot.views.GameSelect``; the chosen values reach the cog joined by ``-``."""

    def __init__(
        self,
        game_id: int,
        kind: str,
        pick: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rw:m:{game_id}:{kind}:{pick}",
                options=list(options) or [discord.SelectOption(label="-")],
                placeholder=placeholder or None,
                min_values=pick,
                max_values=pick,
            )
        )
        self.game_id, self.kind = game_id, kind

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> MultiSelect:
        return cls(int(match["game"]), match["kind"], int(match["pick"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await dispatch(interaction, self.game_id, self.kind, "-".join(self.item.values))


def mentions(players: Sequence[int]) -> str:
    return ", ".join(f"<@{p}>" for p in players) or "nobody"


def known(cid: str, state: Any = None) -> Character | None:
    """The character ``cid`` of this game (its script's homebrew first), or None."""
    for c in getattr(state, "homebrew", ()):
        if c.id == cid:
            return c
    return find(cid)


def char_name(cid: str | None, state: Any = None) -> str:
    found = known(cid, state) if cid else None
    return found.name if found else str(cid)


def ability(cid: str, state: Any, official: Mapping[str, OfficialText]) -> str:
    """A character's ability in words: the official text where the operator ships it, our own
    summary otherwise, and for a homebrew character the script's own words, quoted as such."""
    found = known(cid, state)
    if found is None:
        return ""
    if found.edition == "homebrew":
        return f"The script says: “{found.summary}”"
    return official[cid].ability if cid in official else found.summary


def label(value: Any, players: Sequence[int], name: Namer, state: Any = None) -> str:
    """Any option or answer as words: players by name, characters by name."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return name(value) if value in players else str(value)
    if isinstance(value, (tuple, list)):
        return ", ".join(label(v, players, name, state) for v in value)
    return char_name(value, state) if known(str(value), state) else str(value)


def opener(state: Any, host: int, present: Callable[[int], bool] = lambda _: True) -> int | None:
    """Who leads a bot-storyteller game (starts it, may end it): the player who opened it while
    they are seated and still here, otherwise the first seated player who is."""
    seated = ((host,) if host in state.players else ()) + tuple(state.players)
    return next((p for p in seated if present(p)), None)


def lobby(session: Session, closed: str = "") -> Outgoing:
    """The lobby: who sits where and how to join; ``closed``: why it no longer takes seats."""
    state = session.state
    if state.bot:
        lead = opener(state, session.game.host_id)
        teller = "the bot"
        begins = f"<@{lead}> begins" if lead else "the first seat begins"
    else:
        teller = f"<@{state.storyteller}>"
        begins = "the storyteller begins (and may change the seat order with `/clocktower seat`)"
    seats = [f"<@{p}>" + (" (Traveller)" if p in state.travellers else "") for p in state.players]
    text = (
        f"🕰️ **Blood on the Clocktower** — {session.game.options.get('script_name', 'script')}, "
        f"storyteller: {teller}.\n"
        f"Seats ({len(state.players)}, clockwise in this order): {', '.join(seats) or 'none yet'}\n"
        + (
            f"🔒 {closed}"
            if closed
            else f"Press **Join** to take a seat, or **Join as Traveller**; {begins} with "
            "`/clocktower start`."
        )
    )
    buttons = [
        ("join", "", "Join", GREEN),
        ("join", "traveller", "Join as Traveller", BLUE),
        ("leave", "", "Leave", GREY),
    ]
    view = button_view(session.game.id, buttons, disabled=bool(closed))
    return Outgoing(text, view=view, slot="lobby", final=bool(closed))


def vote_slot(day: int, nominee: int, exile: bool) -> str:
    return f"vote:{day}:{nominee}:{int(exile)}"


def vote_value(state: Any, yes: bool) -> str:
    """A vote button's value: the answer and which vote of the game it belongs to (the index the
    nomination will have in the history), so a button of a finished vote is refused."""
    return f"{'yes' if yes else 'no'}-{len(state.history)}"


def nominator(state: Any, player: int) -> str:
    """Who nominated: a player's mention, or the storyteller (the Bishop's rule)."""
    return f"<@{player}>" if player in state.players else "The storyteller"


def vote_message(session: Session, name: Namer) -> Outgoing | None:
    """The running vote: who voted yes so far, the count, the block and whose turn it is."""
    state = session.state
    vote = state.vote
    if vote is None:
        return None
    what = "calls for the exile of" if vote.exile else "nominates"
    voter = vote.order[vote.index]
    dead = not any(s.alive for s in state.seats if s.player == voter)
    ghost = " (a ghost vote)" if dead and not vote.exile else ""  # exiles spend no ghost vote
    block = (
        f" On the block: <@{state.block}> with {state.block_votes}."
        if state.block is not None and not vote.exile
        else ""
    )
    held = dict(vote.hands)
    waiting = "" if voter in held else " (waiting for their hand)"
    early = [f"<@{p}> {'✋' if held[p] else '✊'}" for p in vote.order if p in held]
    ahead = f"\nHands set in advance: {', '.join(early)}." if early else ""
    text = (
        f"🗳️ **Day {state.day}:** {nominator(state, vote.nominator)} {what} <@{vote.nominee}>.\n"
        f"Counted yes: {len(vote.yes)} ({mentions(vote.yes)}); {threshold(state)} needed."
        f"{block}\nThe count has reached <@{voter}>{ghost}{waiting}.{ahead}\n"
        "Raise or lower your hand any time before the count reaches you; it locks when counted."
    )
    buttons = [
        ("vote", vote_value(state, True), "Hand up", GREEN),
        ("vote", vote_value(state, False), "Hand down", RED),
    ]
    if not state.bot:
        buttons.append(("count", str(len(state.history)), "Count (storyteller)", GREY))
    slot = vote_slot(state.day, vote.nominee, vote.exile)
    return Outgoing(text, view=button_view(session.game.id, buttons), slot=slot)


def closed_vote(record: Nomination, state: Any) -> Outgoing:
    """A finished vote's board, edited to its final tally with the buttons taken away."""
    what = "called for the exile of" if record.exile else "nominated"
    text = (
        f"🗳️ **Day {record.day}:** {nominator(state, record.nominator)} {what} "
        f"<@{record.nominee}>.\n"
        f"Final count: **{record.votes}** vote(s), {record.threshold} needed. "
        f"Hands raised: {mentions(record.yes)}. This vote is closed."
    )
    return Outgoing(text, slot=vote_slot(record.day, record.nominee, record.exile), final=True)


def nominate_view(session: Session, name: Namer) -> discord.ui.View | None:
    """A menu of the players who may still be nominated today (its values carry the day, so an
    old day's menu is refused), or None when nobody can nominate now."""
    state = session.state
    prompt = next((p for p in open_prompts(state) if p.kind == "nominate"), None)
    if prompt is None:
        return None
    choices = [(name(p), f"{state.day}-{p}") for p in prompt.options]
    return choice_view(session.game.id, "nominate", choices, "Nominate a player…")


def discreet(effect: Effect, session: Session) -> bool:
    """Whether writing to someone is itself a secret. Only the deal reaches everyone alike, and
    the storyteller's first ruling comes with the deal in every game; any later ruling, even
    before the first night, would tell the table what is in play (a Drunk, a Fortune Teller)."""
    if isinstance(effect, Private):
        return not isinstance(effect, ev.CharacterTold)
    if isinstance(effect, Prompt):
        first = effect.kind == "ruling" and effect.data.get("decision") == 1
        return not (first and session.state.phase is Phase.SETUP)
    return False


class ClocktowerRenderer:
    def __init__(self, official: Mapping[str, OfficialText] | None = None) -> None:
        self.official = official or {}  # the operator's official texts, by character id
        # Each typed event by its class, so a renamed event fails the type check, not a game.
        self.events: dict[type, Handler] = {
            ev.Joined: self.on_joined,
            ev.Left: self.on_joined,
            ev.Seated: self.on_seated,
            ev.Started: self.on_started,
            ev.TravellerArrived: self.on_traveller_arrived,
            ev.TravellerLeft: self.on_traveller_left,
            ev.CharacterTold: self.on_character,
            ev.SetupNotes: self.on_setup_notes,
            ev.EndingReached: self.on_ending_reached,
            ev.MinionInfo: self.on_minion_info,
            ev.DemonInfo: self.on_demon_info,
            ev.Info: self.on_info,
            ev.Grimoire: self.on_grimoire,
            ev.Became: self.on_became,
            ev.BecameDemon: self.on_became_demon,
            ev.Turned: self.on_turned,
            ev.Gained: self.on_gained,
            ev.Apprenticed: self.on_apprentice,
            ev.Exorcised: self.on_exorcised,
            ev.LunaticInfo: self.on_lunatic,
            ev.Mad: self.on_mad,
            ev.VoteToken: self.on_vote_token,
            ev.BaristaGift: self.on_barista,
            ev.WakeSkipped: self.on_wake_skipped,
            ev.Shown: self.on_shown,
            ev.Chosen: self.on_chosen,
            ev.AbilityReported: self.on_ability_reported,
            ev.AbilityUsed: self.on_ability_used,
            ev.Night: self.on_night,
            ev.Dawn: self.on_dawn,
            ev.Nominated: self.on_nomination,
            ev.ExileCalled: self.on_voted,
            ev.HandSet: self.on_voted,
            ev.Voted: self.on_voted,
            ev.Pace: self.on_pace,
            ev.VoteResult: self.on_vote_result,
            ev.ExileResult: self.on_exile_result,
            ev.Execution: self.on_execution,
            ev.ExecutionSurvived: self.on_execution_survived,
            ev.ExileSurvived: self.on_exile_survived,
            ev.Died: self.on_death,
            ev.Revived: self.on_revived,
            ev.GameEnded: self.on_game_ended,
            ev.Claimed: self.on_claim,
            ev.SlayerShot: self.on_slay,
            ev.GunslingerShot: self.on_shoot,
            ev.VoteGiven: self.on_vote_given,
            ev.Swapped: self.on_swapped,
            ev.Judged: self.on_verdict,
            ev.Juggled: self.on_juggle,
            ev.KlutzChose: self.on_klutz,
            ev.MoonchildChose: self.on_moonchild,
            ev.GossipSaid: self.on_gossip,
        }
        self.prompts: dict[str, Handler] = {
            "night_choice": self.on_night_choice,
            "ruling": self.on_ruling,
            "panel": self.on_panel,
        }

    @staticmethod
    def lobby(session: Session, closed: str = "") -> Outgoing:
        return lobby(session, closed)

    def render(self, effect: Effect, session: Session, name: Namer) -> Rendered:
        if isinstance(effect, GameOver):
            return self.game_over(effect, session)
        if isinstance(effect, Prompt):
            handler = self.prompts.get(effect.kind)
        else:
            handler = self.events.get(type(effect))
        message = handler(effect, session, name) if handler else None
        if isinstance(message, Outgoing) and not message.public and discreet(effect, session):
            message.discreet = True
        return message

    # Lobby -----------------------------------------------------------------------------------
    def on_joined(self, effect: ev.Joined | ev.Left, session: Session, name: Namer) -> Outgoing:
        return lobby(session)

    def on_seated(self, effect: ev.Seated, session: Session, name: Namer) -> list[Outgoing]:
        moved = Outgoing(f"💺 <@{effect.player}> moves to seat {effect.position + 1}.")
        return [lobby(session), moved]

    def on_traveller_arrived(
        self, effect: ev.TravellerArrived, session: Session, name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🧳 <@{effect.player}> arrives as a Traveller, the "
            f"**{char_name(effect.traveller, session.state)}**, "
            "and sits at the end of the circle."
        )

    def on_started(self, effect: ev.Started, session: Session, name: Namer) -> list[Outgoing]:
        state = session.state
        counts = ", ".join(team_count(team, n) for team, n in effect.counts.items())
        travellers = "".join(
            f"\n<@{p}> travels as the **{char_name(c, state)}**." for p, c in effect.travellers
        )
        fabled = "".join(
            f"\n✨ **{char_name(c, state)}** is in play: {ability(c, state, self.official)}"
            for c in effect.fabled
        )
        begins = Outgoing(
            f"🎭 The game begins with {len(effect.players)} players ({counts}). "
            f"Everyone is told their character privately.{travellers}{fabled}"
        )
        return [begins, lobby(session, closed="The game has started; its seats are taken.")]

    def on_traveller_left(
        self, effect: ev.TravellerLeft, session: Session, name: Namer
    ) -> Outgoing:
        return Outgoing(f"🧳 <@{effect.player}> leaves the game; the circle closes up.")

    # Secrets ---------------------------------------------------------------------------------
    def on_character(self, effect: ev.CharacterTold, session: Session, name: Namer) -> Outgoing:
        cid, state = effect.character, session.state
        text = ability(cid, state, self.official)
        return Outgoing(
            f"🎭 **Clocktower** in <#{session.game.channel_id}>: you are the "
            f"**{char_name(cid, state)}** ({effect.alignment}).\n*{text}*",
            public=False,
        )

    def on_ending_reached(
        self, effect: ev.EndingReached, session: Session, name: Namer
    ) -> Outgoing:
        """The game looks over by the rules the engine runs; the storyteller decides."""
        unrun = ", ".join(f"**{char_name(c, session.state)}**" for c in effect.unrun)
        return Outgoing(
            f"⚖️ In <#{session.game.channel_id}>, **{effect.winner}** would now win because "
            f"{ending_text(effect.ending)}, but you run {unrun}, which may change that. "
            f"If the game is over, declare it with `/clocktower end winner:{effect.winner}`.",
            public=False,
        )

    def on_setup_notes(self, effect: ev.SetupNotes, session: Session, name: Namer) -> Outgoing:
        """What a human storyteller runs by hand in this game."""
        state = session.state
        names = lambda ids: ", ".join(f"**{char_name(c, state)}**" for c in ids)  # noqa: E731
        lines = [f"📋 **Your game** in <#{session.game.channel_id}>:"]
        if effect.counts:
            lines.append(f"⚖️ {effect.counts}")
        if effect.manual:
            lines.append(
                f"🛠️ You run {names(effect.manual)}: each wakes in night order with a panel of "
                "tools in this DM; by day, players claim such abilities with `/clocktower "
                "ability` and you answer with `/clocktower show` and `/clocktower adjust`."
            )
        if effect.unwoken:
            lines.append(
                f"⏰ {names(effect.unwoken)}: the script gives no night-order number, so I never "
                "wake them; use `/clocktower show` and `/clocktower adjust` when they act."
            )
        if effect.fabled:
            lines.append(f"✨ The Fabled {names(effect.fabled)} are yours to run.")
        lines.append("When the game is won, declare it with `/clocktower end winner:`.")
        return Outgoing("\n".join(lines), public=False)

    def on_chosen(self, effect: ev.Chosen, session: Session, name: Namer) -> Outgoing:
        state = session.state
        return Outgoing(
            f"👉 {name(effect.player)}, as the **{char_name(effect.character, state)}**, chose "
            f"**{label(effect.choice, state.players, name, state)}**.",
            public=False,
        )

    def on_shown(self, effect: ev.Shown, session: Session, name: Namer) -> Outgoing:
        state = session.state
        when = f"Night {effect.night}" if effect.phase == "night" else f"Day {effect.day}"
        character = effect.character
        role_text = f", as the **{char_name(character, state)}**" if character else ""
        value = label(effect.value, state.players, name, state)
        if effect.kind == "text":
            value = effect.value
        return Outgoing(
            f"🔮 {when}{role_text}: the storyteller shows you **{value}**.", public=False
        )

    def on_ability_used(self, effect: ev.AbilityUsed, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"✋ <@{effect.player}> uses an ability: “{effect.text}”")

    def on_ability_reported(
        self, effect: ev.AbilityReported, session: Session, name: Namer
    ) -> Outgoing:
        where = "in public" if effect.public else "privately"
        return Outgoing(
            f"✋ In <#{session.game.channel_id}>, {name(effect.player)} (the "
            f"**{char_name(effect.character, session.state)}**) uses an ability {where}: "
            f"“{effect.text}”. Resolve it with `/clocktower show`, `/clocktower adjust` or by "
            "saying what happens.",
            public=False,
        )

    def on_minion_info(self, effect: ev.MinionInfo, session: Session, name: Namer) -> Outgoing:
        others = ", ".join(name(p) for p in effect.minions) or "none"
        return Outgoing(
            f"😈 The Demon is **{', '.join(name(p) for p in effect.demon)}**. "
            f"Your fellow Minions: {others}.",
            public=False,
        )

    def on_demon_info(self, effect: ev.DemonInfo, session: Session, name: Namer) -> Outgoing:
        bluffs = ", ".join(char_name(c, session.state) for c in effect.bluffs) or "none"
        return Outgoing(
            f"😈 Your Minions: **{', '.join(name(p) for p in effect.minions) or 'none'}**. "
            f"Three good characters not in play, for bluffing: {bluffs}.",
            public=False,
        )

    def on_info(self, effect: ev.Info, session: Session, name: Namer) -> Outgoing:
        state = session.state
        return Outgoing(info_text(effect.data, state.players, name, state), public=False)

    def on_grimoire(self, effect: ev.Grimoire, session: Session, name: Namer) -> Outgoing:
        state = session.state
        lines = [f"📖 Night {effect.night}: you see the grimoire."]
        for player, cid, alignment, alive in effect.seats:
            dead = "" if alive else " (dead)"
            lines.append(f"{name(player)}: {char_name(cid, state)}, {alignment}{dead}")
        for kind, source, target, note in effect.marks:
            what = note or REGISTRY.reminder_text(kind)
            placed = "the storyteller" if source == SYSTEM else name(source)
            lines.append(f"Reminder on {name(target)}: {what} (placed by {placed})")
        return Outgoing("\n".join(lines), public=False)

    def on_became(self, effect: ev.Became, session: Session, name: Namer) -> Outgoing:
        cid, state = effect.character, session.state
        return Outgoing(
            f"🎭 Your character has changed: you are now the **{char_name(cid, state)}**.\n"
            f"*{ability(cid, state, self.official)}*",
            public=False,
        )

    def on_turned(self, effect: ev.Turned, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"⚖️ Your alignment has changed: you are now **{effect.alignment}**.",
            public=False,
        )

    def on_became_demon(self, effect: ev.BecameDemon, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"😈 You are now the **{char_name(effect.character, session.state)}**.",
            public=False,
        )

    def on_wake_skipped(self, effect: ev.WakeSkipped, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"💤 Night {effect.night}: the storyteller passed over your waking as the "
            f"**{char_name(effect.character, session.state)}**; you learn nothing tonight.",
            public=False,
        )

    def on_exorcised(self, effect: ev.Exorcised, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"✝️ Night {effect.night}: the Exorcist, **{name(effect.exorcist)}**, has chosen "
            "you. You do not wake tonight.",
            public=False,
        )

    def on_lunatic(self, effect: ev.LunaticInfo, session: Session, name: Namer) -> Outgoing:
        chose = label(effect.chose, session.state.players, name, session.state)
        what = f" Tonight they chose **{chose}** (no one dies of it)." if effect.chose else ""
        return Outgoing(
            f"🌀 Night {effect.night}: **{name(effect.player)}** is the Lunatic, who believes "
            f"they are the Demon.{what}",
            public=False,
        )

    def on_apprentice(self, effect: ev.Apprenticed, session: Session, name: Namer) -> Outgoing:
        cid, state = effect.character, session.state
        return Outgoing(
            f"🎓 As the Apprentice you now have the ability of the "
            f"**{char_name(cid, state)}**:\n*{ability(cid, state, self.official)}*",
            public=False,
        )

    def on_vote_token(self, effect: ev.VoteToken, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"🪙 {name(effect.player)} gave you their vote token; they are {effect.alignment}.",
            public=False,
        )

    def on_mad(self, effect: ev.Mad, session: Session, name: Namer) -> Outgoing:
        cid = char_name(effect.character, session.state)
        return Outgoing(
            f"🌀 The **Cerenovus** chose you: tomorrow (day {effect.day}) you must be "
            f"“mad” that you are the **{cid}**: try to convince the group of it, or you might "
            "be executed.",
            public=False,
        )

    def on_gained(self, effect: ev.Gained, session: Session, name: Namer) -> Outgoing:
        cid, state = effect.character, session.state
        return Outgoing(
            f"📚 You now have the ability of the **{char_name(cid, state)}**:\n"
            f"*{ability(cid, state, self.official)}*",
            public=False,
        )

    def on_barista(self, effect: ev.BaristaGift, session: Session, name: Namer) -> Outgoing:
        gift = (
            "you are sober and healthy, and your information is true"
            if effect.gift == "sober"
            else "your ability works twice"
        )
        return Outgoing(
            f"☕ Night {effect.night}, the **Barista**: until dusk, {gift}.", public=False
        )

    # Prompts ---------------------------------------------------------------------------------
    def on_night_choice(self, effect: Prompt, session: Session, name: Namer) -> Outgoing:
        d, state = effect.data, session.state
        pick, game = d["pick"], session.game.id
        role_name = char_name(d["character"], state)
        if d.get("ask") == "yesno":  # asked by another's ability (the Harlot): reveal or not
            text = (
                f"🌙 Night {d['night']}: the **{role_name}** asks to learn your character. "
                "Do you reveal it? (You both might die.)"
            )
            buttons = [("night", "yes", "Yes, reveal it", GREEN), ("night", "no", "No", RED)]
            return Outgoing(text, view=button_view(game, buttons), public=False)
        if d.get("ask") == "character":
            choices = [(NO_ONE if c == 0 else char_name(c, state), str(c)) for c in effect.options]
            wanted = "a character"
        else:
            choices = [(NO_ONE if p == 0 else name(p), str(p)) for p in effect.options]
            wanted = "a player" if pick == 1 else f"{pick} players"
        when = f"Night {d['night']}"
        if d.get("when") in WHEN:
            when = f"{WHEN[d['when']]}; in public"
        text = f"🌙 {when}, as the **{role_name}**: choose {wanted}."
        if d.get("because"):  # another character's ability lets this player choose
            text = (
                f"🌙 {when}: the **{role_name}** died, so you may choose {wanted} "
                "to swap characters."
            )
        if pick == 1:
            view = choice_view(game, "night", choices, f"Choose {wanted}")
        else:
            view = discord.ui.View(timeout=None)
            options = [discord.SelectOption(label=lab[:100], value=v) for lab, v in choices]
            view.add_item(MultiSelect(game, "night", pick, options, f"Choose {pick}"))
        if d.get("optional"):
            text += " You may also choose nobody tonight."
            view.add_item(GameButton(game, "night", "", label="Nobody tonight", style=GREY))
        return Outgoing(text, view=view, public=False)

    def on_ruling(self, effect: Prompt, session: Session, name: Namer) -> Outgoing:
        return ruling_message(effect.data, effect.options, session, name)

    def on_panel(self, effect: Prompt, session: Session, name: Namer) -> Outgoing:
        """A storyteller-run wake: who wakes, what the character does, and the tools."""
        d, state = effect.data, session.state
        cid = d["character"]
        cue = night_cue(cid, state, self.official, d["night"])
        game, decision = session.game.id, d["decision"]
        buttons = [
            ("panel", f"{decision}-ask1", "Ask: 1 player", BLUE),
            ("panel", f"{decision}-ask2", "Ask: 2 players", BLUE),
            ("panel", f"{decision}-askc", "Ask: a character", BLUE),
            ("panel", f"{decision}-done", "Done: next wake", GREEN),
        ]
        text = (
            f"🌙 **Night {d['night']}** in <#{session.game.channel_id}>: "
            f"**{name(d['player'])}** wakes as the **{char_name(cid, state)}**.\n"
            f"*{cue}*\n"
            "Tools: **Ask** the player to choose (their answer comes back here); "
            "`/clocktower show` shows them a character, number, yes/no, player or text; "
            "`/clocktower adjust` adds reminders or makes someone drunk, poisoned, protected "
            "or dead. Press **Done** when this wake is over."
        )
        return Outgoing(text, view=button_view(game, buttons), public=False)

    # Public events ---------------------------------------------------------------------------
    def on_night(self, effect: ev.Night, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"🌙 **Night {effect.night} falls.** Everyone closes their eyes…\n"
            "-# If my messages can't reach you, **Show my secret** tells you whether you wake.",
            view=secret_view(session.game.id),
        )

    def on_dawn(self, effect: ev.Dawn, session: Session, name: Namer) -> Outgoing:
        deaths = effect.deaths
        news = f"{mentions(deaths)} died in the night." if deaths else "Nobody died in the night."
        if effect.revived:
            news += f" {mentions(effect.revived)} came back to life."
        return Outgoing(
            f"🌅 **Day {effect.day}.** {news}\n"
            "Talk, then nominate with the menu below or `/clocktower nominate`.",
            view=nominate_view(session, name),
            remember=f"dawn:{effect.day}",  # its id tells when the day began, even after a restart
        )

    def on_nomination(self, effect: ev.Nominated, session: Session, name: Namer) -> Outgoing | None:
        state = session.state
        if state.vote is not None and state.vote.nominee == effect.nominee:
            return vote_message(session, name)
        return Outgoing(f"🗳️ {nominator(state, effect.nominator)} nominates <@{effect.nominee}>.")

    def on_voted(
        self, effect: ev.Voted | ev.HandSet | ev.ExileCalled, session: Session, name: Namer
    ) -> Outgoing | None:
        return vote_message(session, name)

    def on_pace(self, effect: ev.Pace, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"⏱️ The count now waits {effect.seconds} second(s) on each hand set in advance."
        )

    def on_vote_result(
        self, effect: ev.VoteResult, session: Session, name: Namer
    ) -> list[Outgoing]:
        nominee, votes, block = effect.nominee, effect.votes, effect.block
        head = f"🧮 <@{nominee}> received **{votes}** vote(s); {effect.threshold} needed."
        if block == nominee:
            tail = f" <@{nominee}> is now on the block."
        elif block is None and votes >= effect.threshold:
            tail = " A tie: nobody is on the block."
        elif block is not None:
            tail = f" <@{block}> stays on the block with {effect.block_votes}."
        else:
            tail = " Nobody is on the block."
        result = Outgoing(head + tail, view=nominate_view(session, name))
        return [*self._closed_board(session), result]

    def on_exile_result(
        self, effect: ev.ExileResult, session: Session, name: Namer
    ) -> list[Outgoing]:
        verdict = "is exiled" if effect.exiled else "stays"
        result = Outgoing(
            f"🧮 <@{effect.nominee}> received **{effect.votes}** of {effect.threshold} needed: "
            f"the Traveller {verdict}.",
            view=nominate_view(session, name),
        )
        return [*self._closed_board(session), result]

    @staticmethod
    def _closed_board(session: Session) -> list[Outgoing]:
        history = session.state.history
        return [closed_vote(history[-1], session.state)] if history else []

    def on_execution(self, effect: ev.Execution, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"⚖️ <@{effect.player}> is executed.")

    def on_execution_survived(
        self, effect: ev.ExecutionSurvived, session: Session, name: Namer
    ) -> Outgoing:
        return Outgoing(f"😮 …but <@{effect.player}> does not die.")

    def on_gossip(self, effect: ev.GossipSaid, session: Session, name: Namer) -> Outgoing:
        state = session.state
        said = statements.Statement(effect.kind, tuple(effect.players), effect.value)
        text = statements.words(said, lambda p: f"<@{p}>", lambda c: char_name(c, state))
        return Outgoing(f"🗣️ <@{effect.by}> states in public: “{text}.”")

    def on_moonchild(self, effect: ev.MoonchildChose, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"🌘 <@{effect.player}>, the Moonchild, chooses <@{effect.target}>.")

    def on_swapped(self, effect: ev.Swapped, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"💺 <@{effect.by}> the Matron has <@{effect.first}> and <@{effect.second}> swap "
            "seats. (With the Matron in play, nobody leaves their seat to talk in private.)"
        )

    def on_verdict(self, effect: ev.Judged, session: Session, name: Namer) -> Outgoing:
        outcome = "passes: they are about to die" if effect.passes else "fails"
        return Outgoing(
            f"⚖️ <@{effect.by}> the Judge rules: the execution of <@{effect.nominee}> {outcome}."
        )

    def on_death(self, effect: ev.Died, session: Session, name: Namer) -> Outgoing | None:
        if effect.cause == "execution":
            return None  # the execution said it
        return Outgoing(f"💀 <@{effect.player}> {CAUSES.get(effect.cause, 'dies')}.")

    def on_slay(self, effect: ev.SlayerShot, session: Session, name: Namer) -> Outgoing:
        outcome = "and they fall dead" if effect.died else "but nothing happens"
        return Outgoing(f"🏹 <@{effect.by}> uses a Slayer's shot on <@{effect.target}>… {outcome}.")

    def on_shoot(self, effect: ev.GunslingerShot, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"🔫 <@{effect.by}> the Gunslinger shoots at <@{effect.target}>.")

    def on_vote_given(self, effect: ev.VoteGiven, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"🪙 <@{effect.by}> gives their ghost vote to <@{effect.to}>.")

    def on_claim(self, effect: ev.Claimed, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"🗣️ <@{effect.player}> claims to be the **{char_name(effect.claim, session.state)}**."
        )

    def on_juggle(self, effect: ev.Juggled, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"🤹 <@{effect.by}> guesses that <@{effect.target}> is the "
            f"**{char_name(effect.guess, session.state)}**."
        )

    def on_klutz(self, effect: ev.KlutzChose, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"🫢 <@{effect.by}>, the Klutz (so they say), chooses <@{effect.target}>.")

    def on_exile_survived(
        self, effect: ev.ExileSurvived, session: Session, name: Namer
    ) -> Outgoing:
        return Outgoing(f"🃏 <@{effect.player}> is exiled, yet lives on.")

    def on_revived(self, effect: ev.Revived, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"✨ <@{effect.player}> is alive again.")

    def on_game_ended(self, effect: ev.GameEnded, session: Session, name: Namer) -> None:
        """Nothing of its own: the ``GameOver`` that follows reveals the winner and grimoire."""
        return None

    def game_over(self, effect: GameOver, session: Session) -> Outgoing:
        if not isinstance(effect.outcome, Outcome):
            return Outgoing("🛑 The game was ended; no result is recorded.")
        return Outgoing(reveal_text(effect.outcome, session.state))


class DiscordWords:
    """The engine's sentence parts (``engine.clocktower.game.roles.Words``) in Discord text."""

    def __init__(self, players: Sequence[int], name: Namer, state: Any = None) -> None:
        self._players, self._name, self._state = players, name, state

    def player(self, player: int) -> str:
        return self._name(player)

    def players(self, players: Sequence[int]) -> str:
        return label(tuple(players), self._players, self._name, self._state)

    def character(self, cid: str) -> str:
        return char_name(cid, self._state)

    def strong(self, text: object) -> str:
        return f"**{text}**"


def night_cue(cid: str, state: Any, official: Mapping[str, OfficialText], night: int) -> str:
    """What the storyteller does when ``cid`` wakes: the official night reminder where the
    operator ships it, else the ability (ours, or the script's words for homebrew)."""
    text = official.get(cid)
    if text is not None:
        cue = text.first_night if night == 1 else text.other_night
        if cue:
            return cue
    return ability(cid, state, official)


def info_text(d: Mapping[str, Any], players: Sequence[int], name: Namer, state: Any = None) -> str:
    """What a character learned (at night, or by day: the Savant, the Artist), in words (each
    character's unit says how it reads)."""
    cid = d["character"]
    when = f"Day {d['day']}" if "day" in d else f"Night {d['night']}"
    return f"🔮 {when}, **{char_name(cid, state)}**: " + role(cid).reads(
        d, DiscordWords(players, name, state)
    )


TOPICS = {  # the rulings no one character raises; the units name their own (``Role.topics``)
    "info": "what a player learns",
    "bluffs": "the Demon's three bluffs",
    "traveller_alignment": "a Traveller's alignment",
    "registration": "how a player registers",
    "traveller_character": "which Traveller a newcomer plays",
    "madness": "whether a player who broke their madness is executed (the day's execution)",
}


def ending_text(ending: str) -> str:
    owner = REGISTRY.ending_owner(ending)
    return owner.endings[ending] if owner is not None else ENDINGS.get(ending, ending)


def topic_text(topic: str) -> str:
    owner = REGISTRY.topic_owner(topic)
    return owner.topics[topic] if owner is not None else TOPICS.get(topic, topic)


HIDDEN = (
    "decision",
    "topic",
    "truth",
    "consistent",
    "form",
)  # shown on the buttons, not in the details


def ruling_message(
    data: Mapping[str, Any], options: Sequence[Any], session: Session, name: Namer
) -> Outgoing:
    """A storyteller decision by DM: the true answer marked, one button per legal answer."""
    state = session.state
    players = state.players
    truth, consistent = data.get("truth"), data.get("consistent")
    details = [
        f"{key}: {label(value, players, name, state)}"
        for key, value in data.items()
        if key not in HIDDEN
    ]
    lines = [
        f"📜 **Storyteller decision #{data['decision']}** in <#{session.game.channel_id}>: "
        f"{topic_text(data['topic'])}.",
        "; ".join(details),
    ]
    choices = []
    for index, option in enumerate(options):
        text = label(option, players, name, state)
        if data["topic"] == "info" and data.get("character"):
            text = info_text(
                {
                    "character": data["character"],
                    "night": session.state.night,
                    "answer": option,
                    "players": data.get("players", ()),
                    **{k: data[k] for k in ("question",) if k in data},
                },
                players,
                name,
                state,
            ).split(": ", 1)[-1]
        mark = (
            " ✓ (true)" if index == truth else " ≈ (consistent lie)" if index == consistent else ""
        )
        choices.append((f"{index + 1}. {text}"[: MAX_LABEL - len(mark)] + mark, index))
    lines.append("The true answer is marked ✓." if truth is not None else "No answer is true.")
    if consistent is not None:
        lines.append("≈ marks the lie that agrees with what this player was shown before.")
    form = data.get("form")
    if form is not None:
        lines.append(
            "Suggested answers below; **Your own answer…** (or `/clocktower rule`) gives any "
            + ("answer the rules allow." if form.allowed is not None else "answer at all.")
        )
    value = lambda i: f"{data['decision']}-{i}"  # noqa: E731
    own = [("custom", str(data["decision"]), "Your own answer…", GREY)] if form else []
    if len(choices) + len(own) <= MAX_BUTTONS:
        buttons = [("ruling", value(i), text, GREEN if i == truth else BLUE) for text, i in choices]
        view = button_view(session.game.id, buttons + own)
    else:
        view = choice_view(session.game.id, "ruling", [(t, value(i)) for t, i in choices], "Rule")
        for kind, val, text, style in own:
            view.add_item(GameButton(session.game.id, kind, val, label=text, style=style))
    return Outgoing("\n".join(line for line in lines if line), view=view, public=False)


def reveal_text(outcome: Outcome, state: Any = None) -> str:
    """The end: who won and why, and the whole grimoire revealed."""
    side = "🌞 **Good wins!**" if outcome.winner == "good" else "🌑 **Evil wins!**"
    lines = [f"{side} The game ends because {ending_text(outcome.reason)}.", ""]
    lines.append("📖 **The grimoire:**")
    for s in outcome.seats:
        believed = char_name(s.shown, state)
        drunk = f" (believed the {believed})" if s.shown != s.character else ""
        life = "alive" if s.alive else "dead"
        lines.append(
            f"<@{s.player}>: **{char_name(s.character, state)}**{drunk}, {s.alignment}, {life}"
        )
    if outcome.bluffs:
        lines.append("Demon bluffs: " + ", ".join(char_name(c, state) for c in outcome.bluffs))
    lines.append("The result is recorded for `/ratings`.")
    return "\n".join(lines)
