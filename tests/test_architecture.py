"""The layers stay apart: engine/ and stats/ never import the shell, Discord or SQLite; inside
the shell, storage knows no Discord, rendering no cogs, and no module imports itself in a circle."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "engine": {"bot", "stats", "discord", "aiosqlite", "sqlite3", "asyncio"},
    "stats": {"bot", "discord", "aiosqlite", "sqlite3", "asyncio"},
    "bot/store": {"discord", "matplotlib"},
}
# Inside the shell, by module prefix: what a layer may not import.
SHELL_FORBIDDEN = {
    "bot.store": ("bot.cogs", "bot.render", "bot.delivery", "bot.app"),
    "bot.render": ("bot.cogs", "bot.app"),
    "bot.sessions": ("bot.cogs", "bot.render", "bot.delivery", "bot.app", "bot.views"),
    "bot.cli": ("bot.cogs",),  # `ravenswood run` starts bot.app; the offline commands no cog
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


def module_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of it that it imports when it runs (imports
    for type checkers only, under ``if TYPE_CHECKING:``, run never and are left out)."""
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in (ROOT / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
            for inner in ast.walk(node)
        }
        found = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                base = node.module
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                    for a in node.names
                ]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            found |= {t for t in targets if t in modules and t != name}
        graph[name] = found
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle in ``graph``, or [] (depth-first search)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        stack.pop()
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


@pytest.mark.parametrize("package", ["bot", "engine", "stats"])
def test_no_module_imports_itself_in_a_circle(package):
    """bot.app, bot.delivery and bot.views once imported one another; no package may again."""
    assert cycle(module_graph(package)) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_the_shell_layers_import_downwards():
    graph = {**module_graph("bot")}
    offenders = {
        name: sorted(t for t in targets if t.startswith(banned))
        for name, targets in graph.items()
        for layer, banned in SHELL_FORBIDDEN.items()
        if name.startswith(layer)
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}
