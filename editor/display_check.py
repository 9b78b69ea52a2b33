"""Can Qt open a window here? Asked before the editor starts, so a missing display or a missing
system library ends in a sentence saying what to install, not in Qt's abort.

On Linux under X11, Qt's ``xcb`` platform plugin needs several XCB libraries that desktop
systems usually have but minimal ones do not (Qt 6.5 and newer also need ``libxcb-cursor``).
Without them Qt aborts with "Could not load the Qt platform plugin xcb", which names one of
them at best. This module tries to load each one first and names the Debian/Ubuntu packages.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping
from typing import Final

__all__ = ["QT_LIBRARIES", "XCB_LIBRARIES", "display_problem", "has_display", "missing_libraries", "missing_packages"]

#: The shared libraries Qt's xcb plugin loads beyond libxcb itself, with the Debian package of each.
XCB_LIBRARIES: Final[Mapping[str, str]] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}

#: Libraries Qt's own modules load before any window (minimal systems and containers may lack them), with
#: the Debian package of each.
QT_LIBRARIES: Final[Mapping[str, str]] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libX11-xcb.so.1": "libx11-xcb1",
}


def has_display(env: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether Qt can open windows here (always on Windows and macOS; on Linux an X or Wayland
    display, or a platform chosen explicitly with QT_QPA_PLATFORM)."""
    env = os.environ if env is None else env
    if not (platform or sys.platform).startswith("linux"):
        return True
    return any(env.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing_libraries(loads: Callable[[str], bool] = _loads) -> list[str]:
    """The libraries of :data:`XCB_LIBRARIES` that cannot be loaded (``loads`` tries one)."""
    return [lib for lib in XCB_LIBRARIES if not loads(lib)]


def missing_packages(loads: Callable[[str], bool] = _loads, platform: str | None = None) -> list[str]:
    """The Debian/Ubuntu packages holding the libraries a hexfort window needs that cannot be loaded here
    (none off Linux): what ``./run.sh`` installs, or asks to be installed, before it opens the editor."""
    if not (platform or sys.platform).startswith("linux"):
        return []
    wanted = {**QT_LIBRARIES, **XCB_LIBRARIES}
    return list(dict.fromkeys(pkg for lib, pkg in wanted.items() if not loads(lib)))


def display_problem(command: str, env: Mapping[str, str] | None = None, platform: str | None = None,
                    loads: Callable[[str], bool] = _loads) -> str | None:
    """Why ``hexfort command`` cannot open a window here, in words with the fix; None when it can.

    Libraries are only looked for on Linux under X11 with Qt's platform left to choose (Wayland,
    or a platform set in QT_QPA_PLATFORM, such as ``offscreen``, need none of them).
    """
    env = os.environ if env is None else env
    if not has_display(env, platform):
        return (f"hexfort {command}: no display to open a window on (DISPLAY is not set). Run it in a "
                "desktop session, or under a virtual one: xvfb-run hexfort ... The commands validate, "
                "fix, simulate, balance, rebalance, render, share, import and export need no display.")
    if not (platform or sys.platform).startswith("linux") or env.get("QT_QPA_PLATFORM") \
            or env.get("WAYLAND_DISPLAY"):
        return None
    missing = missing_libraries(loads)
    if not missing:
        return None
    packages = " ".join(XCB_LIBRARIES[lib] for lib in missing)
    return (f"hexfort {command}: Qt needs X11 libraries this system lacks ({', '.join(missing)}). "
            f"Install them, e.g. on Debian or Ubuntu: sudo apt-get install {packages}")


if __name__ == "__main__":  # ``python -m editor.display_check --packages``: the packages to install, one line
    if sys.argv[1:] != ["--packages"]:
        raise SystemExit("usage: python -m editor.display_check --packages")
    print(" ".join(missing_packages()))
