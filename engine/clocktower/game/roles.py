"""One character, one unit: the ``Role`` base class and the registry its subclasses join.

Everything the engine and the shell know about a character lives in one subclass of ``Role``:
its night wake, its day action, its passive hooks (protection, registration, vote and execution
effects, setup rulings, death), how its information reads, the bot storyteller's policy for the
rulings it raises, and hints for self-play. Defining the subclass registers it under its ``id``
(python-chess's variant registry is the model); the engine asks the registry, never a literal id.

Every hook has a default that does nothing, so a unit overrides only what its ability touches,
and the registry lists, per hook, the characters that override it (``Registry.having``): the
engine only calls those, which keeps the hot paths fast. A character with no unit is run by the
storyteller (``storyteller_run``): it wakes in night order and a human storyteller resolves it with
generic tools.

Some characters are in play with no player holding them (``Role.unheld``): the Fabled and
Loric, in force while on the script, and Lil' Monsta, whose token the Minions pass round. Their
units are ``Role`` subclasses like any other, and the engine asks their hooks through the same
``seats_having`` as the seats', passing a seat of nobody (``unheld_seat``: player ``NOBODY``,
never drunk, poisoned or dead) where a player's seat would be; they wake at their night place
as the game's own.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Protocol

from engine.clocktower.catalogue import character, characters
from engine.clocktower.game.falseworld import World
from engine.clocktower.game.model import (
    NOBODY,
    Madness,
    Mark,
    Pending,
    Registration,
    Seat,
    State,
    TeamInfo,
    index,
    seat,
)
from engine.clocktower.reasoning.moment import Moment, Weight
from engine.clocktower.reasoning.record import Heard, Record
from engine.core import Effect

Result = tuple[State, list[Effect]]


class Words(Protocol):
    """How the shell writes the parts of a sentence: a player's name, a character's name,
    emphasis. The engine composes sentences from these and never formats for Discord itself."""

    def player(self, player: int) -> str: ...

    def players(self, players: Sequence[int]) -> str: ...

    def character(self, cid: str) -> str: ...

    def strong(self, text: object) -> str: ...

    def ability(self, cid: str) -> str:
        """A character's ability, set apart from the sentence around it."""
        ...


class Table(Protocol):
    """What a self-play hint may ask of the simulated table (``engine.clocktower.selfplay``)."""

    rng: random.Random

    def ranked(self, state: State, player: int, pool: list[int]) -> list[int]: ...

    def trusted(self, state: State, player: int, pool: list[int]) -> list[int]:
        """``pool`` without ``player``'s known teammates, the most valuable to the good side
        first (as ``player`` sees it; an evil player sees the town's view)."""
        ...

    def scores(self, state: State, player: int) -> dict[int, float]: ...

    def team(self, state: State, player: int) -> set[int]:
        """Whom ``player`` counts as their own side (those ``scores`` marks -100): their known
        evil team, or themselves alone."""
        ...

    def once(self, *key: Any) -> bool: ...

    def demon_chance(self, state: State, player: int, target: int) -> float:
        """How likely ``player`` thinks ``target`` is the Demon (``player`` itself: how likely
        the town thinks so)."""
        ...

    def executed(self, day: int) -> int | None:
        """Who the execution of ``day`` killed (None: nobody)."""
        ...


def most_suspected(
    table: Table, state: State, player: int, options: list[int], pick: int
) -> tuple[int, ...] | None:
    """A self-play hint: the ``pick`` players ``player`` suspects most (None: too few)."""
    ranked = table.ranked(state, player, options)
    return tuple(ranked[:pick]) if len(ranked) >= pick else None


def most_trusted(
    table: Table, state: State, player: int, options: list[int], pick: int
) -> tuple[int, ...] | None:
    """A self-play hint: one of the two players most valuable to the good side (the likelier
    the first), for a night choice that protects, poisons or kills; with none left but one's
    own team, any other player (None: nobody at all)."""
    others = [p for p in options if p != player]
    ranked = table.trusted(state, player, others) or others
    if not ranked:
        return None
    first = 0 if len(ranked) == 1 or table.rng.random() < FIRST_CHOICE else 1
    return (ranked[first],)


FIRST_CHOICE = 0.7


@dataclass(frozen=True)
class DayCommand:
    """A day ability as the shell offers it: ``/clocktower use <name> <option>``, the option a player
    (offered from ``Role.day_targets``), and ``done`` the acknowledgement. With ``statement`` the
    command takes a ``statements.Statement`` instead (the Gossip's), passed to ``request``.
    ``shape`` gives other forms: ``none`` (no option: the Savant's visit), ``text`` (a line of
    text: the Mezepheles' ``say``), ``guess`` (a player
    and a character: the Juggler's), ``question`` (free text or a statement: the Artist's;
    ``request`` gets ``(text, statement or None)``), ``teams`` (players named as Demons and as
    Minions: the Alsaahir's; ``request`` gets the two tuples). With ``pair`` two players (``<option>
    <second>``, the Matron's swap), passed as a tuple; with ``choices`` one of those words
    instead of a player (the Judge's pass or fail)."""

    name: str
    description: str
    option: str
    option_description: str
    done: str
    statement: bool = False
    shape: str = ""
    pair: str = ""  # the second player's option name
    choices: tuple[str, ...] = ()


