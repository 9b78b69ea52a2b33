"""The game modes this hexfort plays: one line per mode package, the engine's only list of them.

Importing a mode package registers everything about its mode (``engine.games.<mode>``:
its :class:`~engine.games.modes.ModeRules`, verbs, map features, checks, AI and
balance figures); nothing else in the engine names a mode. The packages are
imported by name the first time anyone asks about modes (:func:`load`), so this
module imports none of them itself. A mode that is not bundled (a test's toy
mode, a designer's experiment) is added with :func:`install`.
"""

from __future__ import annotations

import importlib
from typing import Final

__all__ = ["BUNDLED", "install", "installed", "load"]

#: The bundled mode packages, in the order hexfort lists their modes.
BUNDLED: Final[tuple[str, ...]] = (
    "engine.games.koth",
    "engine.games.payload",
    "engine.games.teamplay",
)

_extra: list[str] = []
_loaded: set[str] = set()
_loading = False


def installed() -> tuple[str, ...]:
    """The mode packages in use: the bundled ones, then those added by :func:`install`."""
    return BUNDLED + tuple(_extra)


def load() -> None:
    """Import every installed mode package not imported yet (each registers its mode). Re-entrant: a
    package importing another part of the engine that asks about modes meanwhile gets what is loaded."""
    global _loading
    if _loading or len(_loaded) == len(BUNDLED) + len(_extra):
        return
    _loading = True
    try:
        for name in installed():
            if name not in _loaded:
                _loaded.add(name)
                importlib.import_module(name)
    finally:
        _loading = False


def install(package: str) -> None:
    """Add the mode package ``package`` (a dotted name) to the installed ones and import it now."""
    if package not in BUNDLED and package not in _extra:
        _extra.append(package)
    load()
