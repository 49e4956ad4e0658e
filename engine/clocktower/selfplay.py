"""Headless self-play: the bot storyteller and simple heuristic players, for whole games.

Players keep a suspicion score for everyone, built only from what they were told (their own
``briefing``), read through each character's unit (``Role.suspect``: an Empath's count, a Fortune
Teller's yes/no, an Investigator's pair, a learned character) and, for evil players, who their
teammates are. Good players nominate and vote for the players they suspect most (from day
``LATE`` on, whoever they suspect most at all, so that a town whose protections hold every night
still ends its game); evil players protect their team and push good players out. Night choices follow the same scores where a unit
says how (``Role.choose``), else they are random; day abilities are the units' (``Role.day_move``:
the Slayer shoots a suspect, the Gunslinger a suspect who voted, the dead give the Beggar their
votes). A suspected Traveller is called for exile, and newcomers may arrive mid-game
(``arrivals``). With a stand-in human storyteller (``storyteller``), the table also
answers rulings at random and now and then chooses for, or skips, a waking player. It is
deliberately simple: the point is exercising the rules and seeing how a script plays, not strong
play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.clocktower.bag import MAX_TRAVELLERS
from engine.clocktower.game import (
    SYSTEM,
    Ask,
    Claim,
    CountHand,
    DeclareWinner,
    EndDay,
    ExecuteMad,
    Exile,
    FinishWake,
    Join,
    NightChoice,
    Nominate,
    Phase,
    SetPace,
    Show,
    SkipWake,
    Start,
    State,
    StorytellerRuling,
    UseAbility,
    Vote,
    apply,
    briefing,
    new_game,
    open_prompts,
)
from engine.clocktower.game.cast import char
from engine.clocktower.game.day import may_vote
from engine.clocktower.game.idle import owed
from engine.clocktower.game.madness import madness_of
from engine.clocktower.game.model import alive, living, seat
from engine.clocktower.game.roles import REGISTRY, role
from engine.clocktower.game.setup import fitting_travellers
from engine.core import Prompt, seeded_rng

MAX_DAYS = 30
LATE = 8  # from this day the town nominates and votes more freely, so no stalemate lasts
MAX_NOMINATIONS = 3
SHARE = 0.6
EVIL_PUSH = 0.5
EVIL_BUS = 0.2
STORYTELLER_STEPS_IN = 0.05
EARLY_HANDS = 0.2  # how often, at each step of a count, a later voter sets their hand early
OWN_ANSWER = 0.2  # how often a stand-in storyteller gives an answer of their own
CLAIMS = 0.3  # how often a storyteller-run character's holder claims their day ability, daily
DECLARES = 0.05  # how often a stand-in storyteller ends a game with such a character, daily  # a stand-in human storyteller chooses for a waking player, or skips
NEWCOMER = 1000  # player ids of mid-game arrivals start here
CLAIMS_A_DAY = 0.4  # how often, each day, a player claims a character in public
MAD_KEEPS = 0.85  # how often a player mad about a character claims it
MAD_EXECUTIONS = 0.2  # how often a stand-in storyteller executes a mad player, daily


@dataclass(frozen=True)
class Outcome:
    winner: str | None  # None: stopped at MAX_DAYS
    ending: str
    days: int
    actions: int


def suspicion(
    state: State, player: int, rng: random.Random, public: dict[int, float] | None = None
) -> dict[int, float]:
    """How much ``player`` suspects each other player: their own briefing, plus what the table
    has said in public (``public``), plus a little noise so players differ."""
    score = {s.player: rng.random() - 0.5 + (public or {}).get(s.player, 0.0) for s in state.seats}
    score[player] = -100.0
    evil_me = False
    for t in briefing(state, player):
        d = t.data
        if t.event == "character":
            evil_me = d["alignment"] == "evil"
        elif t.event in ("minion_info", "demon_info"):
            for p in (*d.get("demon", ()), *d.get("minions", ())):
                score[p] = -100.0
        elif t.event == "info":
            _read_info(score, d, 1.0)
    if evil_me:
        score = {p: (v if v <= -100 else 10.0 - abs(v)) for p, v in score.items()}
    return score


def public_talk(state: State, seed: int) -> dict[int, float]:
    """What the table says by day: good players share their information honestly (weighted by
    ``SHARE``: others cannot tell it from a lie); each living evil player makes up one
    accusation of a good player a day."""
    score = {s.player: 0.0 for s in state.seats}
    for s in state.seats:
        if s.alignment == "good":
            for t in briefing(state, s.player):
                if t.event == "info":
                    _read_info(score, t.data, SHARE)
        elif s.alive:
            rng = seeded_rng(seed, "lie", s.player, state.day)
            good = [x.player for x in state.seats if x.alignment == "good" and x.alive]
            if good:
                score[rng.choice(good)] += SHARE
    return score


def _read_info(score: dict[int, float], d: Any, w: float) -> None:
    role(d["character"]).suspect(score, d, w)
    for p in score:
        score[p] = max(score[p], -100.0)


def late(state: State) -> bool:
    """A long game (protections may hold every night: two Tea Ladies guarding each other): the
    town stops waiting for firm suspicions."""
    return state.day >= LATE


def _parts(answer: Any) -> tuple[Any, ...]:
    """A ruling's answer as the parts of its form (a lone value is one part)."""
    return answer if isinstance(answer, tuple) else (answer,)


