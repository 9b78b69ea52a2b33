"""``./run.sh`` on a machine without the system libraries the editor's window needs: it installs them when it can
(root with apt-get), else prints the one command; commands without a window never ask.

run.sh is copied beside stand-ins for what it calls (setup.sh, the venv's python and hexfort, ``id`` and
``apt-get`` on the PATH), so the test sees exactly what it would run on a fresh Debian machine.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MISSING = "libxcb-icccm4 libxcb-keysyms1"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="run.sh installs Debian packages")


def _script(path: Path, body: str) -> None:
    path.write_text("#!/usr/bin/env bash\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _run(tmp_path: Path, uid: int, *args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / "fake").mkdir()
    (tmp_path / "run.sh").write_text((REPO / "run.sh").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "run.sh").chmod(0o755)
    log = tmp_path / "calls.log"
    _script(tmp_path / "setup.sh", "exit 0")
    _script(tmp_path / ".venv" / "bin" / "python", f'echo "{MISSING}"')  # display_check --packages
    _script(tmp_path / ".venv" / "bin" / "hexfort", f'echo "hexfort $*" >> {log}')
    _script(tmp_path / "fake" / "id", f"echo {uid}")
    _script(tmp_path / "fake" / "apt-get", f'echo "apt-get $*" >> {log}')
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env["PATH"] = f"{tmp_path / 'fake'}:/usr/bin:/bin"
    r = subprocess.run([str(tmp_path / "run.sh"), *args], capture_output=True, text=True, env=env, timeout=60)
    return r, log.read_text(encoding="utf-8") if log.exists() else ""


def test_as_root_with_apt_it_installs_the_libraries_then_opens_the_editor(tmp_path: Path) -> None:
    r, calls = _run(tmp_path, 0)
    assert r.returncode == 0, r.stderr
    assert f"apt-get install -y -qq --no-install-recommends {MISSING}" in calls
    assert calls.rstrip().endswith("hexfort")  # the editor starts after the install
    assert f"installing the system libraries hexfort's window needs: {MISSING}" in r.stderr


def test_without_root_it_prints_the_one_command_and_stops(tmp_path: Path) -> None:
    r, calls = _run(tmp_path, 1000, "edit", "maps")
    assert r.returncode == 1 and calls == ""
    assert f"sudo apt-get install {MISSING}" in r.stderr


def test_commands_without_a_window_never_ask(tmp_path: Path) -> None:
    r, calls = _run(tmp_path, 1000, "validate", "maps")
    assert r.returncode == 0 and calls.strip() == "hexfort validate maps" and "apt-get" not in r.stderr


def test_python_dash_m_editor_app_starts_the_editor_as_hexfort_edit_does() -> None:
    """`python -m editor.app MAP` used to exit 0 without a word (a new-user audit): it is `hexfort edit`."""
    done = subprocess.run([sys.executable, "-m", "editor.app", "--help"], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "The hexfort editor (as hexfort edit)" in done.stdout, done.stdout + done.stderr
