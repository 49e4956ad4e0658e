"""The information pattern: a character learns something, true unless the rules allow otherwise.

Each ability computes the true answer, the answers that misregistration (Spy, Recluse) makes
legal, and plausible false answers. A sober, living character with no misregistration involved
learns the truth without bothering the storyteller; otherwise the storyteller rules, offered the
truth first. A drunk or poisoned character's ruling also offers the answer in that player's false
world (``falseworld``), its index in ``data["consistent"]``: the lie that agrees with every other
lie they are told. While the Vortox lives, a Townsfolk's information must be false
(``misinformed``): the ruling offers only false answers (``reason`` ``vortox``) and its form
forbids the true ones. Any answer that is not true is recorded as abnormal for the
Mathematician (``abnormal``). What a player learns is an ``Info`` event with ``character``,
``night`` and ``answer`` shaped per character:

- washerwoman, librarian, investigator: ``(player_a, player_b, character)``; librarian ``None``
  when there are no Outsiders;
- chef, empath: ``int``; fortuneteller: ``bool``; undertaker, ravenkeeper: ``character``.

``players`` names who the answer is about where the answer itself does not: the Empath's
neighbours, the Fortune Teller's two choices, the player the Undertaker or Ravenkeeper learns.
A drunk or poisoned Spy is the storyteller's call too (``spy_grimoire``): the true grimoire, or
its false world's. Where more than one storyteller speaks (the Knaves), the one who tells a
player is a reminder on them (``TELLER``, the name its note) and the ``Info`` names them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from engine.clocktower.game import abnormal
from engine.clocktower.game.cast import playable, script_team
from engine.clocktower.game.decisions import choose_value, rule
from engine.clocktower.game.effects import tell
from engine.clocktower.game.events import Info
from engine.clocktower.game.falseworld import World, false_world
from engine.clocktower.game.model import (
    SYSTEM,
    Field,
    Form,
    Phase,
    State,
    drop_marks,
    put_marks,
)
from engine.clocktower.game.registration import (
    alignments,
    misregisters,
    registrations,
)
from engine.clocktower.game.roles import seats_having
from engine.clocktower.game.working import healthy, is_drunk, sober, works
from engine.core import Effect, seeded_rng

Result = tuple[State, list[Effect]]
Lie = Callable[[World], Any]  # the answer computed on a false world
MAX_FALSE = 3
TELLER = "teller"  # the reminder naming the storyteller who tells a player (the Knaves')


def impaired(state: State, player: int) -> str:
    """Why a player's ability fails: ``drunk`` or ``poisoned``."""
    return "drunk" if is_drunk(state, player) else "poisoned"


def learn(
    state: State,
    player: int,
    character: str,
    key: str,
    truth: Any,
    registered: Iterable[Any] = (),
    false: Iterable[Any] = (),
    about: tuple[int, ...] = (),
    lie: Lie | None = None,
    dead_ok: bool = False,
    fields: tuple[Field, ...] = (),
    unordered: int = 0,
    also_true: Iterable[Any] = (),
    also_registered: Iterable[Any] = (),
    **details: Any,
) -> Result:
    """Tell ``player`` the answer: the truth, or the storyteller's pick where the rules allow.

    A player woken by their own death (``dead_ok``: the Ravenkeeper) is judged by sobriety alone.
    For a drunk or poisoned player ``lie`` gives the answer in their false world, offered after
    the truth and the registrations, its index in the ruling's ``consistent``. With ``fields``
    (the answer's parts) the storyteller may also answer from the full range: for a drunk or
    poisoned player anything of that shape, for a sober one any true answer (``also_true``: the
    true answers beside the one suggested) or registration (``also_registered``: the legal
    registrations beside those suggested). ``details`` go with the answer (the Artist's
    question)."""
    state = picked_teller(state, player, key)
    data: dict[str, Any] = {"player": player, "character": character, "players": about}
    form = None
    registered, also_true = tuple(registered), frozenset(also_true)
    legal = frozenset(also_registered)
    if misinformed(state, player):
        trues = frozenset((truth, *registered, *also_true, *legal))
        told = _false_only(
            state, player, character, key, trues, false, about, lie, fields, unordered, details
        )
        if told is not None:
            return told
    if sober(state, player) if dead_ok else works(state, player):
        options = tuple(dict.fromkeys((truth, *registered)))
        data["reason"] = "registration"
        if fields:
            allowed = frozenset((*options, *also_true, *legal))
            form = Form(fields, unordered, allowed)
            if len(allowed) > len(options):
                data["reason"] = "choice" if not registered else "registration"
    else:
        consistent = () if lie is None else (lie(false_world(state, player)),)
        options = tuple(dict.fromkeys((truth, *registered, *consistent, *false)))
        data["reason"] = impaired(state, player)
        if consistent:
            data["consistent"] = options.index(consistent[0])
        if fields:
            form = Form(fields, unordered)
    got = rule(state, key, "info", options, form=form, **data, **details)
    wrong = got != truth and got not in also_true
    return _told(state, player, character, got, about, wrong, details)


def _told(
    state: State,
    player: int,
    character: str,
    got: Any,
    about: tuple[int, ...],
    wrong: bool,
    details: dict[str, Any],
) -> Result:
    """Tell the answer; one that is not true worked abnormally (``abnormal``)."""
    if wrong:
        state = abnormal.mark(state, player)
    by = teller(state, player)
    info = Info(player, character=character, night=state.night, answer=got, players=about)
    state, effect = tell(state, replace(info, teller=by, **details))
    return state, [effect]


