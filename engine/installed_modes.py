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

__all__ = ["BUNDLED", "Packages", "install", "installed", "load", "rank"]


class Packages:
    """A list of plugin packages, imported by name on demand (each registers itself when imported)."""

    def __init__(self, bundled: tuple[str, ...]) -> None:
        self.bundled = bundled
        self._extra: list[str] = []
        self._loaded: set[str] = set()
        self._loading = False

    def installed(self) -> tuple[str, ...]:
        """The packages in use: the bundled ones, then those added by :meth:`install`."""
        return self.bundled + tuple(self._extra)

    def load(self) -> None:
        """Import every package not imported yet. Re-entrant: a package that asks meanwhile (while it is
        being imported) gets what is loaded so far."""
        if self._loading or len(self._loaded) == len(self.bundled) + len(self._extra):
            return
        self._loading = True
        try:
            for name in self.installed():
                if name not in self._loaded:
                    self._loaded.add(name)
                    importlib.import_module(name)
        finally:
            self._loading = False

    def rank(self, package: str) -> int:
        """Where ``package`` (or the package holding that module) comes in :meth:`installed` (after all of
        them when it is not installed)."""
        names = self.installed()
        for k, name in enumerate(names):
            if package == name or package.startswith(name + "."):
                return k
        return len(names)

    def install(self, package: str) -> None:
        """Add ``package`` (a dotted name) to the installed ones and import it now."""
        if package not in self.bundled and package not in self._extra:
            self._extra.append(package)
        self.load()


#: The bundled mode packages, in the order hexfort lists their modes.
BUNDLED = (
    "engine.games.koth",
    "engine.games.payload",
    "engine.games.teamplay",
)
_MODES = Packages(BUNDLED)
installed = _MODES.installed
load = _MODES.load
install = _MODES.install
rank = _MODES.rank
