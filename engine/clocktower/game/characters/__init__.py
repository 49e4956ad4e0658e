"""Every character the engine automates, one module each; importing this package imports them
all, and each registers its unit as it is defined (see ``engine.clocktower.game.roles``).

To add a character, add its module here: it is found by listing the package, in name order, so
the registry's order never depends on how the modules were installed. Modules whose names start
with ``_`` are helpers several units share, imported by those units."""

import importlib
import pkgutil


def _import_every_unit() -> tuple[str, ...]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    return tuple(names)


UNITS = _import_every_unit()  # the modules imported, in order
