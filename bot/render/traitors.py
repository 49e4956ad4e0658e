"""Traitors effects as Discord messages. Public text never names a living player's role."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

import engine.traitors as tg
import engine.traitors.events as ev
import engine.traitors.questions as q
from bot.delivery import Answered, Handler, Namer, Outgoing, Rendered, secret_view
from bot.sessions import Reply, Session
from bot.views import button_view, question_buttons, question_menus, view_of
from engine.core import Effect, GameOver, Prompt, Step
from stats.odds import exact_traitor_win, suggest_traitor_count

TRAITOR = "traitor"
# Night messages are discreet: a refused DM is not announced, since it would name a Traitor.
# Instead every night announcement carries the button that shows anyone their own messages.
NO_DM = (
    "\nA Traitor whose DMs are closed can press **Show my secret**: anyone may, and only "
    "they see the answer."
)
GREEN, BLUE, RED = (
    discord.ButtonStyle.success,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.danger,
)


def until(event: type, open_: str, closed: str) -> Reply:
    """An acknowledgement that depends on whether this answer was the one that closed the
    round (an ``event`` among its effects): then there is nothing left to change."""

    def word(step: Step[tg.State]) -> str:
        done = any(isinstance(e, (GameOver, event)) for e in step.effects)
        return closed if done else open_

    return word


def mentions(players: Iterable[int]) -> str:
    return ", ".join(f"<@{p}>" for p in players) or "nobody"


def role_name(role: object) -> str:
    return "a **Traitor**" if str(role) == TRAITOR else "**Faithful**"


def lobby(
    session: Session[tg.State], players: Sequence[int], host: int, closed: str = ""
) -> Outgoing:
    """The lobby: who is in and how to join; ``closed``: why it no longer takes players."""
    recruit = " Recruitment is on." if session.game.options.get("recruit") else ""
    join = f"Press **Join** to play; the host starts with `/traitors start`.{fair_count(players)}"
    text = (
        f"🏰 **The Traitors** — lobby hosted by <@{host}>.{recruit}\n"
        f"Players ({len(players)}): {mentions(players)}\n" + (f"🔒 {closed}" if closed else join)
    )
    buttons = [("join", "", "Join", GREEN), ("leave", "", "Leave", discord.ButtonStyle.secondary)]
    view = button_view(session.game.id, buttons, disabled=bool(closed))
    return Outgoing(text, view=view, slot="lobby", final=bool(closed))


def fair_count(players: Sequence[int]) -> str:
    """The Traitor count `/traitors start` deals by default, and why, once a game could start."""
    if len(players) < tg.MIN_PLAYERS:
        return f"\nAt least {tg.MIN_PLAYERS} players are needed."
    count = suggest_traitor_count(len(players))
    chance = float(exact_traitor_win(len(players), count))
    return (
        f"\nBy default {count} Traitor{'s' if count > 1 else ''}: the fairest count, "
        f"winning {chance:.0%} of games if the votes were random (`/traitors odds`)."
    )


def waiting_message(session: Session[tg.State]) -> Outgoing:
    """A private message waits for someone whose DMs are closed, and naming them would say too
    much (a recruit offer): everyone still in is asked alike."""
    return Outgoing(
        f"📬 {mentions(tg.living(session.state))}: a private message is waiting for one of you. "
        "If your direct messages from this server are closed, press **Show my secret** (only "
        "you will see it) or use `/traitors me`.",
        view=secret_view(session.game.id),
    )


def vote_header(round_: int, revote: bool) -> str:
    kind = "Re-vote between the tied players" if revote else "Round table"
    return (
        f"🗳️ **{kind}, day {round_}.** Choose who to banish. Ballots stay secret until "
        "everyone has voted (or the host closes the vote)."
    )


class TraitorsRenderer:
    @staticmethod
    def lobby(session: Session[tg.State], closed: str = "") -> Outgoing:
        return lobby(session, session.state.players, session.state.host, closed)

    def __init__(self) -> None:
        # Each typed event by its class, so a renamed event fails the type check, not a game.
        self.events: dict[type, Handler] = {
            ev.Joined: self.on_joined,
            ev.Left: self.on_joined,
            ev.HostChanged: self.on_host_changed,
            ev.Started: self.on_started,
            ev.RoleTold: self.on_role,
            ev.Recruited: self.on_recruited,
            ev.RecruitAccepted: self.on_recruit_accepted,
            ev.MurderChoice: self.on_murder_choice,
            ev.RecruitChoice: self.on_recruit_choice,
            ev.RecruitOffered: self.on_recruit_offered,
            ev.RecruitRefused: self.on_recruit_refused,
            ev.RecruitLapsed: self.on_recruit_lapsed,
            ev.RecruitSkipped: self.on_recruit_skipped,
            ev.BallotCast: self.on_ballot_cast,
            ev.VotesRevealed: self.on_votes_revealed,
            ev.NightFalls: self.on_night_falls,
            ev.Recruiting: self.on_recruiting,
            ev.Dawn: self.on_dawn,
            ev.Departed: self.on_departed,
            q.MurderMenu: self.on_murder,
            q.RecruitMenu: self.on_recruit_pick,
            q.RecruitOffer: self.on_recruit_answer,
            q.Ballot: self.on_vote,
        }
        self.answers: dict[type, Answered] = {
            q.Ballot: Answered(
                until(
                    ev.VotesRevealed,
                    "Your ballot is in. It stays secret until the ballots are revealed; you may "
                    "change it until then.",
                    "Your ballot is in. It was the last one, so the ballots are now revealed.",
                )
            ),
            q.MurderMenu: Answered(
                until(
                    ev.Dawn,
                    "Your choice is noted. You may change it until the night ends.",
                    "Your choice is noted, and it settled the night.",
                )
            ),
            q.RecruitMenu: Answered("Your choice is noted."),
            q.RecruitOffer: Answered("Your answer is given."),
        }

    def render(self, effect: Effect, session: Session[tg.State], name: Namer) -> Rendered:
        """An event's message(s); the vote's opening and a re-vote say nothing of their own
        (the ballot menu that follows is their announcement)."""
        if isinstance(effect, GameOver):
            return self.game_over(effect)
        handler = self.events.get(type(effect))
        return handler(effect, session, name) if handler else None

    def acknowledge(
        self, question: type[Prompt], action: Any, session: Session[tg.State], name: Namer
    ) -> Answered:
        return self.answers[question]

    # Lobby -----------------------------------------------------------------------------------
    def on_joined(
        self, effect: ev.Joined | ev.Left, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return lobby(session, effect.players, session.state.host)

    def on_host_changed(
        self, effect: ev.HostChanged, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(f"👑 <@{effect.host}> is now the host.")

    def on_started(
        self, effect: ev.Started, session: Session[tg.State], name: Namer
    ) -> list[Outgoing]:
        count = effect.traitor_count
        begins = Outgoing(
            f"🎭 The game begins with {len(effect.players)} players, {count} of them "
            f"{'a Traitor' if count == 1 else 'Traitors'}. Everyone has been told "
            "their role privately. Day 1: talk, then the host opens the vote with `/traitors vote`."
        )
        return [begins, self.lobby(session, closed="The game has started.")]

    # Secrets ---------------------------------------------------------------------------------
    def on_role(self, effect: ev.RoleTold, session: Session[tg.State], name: Namer) -> Outgoing:
        text = f"🤫 **The Traitors** in <#{session.game.channel_id}>: you are {role_name(effect.role)}."
        if str(effect.role) == TRAITOR:
            others = ", ".join(name(p) for p in effect.traitors) or "none — you are alone"
            text += f" Your fellow Traitors: {others}. Each night you choose a Faithful to murder."
        else:
            text += " Find the Traitors and banish them at the round table."
        return Outgoing(text, public=False)

    def on_recruited(
        self, effect: ev.Recruited, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        others = ", ".join(name(p) for p in effect.traitors)
        return Outgoing(
            f"🗡️ You are now a **Traitor**. Your fellow Traitors: {others}.",
            public=False,
            discreet=True,
        )

    def on_recruit_accepted(
        self, effect: ev.RecruitAccepted, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🗡️ {name(effect.player)} accepted and is now a Traitor.",
            public=False,
            discreet=True,
        )

    def on_murder_choice(
        self, effect: ev.MurderChoice, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        waiting = ", ".join(name(p) for p in effect.awaiting)
        tail = f" Still to choose: {waiting}." if waiting else ""
        return Outgoing(
            f"🔪 {name(effect.by)} chose {name(effect.target)}.{tail}", public=False, discreet=True
        )

    def on_recruit_choice(
        self, effect: ev.RecruitChoice, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🗡️ {name(effect.by)} would recruit {name(effect.target)}.",
            public=False,
            discreet=True,
        )

    def on_recruit_offered(
        self, effect: ev.RecruitOffered, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(f"🗡️ The offer goes to {name(effect.target)}.", public=False, discreet=True)

    def on_recruit_refused(
        self, effect: ev.RecruitRefused, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(f"🗡️ {name(effect.player)} refused the offer.", public=False, discreet=True)

    def on_recruit_lapsed(
        self, effect: ev.RecruitLapsed, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🗡️ {name(effect.player)} did not answer in time.", public=False, discreet=True
        )

    def on_recruit_skipped(
        self, effect: ev.RecruitSkipped, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing("🗡️ No recruit this time.", public=False, discreet=True)

    # Questions -------------------------------------------------------------------------------
    @staticmethod
    def _players_menu(
        question: Prompt, session: Session[tg.State], name: Namer, placeholder: str
    ) -> discord.ui.View:
        choices = [(name(p), p) for p in question.options]
        return view_of(*question_menus(session.game.id, question, choices, placeholder))

    def on_murder(self, effect: q.MurderMenu, session: Session[tg.State], name: Namer) -> Outgoing:
        view = self._players_menu(effect, session, name, "Choose tonight's victim")
        return Outgoing(
            f"🌙 Night {effect.round}: choose a Faithful to murder. If the Traitors "
            "disagree, the majority decides; a tie is drawn at random.",
            view=view,
            public=False,
            discreet=True,
        )

    def on_recruit_pick(
        self, effect: q.RecruitMenu, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        view = self._players_menu(effect, session, name, "Choose a Faithful to recruit")
        return Outgoing(
            "🗡️ A Traitor was banished. Choose a Faithful to offer a place among you.",
            view=view,
            public=False,
            discreet=True,
        )

    def on_recruit_answer(
        self, effect: q.RecruitOffer, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        buttons = [(True, "Accept", RED), (False, "Refuse", GREEN)]
        return Outgoing(
            "🗡️ The Traitors invite you to join them. Will you become a Traitor?",
            view=view_of(*question_buttons(session.game.id, effect, buttons)),
            public=False,
            discreet=True,
        )

    def on_vote(self, effect: q.Ballot, session: Session[tg.State], name: Namer) -> Outgoing:
        view = self._players_menu(effect, session, name, "Your ballot")
        return Outgoing(
            vote_header(effect.round, effect.revote),
            view=view,
            slot=f"vote:{effect.round}:{int(effect.revote)}",
        )

    # Public events ---------------------------------------------------------------------------
    def on_ballot_cast(
        self, effect: ev.BallotCast, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        # the round and the re-vote from the effect: the state may already be past the reveal
        return Outgoing(
            f"{vote_header(effect.round, effect.revote)}\nVoted: {mentions(effect.voted)}.\n"
            f"Waiting for: {mentions(effect.awaiting)}.",
            slot=f"vote:{effect.round}:{int(effect.revote)}",
        )

    def on_votes_revealed(
        self, effect: ev.VotesRevealed, session: Session[tg.State], name: Namer
    ) -> list[Outgoing]:
        board = Outgoing(
            f"{vote_header(effect.round, effect.revote)}\nThe ballots are in; this vote is closed.",
            slot=f"vote:{effect.round}:{int(effect.revote)}",
            final=True,
        )
        lines = [f"📜 **The ballots, day {effect.round}:**"]
        lines += [f"<@{voter}> → <@{target}>" for voter, target in effect.ballots]
        lines.append("Count: " + ", ".join(f"<@{p}> {n}" for p, n in effect.counts))
        if effect.banished is not None:
            drawn = " (the tie was drawn at random)" if effect.tie_broken else ""
            lines.append(
                f"⚖️ <@{effect.banished}> is banished{drawn}. They were {role_name(effect.role)}."
            )
        else:
            lines.append(f"Tie between {mentions(effect.tied)}: a re-vote between them follows.")
        return [board, Outgoing("\n".join(lines))]

    def on_night_falls(
        self, effect: ev.NightFalls, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🌙 Night {effect.round} falls. The Traitors choose their victim…{NO_DM}",
            view=secret_view(session.game.id),
        )

    def on_recruiting(
        self, effect: ev.Recruiting, session: Session[tg.State], name: Namer
    ) -> Outgoing:
        return Outgoing(
            f"🗡️ The remaining Traitors may now try to recruit a Faithful…{NO_DM}",
            view=secret_view(session.game.id),
        )

    def on_dawn(self, effect: ev.Dawn, session: Session[tg.State], name: Namer) -> Outgoing:
        return Outgoing(
            f"🌅 Dawn. <@{effect.victim}> was murdered in the night; they were Faithful.\n"
            "Talk it over; the host opens the round table with `/traitors vote`."
        )

    def on_departed(self, effect: ev.Departed, session: Session[tg.State], name: Namer) -> Outgoing:
        return Outgoing(
            f"🚪 <@{effect.player}> has left the game. They were {role_name(effect.role)}."
        )

    def game_over(self, effect: GameOver) -> Outgoing:
        d = effect.outcome
        if effect.winner == "abandoned" or not isinstance(d, tg.Outcome):
            return Outgoing("🛑 The game was ended by the host; no result is recorded.")
        headline = (
            "🗡️ **The Traitors win!**"
            if effect.winner == "traitors"
            else "🛡️ **The Faithful win!** Every Traitor has been found."
        )
        recruits = f"\nRecruited: {mentions(d.recruits)}" if d.recruits else ""
        return Outgoing(
            f"{headline}\nTraitors: {mentions(d.traitors)}{recruits}\n"
            f"Faithful: {mentions(d.faithful)}\nThe result is recorded for `/ratings`."
        )
