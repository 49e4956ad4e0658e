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
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from engine.core import Effect

if TYPE_CHECKING:
    from engine.clocktower.game.falseworld import World
    from engine.clocktower.game.model import Mark, Pending, Seat, State
    from engine.clocktower.game.registration import Registration
    from engine.clocktower.reasoning.moment import Moment, Weight
    from engine.clocktower.reasoning.record import Heard, Record

Result = tuple["State", list[Effect]]


class Words(Protocol):
    """How the shell writes the parts of a sentence: a player's name, a character's name,
    emphasis. The engine composes sentences from these and never formats for Discord itself."""

    def player(self, player: int) -> str: ...

    def players(self, players: Sequence[int]) -> str: ...

    def character(self, cid: str) -> str: ...

    def strong(self, text: object) -> str: ...


class Table(Protocol):
    """What a self-play hint may ask of the simulated table (``engine.clocktower.selfplay``)."""

    rng: random.Random

    def ranked(self, state: State, player: int, pool: list[int]) -> list[int]: ...

    def trusted(self, state: State, player: int, pool: list[int]) -> list[int]:
        """``pool`` without ``player``'s known teammates, the most valuable to the good side
        first (as ``player`` sees it; an evil player sees the town's view)."""
        ...

    def scores(self, state: State, player: int) -> dict[int, float]: ...

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
    """A day ability as the shell offers it: ``/clocktower <name> <option>``, the option a player
    (offered from ``Role.day_targets``), and ``done`` the acknowledgement. With ``statement`` the
    command takes a ``statements.Statement`` instead (the Gossip's), passed to ``request``."""

    name: str
    description: str
    option: str
    option_description: str
    done: str
    statement: bool = False


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
    # The reasoning model (``engine.clocktower.reasoning``): an evil character whose effect on
    # the game the model's worlds cover (``reasoned``); one that poisons a player each night
    # (``poisons``); a Minion that becomes the Demon when it dies with at least ``inherits``
    # players alive.
    reasoned: ClassVar[bool] = False
    poisons: ClassVar[bool] = False
    inherits: ClassVar[int | None] = None
    # A day action (an action class of ``engine.clocktower.game.actions``) handled by ``day``,
    # requested through ``command``.
    day_action: ClassVar[type | None] = None
    command: ClassVar[DayCommand | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.id:
            REGISTRY.add(cls())

    # Setup ------------------------------------------------------------------------------------
    def setup(self, state: State, seat: Seat) -> State:
        """Setup rulings for this seat (the Drunk's token, a red herring), before the deal."""
        return state

    def briefed_as(self, state: State, seat: Seat) -> tuple[str, str]:
        """The character and alignment the player is told they have."""
        return seat.shown, seat.alignment

    # The night --------------------------------------------------------------------------------
    def wakes(self, state: State, seat: Seat) -> bool:
        """Whether the player wakes when this character's turn comes tonight."""
        return seat.alive

    def night(self, state: State, player: int, key: str) -> Result:
        """The wake: choices (``decisions.choose``), rulings (``decisions.rule``), effects."""
        return state, []

    # Passive hooks ------------------------------------------------------------------------------
    def holds(self, state: State, mark: Mark) -> bool:
        """Whether a reminder this character placed still has its effect (default: while the
        ability works)."""
        from engine.clocktower.game.model import works

        return works(state, mark.source)

    def protects(self, state: State, seat: Seat, target: int) -> bool:
        """Whether this character (held by ``seat``) makes ``target`` safe from the Demon."""
        return False

    def redirect(self, state: State, seat: Seat, attacker: int, key: str) -> int:
        """Who dies when the Demon attacks this (working) character instead (the Mayor)."""
        return seat.player

    def registrations(self, state: State, seat: Seat) -> tuple[Registration, ...]:
        """Every way the player may register, the true one first: also as every character of
        ``registers_as`` while sober (the Spy, the Recluse)."""
        from engine.clocktower.game.registration import misregistrations, true_registration

        if self.registers_as:
            return misregistrations(state, seat.player, self.registers_as)
        return (true_registration(state, seat.player),)

    def vote_factor(self, state: State, seat: Seat, voter: int) -> int:
        """What this character multiplies ``voter``'s vote by (the Bureaucrat, the Thief)."""
        return 1

    def vote_counts(self, state: State, seat: Seat, yes: tuple[int, ...]) -> bool:
        """Whether this voter's raised hand counts, given who else raised theirs (the Butler)."""
        return True

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

    def quiet_dusk(self, state: State, seat: Seat) -> tuple[str, str] | None:
        """(winner, ending) when a day ends with no execution (the Mayor)."""
        return None

    def takes_over(self, state: State, seat: Seat, alive_before: int) -> bool:
        """Whether this Minion becomes the Demon that just died (the Scarlet Woman)."""
        return False

    def died(self, state: State, seat: Seat, cause: str, key: str) -> Result:
        """What this character's death sets off, after any takeover (the Imp's star pass)."""
        return state, []

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

    # Reading ------------------------------------------------------------------------------------
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

    def choose(self, table: Table, state: State, player: int, options: list[int], pick: int):
        """A simulated player's night choice as this character (None: a random legal one)."""
        return None

    def day_move(self, table: Table, state: State) -> Any:
        """A simulated table's use of this character's day ability now, or None."""
        return None

    def votes_yes(self, table: Table, state: State, voter: int) -> bool | None:
        """A simulated voter of this character's forced answer (None: no opinion)."""
        return None

    # Reasoning ----------------------------------------------------------------------------------
    def weigh(self, heard: Heard, now: Moment, claimer: int) -> Weight | None:
        """How likely ``heard`` (what ``claimer`` says this character told them) is in each
        world of ``now``, for a sober holder and for an impaired one (None: the model cannot
        read it, and ignores it)."""
        return None

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

    def add(self, role: Role) -> None:
        if role.id in self.roles:
            raise ValueError(f"two units for the character {role.id!r}")
        self.roles[role.id] = role
        self._having.clear()

    def remove(self, cid: str) -> None:
        """Forget a unit (tests that register a toy character clean up with this)."""
        self.roles.pop(cid, None)
        self._having.clear()

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

    def topic_owner(self, topic: str) -> Role | None:
        return next((r for r in self.roles.values() if topic in r.topics), None)

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


def automated_travellers() -> tuple[str, ...]:
    """The Traveller characters the engine runs, in catalogue order (the bag draws from these
    and a newcomer is offered them)."""
    from engine.clocktower.catalogue import characters

    return tuple(c.id for c in characters() if c.team == "traveller" and c.id in REGISTRY)


def seats_having(state: State, hook: str) -> list[tuple[Seat, Role]]:
    """The seats whose true character overrides ``hook``, with its unit."""
    units = REGISTRY.having(hook)
    if not units:
        return []
    return [(s, units[s.character]) for s in state.seats if s.character in units]
