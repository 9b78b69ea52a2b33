"""A screenshot of a web page by headless Chromium (the balance report's test and its documentation picture).

Chromium runs with a new, empty profile in a temporary folder (also its HOME) and
with every background service off (no network but the page's own, no first-run
dialogs, no sync or component updates), so a shot depends only on the page and
the window size. Chromium comes from the system (Debian: ``apt-get install
chromium``); nothing here needs Qt.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["CHROMIUM_FLAGS", "ChromiumError", "find_chromium", "screenshot"]

#: The flags of every shot, before the profile, window size, screenshot path and page.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars")


class ChromiumError(RuntimeError):
    """Chromium is missing or wrote no screenshot; the message says which and what Chromium said."""


def find_chromium() -> str | None:
    """The path of the Chromium executable on PATH (``chromium`` or ``chromium-browser``), or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def screenshot(page: Path, out: Path, size: tuple[int, int], browser: str | None = None,
               timeout: float = 120) -> Path:
    """Write a PNG of ``page`` (a local HTML file) as a ``size`` = (width, height) window shows it; returns ``out``.

    ``browser`` defaults to :func:`find_chromium`. Raises ChromiumError when there
    is no Chromium or it writes no picture, and subprocess.TimeoutExpired after
    ``timeout`` seconds.
    """
    exe = browser or find_chromium()
    if exe is None:
        raise ChromiumError("chromium is not installed: apt-get install chromium")
    out = Path(out).resolve()
    out.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="hexfort-chromium-") as home:
        done = subprocess.run(
            [exe, *CHROMIUM_FLAGS, f"--user-data-dir={Path(home) / 'profile'}", f"--window-size={size[0]},{size[1]}",
             f"--screenshot={out}", Path(page).resolve().as_uri()],
            capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL, env={**os.environ, "HOME": home})
    if not out.exists():
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise ChromiumError(f"Chromium (exit status {done.returncode}) wrote no screenshot of {page}:\n{tail}")
    return out
