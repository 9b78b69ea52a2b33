"""A headless Chromium driven by Selenium (chromedriver), for the share page's tests and its documentation shot.

Chromium runs with the flags of :data:`~editor.browser_shot.CHROMIUM_FLAGS` (no
background networking, no first-run dialogs, no sync or component updates) and a
new, empty profile in a temporary folder, so what the page does is all that
happens. The driver records Chromium's network log: :func:`requests` lists every
URL the page asked for. Needs Chromium and its driver from the system (Debian:
``apt-get install chromium chromium-driver``) and the ``selenium`` package (the
``test`` extra); :func:`missing` says which is absent.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from editor.browser_shot import CHROMIUM_FLAGS, find_chromium

__all__ = ["chromium", "missing", "requests"]


def _chromedriver() -> str | None:
    return shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None)


def missing() -> str | None:
    """What is needed and absent, in words with the command that installs it; None when all is there."""
    if find_chromium() is None:
        return "chromium is not installed: apt-get install chromium"
    if _chromedriver() is None:
        return "chromedriver is not installed: apt-get install chromium-driver"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: pip install selenium (the test extra)"
    return None


@contextlib.contextmanager
def chromium(size: tuple[int, int] = (1500, 1000)) -> Iterator[Any]:
    """A Selenium WebDriver of a fresh headless Chromium with a ``size`` window; quits it at the end.

    Raises RuntimeError saying what to install when something is missing.
    """
    problem = missing()
    if problem is not None:
        raise RuntimeError(problem)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="hexfort-webdriver-") as home:
        options = webdriver.ChromeOptions()
        options.binary_location = find_chromium() or ""
        for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={Path(home) / 'profile'}",
                     f"--window-size={size[0]},{size[1]}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        driver = webdriver.Chrome(service=Service(_chromedriver() or ""), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def requests(driver: Any) -> list[str]:
    """Every URL the page requested since the last call (Chromium's ``Network.requestWillBeSent`` events)."""
    out = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            out.append(message["params"]["request"]["url"])
    return out
