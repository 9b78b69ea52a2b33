"""Finding Node.js and npm packages for the tests that run JavaScript tools (Ajv).

Packages are looked up where ``.ci/run`` installs them — ``$HEXFORT_NODE_DIR``
or ``~/.cache/hexfort/node`` (``$XDG_CACHE_HOME`` honoured), never the checkout —
and then in Node's own global folder. A missing tool is a visible skip that says
how to install it, never a silent pass.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

__all__ = ["node_package", "node_prefix"]


def node_prefix() -> Path:
    """The folder whose ``node_modules`` holds the tests' npm packages (``.ci/run`` fills it)."""
    if os.environ.get("HEXFORT_NODE_DIR"):
        return Path(os.environ["HEXFORT_NODE_DIR"])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "hexfort" / "node"


def node_package(name: str) -> tuple[str, Path]:
    """``(node executable, package folder)`` for npm package ``name``; skips the test when either is missing."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed (apt-get install nodejs npm); .ci/run installs it where it can")
    candidates = [node_prefix() / "node_modules" / name]
    try:
        root = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True, timeout=30).stdout.strip()
        if root:
            candidates.append(Path(root) / name)
    except (OSError, subprocess.TimeoutExpired):
        pass
    for folder in candidates:
        if (folder / "package.json").is_file():
            return node, folder
    pytest.skip(f"the npm package {name} is not installed: npm install --prefix {node_prefix()} {name}")
