"""The table of characters in docs/clocktower.md is the registry's: every character the engine
runs, with its team, edition and bot-storyteller policy, and nothing else."""

from __future__ import annotations

from pathlib import Path

from engine.clocktower.game import characters as units
from engine.clocktower.game.policy import NO_RULING, TELLS_TRUTH, described
from engine.clocktower.game.roles import REGISTRY, Role
from engine.clocktower.game.roster import DOC, END, START, in_doc, markdown, run_by_the_engine


def test_the_docs_table_is_the_generated_one():
    table = in_doc(DOC.read_text(encoding="utf-8"))
    assert table, f"docs/clocktower.md lost its roster markers ({START} ... {END})"
    assert table == markdown(), (
        "docs/clocktower.md's table of characters is out of date: regenerate it with "
        "`python -m engine.clocktower.game.roster --write`"
    )


def test_the_table_lists_every_unit_of_the_package_once():
    modules = {p.stem for p in Path(units.__file__).parent.glob("*.py")}
    ids = [unit.id for unit in run_by_the_engine()]
    assert len(ids) == len(set(ids))
    assert set(ids) == {m for m in modules if not m.startswith("_")}
    assert markdown().count("\n| ") == len(ids) + 2  # the header, its rule, a row each


def test_a_unit_with_rulings_of_its_own_says_how_the_bot_runs_them():
    """A unit that names its own rulings (``topics``) or answers them (``decide``) has rules
    the general policy's sentence does not cover: its ``policy`` must say them."""
    own = set(REGISTRY.having("topics")) | set(REGISTRY.having("decide"))
    silent = sorted(cid for cid in own if not REGISTRY.roles[cid].policy)
    assert not silent, f"give these units a one-sentence `policy`: {silent}"
    assert all(described(REGISTRY.roles[cid]) == REGISTRY.roles[cid].policy for cid in own)


def test_the_general_policy_speaks_for_the_other_units():
    class Learner(Role):
        def reads(self, info, words):
            return "something"

    class Plain(Role):
        pass

    class Own(Role):
        policy = "Rules one way."

    assert described(Learner()) == TELLS_TRUTH
    assert described(Plain()) == NO_RULING
    assert described(Own()) == "Rules one way."
    assert "| Empath | townsfolk | Trouble Brewing | " + TELLS_TRUTH + " |" in markdown()
    assert "| Soldier | townsfolk | Trouble Brewing | " + NO_RULING + " |" in markdown()
