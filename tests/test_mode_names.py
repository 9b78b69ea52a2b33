"""Outside the mode packages, at most a few files of engine/ and editor/ name a particular mode (issue #21).

:mod:`tests.mode_names` finds them (``python -m tests.mode_names`` prints each with
what it names). The two install lists name every bundled mode package by design —
they are where a mode is added — and nothing else should need to.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")  # the editor's mode packages are installed by importing them

from tests.mode_names import files_naming_modes  # noqa: E402

#: The files allowed to name modes: where the mode packages are listed, one line each.
INSTALL_LISTS = {"engine/installed_modes.py", "editor/playtest/installed.py"}


def test_outside_the_mode_packages_only_the_install_lists_name_a_mode() -> None:
    named = files_naming_modes()
    assert len(named) <= 3, named  # issue #21's bar
    assert set(named) == INSTALL_LISTS, named
