"""What several Sects & Violets units share: the Demons' nightly kill, the Townsfolk nearest a
player (the No Dashii's and the Vigormortis' poison), the good and evil characters of the game,
and the answers the information characters give in a few common shapes."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.clocktower.game.abilities.kill import demon_attack
from engine.clocktower.game.cast import char, playable
from engine.clocktower.game.decisions import choose
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Info
from engine.clocktower.game.guards import refuse_unless, require_day_between_votes
from engine.clocktower.game.model import Seat, State
from engine.clocktower.game.roles import Result, Role, Table, has_ability, most_trusted
from engine.clocktower.game.working import active

GOOD_TEAMS = ("townsfolk", "outsider")
EVIL_TEAMS = ("minion", "demon")


def of_teams(state: State, teams: tuple[str, ...]) -> tuple[str, ...]:
    """The characters of the game's script of these teams (no Travellers, Fabled or Loric)."""
    return tuple(c for c in playable(state) if char(state, c).team in teams)


def townsfolk_neighbours(state: State, player: int) -> tuple[int, ...]:
    """The nearest Townsfolk clockwise and counterclockwise of ``player``, alive or dead
    (Outsiders, Minions, Demons and Travellers are skipped); one if they are the same."""
    order = [s.player for s in state.seats]
    teams = {s.player: s.team for s in state.seats}
    i, n = order.index(player), len(order)
    found: list[int] = []
    for step in (1, -1):
        near = next(
            (
                order[(i + step * k) % n]
                for k in range(1, n)
                if teams[order[(i + step * k) % n]] == "townsfolk"
            ),
            None,
        )
        if near is not None and near not in found:
            found.append(near)
    return tuple(found)


def visitor(state: State, by: int, cid: str, refusal: str) -> Seat:
    """The player using ``cid``'s private day ability (the Savant's visit, the Artist's
    question): by day, between votes, one who believes they are ``cid`` or has its ability, and
    has their ability (alive, or keeping it); else RuleError (``refusal``, to the player alone:
    it tells them nothing they do not know, but, to one whose character is hidden from them, that
    the ability is not theirs, as trying it at the table would)."""
    require_day_between_votes(state)
    me = next((s for s in state.seats if s.player == by), None)
    refuse_unless(me is not None and (me.shown == cid or has_ability(state, me, cid)), refusal)
    assert me is not None
    refuse_unless(active(state, me.player), "The dead have no ability to use.")
    return me


def day_info(
    state: State, player: int, cid: str, answer: object, question: str | None = None
) -> Result:
    """What a day ability taught ``player`` privately (the Savant's, the Artist's, with the
    Artist's ``question``), dated by the day."""
    state, told = tell(
        state,
        Info(
            player,
            character=cid,
            night=state.night,
            day=state.day,
            answer=answer,
            players=(),
            question=question,
        ),
    )
    return state, [told]


def prey(table: Table, state: State, player: int, options: list[int]) -> list[int]:
    """The players a simulated evil player would harm: not its known teammates."""
    mates = table.team(state, player)
    return [p for p in options if p not in mates] or options


def trusted_prey(table: Table, state: State, player: int, options: list[int]) -> int | None:
    """The good player the town trusts most among ``prey`` (the Witch's, Cerenovus's and
    Pit-Hag's aim: what the town would lose most by them); None: no option."""
    targets = table.trusted(state, player, prey(table, state, player, options))
    return targets[0] if targets else None


class KillsNightly(Role):
    """A Demon that, each night but the first, chooses a player who dies (unless protected)."""

    # How often a simulated Demon of this kind attacks one of its own Minions.
    kills_minion: ClassVar[float] = 0.0

    def night(self, state: State, player: int, key: str) -> Result:
        everyone = tuple(s.player for s in state.seats)
        (target,) = choose(state, key + ":pick", player, self.id, everyone)
        return self.attack(state, player, target, key)

    def attack(self, state: State, player: int, target: int, key: str) -> Result:
        return demon_attack(state, player, target, key)

    def choose(
        self, table: Table, state: State, player: int, options: list[int], pick: int
    ) -> tuple[int, ...] | None:
        team = table.team(state, player)
        mates = [s.player for s in state.seats if s.player in team and s.player in options]
        if mates and table.rng.random() < self.kills_minion:
            return (table.rng.choice(mates),)
        return most_trusted(table, state, player, prey(table, state, player, options), 1)


def shuffled(items: list[Any], rng: random.Random) -> list[Any]:
    items = list(items)
    rng.shuffle(items)
    return items