class Role:
    """A character's unit. Subclasses set ``id`` and override the hooks their ability uses."""

    id: ClassVar[str] = ""
    # The rulings this character raises, by topic, in words for the storyteller's prompt.
    topics: ClassVar[Mapping[str, str]] = {}
    # The game endings this character causes, by name, in words ("the Saint was executed").
    endings: ClassVar[Mapping[str, str]] = {}
    # The reminders this character places, by kind, in words ("poisoned", "the red herring").
    reminders: ClassVar[Mapping[str, str]] = {}
    # The Drunk: the ability never works.
    always_drunk: ClassVar[bool] = False
    # Every (team, alignment) it may register as besides its own (the Spy, the Recluse).
    registers_as: ClassVar[tuple[tuple[str, str], ...]] = ()
    # The reasoning model (``engine.clocktower.reasoning``; docs/clocktower.md, "How a character
    # declares its part in the worlds"): an evil character whose effect on the game the model's
    # worlds cover (``reasoned``); one that poisons a player each night (``poisons_nightly``);
    # a Demon whose nearest Townsfolk either side are poisoned (``poisons_neighbours``); a
    # Minion that becomes the Demon when it dies with at least ``inherits`` players alive; where
    # a Demon that dies at night goes (``moves_to``: "minion", the star pass; "outsider", into
    # a good Outsider; "": nowhere); a Demon that lives on after its first death (``lives_on``);
    # a Demon under which every sober Townsfolk's information is false (``falsifies``) and a
    # day without an execution ends the game (``quiet_day_ends``); a Minion under which the
    # game goes on a day after the Demon's execution (``outlives_demon``), or after any death
    # of the Demon while it lives (``keeps_game``: the Evil Twin, while good cannot win); a
    # good character whose player claims a Townsfolk it is not and hears nothing true
    # (``poses_as_townsfolk``: the Drunk, the Lunatic, the Mutant); a Minion under which every
    # Townsfolk is poisoned on the night numbered as the Outsiders dealt, and its day
    # (``poisons_townsfolk_on_night_x``: the Xaan); the teams it registers as besides its own,
    # always (``registers_too``: Legion's Minion); a Demon no player is dealt, whose token one
    # of its Minions holds and so is the Demon (``held_by_minion``: Lil' Monsta); a Minion dealt
    # instead of a Demon, who makes a living good player a Demon of the script on this night
    # (``summons_on_night``: the Summoner's third; it stands in for the Demon until then). How
    # many it kills a night: ``night_kills``; where the dealt Minions sit beside this Demon:
    # ``seat_minions``.
    reasoned: ClassVar[bool] = False
    poisons_nightly: ClassVar[bool] = False
    poisons_neighbours: ClassVar[bool] = False
    inherits: ClassVar[int | None] = None
    moves_to: ClassVar[str] = ""
    lives_on: ClassVar[bool] = False
    falsifies: ClassVar[bool] = False
    quiet_day_ends: ClassVar[bool] = False
    outlives_demon: ClassVar[bool] = False
    keeps_game: ClassVar[bool] = False
    poses_as_townsfolk: ClassVar[bool] = False
    poisons_townsfolk_on_night_x: ClassVar[bool] = False
    registers_too: ClassVar[tuple[str, ...]] = ()
    held_by_minion: ClassVar[bool] = False
    summons_on_night: ClassVar[int] = 0
    # A day action (an action class of ``engine.clocktower.game.actions``) handled by ``day``,
    # requested through ``command``.
    day_action: ClassVar[type | None] = None
    command: ClassVar[DayCommand | None] = None
    # Whether a simulated holder of that day ability keeps their character to themselves until
    # they use it (the Slayer's surprise; self-play's ``talk``); False: they claim on day 1.
    hides_until_used: ClassVar[bool] = True
    # What the storyteller owes each day because of this character (``storyteller_turn``).
    duty: ClassVar[str] = ""
    # The events only this character causes (declared in its module); ``says`` words them.
    events: ClassVar[tuple[type, ...]] = ()
    # How the bot storyteller runs this character's rulings fairly, in one sentence (the table
    # of characters in docs/clocktower.md); "" when the general policy says it for every such
    # character (``policy.described``: information told truly, or no ruling at all).
    policy: ClassVar[str] = ""
    # In play or in force, the evil team gets its starting info (Minion and Demon info, the
    # Demon's bluffs) at any table size, not only from seven players (the Toymaker).
    gives_team_info: ClassVar[bool] = False
    # When its ``overturn`` is asked as the game ends: 0 with those that change who wins (the
    # Heretic), 1 after them, with those that react to who won (the Politician).
    overturn_stage: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.id:
            REGISTRY.add(cls())

    # Setup ------------------------------------------------------------------------------------
    def arranges(self, state: State, seat: Seat) -> State:
        """Where the dealt characters sit, as this character's setup rule requires, before any
        setup ruling (the Lord of Typhon's Minions in a line either side of it): the deal's
        characters change seats, nobody is told yet. Deterministic, and a deal that already
        obeys the rule is left as it is."""
        return state

    def setup(self, state: State, seat: Seat) -> State:
        """Setup rulings for this seat (the Drunk's token, a red herring), before the deal."""
        return state

    def briefed_as(self, state: State, seat: Seat) -> tuple[str, str]:
        """The character and alignment the player is told they have."""
        return seat.shown, seat.alignment

    def unheld(self, state: State) -> bool:
        """Whether this character is in play with no player holding it: a Fabled or Loric
        while on the script (the default), Lil' Monsta while its token is passed round, the
        Summoner's ability the storyteller takes by a jinx. It wakes in its place as the game's
        own (player ``NOBODY``), and its hooks are asked of a seat of nobody (``unheld_seat``)."""
        return self.id in _SCRIPT_LEVEL and self.id in state.script_ids

    def wakes_at(self, state: State, seat: Seat) -> tuple[str, ...]:
        """The night-order places (character ids) at which this player is woken: the character
        they believe they are (a Drunk wakes as its Townsfolk; the Lunatic at its own place), and
        those of the abilities it has gained (``gained``: the Apprentice's, the Philosopher's)."""
        return (seat.shown, *gained(state, seat))

    # The night --------------------------------------------------------------------------------
    def wakes(self, state: State, seat: Seat) -> bool | None:
        """Whether the player wakes when this character's turn comes tonight; None: the usual
        rule, while they have the ability (alive, or dead keeping it: ``working.wakes_tonight``)."""
        return None

    def night(self, state: State, player: int, key: str) -> Result:
        """The wake: choices (``decisions.choose``), rulings (``decisions.rule``), effects."""
        return state, []

    def gained(self, state: State, seat: Seat) -> tuple[str, ...]:
        """Other characters whose abilities this seat has gained (the Philosopher's choice):
        it wakes in their places too, and their hooks that the engine asks of every seat
        (``seats_having``) apply to it. Said of the state alone: asked once per State."""
        return ()

    def grants(self, state: State, seat: Seat) -> tuple[tuple[int, str], ...]:
        """Abilities this character (held by ``seat``) has given other players, as (player,
        character): they wake in its places and its hooks apply to them, as for ``gained``
        (the Plague Doctor's storyteller passing a Minion ability to a Minion). Said of the
        state alone: asked once per State."""
        return ()

    def demon_choices(
        self, state: State, player: int, key: str
    ) -> tuple[State, tuple[int, ...]] | None:
        """For a Demon: the players it chooses tonight, asked of ``player`` (the Demon, or a
        Lunatic who believes it is this Demon), with the bookkeeping its choice needs (the Po's
        charge); None when it does not wake tonight. The Lunatic imitates a Demon through it."""
        return None

    def narrows(
        self, state: State, seat: Seat, chooser: int, character: str, options: tuple[Any, ...]
    ) -> tuple[Any, ...] | None:
        """The players ``chooser`` may choose from tonight with ``character``'s ability because
        of this character (the jinx where a right public guess of the Wraith makes the Demon
        choose the Wraith); None: the options as offered (``decisions.choose``)."""
        return None

    def rouses(self, state: State, seat: Seat) -> bool:
        """Whether this turn wakes the player to use their ability (the Chambermaid counts
        them); False for a turn the storyteller takes alone (the Gossip's, the Tinker's)."""
        return True

    def keeps_asleep(self, state: State, seat: Seat, player: int) -> bool:
        """Whether this character (held by ``seat``) keeps ``player`` from waking tonight (the
        Exorcist's Demon); the sleeper's own unit asks ``abilities.wake.kept_asleep``."""
        return False

    def at_dawn(self, state: State, seat: Seat, key: str) -> Result:
        """What this character does as the day breaks, before anyone else acts (the Moonchild
        who died in the night chooses)."""
        return state, []

    # Passive hooks ------------------------------------------------------------------------------
    def holds(self, state: State, mark: Mark) -> bool | None:
        """Whether a reminder this character placed still has its effect; None: the usual
        rule, as long as the ability works (``working.holds``)."""
        return None

    def protects(self, state: State, seat: Seat, target: int) -> bool:
        """Whether this character (held by ``seat``) makes ``target`` safe from the Demon."""
        return False

    def redirect(self, state: State, seat: Seat, attacker: int, key: str) -> int:
        """Who dies when the Demon attacks this (working) character instead (the Mayor)."""
        return seat.player

    def registrations(self, state: State, seat: Seat) -> tuple[Registration, ...] | None:
        """Every way the player may register, the true one first (the Spy, the Recluse: through
        ``registration.misregistrations`` with their ``registers_as``); None: only as themselves
        (``registration.registrations``)."""
        return None

    def registers_other(self, state: State, seat: Seat, player: int) -> tuple[Registration, ...]:
        """Other ways this character makes ``player`` (another seat) register, besides their
        own (the Lycanthrope's good player who registers as evil); ``registration`` adds them."""
        return ()

    def evil_info(self, state: State, seat: Seat, to: int, info: TeamInfo, key: str) -> TeamInfo:
        """What the evil player ``to`` is told of its team at Minion or Demon info, as this
        character changes it (the Magician joins both sides, the Poppy Grower keeps them apart,
        the Snitch gives Minions bluffs; ``markers``). It may ask rulings under ``key``."""
        return info

    def hides_grimoire(self, state: State, seat: Seat) -> tuple[int, ...]:
        """The players whose character tokens an evil player looking at the grimoire does not
        see because of this character (jinxes: the Magician hides the Demon's and its own, the
        Poppy Grower, while it has its ability, every one)."""
        return ()

    def hides_character(self, state: State, seat: Seat, player: int) -> bool:
        """Whether ``player`` does not know their own character or alignment now because of this
        character (the Tor's players, until they die): nothing the game tells them names either
        (``secrecy.hidden``)."""
        return False

    def strips_ability(self, state: State, seat: Seat, target: int) -> bool:
        """Whether this character takes ``target``'s ability away now (the Preacher's chosen
        Minions): ``working.active`` asks it, so the target neither wakes nor acts, and its
        reminders lapse. Check the target before asking whether the ability works."""
        return False

    def vote_factor(self, state: State, seat: Seat, voter: int) -> int:
        """What this character multiplies ``voter``'s vote by (the Bureaucrat, the Thief)."""
        return 1

    def vote_counts(self, state: State, seat: Seat, yes: tuple[int, ...]) -> bool:
        """Whether this voter's raised hand counts, given who else raised theirs (the Butler)."""
        return True

    def conceals_vote(self, state: State, seat: Seat, effects: list[Effect]) -> list[Effect] | None:
        """The vote's announcements (a hand counted or set in advance, the tally) as the table
        hears them while this character keeps votes secret (the Organ Grinder: eyes closed, the
        tally and who is about to die not said); None: as usual."""
        return None

    def raise_hand(self, state: State, seat: Seat) -> State:
        """A living voter of this character raises a hand in a nomination's vote (the Beggar
        needs a token); raise RuleError to refuse."""
        return state

    def nominated(self, state: State, seat: Seat, nominator: int, key: str) -> tuple[State, bool]:
        """This character is nominated; True when the nominator is executed at once (the
        Virgin)."""
        return state, False

    def stand_in(self, state: State, seat: Seat, executee: int, key: str) -> int:
        """Who is executed when ``executee`` would be (the Scapegoat may be, instead)."""
        return executee

    def executed(self, state: State, seat: Seat) -> tuple[str, str] | None:
        """(winner, ending) when executing this (living) character ends the game (the Saint)."""
        return None

    def dusk_ending(self, state: State, seat: Seat) -> tuple[str, str] | None:
        """(winner, ending) when the day ends, after any execution, because of this character:
        a day with no execution (the Mayor, the Vortox: they check ``State.executed``), the
        last day the Leviathan allows."""
        return None

    def owes_choice(self, state: State, seat: Seat) -> bool:
        """Whether this player, having learned by day that they died, must still make a choice
        before the day goes on (the Klutz's): the game waits for it, the night too."""
        return False

    def choose_owed(self, state: State, seat: Seat, key: str) -> Result:
        """The choice ``owes_choice`` says is owed, asked (``decisions.choose``) and resolved."""
        return state, []

    def takes_over(self, state: State, seat: Seat, alive_before: int) -> bool:
        """Whether this Minion becomes the Demon that just died (the Scarlet Woman)."""
        return False

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        """What this character's death sets off, after any takeover (the Imp's star pass)."""
        return state, []

    def makes_drunk(self, state: State, seat: Seat, target: int) -> bool:
        """Whether this character makes ``target`` drunk now (the Philosopher makes the holder
        of the ability it took drunk). Check the target before asking whether the ability
        works: being drunk is itself asked of every such unit."""
        return False

    def poisons(self, state: State, seat: Seat, target: int) -> bool:
        """Whether this character poisons ``target`` now (the No Dashii's Townsfolk
        neighbours); the same care as ``makes_drunk``."""
        return False

    def grants_ability(self, state: State, seat: Seat, target: int) -> bool:
        """Whether the dead ``target`` keeps an ability because of this character (the
        Vigormortis' Minions, the Bone Collector's choice)."""
        return False

    def misinforms(self, state: State, seat: Seat, learner: int) -> bool:
        """Whether this character makes ``learner``'s information false (the Vortox: every
        Townsfolk's)."""
        return False

    def tellers(self, state: State, seat: Seat) -> tuple[str, ...]:
        """The storytellers a player picks from, each time they learn something through an
        ability, to tell them (the Knaves: two); () for the one storyteller."""
        return ()

    def madness(self, state: State, seat: Seat) -> tuple[Madness, ...]:
        """Who this character makes mad, about what, now (the Cerenovus' choice for a day;
        the Mutant itself): ``engine.clocktower.game.madness``."""
        return ()

    def nominating(
        self, state: State, seat: Seat, nominator: int, nominee: int, key: str
    ) -> Result:
        """What this character does when anyone nominates (the Witch's curse kills)."""
        return state, []

    def execution(self, state: State, seat: Seat, executee: int) -> tuple[str, str] | None:
        """(winner, ending) when executing ``executee`` (anyone) ends the game because of this
        character, if the execution kills (the Evil Twin's good twin)."""
        return None

    def postpones_end(self, state: State, seat: Seat) -> bool:
        """Whether the game goes on although no Demon lives (the Mastermind's extra day)."""
        return False

    def judges_execution(self, state: State, seat: Seat, executee: int) -> tuple[str, str] | None:
        """(winner, ending) when executing ``executee`` ends the game because of this character
        whether or not they die: on the Mastermind's extra day the executee's team loses."""
        return None

    def prevents(self, state: State, seat: Seat, winner: str) -> bool:
        """Whether this character stops ``winner`` from winning now (the Evil Twin: good
        cannot win while both twins live)."""
        return False

    def ends_game(self, state: State, seat: Seat) -> tuple[str, str] | None:
        """(winner, ending) when, with no Demon alive, the state alone ends the game because
        of this character, checked before good's win after every step (the Atheist: good loses
        when just two players live)."""
        return None

    def overturn(
        self, state: State, seat: Seat, winner: str, key: str
    ) -> tuple[State, str, list[Effect]]:
        """How this character rewrites the result of a game the engine ends (``ending.conclude``):
        the winner it makes of ``winner`` and any change to the seats, with what the table is
        told. Asked of every seat holding it, dead ones too, stage by stage
        (``overturn_stage``): the Heretic swaps the winner, then the Politician may change
        sides and win. A storyteller's declared result is final and is not rewritten."""
        return state, winner, []

    def judges_storyteller(self, state: State, in_play: bool) -> tuple[str, str] | None:
        """(winner, ending) when the storyteller is executed, because this character is on the
        script (``in_play``: a player holds it): any living player may then nominate the
        storyteller (the Atheist: good wins if it is in play, else evil wins)."""
        return None

    def becomes(self, state: State, target: int, key: str) -> int:
        """Who becomes this character when an ability makes ``target`` it (the Pit-Hag's):
        ``target``, unless a jinx says otherwise (the Damsel: whoever the storyteller
        chooses)."""
        return target

    def after_change(self, state: State, seat: Seat, key: str) -> Result:
        """What this character does after characters or alignments changed (the Evil Twin
        finds a new twin of the other alignment)."""
        return state, []

    def exiled(self, state: State, seat: Seat, key: str) -> bool:
        """Whether this Traveller dies of its exile (the Deviant, if funny today, does not)."""
        return True

    def nominates_again(self, state: State, seat: Seat, by: int) -> bool:
        """Whether ``by`` may nominate once more after today's execution because of this
        character (the Butcher); while any may, the day goes on after the execution."""
        return False

    def day(self, state: State, action: Any) -> Result:
        """Resolve this character's ``day_action``."""
        raise NotImplementedError(self.id)

    def day_targets(self, state: State, by: int) -> tuple[int, ...]:
        """Whom ``by`` may target with the ``day_action`` now (the shell's autocomplete)."""
        return tuple(s.player for s in state.seats if s.alive)

    def request(self, by: int, target: Any) -> Any:
        """The ``day_action`` of ``by`` aimed at ``target`` (a player, or a statement)."""
        assert self.day_action is not None
        return self.day_action(by=by, target=target)

    def cannot_die(self, state: State, seat: Seat, target: int, cause: str) -> bool:
        """Whether this character (held by ``seat``) keeps ``target`` alive against a death of
        ``cause`` (the Sailor, the Tea Lady's neighbours, the Innkeeper's patrons tonight, the
        Devil's Advocate's choice at execution). The Assassin's kill ignores it."""
        return False

    def spares(
        self, state: State, seat: Seat, target: int, cause: str, key: str
    ) -> tuple[State, bool]:
        """A last escape from a death no protection stopped, which may rule or spend itself:
        the Pacifist's executed good player, the Fool's first death, the Zombuul's first death
        (it registers as dead instead). True: ``target`` does not die."""
        return state, False

    def someone_died(self, state: State, seat: Seat, dead: int, cause: str, key: str) -> Result:
        """What another player's death (of ``cause``) sets off for this character: the
        Grandmother dies with her grandchild, the Minstrel's town drinks, the Mastermind's
        extra day."""
        return state, []

    def claimed(self, state: State, seat: Seat, claimer: int, cid: str, key: str) -> Result:
        """What a public claim (``claimer`` says they are ``cid``, ``claims.claim``) sets off
        for this character, after it is recorded (the Goblin's claim when nominated)."""
        return state, []

    def chosen(self, state: State, seat: Seat, chooser: int, key: str) -> Result:
        """This character is chosen by ``chooser``'s ability at night (the Goon); units call
        ``abilities.targeting.aim`` for each player they choose, before acting on them."""
        return state, []

    def ballot(self, state: State, seat: Seat, voter: int) -> str | None:
        """How this character changes ``voter``'s hand in a nomination's vote: ``barred`` (may
        not vote), ``free`` (votes, a dead player spending no ghost vote), ``forced`` (must
        raise it: a lowered hand of their own is refused, one the storyteller or a timeout
        sets for them is not counted), or None (as usual). The Voudon's, the Zealot's."""
        return None

    def votes_needed(self, state: State, seat: Seat) -> int | None:
        """The votes a nominee needs to go on the block, if this character changes it (the
        Voudon: no majority needed); None: half the living, rounded up."""
        return None

    def may_nominate(self, state: State, seat: Seat, by: int) -> str | None:
        """Whether ``by`` may nominate now because of this character: None (no say), ``""``
        (allowed, even the storyteller) or a sentence refusing it (the Bishop)."""
        return None

    def storyteller_turn(self, state: State, seat: Seat) -> Any:
        """An action the storyteller still owes today because of this character (the Bishop's
        nomination of an opposing player): the day cannot end before it, and the bot
        storyteller takes it when the day idles. None: nothing owed."""
        return None

    def forbids_turn(self, state: State, seat: Seat, player: int, alignment: str) -> bool:
        """Whether ``player`` cannot turn ``alignment`` now, whatever ability would turn them
        (the Spirit of Ivory's cap on extra evil players): they stay as they are."""
        return False

    def forbids_whispers(self, state: State, seat: Seat) -> str | None:
        """A sentence refusing private conversations while this character is in play (the
        Matron), or None; the shell's ``/clocktower whisper`` asks it."""
        return None

    def asks(self, menu: Any, words: Words) -> str | None:
        """How a night menu of this character reads when not as usual ("as the X: choose …"):
        the Harlot's request, the Barber's haircuts chosen by the Demon, the Moonchild's choice
        on dying. ``menu`` is the question (``questions.NightMenu``); None: the usual words."""
        return None

    def says(self, event: Any, words: Words) -> str:
        """One of this character's ``events`` as a sentence (the Slayer's shot, the
        Cerenovus's madness), so the shell renders it without knowing the character."""
        raise NotImplementedError(f"{self.id} declares no words for {type(event).__name__}")

    def reads(self, info: Mapping[str, Any], words: Words) -> str:
        """What this character learned (an ``info`` tell's data), as the rest of a sentence."""
        answer = info["answer"]
        if isinstance(answer, bool):
            return words.strong("yes" if answer else "no")
        if isinstance(answer, int):
            return words.strong(answer)
        return words.strong(answer)

    # The bot storyteller ------------------------------------------------------------------------
    def decide(self, state: State, pending: Pending, rng: random.Random) -> int | None:
        """The bot storyteller's answer to one of this character's ``topics``; None: the
        general policy (``policy``) answers."""
        return None

    # Self-play ----------------------------------------------------------------------------------
    def suspect(self, score: dict[int, float], info: Mapping[str, Any], weight: float) -> None:
        """How a simulated player's suspicion ``score`` moves on hearing this information."""

    def choose(
        self, table: Table, state: State, player: int, options: list[Any], pick: int
    ) -> tuple[Any, ...] | None:
        """A simulated player's night choice as this character (None: a random legal one)."""
        return None

    def day_move(self, table: Table, state: State) -> Any:
        """A simulated table's use of this character's day ability now, or None."""
        return None

    def votes_yes(self, table: Table, state: State, voter: int) -> bool | None:
        """A simulated voter of this character's forced answer (None: no opinion)."""
        return None

    def claims(self, table: Table, state: State, player: int) -> str | None:
        """What a simulated player of this character publicly claims to be today (None: the
        table's usual claim, see ``selfplay``); the Mutant hides."""
        return None

    # Reasoning ----------------------------------------------------------------------------------
    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight | None:
        """How likely ``heard`` (what ``claimer`` says this character told them) is in each
        world of ``now``, for a sober holder and for an impaired one (None: the model cannot
        read it, and ignores it)."""
        return None

    def night_kills(self, night: int, quiet: bool, last: int) -> tuple[float, ...]:
        """How many players this character's ability kills on ``night``, as the reasoning
        model's worlds reckon it: the chance of 0, 1, 2, ... kills, given whether nobody died
        the day before (``quiet``) and how many died the night before (``last``). A Demon kills
        one a night after the first; anyone else, nobody."""
        if night > 1 and character(self.id).team == "demon":
            return (0.0, 1.0)
        return (1.0,)

    def seat_minions(self, n: int, seat: int, dealt: tuple[int, ...]) -> tuple[int, ...]:
        """Where Minions dealt to the seat indices ``dealt`` (of ``n`` residents) sit once this
        Demon, at ``seat``, has arranged them (``arranges``), as the reasoning model's worlds
        reckon it: where they were dealt, unless its seating rule moves them."""
        return dealt

    def public_info(self, record: Record, player: int) -> tuple[Heard, ...]:
        """What the public record told ``player``, who claims this character (a Slayer's shot,
        the Virgin's first nomination), as heard items for ``weigh``."""
        return ()

    def bluff(
        self, table: Table, state: State, player: int, world: World, night: int
    ) -> Heard | None:
        """What an evil ``player`` bluffing this character says it learned on ``night``, made
        up in the evil team's story ``world`` so that it hangs together (None: nothing)."""
        return None


