"""The golden logs (see ``record.py``) replay to the very games that were played.

Each log is replayed by the bot's own ``bot.sessions.replay``, which checks the checksum stored
after every action, and the final fingerprint is compared with the one recorded. A refactoring
that keeps the rules keeps these passing; a rule change fails them at the first action it
changes, and is then a new ``RULES_VERSION`` with logs recorded again on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cogs.clocktower.rules import ClocktowerRules
from bot.cogs.traitors import TraitorsRules
from bot.sessions import Diverged, replay
from bot.store import cluedo as cluedo_store
from bot.store.games import GameRow, LogEntry
from engine.cluedo import notebook_from_json, notebook_to_json, solution_report
from engine.core import plain

HERE = Path(__file__).parent
RULES = {"traitors": TraitorsRules, "clocktower": ClocktowerRules}
GAMES = ("traitors", "clocktower-bot", "clocktower-human")


def golden(name: str) -> dict:
    return json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))


def game_row(record: dict) -> GameRow:
    g = record["game"]
    return GameRow(
        1, record["kind"], 1, 1, g["host"], g["seed"], g["options"], record["rules_version"]
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_golden_log_replays_to_the_same_game(name):
    record = golden(name)
    rules = RULES[record["kind"]]()
    assert record["rules_version"] == rules.version, (
        f"{rules.kind} rules are now version {rules.version}: if the rules changed on purpose, "
        "record the golden logs again (python -m tests.golden.record)"
    )
    entries = [LogEntry(action, digest) for action, digest in record["log"]]
    assert all(e.checksum for e in entries)
    session = replay(game_row(record), rules, entries)
    assert session.seq == len(entries)
    assert plain(rules.fingerprint(session.state)) == record["fingerprint"]
    assert record["fingerprint"]["winner"] in ("good", "evil", "traitors", "faithful")


@pytest.mark.parametrize("name", GAMES)
def test_a_changed_log_is_caught_where_it_changes(name):
    record = golden(name)
    rules = RULES[record["kind"]]()
    entries = [LogEntry(action, digest) for action, digest in record["log"]]
    # Give an entry halfway the checksum of a different game state: the replay stops there.
    middle = len(entries) // 2
    other = next(e.checksum for e in entries if e.checksum != entries[middle].checksum)
    entries[middle] = LogEntry(entries[middle].action, other)
    with pytest.raises(Diverged) as caught:
        replay(game_row(record), rules, entries)
    assert caught.value.seq == middle


def test_the_golden_cluedo_notebook_replays_to_the_same_odds():
    record = golden("cluedo")
    notebook = cluedo_store.replay(record["setup"], [tuple(e) for e in record["entries"]])
    # Every stored entry is accepted again by today's rules, in order.
    assert notebook_from_json(notebook_to_json(notebook)) == notebook
    report = solution_report(notebook, top=3)
    assert report["consistent_deals"] == record["consistent_deals"]
    assert report["top_solutions"] == record["top_solutions"]
    categories = ("suspect", "weapon", "room")
    for category, card in zip(categories, record["envelope"], strict=True):
        assert report["solution"][category][card] > 0  # the true answer is never ruled out
