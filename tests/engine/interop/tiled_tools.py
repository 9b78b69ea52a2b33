"""Tiled's own programs in the tests: found on PATH (the test is skipped, saying so, without them) and run
headless with a home of their own."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def tiled_program(name: str) -> str:
    """The path of Tiled's program ``name`` (``tiled``, ``tmxrasterizer``); skips the test when it is missing."""
    exe = shutil.which(name)
    if exe is None:
        pytest.skip(f"{name} (Tiled) is not installed: apt-get install tiled")
    return exe


def run_tiled(args: list[str], home: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run a Tiled program offscreen with ``home`` as its home and runtime folder (made private, as Qt wants)."""
    os.chmod(home, 0o700)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(home), "XDG_RUNTIME_DIR": str(home)}
    return subprocess.run(args, capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL,
                          cwd=cwd)