class Registry:
    """Every character unit by id, and per hook the characters that override it."""

    def __init__(self) -> None:
        self.roles: dict[str, Role] = {}
        self._having: dict[str, dict[str, Role]] = {}
        self._unheld: dict[str, dict[str, Role]] = {}
        self._own: dict[str, dict[str, Role]] = {}
        self._topics: dict[str, Role | None] = {}
        self.version = 0  # counts the changes of units: lookups made before one are stale

    def _changed(self) -> None:
        self._having.clear()
        self._unheld.clear()
        self._own.clear()
        self._topics.clear()
        self.version += 1

    def add(self, role: Role) -> None:
        if role.id in self.roles:
            raise ValueError(f"two units for the character {role.id!r}")
        self.roles[role.id] = role
        self._changed()

    def remove(self, cid: str) -> None:
        """Forget a unit (tests that register a toy character clean up with this)."""
        self.roles.pop(cid, None)
        self._changed()

    @contextmanager
    def set_aside(self, cid: str) -> Iterator[None]:
        """Within the block, ``cid`` has no unit (or a test's own); after it, the registry is
        as it was, in the same order (tests that stand a toy in for a real character)."""
        saved = dict(self.roles)
        self.remove(cid)
        try:
            yield
        finally:
            self.roles = saved
            self._changed()

    def get(self, cid: str) -> Role | None:
        return self.roles.get(cid)

    def __contains__(self, cid: object) -> bool:
        return cid in self.roles

    def having(self, hook: str) -> dict[str, Role]:
        """The units that override ``hook`` (a method or class attribute of ``Role``)."""
        found = self._having.get(hook)
        if found is None:
            default = getattr(Role, hook)
            found = {
                cid: role
                for cid, role in self.roles.items()
                if getattr(type(role), hook) is not default
            }
            self._having[hook] = found
        return found

    def unheld(self, hook: str) -> dict[str, Role]:
        """The units that override ``hook`` and may be in play unheld (``Role.unheld``): the
        Fabled and Loric, and those that override ``unheld``."""
        found = self._unheld.get(hook)
        if found is None:
            may = self.having("unheld").keys() | _SCRIPT_LEVEL
            found = {cid: r for cid, r in self.having(hook).items() if cid in may}
            self._unheld[hook] = found
        return found

    def own(self, hook: str) -> dict[str, Role]:
        """The units whose own ability overrides ``hook``: not those that override every hook
        to pass it on to abilities they gain (``gained``: the Philosopher)."""
        found = self._own.get(hook)
        if found is None:
            relays = self.having("gained")
            found = {cid: unit for cid, unit in self.having(hook).items() if cid not in relays}
            self._own[hook] = found
        return found

    def day_actions(self) -> dict[str, type]:
        """The units' day action classes by name: a character may declare its own in its module,
        and the action log decodes it like the game's (``ACTIONS``)."""
        units = self.having("day_action").values()
        return {u.day_action.__name__: u.day_action for u in units if u.day_action is not None}

    def speaker(self, event: type) -> Role | None:
        """The character whose ``events`` include ``event``, which words it (``Role.says``)."""
        return next((r for r in self.having("says").values() if event in r.events), None)

    def topic_owner(self, topic: str) -> Role | None:
        if topic not in self._topics:
            self._topics[topic] = next((r for r in self.roles.values() if topic in r.topics), None)
        return self._topics[topic]

    def ending_owner(self, ending: str) -> Role | None:
        return next((r for r in self.roles.values() if ending in r.endings), None)

    def reminder_text(self, kind: str) -> str:
        """A reminder's kind in words, from the unit that places it (else the kind itself)."""
        owner = next((r for r in self.roles.values() if kind in r.reminders), None)
        return owner.reminders[kind] if owner is not None else kind.replace("_", " ")


