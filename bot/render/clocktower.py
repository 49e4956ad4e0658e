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

from bot.delivery import Namer, Outgoing, Rendered, secret_view
from bot.sessions import Session
from bot.views import button_view, choice_view, dispatch
from bot.words import plural, team_count
from engine.clocktower.catalogue import find
from engine.clocktower.game import Phase, open_prompts
from engine.clocktower.game.model import Nomination, threshold
from engine.core import Announce, Effect, GameOver, Prompt, Tell

GREEN, BLUE, RED, GREY = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
    discord.ButtonStyle.secondary,
)
MAX_BUTTONS = 25  # five rows of five
MAX_LABEL = 80
ENDINGS = {
    "demon_dead": "the Demon is dead",
    "two_left": "only two players are left alive",
    "saint_executed": "the Saint was executed",
    "mayor": "the Mayor survived a day without an execution",
}
CAUSES = {"shot": "is shot", "storyteller": "dies", "exile": "is exiled"}


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


def char_name(cid: str | None) -> str:
    found = find(cid) if cid else None
    return found.name if found else str(cid)


def label(value: Any, players: Sequence[int], name: Namer) -> str:
    """Any option or answer as words: players by name, characters by name."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return name(value) if value in players else str(value)
    if isinstance(value, (tuple, list)):
        return ", ".join(label(v, players, name) for v in value)
    return char_name(value) if find(str(value)) else str(value)


def opener(state: Any, host: int, present: Callable[[int], bool] = lambda _: True) -> int | None:
    """Who leads a bot-storyteller game (starts it, may end it): the player who opened it while
    they are seated and still here, otherwise the first seated player who is."""
    seated = ((host,) if host in state.players else ()) + tuple(state.players)
    return next((p for p in seated if present(p)), None)


def lobby(session: Session) -> Outgoing:
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
        f"Press **Join** to take a seat, or **Join as Traveller**; {begins} with "
        "`/clocktower start`."
    )
    buttons = [
        ("join", "", "Join", GREEN),
        ("join", "traveller", "Join as Traveller", BLUE),
        ("leave", "", "Leave", GREY),
    ]
    return Outgoing(text, view=button_view(session.game.id, buttons), slot="lobby")


def vote_slot(day: int, nominee: int, exile: bool) -> str:
    return f"vote:{day}:{nominee}:{int(exile)}"


def vote_value(state: Any, yes: bool) -> str:
    """A vote button's value: the answer and which vote of the game it belongs to (the index the
    nomination will have in the history), so a button of a finished vote is refused."""
    return f"{'yes' if yes else 'no'}-{len(state.history)}"


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
    text = (
        f"🗳️ **Day {state.day}:** <@{vote.nominator}> {what} <@{vote.nominee}>.\n"
        f"Hands raised: {len(vote.yes)} ({mentions(vote.yes)}); {threshold(state)} needed."
        f"{block}\nNow voting: <@{voter}>{ghost}. The hand goes round the circle."
    )
    buttons = [
        ("vote", vote_value(state, True), "Yes", GREEN),
        ("vote", vote_value(state, False), "No", RED),
    ]
    slot = vote_slot(state.day, vote.nominee, vote.exile)
    return Outgoing(text, view=button_view(session.game.id, buttons), slot=slot)


def closed_vote(record: Nomination) -> Outgoing:
    """A finished vote's board, edited to its final tally with the buttons taken away."""
    what = "called for the exile of" if record.exile else "nominated"
    text = (
        f"🗳️ **Day {record.day}:** <@{record.nominator}> {what} <@{record.nominee}>.\n"
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
    if isinstance(effect, Tell):
        return effect.event != "character"
    if isinstance(effect, Prompt):
        first = effect.kind == "ruling" and effect.data.get("decision") == 1
        return not (first and session.state.phase is Phase.SETUP)
    return False


class ClocktowerRenderer:
    def render(self, effect: Effect, session: Session, name: Namer) -> Rendered:
        if isinstance(effect, GameOver):
            return self.game_over(effect, session)
        event = getattr(effect, "event", None) or getattr(effect, "kind", "")
        handler = getattr(self, f"on_{event}", None)
        message = handler(effect, session, name) if handler else None
        if isinstance(message, Outgoing) and not message.public and discreet(effect, session):
            message.discreet = True
        return message

    # Lobby -----------------------------------------------------------------------------------
    def on_joined(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        return lobby(session)

    on_left = on_joined

    def on_seated(self, effect: Announce, session: Session, name: Namer) -> list[Outgoing]:
        d = effect.data
        moved = Outgoing(f"💺 <@{d['player']}> moves to seat {d['position'] + 1}.")
        return [lobby(session), moved]

    def on_traveller_arrived(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        return Outgoing(
            f"🧳 <@{d['player']}> arrives as a Traveller, the **{char_name(d['traveller'])}**, "
            "and sits at the end of the circle."
        )

    def on_started(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        counts = ", ".join(team_count(team, n) for team, n in d["counts"].items())
        travellers = "".join(
            f"\n<@{p}> travels as the **{char_name(c)}**." for p, c in d["travellers"]
        )
        return Outgoing(
            f"🎭 The game begins with {len(d['players'])} players ({counts}). "
            f"Everyone is told their character privately.{travellers}"
        )

    # Secrets ---------------------------------------------------------------------------------
    def on_character(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        cid = effect.data["character"]
        found = find(cid)
        summary = f"\n*{found.summary}*" if found else ""
        return Outgoing(
            f"🎭 **Clocktower** in <#{session.game.channel_id}>: you are the "
            f"**{char_name(cid)}** ({effect.data['alignment']}).{summary}",
            public=False,
        )

    def on_minion_info(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        others = ", ".join(name(p) for p in d["minions"]) or "none"
        return Outgoing(
            f"😈 The Demon is **{', '.join(name(p) for p in d['demon'])}**. "
            f"Your fellow Minions: {others}.",
            public=False,
        )

    def on_demon_info(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        bluffs = ", ".join(char_name(c) for c in d["bluffs"]) or "none"
        return Outgoing(
            f"😈 Your Minions: **{', '.join(name(p) for p in d['minions']) or 'none'}**. "
            f"Three good characters not in play, for bluffing: {bluffs}.",
            public=False,
        )

    def on_info(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        return Outgoing(info_text(effect.data, session.state.players, name), public=False)

    def on_grimoire(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        lines = [f"📖 Night {effect.data['night']}: you see the grimoire."]
        for player, cid, alignment, alive in effect.data["seats"]:
            state = "" if alive else " (dead)"
            lines.append(f"{name(player)}: {char_name(cid)}, {alignment}{state}")
        for kind, source, target in effect.data["marks"]:
            lines.append(f"Reminder: {kind} on {name(target)} (from {label(source, (), name)})")
        return Outgoing("\n".join(lines), public=False)

    def on_became_demon(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"😈 You are now the **{char_name(effect.data['character'])}**.", public=False
        )

    def on_wake_skipped(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        return Outgoing(
            f"💤 Night {d['night']}: the storyteller passed over your waking as the "
            f"**{char_name(d['character'])}**; you learn nothing tonight.",
            public=False,
        )

    def on_vote_token(self, effect: Tell, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        return Outgoing(
            f"🪙 {name(d['player'])} gave you their vote token; they are {d['alignment']}.",
            public=False,
        )

    # Prompts ---------------------------------------------------------------------------------
    def on_night_choice(self, effect: Prompt, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        pick = d["pick"]
        choices = [(name(p), str(p)) for p in effect.options]
        text = (
            f"🌙 Night {d['night']}, as the **{char_name(d['character'])}**: choose "
            f"{'a player' if pick == 1 else f'{pick} players'}."
        )
        if pick == 1:
            view = choice_view(session.game.id, "night", choices, "Choose a player")
        else:
            view = discord.ui.View(timeout=None)
            options = [discord.SelectOption(label=lab[:100], value=v) for lab, v in choices]
            view.add_item(MultiSelect(session.game.id, "night", pick, options, f"Choose {pick}"))
        return Outgoing(text, view=view, public=False)

    def on_ruling(self, effect: Prompt, session: Session, name: Namer) -> Outgoing:
        return ruling_message(effect.data, effect.options, session, name)

    # Public events ---------------------------------------------------------------------------
    def on_night(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        return Outgoing(
            f"🌙 **Night {effect.data['night']} falls.** Everyone closes their eyes…\n"
            "-# If my messages can't reach you, **Show my secret** tells you whether you wake.",
            view=secret_view(session.game.id),
        )

    def on_dawn(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        day, deaths = effect.data["day"], effect.data["deaths"]
        news = f"{mentions(deaths)} died in the night." if deaths else "Nobody died in the night."
        return Outgoing(
            f"🌅 **Day {day}.** {news}\n"
            "Talk, then nominate with the menu below or `/clocktower nominate`.",
            view=nominate_view(session, name),
            remember=f"dawn:{day}",  # its id tells when the day began, even after a restart
        )

    def on_nomination(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        state = session.state
        if state.vote is not None and state.vote.nominee == effect.data["nominee"]:
            return vote_message(session, name)
        d = effect.data
        return Outgoing(f"🗳️ <@{d['nominator']}> nominates <@{d['nominee']}>.")

    def on_voted(self, effect: Announce, session: Session, name: Namer) -> Outgoing | None:
        return vote_message(session, name)

    on_exile_called = on_voted

    def on_vote_result(self, effect: Announce, session: Session, name: Namer) -> list[Outgoing]:
        d = effect.data
        head = f"🧮 <@{d['nominee']}> received **{d['votes']}** vote(s); {d['threshold']} needed."
        if d["block"] == d["nominee"]:
            tail = f" <@{d['nominee']}> is now on the block."
        elif d["block"] is None and d["votes"] >= d["threshold"]:
            tail = " A tie: nobody is on the block."
        elif d["block"] is not None:
            tail = f" <@{d['block']}> stays on the block with {d['block_votes']}."
        else:
            tail = " Nobody is on the block."
        result = Outgoing(head + tail, view=nominate_view(session, name))
        return [*self._closed_board(session), result]

    def on_exile_result(self, effect: Announce, session: Session, name: Namer) -> list[Outgoing]:
        d = effect.data
        verdict = "is exiled" if d["exiled"] else "stays"
        result = Outgoing(
            f"🧮 <@{d['nominee']}> received **{d['votes']}** of {d['threshold']} needed: "
            f"the Traveller {verdict}.",
            view=nominate_view(session, name),
        )
        return [*self._closed_board(session), result]

    @staticmethod
    def _closed_board(session: Session) -> list[Outgoing]:
        history = session.state.history
        return [closed_vote(history[-1])] if history else []

    def on_execution(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"⚖️ <@{effect.data['player']}> is executed.")

    def on_death(self, effect: Announce, session: Session, name: Namer) -> Outgoing | None:
        cause = effect.data["cause"]
        if cause == "execution":
            return None  # the execution said it
        return Outgoing(f"💀 <@{effect.data['player']}> {CAUSES.get(cause, 'dies')}.")

    def on_slay(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        outcome = "and they fall dead" if d["died"] else "but nothing happens"
        return Outgoing(f"🏹 <@{d['by']}> uses a Slayer's shot on <@{d['target']}>… {outcome}.")

    def on_shoot(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        return Outgoing(f"🔫 <@{d['by']}> the Gunslinger shoots at <@{d['target']}>.")

    def on_vote_given(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        d = effect.data
        return Outgoing(f"🪙 <@{d['by']}> gives their ghost vote to <@{d['to']}>.")

    def on_revived(self, effect: Announce, session: Session, name: Namer) -> Outgoing:
        return Outgoing(f"✨ <@{effect.data['player']}> is alive again.")

    def game_over(self, effect: GameOver, session: Session) -> Outgoing:
        if effect.winner == "abandoned":
            return Outgoing("🛑 The game was ended; no result is recorded.")
        return Outgoing(reveal_text(effect.data))


def info_text(d: Mapping[str, Any], players: Sequence[int], name: Namer) -> str:
    """What a character learned at night, in words."""
    cid, answer, about = d["character"], d["answer"], d.get("players", ())
    who = f"🔮 Night {d['night']}, **{char_name(cid)}**: "
    if cid in ("washerwoman", "librarian", "investigator"):
        if answer is None:
            return who + "there are no Outsiders in play."
        a, b, role = answer
        return who + f"one of {name(a)} and {name(b)} is the **{char_name(role)}**."
    if cid == "chef":
        sit = "sits" if answer == 1 else "sit"
        return who + f"**{plural(answer, 'pair')}** of evil players {sit} next to each other."
    if cid == "empath":
        return (
            who
            + f"**{answer}** of your living neighbours ({label(about, players, name)}) "
            + ("is evil." if answer == 1 else "are evil.")
        )
    if cid == "fortuneteller":
        verdict = "**Yes**, one of them is" if answer else "**No**, neither is"
        return who + f"{verdict} the Demon ({label(about, players, name)})."
    if cid in ("undertaker", "ravenkeeper"):
        return who + f"{label(about, players, name)} is the **{char_name(answer)}**."
    return who + label(answer, players, name)


TOPICS = {
    "info": "what a player learns",
    "drunk_token": "the Townsfolk the Drunk believes they are",
    "red_herring": "the Fortune Teller's red herring",
    "bluffs": "the Demon's three bluffs",
    "traveller_alignment": "a Traveller's alignment",
    "registration": "how a player registers",
    "mayor_bounce": "whether the Demon's kill bounces off the Mayor",
    "star_pass": "which Minion becomes the Imp",
    "scapegoat": "whether the Scapegoat is executed instead",
    "spy_grimoire": "whether the drunk or poisoned Spy sees the true grimoire",
    "traveller_character": "which Traveller a newcomer plays",
}
HIDDEN = ("decision", "topic", "truth", "consistent")  # shown on the buttons, not in the details


def ruling_message(
    data: Mapping[str, Any], options: Sequence[Any], session: Session, name: Namer
) -> Outgoing:
    """A storyteller decision by DM: the true answer marked, one button per legal answer."""
    players = session.state.players
    truth, consistent = data.get("truth"), data.get("consistent")
    details = [
        f"{key}: {label(value, players, name)}" for key, value in data.items() if key not in HIDDEN
    ]
    lines = [
        f"📜 **Storyteller decision #{data['decision']}** in <#{session.game.channel_id}>: "
        f"{TOPICS.get(data['topic'], data['topic'])}.",
        "; ".join(details),
    ]
    choices = []
    for index, option in enumerate(options):
        text = label(option, players, name)
        if data["topic"] == "info" and data.get("character"):
            text = info_text(
                {"character": data["character"], "night": session.state.night, "answer": option},
                players,
                name,
            ).split(": ", 1)[-1]
        mark = (
            " ✓ (true)" if index == truth else " ≈ (consistent lie)" if index == consistent else ""
        )
        choices.append((f"{index + 1}. {text}"[: MAX_LABEL - len(mark)] + mark, index))
    lines.append("The true answer is marked ✓." if truth is not None else "No answer is true.")
    if consistent is not None:
        lines.append("≈ marks the lie that agrees with what this player was shown before.")
    value = lambda i: f"{data['decision']}-{i}"  # noqa: E731
    if len(choices) <= MAX_BUTTONS:
        buttons = [("ruling", value(i), text, GREEN if i == truth else BLUE) for text, i in choices]
        view = button_view(session.game.id, buttons)
    else:
        view = choice_view(session.game.id, "ruling", [(t, value(i)) for t, i in choices], "Rule")
    return Outgoing("\n".join(line for line in lines if line), view=view, public=False)


def reveal_text(d: Mapping[str, Any]) -> str:
    """The end: who won and why, and the whole grimoire revealed."""
    side = "🌞 **Good wins!**" if d["winner"] == "good" else "🌑 **Evil wins!**"
    lines = [f"{side} The game ends because {ENDINGS.get(d['ending'], d['ending'])}.", ""]
    lines.append("📖 **The grimoire:**")
    for s in d["seats"]:
        drunk = f" (believed the {char_name(s['shown'])})" if s["shown"] != s["character"] else ""
        state = "alive" if s["alive"] else "dead"
        lines.append(
            f"<@{s['player']}>: **{char_name(s['character'])}**{drunk}, {s['alignment']}, {state}"
        )
    if d.get("bluffs"):
        lines.append("Demon bluffs: " + ", ".join(char_name(c) for c in d["bluffs"]))
    lines.append("The result is recorded for `/ratings`.")
    return "\n".join(lines)
