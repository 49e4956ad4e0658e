"""One game's simulated table: the next action of its players (and of a stand-in storyteller).

On a script the reasoning model covers (``engine.clocktower.reasoning``), the players reason:

- By day they talk first (``talk``: honest claims, made in public as the engine's ``Claim``,
  evil bluffs with made-up information).
- Each good player weighs the possible worlds given everything public and what they know
  themselves (``infer``): the chance that each player is the Demon, and that executing them
  would lose the game (a real Saint). A nominee's worth is the first, plus ``MINION`` times the
  chance they are a Minion, less ``WARY`` times the second, with a little noise (``NOISE``) so
  that players differ. A good player nominates their best nominee when it is worth
  ``NOMINATE_AT``; raises a hand for a nominee worth ``VOTE_AT`` and more than whoever is on the
  block; a dead player spends the ghost vote on one worth ``GHOST_AT``. At the town's last
  guesses, five or three alive, the two floors go (``_last_guesses``: a quiet day there wastes a
  guess). With three alive and a credible Mayor (a claimed character that wins on a quiet
  dusk), nobody good nominates.
- Evil players know their team. They vote as the town's model of them says (``VOTES``: rarely
  for their Demon, readily for good players, always to push a teammate off the block), and
  nominate the good player the town suspects most (``EVIL_NOMINATES``).
- Night choices follow the same beliefs through each unit's ``choose`` hook (the Fortune Teller
  checks her likeliest Demons, the Monk guards and the Imp kills the most trusted player).

On other scripts they talk the same way but fall back to the naive heuristics (``naive``) for
their suspicions; from day ``LONG_GAME`` on the naive town nominates and votes more freely, so
that protections that hold every night end no game unfinished. With a stand-in human
storyteller (``storyteller`` in ``play``), the table also answers rulings at random, now and
then chooses for, or skips, a waking player, and executes a mad player. A suspected Traveller
is called for exile, and newcomers may arrive mid-game (``arrivals``).

Under a rule that hides players' own characters from them (``secrecy``: the Tor's) the players
are the naive ones (the model's players know who they are): one who does not know their side
plays for the town, reads none of their information, follows no hint of their character, and
now and then tries a day ability aimed at a player, guessing it is theirs (``GUESSES``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from engine.clocktower.bag import MAX_TRAVELLERS
from engine.clocktower.catalogue import character
from engine.clocktower.game import (
    SYSTEM,
    Ask,
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
    State,
    StorytellerRuling,
    UseAbility,
    Vote,
    apply,
    open_prompts,
)
from engine.clocktower.game import Claim as PublicClaim
from engine.clocktower.game.abilities.votes import known_block
from engine.clocktower.game.claims import claimed
from engine.clocktower.game.day import ballot, may_vote
from engine.clocktower.game.events import EndingReached
from engine.clocktower.game.idle import owed
from engine.clocktower.game.madness import madness_of
from engine.clocktower.game.markers import known_evil
from engine.clocktower.game.model import alive, living, seat
from engine.clocktower.game.questions import (
    NightMenu,
    NominationMenu,
    Panel,
    Question,
    Ruling,
    VoteBoard,
)
from engine.clocktower.game.roles import REGISTRY, Role, role
from engine.clocktower.game.secrecy import hidden, hiders
from engine.clocktower.game.setup import fitting_travellers
from engine.clocktower.reasoning.infer import VOTES, Beliefs, Draws, infer
from engine.clocktower.reasoning.moment import Setup
from engine.clocktower.reasoning.observe import Observer
from engine.clocktower.reasoning.record import Claim, Record, day_moment
from engine.clocktower.reasoning.worlds import supported
from engine.clocktower.selfplay.naive import public_talk, suspicion
from engine.clocktower.selfplay.talk import Talk, believes_evil, heard
from engine.core import RuleError, seeded_rng

MAX_NOMINATIONS = 3
NOMINATE_AT = 0.45
VOTE_AT = 0.4
CLOSE = 0.75
GHOST_AT = 0.5
NOISE = 0.05
EVIL_NOMINATES = 0.4
KEEPS_LEARNING = 0.3
WARY = 2.0
MINION = 0.25
EXILE_CALLS = 0.2  # how often a living Traveller's exile is called for, daily (alignment unknown)
STORYTELLER_STEPS_IN = 0.05
EARLY_HANDS = 0.2  # how often, at each step of a count, a later voter sets their hand early
OWN_ANSWER = 0.2  # how often a stand-in storyteller gives an answer of their own
CLAIMS = 0.3  # how often a storyteller-run character's holder claims their day ability, daily
DECLARES = 0.05  # how often a stand-in storyteller ends a game with such a character, daily
NEWCOMER = 1000  # player ids of mid-game arrivals start here
MAD_EXECUTIONS = 0.2  # how often a stand-in storyteller executes a mad player, daily
DEAD_DEMON = 0.05  # a dead player this likely to be the Demon now is worth nominating
LONG_GAME = 8  # from this day the naive town and the evil team vote more freely (no stalemate)
STALEMATE = 2 * LONG_GAME  # from this day the reasoning town executes its best guess daily
RESIDENT_TEAMS = ("townsfolk", "outsider", "minion", "demon")
LAST_GUESSES = (3, 5)  # the counts alive where a day without an execution wastes a guess
GUESSES = 0.15  # how often, daily, a player not knowing their character tries a day ability


def _parts(answer: Any) -> tuple[Any, ...]:
    """A ruling's answer as the parts of its form (a lone value is one part)."""
    return answer if isinstance(answer, tuple) else (answer,)


