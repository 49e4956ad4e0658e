"""Drive a Clocktower game from a scenario file and check what it says should happen.

A scenario names the script (``"script": "bmr"`` or ``"snv"``; Trouble Brewing by default; with
``"extra": [ids]`` more characters on it, experimental ones say; ``"house_rules"`` its homebrew
rules), the
seats' characters (players 1..n), a human storyteller (id 100) unless ``"bot": true``, setup
rulings by topic (``drunk_token``, ``red_herring``, ``grandchild``, ``lunatic_token``: the option
equal to the value given; any other setup ruling, the bluffs too, takes option 0) and a list of
steps. Each step is one of:

- ``{"choose": [player, [targets]]}`` a night choice (``[]``: nobody, when that is allowed; a
  character's id for a character, 0 for no one where the prompt offers it); ``{"pick": [player,
  value]}`` a night choice of a character or of yes/no; ``{"rule": i}`` the storyteller picks
  option ``i``; ``{"rule_value": v}`` the option equal to ``v``; ``{"rule_own": [values]}`` an
  answer of their own from the ruling's form;
- Sects & Violets: ``{"claim": [player, character]}``, ``{"execute_mad": player}``,
  ``{"juggle": [by, target, character]}``, ``{"visit": player}`` (the Savant),
  ``{"question": [by, kind, [players], value]}`` or ``{"ask": [by, text]}`` (the Artist),
  ``{"klutz": [by, target]}``; any unit's day command: ``{"use": [character, by, target]}``
  (the target as its ``request`` takes it);
- ``{"nominate": [a, b]}``; ``{"vote": [yes voters]}`` (everyone else in turn votes no);
  ``{"slay": [a, b]}``; ``{"end_day": true}``; Travellers: ``{"exile": [a, b]}``,
  ``{"shoot": [a, b]}``, ``{"give_vote": [a, b]}`` (Traveller alignments under ``alignments``),
  ``{"swap": [matron, a, b]}``, ``{"verdict": [judge, true]}``; ``{"gossip": [by, kind,
  [players], value]}`` a public statement; ``{"kill": p}`` the storyteller kills ``p``;
- ``{"error": step, "message": text}``: that step is refused with a message containing ``text``
  and leaves the state unchanged;
- ``{"expect": {...}}``: ``dead``, ``phase``, ``winner``, ``ending``, ``character``
  (``{player: id}``), ``pending`` (kind or null), ``topic``, ``reason``, ``options``, ``block``,
  ``info`` (``{player: answer}``, the last info that player got), ``info_true`` / ``info_false``
  (players whose last information is / is not true now), ``told`` (``{player: event}``),
  ``not_told`` likewise, ``believes`` (``{player: the character they were told}``),
  ``info_about`` (``{player: someone in their last pair}``), ``votes`` (the last tally's counted
  votes), ``alive_count``, ``lives`` (players alive in truth, a Zombuul registering as dead
  too), ``alignment`` (``{player: good or evil}``), ``drunk`` / ``poisoned`` / ``sober`` (exactly
  these players), ``seating`` (the players in seat order), ``threshold``, ``announced`` /
  ``not_announced`` (public events of the last step, a whole vote's for a vote), ``mad`` (``{player: what they are mad
  about, or null}``), ``abnormal`` (the players whose abilities worked abnormally since dawn),
  ``claims`` (``[[player, character], ...]`` today), ``shown`` (``{player: character they
  believe}``), ``told_data`` (``{player: [event, {key: value}]}``: their last tell of that event
  has those values), ``last_told`` (``{player: [event, {data subset}]}``, the very last private
  message), ``queue`` (the characters still to wake tonight, in order), ``offered`` /
  ``not_offered`` (values among / not among the pending question's options), ``menu`` (the
character the open night menu names to its player: "" when it is hidden from them).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.clocktower.catalogue import character, edition_characters
from engine.clocktower.game import (
    Adjust,
    Claim,
    EndDay,
    ExecuteMad,
    Exile,
    GiveVote,
    Gossip,
    Join,
    Juggle,
    KlutzChoice,
    NightChoice,
    Nominate,
    Question,
    Shoot,
    Slay,
    Start,
    State,
    StorytellerRuling,
    SwapSeats,
    Verdict,
    Visit,
    Vote,
    apply,
    briefing,
    new_game,
    open_prompts,
    seat,
)
from engine.clocktower.game.abilities.votes import threshold
from engine.clocktower.game.abnormal import since_dawn
from engine.clocktower.game.madness import madness_of
from engine.clocktower.game.model import lives, mark_target, neighbours
from engine.clocktower.game.questions import NightMenu
from engine.clocktower.game.roles import role
from engine.clocktower.game.working import is_drunk, is_poisoned, sober
from engine.core import Event, Public, RuleError

ST = 100
TB = tuple(c.id for c in edition_characters("tb"))
BMR = tuple(c.id for c in edition_characters("bmr") if c.team != "traveller")
SNV = tuple(c.id for c in edition_characters("snv") if c.team != "traveller")
SCRIPTS = {"tb": TB, "bmr": BMR, "snv": SNV}
SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(tupled(v) for v in value)
    return value


def start(spec: dict[str, Any]) -> State:
    bot = spec.get("bot", False)
    script = SCRIPTS[spec.get("script", "tb")] + tuple(spec.get("extra", ()))
    rules = tuple(spec.get("house_rules", ()))  # the script's homebrew rules (the Bootlegger)
    state = new_game(None if bot else ST, spec.get("seed", 1), script, bot, house_rules=rules)
    for p, cid in enumerate(spec["characters"], start=1):
        state = apply(state, Join(p, traveller=character(cid).team == "traveller")).state
    state = apply(state, Start(0 if bot else ST, tuple(spec["characters"]))).state
    while state.pending is not None and state.pending.key.startswith("setup:"):
        wanted = tupled(spec.get(state.pending.topic))  # a pair as a list, say
        if state.pending.topic == "traveller_alignment":
            wanted = spec["alignments"][str(dict(state.pending.data)["player"])]
        index = state.pending.options.index(wanted) if wanted is not None else 0
        state = apply(state, StorytellerRuling(ST, state.pending.id, index)).state
    return state


def action(state: State, step: dict[str, Any]) -> Any:
    if "choose" in step:
        player, targets = step["choose"]
        return NightChoice(player, tuple(targets))
    if "pick" in step:
        player, value = step["pick"]
        return NightChoice(player, (value,))
    if "rule" in step or "rule_value" in step:
        assert state.pending is not None, "no ruling is pending"
        index = step.get("rule")
        if index is None:
            index = state.pending.options.index(tupled(step["rule_value"]))
        return StorytellerRuling(ST, state.pending.id, index)
    if "rule_own" in step:
        assert state.pending is not None, "no ruling is pending"
        return StorytellerRuling(ST, state.pending.id, value=tupled(step["rule_own"]))
    if "claim" in step:
        return Claim(*step["claim"])
    if "execute_mad" in step:
        return ExecuteMad(ST, step["execute_mad"])
    if "juggle" in step:
        return Juggle(*step["juggle"])
    if "visit" in step:
        return Visit(step["visit"])
    if "question" in step:
        by, kind, players, value = step["question"]
        return Question(by, kind=kind, players=tuple(players), value=value)
    if "ask" in step:
        by, text = step["ask"]
        return Question(by, text=text)
    if "klutz" in step:
        return KlutzChoice(*step["klutz"])
    if "use" in step:
        cid, by, target = step["use"]
        return role(cid).request(by, tupled(target))
    if "gossip" in step:
        by, kind, players, value = step["gossip"]
        return Gossip(by, kind, tuple(players), value)
    if "swap" in step:
        return SwapSeats(*step["swap"])
    if "verdict" in step:
        return Verdict(*step["verdict"])
    if "kill" in step:
        return Adjust(ST, step["kill"], "kill")
    if "nominate" in step:
        return Nominate(*step["nominate"])
    if "slay" in step:
        return Slay(*step["slay"])
    if "exile" in step:
        return Exile(*step["exile"])
    if "shoot" in step:
        return Shoot(*step["shoot"])
    if "give_vote" in step:
        return GiveVote(*step["give_vote"])
    if "end_day" in step:
        return EndDay(0 if state.bot else ST)
    raise AssertionError(f"unknown step {step}")


def run_vote(state: State, yes: list[int]) -> State:
    return voted(state, yes)[0]


def voted(state: State, yes: list[int]) -> tuple[State, tuple]:
    """Every voter in turn, ``yes`` raising their hands, and what the table was told."""
    effects: list = []
    while state.vote is not None and state.pending is None:  # a ruling may interrupt the count
        voter = state.vote.order[state.vote.index]
        step = apply(state, Vote(voter, voter in yes))
        state = step.state
        effects += step.effects
    return state, tuple(effects)


def last_info(state: State, player: int) -> Any:
    infos = [t for t in briefing(state, player) if t.event == "info"]
    assert infos, f"player {player} was told no information"
    return infos[-1].data


def info_is_true(state: State, player: int, data: Any) -> bool:
    """Whether information is true about the current grimoire (true characters, no registration)."""
    cid, ans, about = data["character"], data["answer"], data["players"]
    if cid in ("washerwoman", "librarian", "investigator"):
        team = {"washerwoman": "townsfolk", "librarian": "outsider", "investigator": "minion"}[cid]
        if ans is None:
            return not any(s.team == team for s in state.seats if s.player != player)
        a, b, shown = ans
        return character(shown).team == team and shown in (
            seat(state, a).character,
            seat(state, b).character,
        )
    if cid == "empath":
        return ans == sum(
            seat(state, p).alignment == "evil" for p in set(neighbours(state, player))
        )
    if cid == "chef":
        order = [s.player for s in state.seats]
        pairs = zip(order, order[1:] + order[:1], strict=True)
        evil = {s.player for s in state.seats if s.alignment == "evil"}
        return ans == sum(a in evil and b in evil for a, b in pairs)
    if cid == "fortuneteller":
        herring = mark_target(state, "red_herring", player)
        return ans == any(seat(state, p).team == "demon" or p == herring for p in about)
    if cid in ("undertaker", "ravenkeeper"):
        return ans == seat(state, about[0]).character
    raise AssertionError(cid)


def check(state: State, want: dict[str, Any], effects: tuple = ()) -> None:
    dead = sorted(s.player for s in state.seats if not s.alive)
    events = [e.event for e in effects if isinstance(e, Event) and isinstance(e, Public)]
    got = {
        "dead": lambda: dead,
        "phase": lambda: str(state.phase),
        "winner": lambda: state.winner,
        "ending": lambda: state.ending,
        "pending": lambda: state.pending.kind if state.pending else None,
        "topic": lambda: state.pending.topic if state.pending else None,
        "reason": lambda: dict(state.pending.data).get("reason") if state.pending else None,
        "options": lambda: list(state.pending.options) if state.pending else None,
        "block": lambda: state.block,
        "votes": lambda: state.history[-1].votes,
        "alive_count": lambda: len(state.seats) - len(dead),
        "lives": lambda: [s.player for s in state.seats if lives(state, s.player)],
        "drunk": lambda: [s.player for s in state.seats if is_drunk(state, s.player)],
        "poisoned": lambda: [s.player for s in state.seats if is_poisoned(state, s.player)],
        "sober": lambda: [s.player for s in state.seats if sober(state, s.player)],
        "seating": lambda: [s.player for s in state.seats],
        "threshold": lambda: threshold(state),
        "abnormal": lambda: sorted(set(since_dawn(state, 0))),
        "claims": lambda: [[p, c] for d, p, c in state.claims if d == state.day],
        "queue": lambda: [c for c, _ in state.queue[state.cursor + 1 :]],
        "menu": lambda: next(
            (q.character for q in open_prompts(state) if isinstance(q, NightMenu)), None
        ),
    }
    for key, value in want.items():
        if key in got:
            assert got[key]() == tupled(value) or got[key]() == value, (key, got[key](), value)
        elif key in ("character", "alignment", "shown"):
            for p, expected in value.items():
                assert getattr(seat(state, int(p)), key) == expected, (p, seat(state, int(p)))
        elif key in ("offered", "not_offered"):
            options = state.pending.options if state.pending else ()
            for offer in value:
                assert (tupled(offer) in options) == (key == "offered"), (key, offer, options)
        elif key == "mad":
            for p, about in value.items():
                found = [m.about for m in madness_of(state, int(p))]
                assert found == ([about] if about else []), (p, found)
        elif key == "told_data":
            for p, (event, data) in value.items():
                last = [t.data for t in briefing(state, int(p)) if t.event == event][-1]
                assert {k: last[k] for k in data} == {k: tupled(v) for k, v in data.items()}, last
        elif key == "info":
            for p, ans in value.items():
                assert last_info(state, int(p))["answer"] == tupled(ans), (
                    p,
                    last_info(state, int(p)),
                )
        elif key in ("info_true", "info_false"):
            for p in value:
                truth = info_is_true(state, p, last_info(state, p))
                assert truth == (key == "info_true"), (key, p, last_info(state, p))
        elif key == "believes":
            for p, cid in value.items():
                first = briefing(state, int(p))[0]
                assert first.event == "character" and first.data["character"] == cid, first
        elif key == "info_about":
            for p, who in value.items():
                assert who in last_info(state, int(p))["answer"][:2], last_info(state, int(p))
        elif key in ("announced", "not_announced"):
            for event in value:
                assert (event in events) == (key == "announced"), (event, events)
        elif key == "last_told":
            for p, (event, data) in value.items():
                told = briefing(state, int(p))[-1]
                assert told.event == event, (p, told)
                for k, v in data.items():
                    assert told.data[k] == tupled(v), (p, k, told)
        elif key in ("told", "not_told"):
            for p, event in value.items():
                events = [t.event for t in briefing(state, int(p))]
                assert (event in events) == (key == "told"), (p, event, events)
        else:
            raise AssertionError(f"unknown expectation {key}")


def play(spec: dict[str, Any]) -> State:
    state = start(spec)
    effects: tuple = ()
    for n, step in enumerate(spec["steps"]):
        where = f"step {n}: {step}"
        if "expect" in step:
            try:
                check(state, step["expect"], effects)
            except AssertionError as exc:
                raise AssertionError(f"{where}: {exc}") from None
        elif "error" in step:
            with pytest.raises(RuleError, match=step.get("message", "")):
                inner = step["error"]
                if "vote" in inner:
                    voter, yes = inner["vote"]
                    apply(state, Vote(voter, yes))
                else:
                    apply(state, action(state, inner))
        elif "vote" in step:
            state, effects = voted(state, step["vote"])
        else:
            try:
                result = apply(state, action(state, step))
            except RuleError as exc:
                raise AssertionError(f"{where}: refused: {exc}") from None
            state, effects = result.state, result.effects
    return state


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))