REGISTRY = Registry()
PLAIN = Role()  # the unit of a character without one: no hooks (the storyteller runs it)


def role(cid: str) -> Role:
    """The unit of a character, or the plain one when the engine does not automate it."""
    return REGISTRY.roles.get(cid, PLAIN)


def automated_travellers(edition: str | None = None) -> tuple[str, ...]:
    """The Traveller characters the engine runs, in catalogue order (the bag draws from these
    and a newcomer is offered them); with ``edition``, only that edition's (the Travellers
    recommended for a base edition's script)."""
    return tuple(
        c.id
        for c in characters()
        if c.team == "traveller" and c.id in REGISTRY and edition in (None, c.edition)
    )


# The teams no player holds: their characters are in force while on the script.
SCRIPT_LEVEL_TEAMS = ("fabled", "loric")
_SCRIPT_LEVEL = frozenset(c.id for c in characters() if c.team in SCRIPT_LEVEL_TEAMS)


@cache
def unheld_seat(cid: str) -> Seat:
    """The seat of nobody (player ``NOBODY``) on which an unheld character's hooks are asked
    (``Role.unheld``): never among the state's seats, always alive, of the character's team; a
    Fabled or Loric of no alignment, its reminders the storyteller's (they always hold)."""
    team = character(cid).team
    alignment = (
        "" if team in SCRIPT_LEVEL_TEAMS else "evil" if team in ("minion", "demon") else "good"
    )
    return Seat(NOBODY, cid, cid, alignment, team)