class Player:
    """One game's heuristic table: decides the next action from the open prompts."""

    def __init__(self, seed: int, arrivals: int = 0) -> None:
        self.seed = seed
        self.rng = seeded_rng(seed, "selfplay")
        self.arrivals = arrivals
        self.decided: set[tuple[Any, ...]] = set()  # one-off choices already weighed
        self._talk: tuple[tuple[int, int, int], dict[int, float]] | None = None

    def scores(self, state: State, player: int) -> dict[int, float]:
        when = (state.day, state.night, len(state.told))
        if self._talk is None or self._talk[0] != when:
            self._talk = (when, public_talk(state, self.seed))
        return suspicion(state, player, self.rng, self._talk[1])

    def ranked(self, state: State, player: int, pool: list[int]) -> list[int]:
        score = self.scores(state, player)
        return sorted(pool, key=lambda p: -score.get(p, 0.0))

    def act(self, state: State) -> Any:
        prompts = open_prompts(state)
        prompt = prompts[0] if prompts else None
        if prompt is not None and prompt.kind == "night_choice":
            if state.storyteller is not None and self.rng.random() < STORYTELLER_STEPS_IN:
                choice = self._night_choice(state, prompt)
                if self.rng.random() < 0.5:
                    return SkipWake(state.storyteller)
                return NightChoice(state.storyteller, choice.targets, player=choice.by)
            return self._night_choice(state, prompt)
        if prompt is not None and prompt.kind == "ruling":
            return self._ruling(prompt)
        if prompt is not None and prompt.kind == "panel":
            return self._panel(state, prompt)
        if prompt is not None and prompt.kind == "vote":
            return self._vote(state, prompt)
        if state.phase is Phase.DAY:
            return self._day(state, prompt)
        raise RuntimeError(f"self-play has nothing to do in {state.phase}")

    def _ruling(self, prompt: Prompt) -> StorytellerRuling:
        """A stand-in human storyteller: any legal option or, now and then, an answer of their
        own from the ruling's full range, so every ruling path gets used."""
        teller, decision = prompt.to[0], prompt.data["decision"]
        form = prompt.data.get("form")
        if form is not None and self.rng.random() < OWN_ANSWER:
            if form.allowed is not None:
                shaped = (a for a in form.allowed if len(_parts(a)) == len(form.fields))
                legal = sorted(shaped, key=repr)
                if legal:
                    return StorytellerRuling(teller, decision, value=_parts(self.rng.choice(legal)))
            else:
                values: list[Any] = []
                for field in form.fields:
                    if field.kind == "text":
                        values.append(f"a thing the storyteller says ({len(values) + 1})")
                        continue
                    pool = [v for v in field.domain if v not in values]
                    values.append(self.rng.choice(pool))
                answer = form.canonical(tuple(values))
                if form.forbidden is None or answer not in form.forbidden:
                    return StorytellerRuling(teller, decision, value=tuple(values))
        return StorytellerRuling(teller, decision, self.rng.randrange(len(prompt.options)))

    def _panel(self, state: State, prompt: Prompt) -> Any:
        """A stand-in human storyteller running a character the engine does not: sometimes asks
        the player to choose, sometimes shows them a number, then finishes the wake."""
        teller, player = prompt.to[0], prompt.data["player"]
        if self.once("ask", prompt.data["decision"]) and self.rng.random() < 0.5:
            kind = self.rng.choice(("players", "character"))
            return Ask(teller, kind, 1)
        if self.once("show", prompt.data["decision"]) and self.rng.random() < 0.5:
            return Show(teller, player, "number", self.rng.randrange(3))
        return FinishWake(teller)

    def _night_choice(self, state: State, prompt: Prompt) -> NightChoice:
        me = prompt.to[0]
        cid, pick = prompt.data["character"], prompt.data["pick"]
        optional = prompt.data.get("optional", False)
        if prompt.data.get("ask") in ("character", "yesno"):  # the unit's hint, else a random one
            values = list(prompt.options)
            hinted = role(cid).choose(self, state, me, values, pick)
            if hinted is not None and (hinted or optional):
                return NightChoice(me, tuple(hinted))
            return NightChoice(me, (self.rng.choice(values),))
        others = [p for p in prompt.options if p != me and alive(state, p)]
        if prompt.data.get("because") is not None:
            others = list(prompt.options)  # another's ability (the Barber's): any option
        hinted = role(cid).choose(self, state, me, others, pick)
        if hinted is not None and (len(hinted) == pick or (optional and not hinted)):
            return NightChoice(me, tuple(hinted))
        if len(others) >= pick and cid not in REGISTRY.having("choose"):
            return NightChoice(me, tuple(self.rng.sample(others, pick)))
        return NightChoice(me, tuple(prompt.default))

    def _vote(self, state: State, prompt: Prompt) -> Any:
        """The count: a hand set in advance is counted (by the storyteller, or the shell for the
        bot), some later voters raise or lower their hands early, else the voter reached
        answers. A stand-in human storyteller sets the count's pace once."""
        assert state.vote is not None
        teller = SYSTEM if state.storyteller is None else state.storyteller
        if state.storyteller is not None and self.once("pace"):
            return SetPace(teller, self.rng.randrange(0, 6))
        voter = prompt.to[0]
        if voter in dict(state.vote.hands):
            return CountHand(teller)
        held = dict(state.vote.hands)
        later = [p for p in state.vote.order[state.vote.index + 1 :] if p not in held]
        if later and self.rng.random() < EARLY_HANDS:
            early = self.rng.choice(later)  # who can vote at all is asked of that one only
            if state.vote.exile or may_vote(state, early):
                return Vote(early, self._yes(state, early, prompt.data["nominee"]))
        return Vote(voter, self._yes(state, voter, prompt.data["nominee"]))

    def _yes(self, state: State, voter: int, nominee: int) -> bool:
        forced = role(seat(state, voter).character).votes_yes(self, state, voter)
        if forced is not None:
            return forced
        if nominee == voter:
            return self.rng.random() < 0.1
        if seat(state, voter).alignment == "evil" and alive(state, voter):
            # Evil hides in the crowd: it often backs good nominees, sometimes even a teammate.
            teammate = self.scores(state, voter).get(nominee, 0.0) <= -100
            return self.rng.random() < (EVIL_BUS if teammate else EVIL_PUSH)
        pool = [p for p in living(state) if p != voter]
        ranked = self.ranked(state, voter, pool)
        top = 1 if not alive(state, voter) else max(1, len(pool) // (2 if late(state) else 3))
        return nominee in ranked[:top]

    def once(self, *key: Any) -> bool:
        """True the first time a one-off choice is weighed (so a 'no' is not asked again)."""
        if key in self.decided:
            return False
        self.decided.add(key)
        return True

    def _day(self, state: State, prompt: Prompt | None) -> Any:
        return (
            self._arrive(state)
            or owed(state)
            or self._claim(state)
            or self._day_ability(state)
            or self._storyteller_run(state)
            or self._madness(state)
            or self._exile(state)
            or self._nominate(state, prompt)
            or EndDay(state.storyteller if state.storyteller is not None else SYSTEM)
        )

    def _claim(self, state: State) -> Claim | None:
        """Now and then a player says in public who they are: good players their character
        (a Cerenovus' target, mostly, the character they are mad about), evil players a bluff;
        a unit may say otherwise (``Role.claims``: the Mutant hides)."""
        for s in state.seats:
            if not self.once("says", state.day, s.player) or self.rng.random() >= CLAIMS_A_DAY:
                continue
            said = role(s.character).claims(self, state, s.player)
            if said is None:
                said = self._claim_for(state, s.player)
            if said is not None:
                return Claim(s.player, said)
        return None

    def _claim_for(self, state: State, player: int) -> str | None:
        told = briefing(state, player)
        mad = [t.data["character"] for t in told if t.event == "mad" and t.data["day"] == state.day]
        if mad and self.rng.random() < MAD_KEEPS:
            return str(mad[-1])
        me = next(t for t in told if t.event == "character")
        if me.data["alignment"] == "good":
            return str(me.data["character"])
        bluffs = [c for t in told if t.event == "demon_info" for c in t.data["bluffs"]]
        goods = [c for c in state.script_ids if char(state, c).team in ("townsfolk", "outsider")]
        pool = bluffs or goods
        return self.rng.choice(pool) if pool else None

    def _madness(self, state: State) -> ExecuteMad | None:
        """A stand-in human storyteller now and then executes a player who is mad (as if they
        had not kept up their madness at the table)."""
        if state.storyteller is None or state.executed is not None:
            return None
        mad = [s.player for s in state.seats if madness_of(state, s.player)]
        if mad and self.once("mad", state.day) and self.rng.random() < MAD_EXECUTIONS:
            return ExecuteMad(state.storyteller, self.rng.choice(mad))
        return None

    def _storyteller_run(self, state: State) -> Any:
        """With a stand-in human storyteller, characters the engine does not run get used: a
        living holder claims their day ability now and then, and, rarely, the storyteller rules
        that such a character's win condition has ended the game (for the side ahead)."""
        manual = [s for s in state.seats if s.alive and s.character not in REGISTRY]
        if state.storyteller is None or not manual:
            return None
        holder = manual[0]
        if self.once("claim", state.day, holder.player) and self.rng.random() < CLAIMS:
            return UseAbility(holder.player, "I use my ability.", self.rng.random() < 0.5)
        if self.once("declare", state.day) and self.rng.random() < DECLARES:
            good = sum(s.alive and s.alignment == "good" for s in state.seats)
            evil = sum(s.alive and s.alignment == "evil" for s in state.seats)
            return DeclareWinner(state.storyteller, "good" if good > 2 * evil else "evil")
        return None

    def _day_ability(self, state: State) -> Any:
        for unit in REGISTRY.having("day_move").values():
            move = unit.day_move(self, state)
            if move is not None:
                return move
        return None

    def _arrive(self, state: State) -> Any:
        if not self.arrivals or state.day < 2:
            return None
        in_play = {s.character for s in state.seats}
        room = len(state.travellers) < MAX_TRAVELLERS and set(fitting_travellers(state)) - in_play
        if room and self.once("arrive", state.day):
            self.arrivals -= 1
            return Join(NEWCOMER + state.day, traveller=True)
        return None

    def _exile(self, state: State) -> Any:
        for s in state.seats:
            if s.team == "traveller" and s.alive and self.once("exile", state.day, s.player):
                caller = self.rng.choice(state.players)
                if self.scores(state, caller).get(s.player, 0.0) > 0.8:
                    return Exile(caller, s.player)
        return None

    def _nominate(self, state: State, prompt: Prompt | None) -> Any:
        if prompt is None or prompt.kind != "nominate" or len(state.nominees) >= MAX_NOMINATIONS:
            return None
        nominators = list(prompt.to)
        self.rng.shuffle(nominators)
        for p in nominators[:3]:
            pool = [
                q
                for q in prompt.options
                if q != p and alive(state, q) and seat(state, q).team != "traveller"
            ]
            if pool:
                score = self.scores(state, p)
                target = max(pool, key=lambda q: score.get(q, 0.0))
                if score[target] > 0.4 or late(state):
                    return Nominate(p, target)
        return None


def setup_game(
    script_ids: tuple[str, ...],
    players: int,
    seed: int,
    characters: tuple[str, ...] = (),
    travellers: int = 0,
    storyteller: int | None = None,
) -> State:
    """A started game: players 1..n, then ``travellers`` Travellers seated after them. With a
    ``storyteller`` id the rulings wait for that (simulated) human instead of the bot."""
    state = new_game(storyteller, seed, script_ids, storyteller is None)
    for p in range(1, players + travellers + 1):
        state = apply(state, Join(p, traveller=p > players)).state
    by = SYSTEM if storyteller is None else storyteller
    started: State = apply(state, Start(by, characters)).state
    return started


def play(
    script_ids: tuple[str, ...],
    players: int,
    seed: int,
    characters: tuple[str, ...] = (),
    log: list[Any] | None = None,
    travellers: int = 0,
    storyteller: int | None = None,
    arrivals: int = 0,
) -> tuple[State, Outcome]:
    """One whole self-played game; ``log`` collects the actions. The bot storyteller rules,
    unless a ``storyteller`` id is given: then the table answers each ruling at random.
    ``arrivals`` Travellers join mid-game, one a day from day 2."""
    state = setup_game(script_ids, players, seed, characters, travellers, storyteller)
    table = Player(seed, arrivals)
    count = 0
    while state.phase is not Phase.OVER and state.day <= MAX_DAYS:
        action = table.act(state)
        if log is not None:
            log.append(action)
        state = apply(state, action).state
        count += 1
    ending = state.ending or "unfinished"
    return state, Outcome(state.winner, ending, state.day, count)


def simulate(
    script_ids: tuple[str, ...], players: int, games: int, seed: int = 0, travellers: int = 0
) -> dict[str, Any]:
    """Play ``games`` games (game ``i`` with seed ``seed + i``, ``travellers`` Travellers seated
    besides the ``players``) and count how they ended."""
    endings: dict[str, int] = {}
    good = days = 0
    for i in range(games):
        _, outcome = play(script_ids, players, seed + i, travellers=travellers)
        endings[outcome.ending] = endings.get(outcome.ending, 0) + 1
        good += outcome.winner == "good"
        days += outcome.days
    return {
        "games": games,
        "players": players,
        "travellers": travellers,
        "seed": seed,
        "good_wins": good,
        "good_win_rate": good / games if games else 0.0,
        "mean_days": days / games if games else 0.0,
        "endings": dict(sorted(endings.items())),
    }
