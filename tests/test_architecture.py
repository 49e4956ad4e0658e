"""The core stays pure: engine/ and stats/ never import the shell, Discord or SQLite."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "engine": {"bot", "stats", "discord", "aiosqlite", "sqlite3", "asyncio"},
    "stats": {"bot", "discord", "aiosqlite", "sqlite3", "asyncio"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_flow_one_way(package):
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_roots(path) & FORBIDDEN[package])
        for path in (ROOT / package).rglob("*.py")
    }
    assert {path: bad for path, bad in offenders.items() if bad} == {}


def test_the_check_sees_imports():
    assert {"argparse", "bot"} <= imported_roots(ROOT / "bot" / "cli" / "__init__.py")
