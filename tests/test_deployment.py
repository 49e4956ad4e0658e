"""The deployment files: the Docker image is pinned (an exact base image, every Python package
by constraints.txt, inside pyproject's ranges), runs as a user with a healthcheck, and
compose.yaml runs PostgreSQL and the bot's shard processes as README describes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;#]+)$")


def pins(text: str) -> dict[str, Version]:
    """constraints.txt as name -> exact version; any other kind of line fails."""
    found: dict[str, Version] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = PIN.match(line)
        assert match, f"constraints.txt line {number} is not name==version: {line!r}"
        name = canonicalize_name(match[1])
        assert name not in found, f"constraints.txt pins {name} twice"
        found[name] = Version(match[2])
    return found


def unpinned(requirements: list[str], pinned: dict[str, Version]) -> list[str]:
    """Each requirement that ``pinned`` leaves out or pins outside its range, with why."""
    problems = []
    for text in requirements:
        requirement = Requirement(text)
        version = pinned.get(canonicalize_name(requirement.name))
        if version is None:
            problems.append(f"{requirement.name} is not pinned")
        elif not requirement.specifier.contains(version, prereleases=True):
            problems.append(f"{requirement.name}=={version} is outside {requirement.specifier}")
    return problems


PINNED = pins((ROOT / "constraints.txt").read_text(encoding="utf-8"))


def test_constraints_pin_every_runtime_dependency_inside_its_range():
    assert unpinned(PYPROJECT["project"]["dependencies"], PINNED) == []


def test_constraints_pin_the_build_backend_inside_its_range():
    assert unpinned(PYPROJECT["build-system"]["requires"], PINNED) == []


def test_the_check_catches_a_missing_or_out_of_range_pin():
    pinned = pins("numpy==2.4.6\nPyYAML==5.4\n")
    assert unpinned(["numpy>=1.26,<3", "pyyaml>=6,<7", "scipy>=1.11"], pinned) == [
        "pyyaml==5.4 is outside <7,>=6",
        "scipy is not pinned",
    ]
    with pytest.raises(AssertionError, match="not name==version"):
        pins("numpy>=2\n")


def test_the_test_extras_are_not_in_the_image():
    tools = {
        canonicalize_name(Requirement(r).name)
        for r in PYPROJECT["project"]["optional-dependencies"]["test"]
    }
    assert not tools & set(PINNED)


def test_the_image_is_pinned_and_installs_the_pinned_set_alone():
    base = re.search(r"^FROM (\S+)", DOCKERFILE, re.MULTILINE)
    assert base is not None
    # an exact release: python:3.11.N-slim-<debian>, optionally @sha256:<digest>
    assert re.fullmatch(r"python:3\.11\.\d+-slim-[a-z]+(@sha256:[0-9a-f]{64})?", base[1])
    assert "COPY constraints.txt" in DOCKERFILE
    installs = [line for line in DOCKERFILE.splitlines() if "pip install" in line]
    assert installs and all("PIP_CONSTRAINT=/app/constraints.txt" in i for i in installs)
    assert all("--no-deps" in i for i in installs) and "pip check" in DOCKERFILE


def test_the_image_runs_as_a_user_with_the_healthcheck():
    assert re.search(r"^USER (?!root)\w+", DOCKERFILE, re.MULTILINE)
    healthcheck = re.search(r"^HEALTHCHECK (.*?)CMD (.+)$", DOCKERFILE, re.MULTILINE | re.DOTALL)
    assert healthcheck and '"ravenswood", "health"' in healthcheck[2]
    assert re.search(r'^CMD \["ravenswood", "run"\]', DOCKERFILE, re.MULTILINE)


# compose.yaml


COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
SERVICES = COMPOSE["services"]
BOTS = {name: s for name, s in SERVICES.items() if "RAVENSWOOD_SHARDS" in s.get("environment", {})}
SLICE = re.compile(r"(\d+)-(\d+)/(\d+)")  # the one form compose.yaml uses: first-last/count


def test_postgresql_is_pinned_kept_in_a_volume_and_checked():
    db = SERVICES["db"]
    assert re.fullmatch(r"postgres:\d+\.\d+-[a-z]+(@sha256:[0-9a-f]{64})?", db["image"])
    volume = db["volumes"][0].split(":")
    assert volume[0] in COMPOSE["volumes"] and volume[1] == "/var/lib/postgresql/data"
    assert "pg_isready" in db["healthcheck"]["test"] and db["restart"] == "unless-stopped"
    assert db["environment"]["POSTGRES_PASSWORD"].startswith("${POSTGRES_PASSWORD:?")


def test_the_bot_processes_split_one_shard_count_between_them_each_shard_once():
    assert len(BOTS) >= 2
    counts, shards = set(), []
    for bot in BOTS.values():
        first, last, count = map(
            int, SLICE.fullmatch(bot["environment"]["RAVENSWOOD_SHARDS"]).groups()
        )
        counts.add(count)
        shards += range(first, last + 1)
    assert len(counts) == 1 and sorted(shards) == list(range(counts.pop()))


def test_every_bot_process_waits_for_the_database_and_the_migration_and_restarts():
    for name, bot in BOTS.items():
        assert bot["depends_on"] == {
            "db": {"condition": "service_healthy"},
            "migrate": {"condition": "service_completed_successfully"},
        }, name
        assert bot["restart"] == "unless-stopped" and "command" not in bot  # the image's `run`
        assert bot["environment"]["RAVENSWOOD_DB"] == "postgresql://ravenswood@db:5432/ravenswood"
        assert bot["env_file"] == ".env" and "DISCORD_TOKEN" not in bot["environment"]


def test_the_migration_runs_once_on_the_same_image_and_database():
    migrate = SERVICES["migrate"]
    assert migrate["command"] == ["ravenswood", "migrate"] and migrate["restart"] == "no"
    assert migrate["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert all(migrate["image"] == bot["image"] for bot in BOTS.values())
    assert all(
        migrate["environment"]["RAVENSWOOD_DB"] == bot["environment"]["RAVENSWOOD_DB"]
        for bot in BOTS.values()
    )


def test_secrets_stay_out_of_the_repository():
    assert ".env" in (ROOT / ".gitignore").read_text().split()
    assert ".env" in (ROOT / ".dockerignore").read_text().split()
