"""Clocktower effects as Discord messages.

Public text never names a living player's character or alignment: the channel hears who was
nominated, how the votes went, who died, and at the very end the whole grimoire. Everything
secret (characters, night information, storyteller rulings) is rendered with ``public=False`` and
goes by DM. Who is written to is itself secret once play has begun (who wakes, who learns
something, when the storyteller must rule), so those messages are ``discreet``: a closed DM is
then never announced in the channel (see ``bot.delivery``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord

from bot.delivery import Answered, Handler, Namer, Outgoing, Rendered, secret_view
from bot.sessions import Session
from bot.views import GameButton, button_view, question_buttons, question_menus, view_of
from bot.words import team_count
from engine.clocktower.catalogue import Character, OfficialText, find
from engine.clocktower.game import SYSTEM, Outcome, Phase, open_prompts
from engine.clocktower.game import events as ev
from engine.clocktower.game.abilities.votes import threshold, vote_secret
from engine.clocktower.game.actions import (
    Ask,
    CountHand,
    FinishWake,
    NightChoice,
    Nominate,
    StorytellerRuling,
    Vote,
)
from engine.clocktower.game.model import Nomination, State
from engine.clocktower.game.prompts import open_questions
from engine.clocktower.game.questions import (
    COUNT,
    DONE,
    NightMenu,
    NominationMenu,
    Panel,
    Ruling,
    VoteBoard,
)
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.game.secrecy import hidden, hiders
from engine.core import Effect, Event, GameOver, Private, Prompt, Public

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


def mentions(players: Sequence[int]) -> str:
    return ", ".join(f"<@{p}>" for p in players) or "nobody"


def known(cid: str, state: State | None = None) -> Character | None:
    """The character ``cid`` of this game (its script's homebrew first), or None."""
    for c in state.homebrew if state is not None else ():
        if c.id == cid:
            return c
    return find(cid)


def char_name(cid: str | None, state: State | None = None) -> str:
    found = known(cid, state) if cid else None
    return found.name if found else str(cid)


def ability(cid: str, state: State | None, official: Mapping[str, OfficialText]) -> str:
    """A character's ability in words: the official text where the operator ships it, our own
    summary otherwise, and for a homebrew character the script's own words, quoted as such."""
    found = known(cid, state)
    if found is None:
        return ""
    if found.edition == "homebrew":
        return f"The script says: “{found.summary}”"
    return official[cid].ability if cid in official else found.summary


def label(value: Any, players: Sequence[int], name: Namer, state: State | None = None) -> str:
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


def opener(state: State, host: int, present: Callable[[int], bool] = lambda _: True) -> int | None:
    """Who leads a bot-storyteller game (starts it, may end it): the player who opened it while
    they are seated and still here, otherwise the first seated player who is."""
    seated = ((host,) if host in state.players else ()) + tuple(state.players)
    return next((p for p in seated if present(p)), None)


def lobby(session: Session[State], closed: str = "") -> Outgoing:
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


def nominator(state: State, player: int) -> str:
    """Who nominated: a player's mention, or the storyteller (the Bishop's rule)."""
    return f"<@{player}>" if player in state.players else "The storyteller"


def vote_message(session: Session[State], name: Namer) -> Outgoing | None:
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
    counted = f"Counted yes: {len(vote.yes)} ({mentions(vote.yes)}); {threshold(state)} needed."
    if vote_secret(state):  # eyes closed: no hands, no count, no block (the Organ Grinder's)
        counted, block, ahead = "Eyes closed: the tally is secret.", "", ""
    text = (
        f"🗳️ **Day {state.day}:** {nominator(state, vote.nominator)} {what} <@{vote.nominee}>.\n"
        f"{counted}{block}\nThe count has reached <@{voter}>{ghost}{waiting}.{ahead}\n"
        "Raise or lower your hand any time before the count reaches you; it locks when counted."
    )
    board = next(q for q in open_questions(state) if isinstance(q, VoteBoard))
    buttons: list[tuple[Any, str, discord.ButtonStyle]] = [
        (True, "Hand up", GREEN),
        (False, "Hand down", RED),
    ]
    if not state.bot:
        buttons.append((COUNT, "Count (storyteller)", GREY))
    view = view_of(*question_buttons(session.game.id, board, buttons))
    return Outgoing(text, view=view, slot=vote_slot(state.day, vote.nominee, vote.exile))


def closed_vote(record: Nomination, state: State) -> Outgoing:
    """A finished vote's board, edited to its final tally with the buttons taken away."""
    what = "called for the exile of" if record.exile else "nominated"
    tally = (
        "The tally is secret."
        if record.secret
        else f"Final count: **{record.votes}** vote(s), {record.threshold} needed. "
        f"Hands raised: {mentions(record.yes)}."
    )
    text = (
        f"🗳️ **Day {record.day}:** {nominator(state, record.nominator)} {what} "
        f"<@{record.nominee}>.\n{tally} This vote is closed."
    )
    return Outgoing(text, slot=vote_slot(record.day, record.nominee, record.exile), final=True)


def nominate_view(session: Session[State], name: Namer) -> discord.ui.View | None:
    """A menu of the players who may still be nominated today (its question is the day's, so an
    old day's menu is refused), or None when nobody can nominate now."""
    menu = next((q for q in open_prompts(session.state) if isinstance(q, NominationMenu)), None)
    if menu is None:
        return None
    choices = [(name(p), p) for p in menu.options]
    return view_of(*question_menus(session.game.id, menu, choices, "Nominate a player…"))


def discreet(effect: Effect, session: Session[State]) -> bool:
    """Whether writing to someone is itself a secret. Only the deal reaches everyone alike, and
    the storyteller's first ruling comes with the deal in every game; any later ruling, even
    before the first night, would tell the table what is in play (a Drunk, a Fortune Teller)."""
    if isinstance(effect, Private):
        return not isinstance(effect, (ev.CharacterTold, ev.CharacterUnknown))
    if isinstance(effect, Prompt):
        first = isinstance(effect, Ruling) and effect.decision == 1
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
            ev.CharacterUnknown: self.on_character_unknown,
            ev.SetupNotes: self.on_setup_notes,
            ev.EndingReached: self.on_ending_reached,
            ev.MinionInfo: self.on_minion_info,
            ev.DemonInfo: self.on_demon_info,
            ev.Info: self.on_info,
            ev.Grimoire: self.on_grimoire,
            ev.Became: self.on_became,
            ev.BecameDemon: self.on_became_demon,
            ev.Turned: self.on_turned,
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
            NightMenu: self.on_night_choice,
            Ruling: self.on_ruling,
            Panel: self.on_panel,
            VoteBoard: self.on_vote_board,
            NominationMenu: self.on_nomination_menu,
        }

    @staticmethod
    def lobby(session: Session[State], closed: str = "") -> Outgoing:
        return lobby(session, closed)

    def render(self, effect: Effect, session: Session[State], name: Namer) -> Rendered:
        if isinstance(effect, GameOver):
            return self.game_over(effect, session)
        handler = self.events.get(type(effect))
        message = handler(effect, session, name) if handler else self.said(effect, session, name)
        if isinstance(message, Outgoing) and not message.public and discreet(effect, session):
            message.discreet = True
        return message

    def said(self, effect: Effect, session: Session[State], name: Namer) -> Outgoing | None:
        """An event one character causes, in that character's own words (``Role.says``)."""
        speaker = REGISTRY.speaker(type(effect))
        if speaker is None:
            return None
        public = isinstance(effect, Public)
        state = session.state
        words = DiscordWords(state.players, name, state, self.official, public)
        text = speaker.says(effect, words)
        if isinstance(effect, Private) and hidden(state, effect.to):
            text = unnamed(effect, text, speaker.id, state, name)
        return Outgoing(text, public=public)

    # Lobby -----------------------------------------------------------------------------------
    def on_joined(
        self, effect: ev.Joined | ev.Left, session: Session[State], name: Namer
    ) -> Outgoing:
        return lobby(session)

    def on_seated(self, effect: ev.Seated, session: Session[State], name: Namer) -> list[Outgoing]:
        moved = Outgoing(f"💺 <@{effect.player}> moves to seat {effect.position + 1}.")
        return [lobby(session), moved]

    def on_traveller_arrived(
        self, effect: ev.TravellerArrived, session: Session[State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🧳 <@{effect.player}> arrives as a Traveller, the "
            f"**{char_name(effect.traveller, session.state)}**, "
            "and sits at the end of the circle."
        )

    def on_started(
        self, effect: ev.Started, session: Session[State], name: Namer
    ) -> list[Outgoing]:
        state = session.state
        counts = ", ".join(team_count(team, n) for team, n in effect.counts.items())
        travellers = "".join(
            f"\n<@{p}> travels as the **{char_name(c, state)}**." for p, c in effect.travellers
        )
        fabled = "".join(
            f"\n✨ **{char_name(c, state)}** is in play: {ability(c, state, self.official)}"
            for c in effect.fabled
        )
        told = "Everyone is told their character privately."
        if hiders(state):
            told = "Nobody is told their character."
        begins = Outgoing(
            f"🎭 The game begins with {len(effect.players)} players ({counts}). "
            f"{told}{travellers}{fabled}"
        )
        return [begins, lobby(session, closed="The game has started; its seats are taken.")]

    def on_traveller_left(
        self, effect: ev.TravellerLeft, session: Session[State], name: Namer
    ) -> Outgoing:
        return Outgoing(f"🧳 <@{effect.player}> leaves the game; the circle closes up.")

    # Secrets ---------------------------------------------------------------------------------
    def on_character(
        self, effect: ev.CharacterTold, session: Session[State], name: Namer
    ) -> Outgoing:
        cid, state = effect.character, session.state
        text = ability(cid, state, self.official)
        return Outgoing(
            f"🎭 **Clocktower** in <#{session.game.channel_id}>: you are the "
            f"**{char_name(cid, state)}** ({effect.alignment}).\n*{text}*",
            public=False,
        )

    def on_character_unknown(
        self, effect: ev.CharacterUnknown, session: Session[State], name: Namer
    ) -> Outgoing:
        """The deal to a player who is not told their character (the Tor's rule)."""
        state = session.state
        return Outgoing(
            f"🎭 **Clocktower** in <#{session.game.channel_id}>: you are not told your character "
            f"or alignment. The **{char_name(effect.by, state)}** is in play: "
            f"*{ability(effect.by, state, self.official)}*",
            public=False,
        )

    def on_ending_reached(
        self, effect: ev.EndingReached, session: Session[State], name: Namer
    ) -> Outgoing:
        """The game looks over by the rules the engine runs; the storyteller decides."""
        unrun = ", ".join(f"**{char_name(c, session.state)}**" for c in effect.unrun)
        return Outgoing(
            f"⚖️ In <#{session.game.channel_id}>, **{effect.winner}** would now win because "
            f"{ending_text(effect.ending)}, but you run {unrun}, which may change that. "
            f"If the game is over, declare it with `/clocktower end winner:{effect.winner}`.",
            public=False,
        )

    def on_setup_notes(
        self, effect: ev.SetupNotes, session: Session[State], name: Namer
    ) -> Outgoing:
        """What a human storyteller runs by hand in this game."""
        state = session.state

        def names(ids: Sequence[str]) -> str:
            return ", ".join(f"**{char_name(c, state)}**" for c in ids)

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

    def on_chosen(self, effect: ev.Chosen, session: Session[State], name: Namer) -> Outgoing:
        state = session.state
        return Outgoing(
            f"👉 {name(effect.player)}, as the **{char_name(effect.character, state)}**, chose "
            f"**{label(effect.choice, state.players, name, state)}**.",
            public=False,
        )

    def on_shown(self, effect: ev.Shown, session: Session[State], name: Namer) -> Outgoing:
        state = session.state
        when = f"Night {effect.night}" if effect.phase == "night" else f"Day {effect.day}"
        character = effect.character
        role_text = f", as the **{char_name(character, state)}**" if character else ""
        if hidden(state, effect.to):
            role_text = ""
        value = label(effect.value, state.players, name, state)
        if effect.kind == "text":
            value = effect.value
        return Outgoing(
            f"🔮 {when}{role_text}: the storyteller shows you **{value}**.", public=False
        )

    def on_ability_used(
        self, effect: ev.AbilityUsed, session: Session[State], name: Namer
    ) -> Outgoing:
        return Outgoing(f"✋ <@{effect.player}> uses an ability: “{effect.text}”")

    def on_ability_reported(
        self, effect: ev.AbilityReported, session: Session[State], name: Namer
    ) -> Outgoing:
        where = "in public" if effect.public else "privately"
        return Outgoing(
            f"✋ In <#{session.game.channel_id}>, {name(effect.player)} (the "
            f"**{char_name(effect.character, session.state)}**) uses an ability {where}: "
            f"“{effect.text}”. Resolve it with `/clocktower show`, `/clocktower adjust` or by "
            "saying what happens.",
            public=False,
        )

    def on_minion_info(
        self, effect: ev.MinionInfo, session: Session[State], name: Namer
    ) -> Outgoing:
        others = ", ".join(name(p) for p in effect.minions) or "none"
        demon = ", ".join(name(p) for p in effect.demon)
        told = f"The Demon is **{demon}**." if demon else "No player is the Demon yet."
        text = (
            "😈 You are not told who your Demon and fellow Minions are."
            if effect.apart
            else f"😈 {told} Your fellow Minions: {others}."
        )
        if effect.bluffs:
            bluffs = ", ".join(char_name(c, session.state) for c in effect.bluffs)
            text += f" Three good characters not in play, for bluffing: {bluffs}."
        return Outgoing(text, public=False)

    def on_demon_info(self, effect: ev.DemonInfo, session: Session[State], name: Namer) -> Outgoing:
        bluffs = ", ".join(char_name(c, session.state) for c in effect.bluffs) or "none"
        team = ", ".join(name(p) for p in effect.minions) or "none"
        told = (
            "You are not told who your Minions are."
            if effect.apart
            else f"Your Minions: **{team}**."
        )
        return Outgoing(
            f"😈 {told} Three good characters not in play, for bluffing: {bluffs}.",
            public=False,
        )

    def on_info(self, effect: ev.Info, session: Session[State], name: Namer) -> Outgoing:
        state = session.state
        if hidden(state, effect.to):
            return Outgoing(unexplained_info(effect.data, state.players, name, state), public=False)
        return Outgoing(info_text(effect.data, state.players, name, state), public=False)

    def on_grimoire(self, effect: ev.Grimoire, session: Session[State], name: Namer) -> Outgoing:
        state = session.state
        lines = [f"📖 Night {effect.night}: you see the grimoire."]
        for player, cid, alignment, alive in effect.seats:
            dead = "" if alive else " (dead)"
            token = f"{char_name(cid, state)}, {alignment}" if cid else "(token removed)"
            if player == effect.to and not cid and hidden(state, player):
                token = "(your own token is not shown to you)"
            lines.append(f"{name(player)}: {token}{dead}")
        for kind, source, target, note in effect.marks:
            what = note or REGISTRY.reminder_text(kind)
            placed = "the storyteller" if source == SYSTEM else name(source)
            lines.append(f"Reminder on {name(target)}: {what} (placed by {placed})")
        return Outgoing("\n".join(lines), public=False)

    def on_became(self, effect: ev.Became, session: Session[State], name: Namer) -> Outgoing:
        cid, state = effect.character, session.state
        return Outgoing(
            f"🎭 Your character has changed: you are now the **{char_name(cid, state)}**.\n"
            f"*{ability(cid, state, self.official)}*",
            public=False,
        )

    def on_turned(self, effect: ev.Turned, session: Session[State], name: Namer) -> Outgoing:
        return Outgoing(
            f"⚖️ Your alignment has changed: you are now **{effect.alignment}**.",
            public=False,
        )

    def on_became_demon(
        self, effect: ev.BecameDemon, session: Session[State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"😈 You are now the **{char_name(effect.character, session.state)}**.",
            public=False,
        )

    def on_wake_skipped(
        self, effect: ev.WakeSkipped, session: Session[State], name: Namer
    ) -> Outgoing:
        role_text = f" as the **{char_name(effect.character, session.state)}**"
        if hidden(session.state, effect.to):
            role_text = ""
        return Outgoing(
            f"💤 Night {effect.night}: the storyteller passed over your waking{role_text}; you "
            "learn nothing tonight.",
            public=False,
        )

    # Prompts ---------------------------------------------------------------------------------
    def on_night_choice(self, effect: NightMenu, session: Session[State], name: Namer) -> Outgoing:
        state, game, pick = session.state, session.game.id, effect.pick
        # "" when the character is hidden from them (the Tor's): woken, not told why
        as_role = f", as the **{char_name(effect.character, state)}**" if effect.character else ""
        unit = REGISTRY.get(effect.character)  # its own words for the menu, if any
        own = unit.asks(effect, DiscordWords(state.players, name, state)) if unit else None
        if effect.ask == "yesno":  # asked by another's ability (the Harlot's): yes or no
            text = own or f"🌙 Night {effect.night}{as_role}: yes or no?"
            buttons = [("yes", "Yes", GREEN), ("no", "No", RED)]
            return Outgoing(
                text, view=view_of(*question_buttons(game, effect, buttons)), public=False
            )
        if effect.ask == "character":
            choices = [(NO_ONE if c == 0 else char_name(c, state), c) for c in effect.options]
            wanted = "a character"
        elif effect.ask == "value":  # named options (the Knave who tells you)
            choices = [(str(v), v) for v in effect.options]
            wanted = "one"
        else:
            choices = [(NO_ONE if p == 0 else name(p), p) for p in effect.options]
            wanted = "a player" if pick == 1 else f"{pick} players"
        text = own or f"🌙 Night {effect.night}{as_role}: choose {wanted}."
        placeholder = f"Choose {wanted}" if pick == 1 else f"Choose {pick}"
        items = question_menus(game, effect, choices, placeholder, pick)
        if effect.details.get("optional"):
            text += " You may also choose nobody tonight."
            items += question_buttons(game, effect, [("", "Nobody tonight", GREY)])
        return Outgoing(text, view=view_of(*items), public=False)

    def on_ruling(self, effect: Ruling, session: Session[State], name: Namer) -> Outgoing:
        return ruling_message(effect, session, name)

    def on_panel(self, effect: Panel, session: Session[State], name: Namer) -> Outgoing:
        """A storyteller-run wake: who wakes, what the character does, and the tools."""
        state, night = session.state, effect.details["night"]
        cid = effect.character
        cue = night_cue(cid, state, self.official, night)
        buttons = [
            ("ask1", "Ask: 1 player", BLUE),
            ("ask2", "Ask: 2 players", BLUE),
            ("askc", "Ask: a character", BLUE),
            (DONE, "Done: next wake", GREEN),
        ]
        text = (
            f"🌙 **Night {night}** in <#{session.game.channel_id}>: "
            f"**{name(effect.details['player'])}** wakes as the **{char_name(cid, state)}**.\n"
            f"*{cue}*\n"
            "Tools: **Ask** the player to choose (their answer comes back here); "
            "`/clocktower show` shows them a character, number, yes/no, player or text; "
            "`/clocktower adjust` adds reminders or makes someone drunk, poisoned, protected "
            "or dead. Press **Done** when this wake is over."
        )
        view = view_of(*question_buttons(session.game.id, effect, buttons))
        return Outgoing(text, view=view, public=False)

    def on_vote_board(
        self, effect: VoteBoard, session: Session[State], name: Namer
    ) -> Outgoing | None:
        """The running vote's board (edited in place): its hands are the question's answers."""
        return vote_message(session, name)

    def on_nomination_menu(
        self, effect: NominationMenu, session: Session[State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🗳️ **Day {effect.day}:** nominate with the menu below or `/clocktower nominate`.",
            view=nominate_view(session, name),
        )

    # Answers ---------------------------------------------------------------------------------
    def acknowledge(
        self, question: type[Prompt], action: Any, session: Session[State], name: Namer
    ) -> Answered:
        """What the one who answered hears; a night choice is made once, so its menu settles."""
        state = session.state
        if isinstance(action, NightChoice):
            chosen = label(action.targets, state.players, name, state) or "nobody"
            return Answered(f"Noted: {chosen}.", f"✅ You chose **{chosen}**.")
        if isinstance(action, Vote):
            vote = state.vote
            current = vote.order[vote.index] if vote is not None else None
            teller = not state.bot and action.by == state.storyteller
            if teller or current == action.by:
                return Answered("Your hand is counted.")
            return Answered("Your hand is set; it counts, and locks, when the count reaches you.")
        words = {
            CountHand: "Counted.",
            Ask: "They are asked.",
            FinishWake: "The night goes on.",
            StorytellerRuling: "Ruled.",
            Nominate: "Your nomination is made.",
        }
        return Answered(words[type(action)])

    # Public events ---------------------------------------------------------------------------
    def on_night(self, effect: ev.Night, session: Session[State], name: Namer) -> Outgoing:
        return Outgoing(
            f"🌙 **Night {effect.night} falls.** Everyone closes their eyes…\n"
            "-# If my messages can't reach you, **Show my secret** tells you whether you wake.",
            view=secret_view(session.game.id),
        )

    def on_dawn(self, effect: ev.Dawn, session: Session[State], name: Namer) -> Outgoing:
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

    def on_nomination(
        self, effect: ev.Nominated, session: Session[State], name: Namer
    ) -> Outgoing | None:
        state = session.state
        if state.vote is not None and state.vote.nominee == effect.nominee:
            return vote_message(session, name)
        return Outgoing(f"🗳️ {nominator(state, effect.nominator)} nominates <@{effect.nominee}>.")

    def on_voted(
        self, effect: ev.Voted | ev.HandSet | ev.ExileCalled, session: Session[State], name: Namer
    ) -> Outgoing | None:
        return vote_message(session, name)

    def on_pace(self, effect: ev.Pace, session: Session[State], name: Namer) -> Outgoing:
        return Outgoing(
            f"⏱️ The count now waits {effect.seconds} second(s) on each hand set in advance."
        )

    def on_vote_result(
        self, effect: ev.VoteResult, session: Session[State], name: Namer
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
        self, effect: ev.ExileResult, session: Session[State], name: Namer
    ) -> list[Outgoing]:
        verdict = "is exiled" if effect.exiled else "stays"
        result = Outgoing(
            f"🧮 <@{effect.nominee}> received **{effect.votes}** of {effect.threshold} needed: "
            f"the Traveller {verdict}.",
            view=nominate_view(session, name),
        )
        return [*self._closed_board(session), result]

    @staticmethod
    def _closed_board(session: Session[State]) -> list[Outgoing]:
        history = session.state.history
        return [closed_vote(history[-1], session.state)] if history else []

    def on_execution(self, effect: ev.Execution, session: Session[State], name: Namer) -> Outgoing:
        return Outgoing(f"⚖️ <@{effect.player}> is executed.")

    def on_execution_survived(
        self, effect: ev.ExecutionSurvived, session: Session[State], name: Namer
    ) -> Outgoing:
        return Outgoing(f"😮 …but <@{effect.player}> does not die.")

    def on_death(self, effect: ev.Died, session: Session[State], name: Namer) -> Outgoing | None:
        if effect.cause == "execution":
            return None  # the execution said it
        return Outgoing(f"💀 <@{effect.player}> {CAUSES.get(effect.cause, 'dies')}.")

    def on_claim(self, effect: ev.Claimed, session: Session[State], name: Namer) -> Outgoing:
        return Outgoing(
            f"🗣️ <@{effect.player}> claims to be the **{char_name(effect.claim, session.state)}**."
        )

    def on_exile_survived(
        self, effect: ev.ExileSurvived, session: Session[State], name: Namer
    ) -> Outgoing:
        return Outgoing(f"🃏 <@{effect.player}> is exiled, yet lives on.")

    def on_revived(self, effect: ev.Revived, session: Session[State], name: Namer) -> Outgoing:
        return Outgoing(f"✨ <@{effect.player}> is alive again.")

    def on_game_ended(self, effect: ev.GameEnded, session: Session[State], name: Namer) -> None:
        """Nothing of its own: the ``GameOver`` that follows reveals the winner and grimoire."""
        return None

    def game_over(self, effect: GameOver, session: Session[State]) -> Outgoing:
        if not isinstance(effect.outcome, Outcome):
            return Outgoing("🛑 The game was ended; no result is recorded.")
        return Outgoing(reveal_text(effect.outcome, session.state))


class DiscordWords:
    """The engine's sentence parts (``engine.clocktower.game.roles.Words``) in Discord text;
    ``public``: players are mentioned (the channel's text), else named (a DM's)."""

    def __init__(
        self,
        players: Sequence[int],
        name: Namer,
        state: State | None = None,
        official: Mapping[str, OfficialText] | None = None,
        public: bool = False,
    ) -> None:
        self._players, self._state, self._official = players, state, official or {}
        self._name = (lambda p: f"<@{p}>") if public else name

    def player(self, player: int) -> str:
        return self._name(player)

    def players(self, players: Sequence[int]) -> str:
        return label(tuple(players), self._players, self._name, self._state)

    def character(self, cid: str) -> str:
        return char_name(cid, self._state)

    def strong(self, text: object) -> str:
        return f"**{text}**"

    def ability(self, cid: str) -> str:
        return f"*{ability(cid, self._state, self._official)}*"


def night_cue(cid: str, state: State, official: Mapping[str, OfficialText], night: int) -> str:
    """What the storyteller does when ``cid`` wakes: the official night reminder where the
    operator ships it, else the ability (ours, or the script's words for homebrew)."""
    text = official.get(cid)
    if text is not None:
        cue = text.first_night if night == 1 else text.other_night
        if cue:
            return cue
    return ability(cid, state, official)


def unnamed(effect: Private, text: str, speaker: str, state: State, name: Namer) -> str:
    """A character's private message to a player who does not know their own character
    (``secrecy``): as written, unless it comes from their character or names it ("As the
    Alchemist you have…"); then only what they are shown, its values bare."""
    own = {c for s in state.seats if s.player == effect.to for c in (s.character, s.shown)}
    names = {char_name(c, state) for c in own}
    if speaker not in own and not any(n in text for n in names):
        return text
    data = effect.data if isinstance(effect, Event) else {}
    values = [v for v in data.values() if v not in own and v not in (None, "", ())]
    shown = ", ".join(label(v, state.players, name, state) for v in values) or "nothing"
    return f"🔮 The storyteller shows you **{shown}**, and does not tell you why."


def unexplained_info(
    d: Mapping[str, Any], players: Sequence[int], name: Namer, state: State | None = None
) -> str:
    """What a player learned, to one who does not know their character (``secrecy``): the bare
    answer, not worded as any character's."""
    when = f"Day {d['day']}" if "day" in d else f"Night {d['night']}"
    about = f" (about {label(tuple(d['players']), players, name, state)})" if d["players"] else ""
    by = f" (told by {d['teller']})" if d.get("teller") else ""
    answer = label(d["answer"], players, name, state)
    return f"🔮 {when}{by}: you are shown **{answer}**{about}, and not told why."


def info_text(
    d: Mapping[str, Any], players: Sequence[int], name: Namer, state: State | None = None
) -> str:
    """What a character learned (at night, or by day: the Savant, the Artist), in words (each
    character's unit says how it reads)."""
    cid = d["character"]
    when = f"Day {d['day']}" if "day" in d else f"Night {d['night']}"
    told = role(cid).reads(d, DiscordWords(players, name, state))
    by = f" (told by {d['teller']})" if d.get("teller") else ""
    return f"🔮 {when}, **{char_name(cid, state)}**{by}: {told}"


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


HIDDEN = ("consistent",)  # shown on the buttons, not in the details


def ruling_message(ruling: Ruling, session: Session[State], name: Namer) -> Outgoing:
    """A storyteller decision by DM: the true answer marked, one button per legal answer."""
    state = session.state
    players = state.players
    details = ruling.details
    truth, consistent = ruling.truth, details.get("consistent")
    shown = [
        f"{key}: {label(value, players, name, state)}"
        for key, value in details.items()
        if key not in HIDDEN
    ]
    lines = [
        f"📜 **Storyteller decision #{ruling.decision}** in <#{session.game.channel_id}>: "
        f"{topic_text(ruling.topic)}.",
        "; ".join(shown),
    ]
    choices = []
    for index, option in enumerate(ruling.options):
        text = label(option, players, name, state)
        if ruling.topic == "info" and details.get("character"):
            text = info_text(
                {
                    "character": details["character"],
                    "night": session.state.night,
                    "answer": option,
                    "players": details.get("players", ()),
                    **{k: details[k] for k in ("question",) if k in details},
                },
                players,
                name,
                state,
            ).split(": ", 1)[-1]
        mark = (
            " ✓ (true)" if index == truth else " ≈ (consistent lie)" if index == consistent else ""
        )
        choices.append((f"{index + 1}. {text}"[: MAX_LABEL - len(mark)] + mark, option, index))
    lines.append("The true answer is marked ✓." if truth is not None else "No answer is true.")
    if consistent is not None:
        lines.append("≈ marks the lie that agrees with what this player was shown before.")
    form = ruling.form
    if form is not None:
        lines.append(
            "Suggested answers below; **Your own answer…** (or `/clocktower rule`) gives any "
            + ("answer the rules allow." if form.allowed is not None else "answer at all.")
        )
    game = session.game.id
    own = [GameButton(game, "custom", str(ruling.decision), label="Your own answer…", style=GREY)]
    items: list[discord.ui.Item[Any]]
    if len(choices) + len(own) <= MAX_BUTTONS:
        buttons = [(o, text, GREEN if i == truth else BLUE) for text, o, i in choices]
        items = [*question_buttons(game, ruling, buttons)]
    else:
        items = [*question_menus(game, ruling, [(t, o) for t, o, _ in choices], "Rule")]
    view = view_of(*items, *(own if form else ()))
    return Outgoing("\n".join(line for line in lines if line), view=view, public=False)


def reveal_text(outcome: Outcome, state: State | None = None) -> str:
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
