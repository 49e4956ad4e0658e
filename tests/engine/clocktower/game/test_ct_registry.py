"""The registry of characters is found from the package, not kept by hand beside it."""

import ast
from pathlib import Path

import engine.clocktower.game  # noqa: F401  (importing the game registers every unit)
from engine.clocktower.game import characters
from engine.clocktower.game.roles import REGISTRY

PACKAGE = Path(characters.__file__).parent


def test_every_module_of_the_package_is_imported_in_name_order():
    on_disk = sorted(p.stem for p in PACKAGE.glob("*.py") if not p.stem.startswith("_"))
    assert len(on_disk) >= 87 and characters.UNITS == tuple(on_disk)


def test_every_unit_registers_and_the_registry_follows_the_modules_order():
    prefix = characters.__name__ + "."
    modules = [
        type(unit).__module__.removeprefix(prefix)
        for unit in REGISTRY.roles.values()
        if type(unit).__module__.startswith(prefix)
    ]
    assert set(modules) == set(characters.UNITS)
    assert modules == sorted(modules, key=characters.UNITS.index)


def _imports(tree: ast.Module) -> list[tuple[ast.ImportFrom, bool]]:
    """Every ``from ... import`` in a module, with whether it is at module level."""
    top = {id(node) for node in tree.body}
    return [(n, id(n) in top) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]


def test_units_import_at_module_level_and_only_units_named_before_them():
    """Shared logic lives in helper modules (``_gains``, ``_marionette``) imported at the top; a
    unit imports another unit only if it comes earlier in name order, so that importing it
    never registers a later unit first."""
    prefix = characters.__name__ + "."
    for path in PACKAGE.glob("*.py"):
        for node, at_top in _imports(ast.parse(path.read_text())):
            assert at_top, f"{path.stem} imports {node.module} inside a function"
            other = (node.module or "").removeprefix(prefix)
            if node.module != other and not other.startswith("_") and not path.stem.startswith("_"):
                assert other < path.stem, f"{path.stem} imports the later unit {other}"
