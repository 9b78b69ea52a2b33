"""The playtest's mode packages: one line per mode, the editor's only list of them.

Importing one (``editor.playtest.<mode>``) registers its mode's presenter
(:func:`editor.playtest.presenters.register`): the side panel, the action bar's
slots, start options, board marks and words. They are imported by name the first
time a presenter is asked for; a mode without one plays with the generic
presenter. ``PACKAGES.install`` adds a package that is not bundled (a test's toy mode).
"""

from __future__ import annotations

from engine.installed_modes import Packages

__all__ = ["PACKAGES"]

#: The presenter packages: the bundled ones, one line each.
PACKAGES = Packages((
    "editor.playtest.koth",
    "editor.playtest.payload",
    "editor.playtest.teamplay",
))
