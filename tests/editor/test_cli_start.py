"""The ``hexfort`` command's start: nothing heavy is imported before its Ctrl-C handling is in place."""

from __future__ import annotations

import subprocess
import sys


def test_the_commands_load_inside_the_ctrl_c_handling() -> None:
    """A new-user audit pressed Ctrl-C in the first second of a command and got a KeyboardInterrupt traceback: the
    subcommands were imported with ``editor.cli`` itself, before ``main`` could catch it. Importing ``editor.cli`` now
    loads none of them; ``main`` does, inside its handler."""
    probe = ("import sys, editor.cli; "
             "print(sorted(m for m in ('engine.simulation.cli', 'engine.validation.cli', 'editor.render_cli', "
             "'PySide6.QtGui') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stdout + r.stderr