def in_force(state: State, cid: str) -> bool:
    """Whether a character no player holds is in play now (``Role.unheld``)."""
    return role(cid).unheld(state)


def current(state: State, s: Seat) -> Seat:
    """``s`` as it is in ``state`` now (a player's seat after a change; a seat of nobody as is)."""
    return s if s.player == NOBODY else seat(state, s.player)


def holder(s: Seat) -> str:
    """Who holds the ability of ``s``, for a ruling's key: the player, or for a seat of nobody
    the character itself (several Fabled may be in force at once)."""
    return s.character if s.player == NOBODY else str(s.player)


def seats_having(state: State, hook: str) -> list[tuple[Seat, Role]]:
    """The seats whose true character overrides ``hook``, with its unit, then the seats that
    gained such a character's ability (``Role.gained``), with that unit, then the characters
    in play that no player holds (``Role.unheld``), each with its ``unheld_seat``.

    The engine asks this for every hook at every step, so what the seats alone decide is
    looked up once per tuple of seats (``model.Index``); what the rest of the state decides
    (abilities gained and given, unheld characters in force) is asked afresh."""
    seated = _seated(state, hook)
    if not seated.more:
        return list(seated.own)
    found = list(seated.own)
    units = seated.units
    if seated.gaining:
        known = _this_state(state)
        gainers = REGISTRY.having("gained")
        for s in seated.gaining:
            held = known.get(s.player)
            if held is None:
                held = known[s.player] = _held(state, s, gainers)
            found += [(s, units[c]) for c in held if c in units]
    if seated.granting:
        found += [(s, units[c]) for s, c in _granted(state) if c in units]
    if seated.unheld:
        found += [(unheld_seat(c), u) for c, u in seated.unheld.items() if u.unheld(state)]
    return found


