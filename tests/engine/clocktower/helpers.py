"""Shared helpers for the Clocktower catalogue tests: reference scripts and tiny scripts."""

from __future__ import annotations

import json
from pathlib import Path

from engine.clocktower.catalogue import Character

DATA = Path(__file__).parent / "data"
SCRIPT_FILES = sorted(DATA.glob("*.json"))
BASE = {"tb": "base-tb.json", "bmr": "base-bmr.json", "snv": "base-snv.json"}


def text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def ids_script(*ids: str, meta: dict | None = None) -> str:
    return json.dumps([{"id": "_meta", "name": "Test", **(meta or {})}, *ids])


def fake(cid: str, team: str, *tags: str) -> Character:
    """A made-up character with chosen tags, for exact scoring tests."""
    return Character(cid, cid.title(), team, "test", None, None, (), None, tags, "test")


TB_IDS = [
    "washerwoman",
    "librarian",
    "investigator",
    "chef",
    "empath",
    "fortuneteller",
    "undertaker",
    "monk",
    "ravenkeeper",
    "virgin",
    "slayer",
    "soldier",
    "mayor",
    "butler",
    "drunk",
    "recluse",
    "saint",
    "poisoner",
    "spy",
    "scarletwoman",
    "baron",
    "imp",
]
