"""The registry of characters is found from the package, not kept by hand beside it."""

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
