"""Before a window opens: no display, or X11 libraries Qt needs that are missing, end in a sentence
with the fix (Qt itself would abort the process with a message naming one library at best)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from editor.display_check import XCB_LIBRARIES, display_problem, missing_libraries

X11 = {"DISPLAY": ":0"}


def test_no_display_on_linux_says_how_to_run_under_a_virtual_one() -> None:
    problem = display_problem("edit", env={}, platform="linux")
    assert problem is not None and "DISPLAY is not set" in problem and "xvfb-run" in problem


@pytest.mark.parametrize("env", [X11, {"WAYLAND_DISPLAY": "wayland-0"}, {"QT_QPA_PLATFORM": "offscreen"}])
def test_a_display_with_every_library_is_fine(env: dict[str, str]) -> None:
    assert display_problem("edit", env=env, platform="linux", loads=lambda _: True) is None


def test_missing_xcb_libraries_are_named_with_their_packages() -> None:
    gone = {"libxcb-cursor.so.0", "libxcb-icccm.so.4"}
    problem = display_problem("play", env=X11, platform="linux", loads=lambda lib: lib not in gone)
    assert problem is not None
    assert problem.startswith("hexfort play: Qt needs X11 libraries")
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4" in problem
    assert problem.endswith("sudo apt-get install libxcb-cursor0 libxcb-icccm4")


@pytest.mark.parametrize("env", [{"WAYLAND_DISPLAY": "wayland-0", **X11}, {"QT_QPA_PLATFORM": "xcb", **X11}])
def test_libraries_are_not_asked_for_where_qt_may_not_need_them(env: dict[str, str]) -> None:
    """Wayland, or a platform the user chose, is Qt's to judge."""
    assert display_problem("edit", env=env, platform="linux", loads=lambda _: False) is None


def test_other_systems_are_not_asked() -> None:
    assert display_problem("edit", env={}, platform="win32", loads=lambda _: False) is None


def test_missing_libraries_tries_each_library_once() -> None:
    tried: list[str] = []
    assert missing_libraries(lambda lib: tried.append(lib) or lib.endswith(".1")) == [
        lib for lib in XCB_LIBRARIES if not lib.endswith(".1")]
    assert tried == list(XCB_LIBRARIES)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a display is always there off Linux")
def test_hexfort_without_a_display_exits_2_with_the_sentence() -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp"}
    r = subprocess.run([sys.executable, "-m", "editor.cli"], capture_output=True, text=True, env=env, timeout=120,
                       stdin=subprocess.DEVNULL, cwd=Path(__file__).parents[2])
    assert r.returncode == 2 and "no display to open a window on" in r.stderr


def test_missing_packages_lists_each_debian_package_once_and_none_off_linux() -> None:
    from editor.display_check import QT_LIBRARIES, missing_packages

    gone = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libEGL.so.1"}
    assert missing_packages(lambda lib: lib not in gone, "linux") == ["libegl1", "libxcb-icccm4", "libxcb-keysyms1"]
    assert missing_packages(lambda _: True, "linux") == []
    assert missing_packages(lambda _: False, "darwin") == []
    assert set(missing_packages(lambda _: False, "linux")) == {*QT_LIBRARIES.values(), *XCB_LIBRARIES.values()}


def test_display_check_prints_the_packages_for_run_sh() -> None:
    r = subprocess.run([sys.executable, "-m", "editor.display_check", "--packages"], capture_output=True, text=True,
                       timeout=60, cwd=Path(__file__).parents[2])
    assert r.returncode == 0 and r.stdout.strip() == " ".join(missing_packages_here())


def missing_packages_here() -> list[str]:
    from editor.display_check import missing_packages

    return missing_packages()
