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


def module_graph(*packages: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of ``packages`` (under ``root``) and the modules of them that it imports,
    wherever the import stands: in a function, or under ``if TYPE_CHECKING:`` (an import for the
    type checker only still ties the two modules together, and is a circle waiting to close)."""
    modules = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
        for package in packages
        for path in (root / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the package ``level - 1`` steps up
                    up = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
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


def imported_by(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


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


def test_no_module_imports_itself_in_a_circle():
    """bot.app, bot.delivery and bot.views once imported one another, and the Clocktower
    registry (``roles``) the state, madness, registration, the false world and the reasoning
    model, which all imported it back; no module of the tree may again, even for types."""
    assert cycle(module_graph("bot", "engine", "stats")) == []


def test_the_cycle_check_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_the_cycle_check_sees_imports_for_types_and_relative_ones(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("from . import b\n")
    (tmp_path / "pkg" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import A\n"
    )
    graph = module_graph("pkg", root=tmp_path)
    assert cycle(graph) == ["pkg.a", "pkg.b", "pkg.a"]


# Clocktower's layers: the game's state and vocabulary at the bottom, the registry of units on
# it, the units and the rules above, the reasoning model above the game. The registry stands on
# these alone (so the state never asks a unit: what does, like ``working``, sits above it).
CLOCKTOWER_BOTTOM = {
    "engine.core",
    "engine.clocktower.catalogue",
    "engine.clocktower.game.model",
    "engine.clocktower.game.events",
    "engine.clocktower.game.falseworld",
    "engine.clocktower.reasoning.moment",  # what a unit's ``weigh`` hook reads and answers
    "engine.clocktower.reasoning.record",  # the public record a unit's hooks read
}
REASONING_VOCABULARY = {"engine.clocktower.reasoning.moment", "engine.clocktower.reasoning.record"}


def test_the_registry_of_units_stands_on_the_state_and_vocabulary_alone():
    graph = module_graph("engine")
    assert imported_by(graph, "engine.clocktower.game.roles") <= CLOCKTOWER_BOTTOM
    assert "engine.clocktower.game.roles" not in imported_by(graph, "engine.clocktower.game.model")


def test_the_reasoning_model_sits_above_the_game():
    """The game imports of the reasoning model only the vocabulary its units speak, and that
    vocabulary imports nothing of the game nor of the rest of the model."""
    graph = module_graph("engine")
    reasoning = "engine.clocktower.reasoning"
    game = "engine.clocktower.game"
    reached = {
        name: sorted(
            t for t in targets if t.startswith(reasoning) and t not in REASONING_VOCABULARY
        )
        for name, targets in graph.items()
        if name.startswith(game)
    }
    assert {name: bad for name, bad in reached.items() if bad} == {}
    for name in REASONING_VOCABULARY:
        assert {t for t in graph[name] if t.startswith((game, reasoning))} <= REASONING_VOCABULARY


def test_the_shell_layers_import_downwards():
    graph = module_graph("bot")
    offenders = {
        name: sorted(t for t in targets if t.startswith(banned))
        for name, targets in graph.items()
        for layer, banned in SHELL_FORBIDDEN.items()
        if name.startswith(layer)
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}