def _seated(state: State, hook: str) -> _Seated:
    memo = index(state).memo
    seated: _Seated | None = memo.get(hook)
    if seated is None or seated.version != REGISTRY.version:
        seated = memo[hook] = _Seated(state.seats, hook)
    return seated


def _this_state(state: State) -> dict[Any, Any]:
    """Lookups for this very State, as the registry is now: the abilities gained and given
    (``Role.gained``, ``Role.grants`` say them of the state alone, which never changes)."""
    memo = index(state).memo
    got: tuple[weakref.ref[State], int, dict[Any, Any]] | None = memo.get("_state")
    if got is None or got[0]() is not state or got[1] != REGISTRY.version:
        got = memo["_state"] = (weakref.ref(state), REGISTRY.version, {})
    return got[2]


class _Seated:
    """For one hook and one tuple of seats: the seats whose own character overrides it, in
    seat order, and whether gained, given or unheld abilities may add more."""

    __slots__ = ("version", "units", "own", "gaining", "granting", "unheld", "more")

    def __init__(self, seats: tuple[Seat, ...], hook: str) -> None:
        self.version = REGISTRY.version
        self.units = units = REGISTRY.having(hook)
        gainers = REGISTRY.having("gained")
        granters = REGISTRY.having("grants")
        self.own = tuple((s, units[s.character]) for s in seats if s.character in units)
        has = bool(units)
        self.gaining = tuple(s for s in seats if s.character in gainers) if has else ()
        self.granting = has and any(s.character in granters for s in seats)
        self.unheld = REGISTRY.unheld(hook) if has else {}
        self.more = bool(self.gaining or self.granting or self.unheld)