class Player:
    """One game's table: decides the next action from the open prompts."""

    def __init__(self, seed: int, arrivals: int = 0, reason: bool = True) -> None:
        self.seed = seed
        self.reason = reason  # False: the naive heuristics even where the model could reason
        self.rng = seeded_rng(seed, "selfplay")
        self.arrivals = arrivals
        self.decided: set[tuple[Any, ...]] = set()  # one-off choices already weighed
        self.talk = Talk(seed)
        self.observer: Observer | None = None
        self.setup: Setup | None = None
        self.last: Any = None  # the action this table last returned
        self._naive: tuple[tuple[int, int, int], dict[int, float]] | None = None
        self._public: tuple[Record, Beliefs] | None = None
        self._pondered: tuple[Any, Record] | None = None
        self._record: tuple[Any, Record] | None = None
        self._views: dict[int, Beliefs] = {}
        self._latest: _Now | None = None
        self._dead: tuple[Record, tuple[tuple[int, int], ...], set[int]] | None = None
        self.draws = Draws()  # the worlds this game's players drew, reused while they serve
        self.told = Draws()  # those drawn for a record as if a player had said all they know

    # What the table knows -----------------------------------------------------------------------
    def see(self, state: State) -> None:
        """Take in the state the last action led to (``act`` does this itself)."""
        self._observe(state)

    def _observe(self, state: State) -> None:
        if self.observer is None:
            self.observer = Observer(state)
            residents = tuple(s.player for s in state.seats if s.team != "traveller")
            knowing = not hiders(state)  # the model's players know who they are
            if (
                self.reason
                and residents
                and supported(_dealable(state), len(residents))
                and knowing
            ):
                self.setup = Setup(_dealable(state), residents)
        before = len(self.observer.record.nominations)
        record = self.observer.see(self.last, state)
        for n in record.nominations[before:]:
            self.talk.breaks_cover(self, state, n.nominee, "nominated")

    def record(self) -> Record:
        """The public record: the engine's facts and claims, with what each claimant said
        they learned."""
        assert self.observer is not None
        key = (self.observer.version, self.talk.version)
        if self._record is None or self._record[0] != key:
            record = self.observer.record
            said = tuple(replace(c, heard=self.talk.heard_from(c.player)) for c in record.claims)
            self._record = (key, replace(record, claims=said))
        return self._record[1]

    def pondered(self, state: State) -> Record:
        """The record the players reason from: all of it, but the day's nominations and hands,
        which they weigh overnight (they think between days, not between hands)."""
        assert self.observer is not None
        today = state.day if state.phase is Phase.DAY else None
        key = (self.observer.version, self.talk.version, today)
        if self._pondered is None or self._pondered[0] != key:
            record = self.record()
            if today is not None:
                earlier = tuple(n for n in record.nominations if n.day < today)
                record = replace(record, nominations=earlier)
            self._pondered = (key, record)
        return self._pondered[1]

    def beliefs(self, state: State, player: int | None = None) -> Beliefs:
        """The public beliefs, or those of the good ``player`` (who also knows themselves)."""
        assert self.setup is not None and self.observer is not None
        record = self.pondered(state)
        if self._public is None or (self._public[0] is not record and self._public[0] != record):
            self._public = (record, infer(self.setup, record, seed=self.seed, draws=self.draws))
            self._views.clear()
        public = self._public[1]
        if player is None or player not in self.setup.seats:
            return public
        if player not in self._views:
            self._views[player] = self._view(state, player, public)
        return self._views[player]

    def _view(self, state: State, player: int, public: Beliefs) -> Beliefs:
        """A player's own beliefs: an evil player's are the public ones (for how the town
        sees things), and so are the Lunatic's; a good player knows they are good and, when
        they have information they have not yet said, weighs it too (their character alone
        they keep to themselves). News under the character they claimed (a Savant's, learned
        after the day's talk) is weighed as if said, then given that they are good: the same
        beliefs, on the public worlds, so the public sweep is extended rather than rebuilt."""
        assert self.setup is not None
        s = seat(state, player)
        if believes_evil(s):  # the Lunatic too: it cannot say what it is
            return public
        record = self.record()
        mine = Claim(player, s.shown, heard(state, player))
        said = record.claim_of(player)
        if not mine.heard or said == mine:
            return public.given_good(player)
        if said is not None and said.character == mine.character:
            told = infer(self.setup, record.with_claim(mine), seed=self.seed, draws=self.told)
            return told.given_good(player)
        return infer(self.setup, record, mine, seed=self.seed, draws=self.draws)

    def side(self, state: State, player: int) -> str:
        """The alignment ``player`` knows they have: theirs, or good while it is hidden from them
        (``secrecy``: not knowing, they play for the town, as most players are good)."""
        return "good" if hidden(state, player) else seat(state, player).alignment

    def teammates(self, state: State, player: int) -> set[int]:
        """The evil team as ``player`` knows it (themselves, and Minion or Demon info)."""
        return {player} | known_evil(state, player)

    def team(self, state: State, player: int) -> set[int]:
        """Whom ``player`` counts as their own side, as ``scores`` marks them (-100), without
        weighing any beliefs (a hook that only avoids its teammates asks this). Without the
        model, read from the naive suspicion (whose noise is drawn as before)."""
        if self.setup is None:
            return {p for p, v in self.scores(state, player).items() if v <= -100}
        return self.teammates(state, player) if self.side(state, player) == "evil" else {player}

    def scores(self, state: State, player: int) -> dict[int, float]:
        """How much ``player`` suspects each player (higher: more): the chance they are the
        Demon, as ``player`` sees it (an evil player: as the town sees it); teammates and
        oneself at -100."""
        if self.setup is None:
            when = (state.day, state.night, len(state.told))
            if self._naive is None or self._naive[0] != when:
                self._naive = (when, public_talk(state, self.seed))
            return suspicion(state, player, self.rng, self._naive[1])
        demon = self.beliefs(state, player).demon
        score = {s.player: demon.get(s.player, 0.0) for s in state.seats}
        for p in self.team(state, player):
            score[p] = -100.0
        return score

    def ranked(self, state: State, player: int, pool: list[int]) -> list[int]:
        score = self.scores(state, player)
        return sorted(pool, key=lambda p: -score.get(p, 0.0))

    def trusted(self, state: State, player: int, pool: list[int]) -> list[int]:
        """``pool`` less ``player``'s known team, most valuable to good first: the least likely
        evil, with a bonus (``KEEPS_LEARNING``) for a claimed character that keeps learning;
        a claimed character that cannot be killed at night (the Soldier) or passes the kill
        on (the Mayor) comes last. Without the model: the least suspected first."""
        team = self.teammates(state, player) if self.side(state, player) == "evil" else set()
        pool = [p for p in pool if p not in team]
        if self.setup is None:
            return list(reversed(self.ranked(state, player, pool)))
        evil = self.beliefs(state, player).evil

        def value(p: int) -> float:
            cid = claimed(state, p) or ""
            if cid and (cid in REGISTRY.own("redirect") or _guards_itself(cid)):
                return -1.0
            learns = KEEPS_LEARNING if cid and _keeps_learning(cid) else 0.0
            return 1.0 - evil.get(p, 0.5) + learns

        return sorted(pool, key=lambda p: -value(p))

    def demon_chance(self, state: State, player: int, target: int) -> float:
        """How likely ``player`` thinks ``target`` is the Demon (the town, when ``player`` is
        ``target``); without the model, 1 for others and 0 for oneself."""
        if self.setup is None:
            return 0.0 if player == target else 1.0
        viewer = None if player == target else player
        return self.beliefs(state, viewer).demon.get(target, 0.0)

    def executed(self, day: int) -> int | None:
        assert self.observer is not None
        moment = day_moment(day)
        return next(
            (
                d.player
                for d in self.observer.record.deaths
                if d.moment == moment and d.cause == "execution"
            ),
            None,
        )

    def worth(self, state: State, player: int, nominee: int) -> float:
        """What executing ``nominee`` is worth to the good ``player``: the chance they are the
        Demon less the chance it loses the game, with a little noise."""
        b = self.beliefs(state, player)
        return _value(b, nominee, nominee in self._facts(state).living) + self.rng.gauss(0.0, NOISE)

    def _facts(self, state: State) -> _Now:
        """What the table has worked out about ``state`` itself (its decisions ask it again and
        again of one state)."""
        if self._latest is None or self._latest.state is not state:
            self._latest = _Now(state, frozenset(living(state)))
        return self._latest

    def once(self, *key: Any) -> bool:
        """True the first time a one-off choice is weighed (so a 'no' is not asked again)."""
        if key in self.decided:
            return False
        self.decided.add(key)
        return True

    # Acting ------------------------------------------------------------------------------------
    def act(self, state: State) -> Any:
        self._observe(state)
        self.last = self._next(state)
        return self.last

    def _next(self, state: State) -> Any:
        reached = self._ending_reached(state)
        if reached is not None:
            return reached
        prompts = open_prompts(state)
        prompt = prompts[0] if prompts else None
        if isinstance(prompt, NightMenu):
            if state.storyteller is not None and self.rng.random() < STORYTELLER_STEPS_IN:
                choice = self._night_choice(state, prompt)
                if self.rng.random() < 0.5:
                    return SkipWake(state.storyteller)
                return NightChoice(state.storyteller, choice.targets, player=choice.by)
            return self._night_choice(state, prompt)
        if isinstance(prompt, Ruling):
            return self._ruling(prompt)
        if isinstance(prompt, Panel):
            return self._panel(state, prompt)
        if isinstance(prompt, VoteBoard):
            return self._vote(state, prompt)
        if state.phase is Phase.DAY:
            return self._day(state, prompt)
        raise RuntimeError(f"self-play has nothing to do in {state.phase}")

    def _ruling(self, prompt: Ruling) -> StorytellerRuling:
        """A stand-in human storyteller: any legal option or, now and then, an answer of their
        own from the ruling's full range, so every ruling path gets used."""
        teller, decision, form = prompt.to[0], prompt.decision, prompt.form
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

    def _panel(self, state: State, prompt: Panel) -> Any:
        """A stand-in human storyteller running a character the engine does not: sometimes asks
        the player to choose, sometimes shows them a number, then finishes the wake."""
        teller, player = prompt.to[0], prompt.details["player"]
        if self.once("ask", prompt.decision) and self.rng.random() < 0.5:
            kind = self.rng.choice(("players", "character"))
            return Ask(teller, kind, 1)
        if self.once("show", prompt.decision) and self.rng.random() < 0.5:
            return Show(teller, player, "number", self.rng.randrange(3))
        return FinishWake(teller)

    def _night_choice(self, state: State, prompt: NightMenu) -> NightChoice:
        me = prompt.to[0]
        cid, pick = prompt.character, prompt.pick
        optional = prompt.details.get("optional", False)
        if prompt.ask in ("character", "yesno", "value"):  # the unit's hint, else a random one
            values = list(prompt.options)
            hinted = role(cid).choose(self, state, me, values, pick)
            if hinted is not None and (hinted or optional):
                return NightChoice(me, tuple(hinted))
            return NightChoice(me, (self.rng.choice(values),))
        others = [p for p in prompt.options if p != me and p in self._facts(state).living]
        if prompt.details.get("because") is not None:
            others = list(prompt.options)  # another's ability (the Barber's): any option
        hinted = role(cid).choose(self, state, me, others, pick)
        if hinted is not None and (len(hinted) == pick or (optional and not hinted)):
            return NightChoice(me, tuple(hinted))
        if len(others) >= pick and cid not in REGISTRY.having("choose"):
            return NightChoice(me, tuple(self.rng.sample(others, pick)))
        return NightChoice(me, tuple(prompt.default))

    def _vote(self, state: State, prompt: VoteBoard) -> Any:
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
                return Vote(early, self._yes(state, early, prompt.nominee))
        return Vote(voter, self._yes(state, voter, prompt.nominee))

    def _yes(self, state: State, voter: int, nominee: int) -> bool:
        if state.vote is not None and not state.vote.exile and ballot(state, voter) == "forced":
            return True  # the rules force the hand up (the Zealot's, or a Hermit's as one)
        forced = None
        if not hidden(state, voter):  # a hint of their character, if they know it
            forced = role(seat(state, voter).character).votes_yes(self, state, voter)
        if forced is not None:
            return forced
        if nominee == voter:
            return self.rng.random() < 0.1
        if self.setup is None:
            return self._naive_yes(state, voter, nominee)
        if seat(state, voter).alignment == "evil":
            return self._evil_hand(state, voter, nominee)
        if self._trusts_quiet_dusk(state, voter):
            return False
        worth = self.worth(state, voter, nominee)
        if not alive(state, voter):
            best = self._best(state, voter)
            return worth >= GHOST_AT or (len(living(state)) <= 4 and best == nominee)
        return worth >= self._bar(state, voter, nominee)

    def _bar(self, state: State, player: int, nominee: int | None = None) -> float:
        """What a nominee must be worth to the good ``player``: ``VOTE_AT`` (nothing at the
        town's last guesses, ``_last_guesses``), ``CLOSE`` to the best nominee still to be had
        today, and more than whoever is on the block; nothing from day ``STALEMATE`` on, when
        the nights have stopped the game (an Evil Twin outlived the Demon, an Innkeeper keeps
        the Po drunk) and only executions can end it."""
        if state.day >= STALEMATE:
            return 0.0
        floor = 0.0 if _last_guesses(state) else VOTE_AT
        beliefs = self.beliefs(state, player)
        open_ = [
            q for q in self._candidates(state, player) if q not in state.nominees or q == nominee
        ]
        now = self._facts(state).living
        best = max((_value(beliefs, q, q in now) for q in open_), default=0.0)
        bar = max(floor, CLOSE * best)
        block = known_block(state)  # a secret vote's block is not known (the Organ Grinder)
        if block is not None and block != nominee:
            bar = max(bar, self.worth(state, player, block))
        return bar

    def _evil_hand(self, state: State, voter: int, nominee: int) -> bool:
        """An evil voter blends in: it raises a hand as the town would (by the public beliefs),
        always to push a teammate off the block; from day ``LONG_GAME``, with three alive or
        the team it knows half the living, for the first living player but a teammate to be
        nominated and nobody else (so that no game stalls; always so, it left good 25% of Bad
        Moon Rising games, against 33%), and for a teammate only as often as the town's model of evil voters says
        (``VOTES``)."""
        team = self.teammates(state, voter)
        if nominee in team:
            demon = seat(state, nominee).team == "demon"
            return self.rng.random() < VOTES["demon" if demon else "minion"]
        block, alive_now = known_block(state), living(state)
        if block in team:
            return True
        holds = len(alive_now) <= 3 or 2 * sum(p in team for p in alive_now) >= len(alive_now)
        if state.day >= LONG_GAME and holds:
            # a long game, and three alive (two after: evil wins) or the team holds the vote: a
            # living player is to die today, and nobody else is to take their place on the block
            return alive(state, nominee) and (block is None or not alive(state, block))
        return self.worth(state, voter, nominee) >= self._bar(state, voter, nominee)

    def _naive_yes(self, state: State, voter: int, nominee: int) -> bool:
        if self.side(state, voter) == "evil" and alive(state, voter):
            # Evil hides in the crowd: it often backs good nominees, sometimes even a teammate.
            teammate = self.scores(state, voter).get(nominee, 0.0) <= -100
            return self.rng.random() < (0.2 if teammate else 0.5)
        pool = [p for p in living(state) if p != voter]
        ranked = self.ranked(state, voter, pool)
        share = 2 if state.day >= LONG_GAME else 3  # a long game: the town votes more freely
        top = 1 if not alive(state, voter) else max(1, len(pool) // share)
        return nominee in ranked[:top]

    def _best(self, state: State, player: int) -> int | None:
        """The living player whose execution the good ``player`` values most."""
        beliefs = self.beliefs(state, player)
        pool = self._candidates(state, player)
        now = self._facts(state).living
        return max(pool, key=lambda p: _value(beliefs, p, p in now), default=None)

    def _candidates(self, state: State, player: int) -> tuple[int, ...]:
        """Whom the good ``player`` might want executed: the living residents but themselves,
        and a dead one who may be the Demon now (a Zombuul that seems dead: dead players may
        be nominated). Kept for the state and the beliefs they come from."""
        beliefs = self.beliefs(state, player)
        known = self._facts(state).candidates.get(player)
        if known is not None and known[0] is beliefs:
            return known[1]
        demon = beliefs.demon
        now, spent = self._facts(state).living, self._executed_dead(state)
        found = tuple(
            q
            for q in demon
            if q != player and (q in now or (demon[q] > DEAD_DEMON and q not in spent))
        )
        self._facts(state).candidates[player] = (beliefs, found)
        return found

    def _executed_dead(self, state: State) -> set[int]:
        """The dead players executed once already dead, with the game going on: not a Demon
        that seemed dead (that execution would have killed it), whatever the worlds say (they
        do not read an execution of the dead). Kept while the record and executions stand."""
        record = self.record()
        if self._dead is not None and self._dead[0] is record:
            if self._dead[1] == state.executions:
                return self._dead[2]
        first: dict[int, str] = {}
        for d in record.deaths:
            first.setdefault(d.player, d.cause)
        times = Counter(q for _day, q in state.executions)
        spent = {q for q, cause in first.items() if times[q] > (cause == "execution")}
        self._dead = (record, state.executions, spent)
        return spent

    def _trusts_quiet_dusk(self, state: State, player: int) -> bool:
        """With three alive, whether ``player`` trusts a living claimant of a character that
        wins on a day without an execution (the Mayor), and so wants none."""
        if len(living(state)) != 3 or self.setup is None:
            return False
        quiet = REGISTRY.own("dusk_ending")
        evil = self.beliefs(state, player).evil
        return any(claimed(state, p) in quiet and evil.get(p, 1.0) < 0.5 for p in living(state))

    def _day(self, state: State, prompt: Question | None) -> Any:
        if self.once("talk", state.day):
            self.talk.round(self, state)
        return (
            self._arrive(state)
            or owed(state)
            or self._claim(state)
            or self._day_ability(state)
            or self._guess(state)
            or self._storyteller_run(state)
            or self._madness(state)
            or self._exile(state)
            or self._nominate(state, prompt)
            or EndDay(state.storyteller if state.storyteller is not None else SYSTEM)
        )

    def _claim(self, state: State) -> PublicClaim | None:
        """The next claim the talk has due, made in public."""
        due = self.talk.next_claim(state)
        return PublicClaim(*due) if due is not None else None

    def _madness(self, state: State) -> ExecuteMad | None:
        """A stand-in human storyteller now and then executes a player who is mad (as if they
        had not kept up their madness at the table)."""
        if state.storyteller is None or state.executed is not None:
            return None
        mad = [s.player for s in state.seats if madness_of(state, s.player)]
        if mad and self.once("mad", state.day) and self.rng.random() < MAD_EXECUTIONS:
            return ExecuteMad(state.storyteller, self.rng.choice(mad))
        return None

    def _ending_reached(self, state: State) -> DeclareWinner | None:
        """A stand-in human storyteller told that the game looks over (a character the engine
        does not run being in play, the engine leaves the ending to them) agrees, and declares
        the result."""
        if state.storyteller is None:
            return None
        told = [t for t in state.told if isinstance(t, EndingReached)]
        return DeclareWinner(state.storyteller, told[-1].winner) if told else None

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
        """A unit's day ability; its user claims the character right after (the Slayer)."""
        for unit in REGISTRY.having("day_move").values():
            move = unit.day_move(self, state)
            by = getattr(move, "by", None)
            if by is not None and hidden(state, by):
                continue  # a hint for a character its holder does not know they are
            if move is not None:
                if by is not None:
                    self.talk.breaks_cover(self, state, by, "used")
                return move
        return None

    def _guess(self, state: State) -> Any:
        """Now and then a living player who does not know their character (``secrecy``) tries a
        day ability of the script that aims at one player, guessing it is theirs (the Tor's
        example: a Slayer's shot), at the player they suspect most. An attempt the rules refuse
        is not made."""
        if not hiders(state) or not self.once("guess", state.day):
            return None
        units = [u for u in REGISTRY.having("day_action").values() if _aims(state, u)]
        guessers = [p for p in living(state) if hidden(state, p)]
        if not units or not guessers or self.rng.random() >= GUESSES:
            return None
        unit, by = self.rng.choice(units), self.rng.choice(guessers)
        targets = [t for t in unit.day_targets(state, by) if t != by]
        if not targets:
            return None
        move = unit.request(by, self.ranked(state, by, targets)[0])
        try:
            apply(state, move)
        except RuleError:
            return None
        return move

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
                if self.setup is not None:
                    if self.rng.random() < EXILE_CALLS:
                        return Exile(caller, s.player)
                elif self.scores(state, caller).get(s.player, 0.0) > 0.8:
                    return Exile(caller, s.player)
        return None

    def _nominate(self, state: State, prompt: Question | None) -> Any:
        """A nomination, if some nominator wants one; a nominee who holds back until the town
        turns to them (the Saint) speaks up first, and the town thinks again."""
        if not isinstance(prompt, NominationMenu) or len(state.nominees) >= MAX_NOMINATIONS:
            return None
        nominators = list(prompt.to)
        self.rng.shuffle(nominators)
        for p in nominators[:4]:
            pool = [q for q in prompt.options if q != p and seat(state, q).team != "traveller"]
            target = self._nominee(state, p, pool) if pool else None
            if target is None:
                continue
            if self.talk.breaks_cover(self, state, target, "targeted"):
                speaks = self._claim(state)
                if speaks is not None:
                    return speaks
            return Nominate(p, target)
        return None

    def _nominee(self, state: State, p: int, pool: list[int]) -> int | None:
        """Whom ``p`` would nominate from ``pool`` now (None: nobody): a living player, or for
        a good player who reasons, a dead one who may be the Demon now."""
        if self.setup is None or seat(state, p).alignment == "evil":
            pool = [q for q in pool if q in self._facts(state).living]
        else:
            candidates = set(self._candidates(state, p))
            pool = [q for q in pool if q in candidates]
        if not pool:
            return None
        if self.setup is None:
            score = self.scores(state, p)
            target = max(pool, key=lambda q: score.get(q, 0.0))
            return target if score[target] > 0.4 or state.day >= LONG_GAME else None
        if seat(state, p).alignment == "evil":
            return self._evil_nominee(state, p, pool)
        if self._trusts_quiet_dusk(state, p):
            return None
        worth = {q: self.worth(state, p, q) for q in pool}
        target = max(pool, key=lambda q: worth[q])
        bar = NOMINATE_AT if state.day < STALEMATE and not _last_guesses(state) else 0.0
        return target if worth[target] >= max(bar, self._bar(state, p, target)) else None

    def _evil_nominee(self, state: State, player: int, pool: list[int]) -> int | None:
        """The good player the town suspects most, now and then, or at once when a teammate
        is on the block."""
        team = self.teammates(state, player)
        good = [q for q in pool if q not in team]
        if not good:
            return None
        if known_block(state) not in team and self.rng.random() >= EVIL_NOMINATES:
            return None
        town = self.beliefs(state).demon
        return max(good, key=lambda q: town.get(q, 0.0))


@dataclass
class _Now:
    """One state's facts the table's decisions ask again and again: who lives, and each good
    player's candidates for execution (with the beliefs they were read from)."""

    state: State
    living: frozenset[int]
    candidates: dict[int, tuple[Beliefs, tuple[int, ...]]] = field(default_factory=dict)


def _value(beliefs: Beliefs, player: int, living: bool = True) -> float:
    """What executing ``player`` is worth: the chance they are the Demon, plus ``MINION`` times
    the chance they are a Minion (one fewer liar, poisoner and evil hand), less ``WARY`` times
    the chance that it loses the game at once (a real Saint): losing outright is worse than a
    wasted day. A dead player's execution is worth only the chance they are the Demon."""
    demon = beliefs.demon.get(player, 0.0)
    if not living:
        return demon
    minion = beliefs.evil.get(player, 0.0) - demon
    return demon + MINION * minion - WARY * beliefs.risk.get(player, 0.0)


def _last_guesses(state: State) -> bool:
    """Whether a day without an execution would throw away one of the town's last guesses: with
    five or three alive, executing leaves the town a guess at three, while a quiet day lets the
    night bring four (then a guess and two alive) or two. So on those final days the town
    executes its best suspect however unsure; earlier, with more days ahead, it waits for a
    nominee worth it (always so, Trouble Brewing's town won 68% of 41 games, against 44%)."""
    return len(living(state)) in LAST_GUESSES


def _aims(state: State, unit: Role) -> bool:
    """Whether ``unit`` is a resident's day ability on this script aimed at one player."""
    command = unit.command
    resident = unit.id in state.script_ids and character(unit.id).team in RESIDENT_TEAMS
    return (
        resident
        and command is not None
        and command.option != ""
        and not (command.shape or command.statement or command.pair or command.choices)
    )


def _keeps_learning(cid: str) -> bool:
    """Whether a character learns something on nights after the first (its unit can weigh
    it): the Empath, the Fortune Teller, the Undertaker."""
    from engine.clocktower.catalogue import find

    c = find(cid)
    return c is not None and bool(c.other_night) and cid in REGISTRY.having("weigh")


def _guards_itself(cid: str) -> bool:
    """Whether a character is safe from the Demon without waking (the Soldier)."""
    return cid in REGISTRY.own("protects") and cid not in REGISTRY.having("night")


def _dealable(state: State) -> tuple[str, ...]:
    """The script's characters a resident may hold (Travellers, Fabled and Loric aside)."""
    from engine.clocktower.game.cast import game_script

    return tuple(c.id for c in game_script(state).characters if c.team in RESIDENT_TEAMS)
