"""Killing hexfort while it saves never leaves a broken file: the old map or the new one, whole.

A child process (``tests/fuzzing/save_loop.py``) saves two large maps in turn
through the real save path (:func:`engine.formats.save_map`) and the editor's
autosave (:func:`editor.recovery.write_recovery`), and says when a save is about
to flush to disk. The test kills it with SIGKILL -- half the time at a random
moment, half the time right as a save is mid-way (temporary file written, not yet
renamed) -- then loads both files: each must be exactly one of the two maps, and
the saved file must keep its permissions. Leftover temporary files prove the
kills landed mid-save; they are hidden and ``hexfort validate`` skips them.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.formats import LoadError, load_map
from tests.fuzzing.save_loop import maps

REPO = Path(__file__).resolve().parents[2]
KILLS = 16


class Savers:
    """The process that forks savers (``tests/fuzzing/save_loop.py``), and the saver now running."""

    def __init__(self, target: Path, recovery: Path) -> None:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.fuzzing.save_loop", str(target), str(recovery)],
            cwd=REPO, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.pid = 0

    def start(self) -> None:
        """Fork a new saver."""
        assert self.process.stdin is not None
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        self.pid = int(self.wait_for("pid ").split()[1])

    def wait_for(self, word: str) -> str:
        """Read the savers' words until one starting with ``word``."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(word):
                return line
        raise AssertionError(f"the savers ended before saying {word!r} (exit {self.process.wait()})")

    def kill(self) -> None:
        """SIGKILL the saver (mid-save or not) and wait until it is gone."""
        os.kill(self.pid, signal.SIGKILL)
        for _ in range(500):
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.01)
        raise AssertionError(f"saver {self.pid} outlived SIGKILL")

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


@pytest.mark.slow
def test_a_save_or_autosave_killed_at_any_moment_leaves_the_old_or_the_new_map(tmp_path: Path) -> None:
    a, b = maps()
    target = tmp_path / "library" / "large.map.json"
    target.parent.mkdir()
    recovery = tmp_path / "recovery"
    rng = random.Random(13)
    savers = Savers(target, recovery)
    mid_save = 0
    try:
        for kill in range(KILLS):
            savers.start()
            savers.wait_for("ready")
            if kill == 0:
                target.chmod(0o640)  # a mode of the user's choosing, which later saves must keep
            if kill % 2:
                savers.wait_for("flush")
                time.sleep(rng.uniform(0, 0.02))
            else:
                time.sleep(rng.uniform(0, 0.3))
            savers.kill()
            leftovers = [p for folder in (target.parent, recovery) for p in folder.iterdir()
                         if p.name.endswith(".tmp")]
            mid_save += bool(leftovers)
            for p in leftovers:
                assert p.name.startswith(".")  # hidden: hexfort validate and the recovery list skip it
                p.unlink()
            (copy,) = recovery.glob("*.json")
            for path in (target, copy):
                try:
                    found = load_map(path)
                except LoadError as e:
                    pytest.fail(f"kill {kill + 1} left a broken {path.name}: {e}")
                assert found in (a, b), f"kill {kill + 1} left {path.name} holding neither map"
            assert target.stat().st_mode & 0o777 == 0o640
    finally:
        savers.close()
    assert mid_save >= KILLS // 4, f"only {mid_save} of {KILLS} kills landed in the middle of a save"