def _held(state: State, seat: Seat, gainers: dict[str, Role]) -> Sequence[str]:
    """The abilities a gainer's seat has, and those these give in turn (a Cannibal who ate a
    Hermit has every Outsider's)."""
    first = gainers[seat.character].gained(state, seat)
    if not any(c in gainers for c in first):
        return first  # the usual case: nothing nested
    found = list(first)
    at = 0
    while at < len(found):
        if found[at] in gainers and found[at] != seat.character:
            found += [c for c in gainers[found[at]].gained(state, seat) if c not in found]
        at += 1
    return tuple(found)


def _granted(state: State) -> list[tuple[Seat, str]]:
    """The abilities characters have given other players (``Role.grants``), by receiving seat."""
    granters = _seated(state, "grants").own
    if not granters:
        return []
    known = _this_state(state)
    found: list[tuple[Seat, str]] | None = known.get("granted")
    if found is None:
        given = [(p, c) for s, unit in granters for p, c in unit.grants(state, s)]
        found = known["granted"] = [(s, c) for p, c in given for s in state.seats if s.player == p]
    return found


def granted(state: State, player: int) -> tuple[str, ...]:
    """The characters whose abilities others have given ``player`` (``Role.grants``)."""
    return tuple(c for s, c in _granted(state) if s.player == player)


def gained(state: State, seat: Seat) -> tuple[str, ...]:
    """The characters whose abilities ``seat`` has gained besides its own (``Role.gained``), and
    those given to it (``Role.grants``)."""
    gainers = REGISTRY.having("gained")
    own = tuple(_held(state, seat, gainers)) if seat.character in gainers else ()
    return own + tuple(c for s, c in _granted(state) if s.player == seat.player)


def has_ability(state: State, seat: Seat, cid: str) -> bool:
    """Whether ``seat`` has ``cid``'s ability: as its character, or gained."""
    return seat.character == cid or cid in gained(state, seat)