def picked_teller(state: State, player: int, key: str) -> State:
    """Where several storytellers speak (``Role.tellers``: the Knaves), the one ``player`` picks
    to tell them this, as their ``TELLER`` reminder (by day a choice made by day)."""
    for s, unit in seats_having(state, "tellers"):
        names = unit.tellers(state, s)
        if not names:
            continue
        when = "day" if state.phase is Phase.DAY else "night"
        name = choose_value(state, key + ":teller", player, unit.id, names, "value", when=when)
        state = drop_marks(state, TELLER, target=player)
        state = put_marks(state, TELLER, SYSTEM, (player,), character=unit.id, note=str(name))
    return state


def teller(state: State, player: int) -> str:
    """The storyteller who tells ``player`` what they learn ("": the only one)."""
    return next((m.note for m in state.marks if m.kind == TELLER and m.target == player), "")


def misinformed(state: State, player: int) -> bool:
    """Whether ``player``'s information must be false (``Role.misinforms``: the Vortox), unless
    made sober and healthy (the Barista)."""
    units = seats_having(state, "misinforms")
    if not units or healthy(state, player):
        return False
    return any(unit.misinforms(state, s, player) for s, unit in units)


def _false_only(
    state: State,
    player: int,
    character: str,
    key: str,
    trues: frozenset[Any],
    false: Iterable[Any],
    about: tuple[int, ...],
    lie: Lie | None,
    fields: tuple[Field, ...],
    unordered: int,
    details: dict[str, Any],
) -> Result | None:
    """Information the Vortox makes false: the storyteller picks among the false answers (the
    consistent lie first, when it is false), never a true one or a registration. None when no
    answer can be false (the Balloonist's first player: anyone differs from nobody), so the
    information is given as it would be without the Vortox."""
    consistent = () if lie is None else (lie(false_world(state, player)),)
    options = tuple(dict.fromkeys(a for a in (*consistent, *false) if a not in trues))
    if not options:
        return None
    data: dict[str, Any] = {"player": player, "character": character, "players": about}
    data["reason"] = "vortox"
    if consistent and consistent[0] in options:
        data["consistent"] = 0
    form = Form(fields, unordered, forbidden=trues) if fields else None
    got = rule(state, key, "info", options, truth=None, form=form, **data, **details)
    return _told(state, player, character, got, about, got not in trues, details)


def _others(state: State, player: int) -> list[int]:
    return [s.player for s in state.seats if s.player != player]


def one_of_two(state: State, player: int, character: str, key: str, team: str) -> Result:
    """Washerwoman, Librarian, Investigator: one of two players is a given character of a team."""
    rng = seeded_rng(state.seed, key)
    others = _others(state, player)

    def pair(p: int, cid: str) -> tuple[int, int, str]:
        decoy = rng.choice([o for o in others if o != p])
        a, b = sorted((p, decoy))
        return (a, b, cid)

    def shown(world: World) -> tuple[int, int, str] | None:
        found = [(p, world[p].character) for p in others if world[p].team == team]
        return pair(*rng.choice(found)) if found else None

    true_seats = [s for s in state.seats if s.player != player and s.team == team]
    truth = None
    if true_seats:
        s = rng.choice(true_seats)
        truth = pair(s.player, s.character)
    registered = []
    for p in others:
        alts = [r.character for r in registrations(state, p)[1:] if r.team == team]
        if misregisters(state, p) and alts:
            registered.append(pair(p, rng.choice(alts)))
    pool = list(script_team(state, team))
    false: list[Any] = [pair(rng.choice(others), rng.choice(pool)) for _ in range(MAX_FALSE)]
    if team == "outsider" and truth is not None:
        false.append(None)
    hits = [(p, r.character) for p in others for r in registrations(state, p) if r.team == team]
    true_pairs = {(*sorted((p, d)), cid) for p, cid in hits for d in others if d != p}
    chars = tuple(dict.fromkeys((*pool, *(cid for _, cid in hits))))
    fields = (
        Field("player", tuple(others)),
        Field("player", tuple(others)),
        Field("character", chars),
    )
    return learn(
        state,
        player,
        character,
        key,
        truth,
        registered,
        false,
        lie=shown,
        fields=fields,
        unordered=2,
        also_true=true_pairs,
    )


def evil_views(state: State, players: list[int]) -> list[dict[int, bool]]:
    """Every combination of how ``players`` may register: evil (True) or not."""
    choices = [[a == "evil" for a in alignments(state, p)] for p in players]
    return [dict(zip(players, combo, strict=True)) for combo in itertools.product(*choices)]


def numbers(truth: int, possible: list[int], top: int) -> tuple[list[int], list[int]]:
    """A count's registered answers (other counts misregistration allows) and false ones (the
    rest of 0..``top``)."""
    registered = [v for v in dict.fromkeys(possible) if v != truth]
    false = [v for v in range(top + 1) if v != truth and v not in registered]
    return registered, false


def character_of(
    state: State, player: int, character: str, key: str, target: int, dead_ok: bool = False
) -> Result:
    """The Undertaker's and Ravenkeeper's pattern: learn the character ``target`` registers as."""
    rng = seeded_rng(state.seed, key)
    regs = registrations(state, target)
    registered = [r.character for r in regs[1:]]
    pool = [c for c in state.script_ids if c != regs[0].character]
    false = rng.sample(pool, min(MAX_FALSE, len(pool)))

    def shown(world: World) -> str:
        return world[target].character

    return learn(
        state,
        player,
        character,
        key,
        regs[0].character,
        registered,
        false,
        (target,),
        shown,
        dead_ok=dead_ok,
        fields=(Field("character", playable(state)),),
    )
