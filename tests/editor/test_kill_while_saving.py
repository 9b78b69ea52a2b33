"""Killing hexfort while it saves never leaves a broken file: the old version or the new one, whole.

A child process (``tests/fuzzing/save_loop.py``) edits a large map and a scenario
in the editor's documents and saves them the editor's ways -- File ▸ Save
(:meth:`editor.document.MapDocument.save`) and the copy for crash recovery
(:meth:`editor.recovery.Session.write`) -- over and over, two versions in turn,
and says when a save is about to flush to disk. The test kills it with SIGKILL --
half the time at a random moment, half the time right as a save is mid-way
(temporary file written, not yet renamed) -- then loads all four files (the map,
the scenario and their recovery copies): each must hold exactly one of the two
versions, and the saved files must keep their permissions. Leftover temporary
files prove the kills landed mid-save; they are hidden (``hexfort validate`` skips
them), carry the killed saver's process id, and are the only files found stale
(#22), which the editor then clears.
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

from editor.recovery import load_copy, read_copy
from engine.formats import LoadError, load_map, load_scenario
from engine.formats.tempfiles import parse_temp_name, remove_if_stale, stale_temps
from engine.mapmodel import HexMap
from tests.fuzzing.save_loop import MAP_FILE, SCENARIO_FILE, SCENARIO_NAME, maps

REPO = Path(__file__).resolve().parents[2]
KILLS = 16


class Savers:
    """The process that forks savers (``tests/fuzzing/save_loop.py``), and the saver now running."""

    def __init__(self, folder: Path, recovery: Path) -> None:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(REPO)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.fuzzing.save_loop", str(folder), str(recovery)],
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


def _version(path: Path) -> HexMap:
    """The map a saved or recovered file holds (a scenario's embedded map); fails the test if it is broken."""
    try:
        if path.name.startswith("tab-"):
            return load_copy(read_copy(path))[0]
        if path.name.endswith(".scenario.json"):
            s = load_scenario(path)
            assert s.name == SCENARIO_NAME, f"{path.name} holds another scenario"
            return s.map
        return load_map(path)
    except LoadError as e:
        pytest.fail(f"a kill left a broken {path.name}: {e}")


@pytest.mark.slow
def test_a_save_or_autosave_killed_at_any_moment_leaves_the_old_or_the_new_version(tmp_path: Path) -> None:
    versions = maps()
    folder = tmp_path / "library"
    folder.mkdir()
    saved = (folder / MAP_FILE, folder / SCENARIO_FILE)
    recovery = tmp_path / "recovery"
    rng = random.Random(13)
    savers = Savers(folder, recovery)
    mid_save = 0
    try:
        kill = 0
        # At least KILLS kills, and on until a quarter of KILLS landed in the middle of a save (whether a kill
        # does depends on the machine's speed at that moment); at most three times KILLS.
        while kill < KILLS or (mid_save < KILLS // 4 and kill < 3 * KILLS):
            savers.start()
            savers.wait_for("ready")
            if kill == 0:
                for path in saved:
                    path.chmod(0o640)  # a mode of the user's choosing, which later saves must keep
            if kill % 2:
                savers.wait_for("flush")
                time.sleep(rng.uniform(0, 0.02))
            else:
                time.sleep(rng.uniform(0, 0.3))
            savers.kill()
            [session] = recovery.glob(f"session-*-{savers.pid}-*")
            leftovers = [p for d in (folder, session) for p in d.iterdir() if p.name.endswith(".tmp")]
            mid_save += bool(leftovers)
            for p in leftovers:
                assert p.name.startswith(".")  # hidden: hexfort validate and the recovery list skip it
                temp = parse_temp_name(p)
                assert temp is not None and temp.pid == savers.pid, p.name
            assert sorted(t.path for d in (folder, session) for t in stale_temps(d)) == sorted(leftovers)
            assert all(remove_if_stale(t) for d in (folder, session) for t in stale_temps(d))
            copies = sorted(session.glob("tab-*.json"))  # one per document
            assert [p.name for p in copies] == ["tab-1.json", "tab-2.json"]
            for path in (*saved, *copies):
                assert _version(path) in versions, f"kill {kill + 1} left {path.name} holding neither version"
            for path in saved:
                assert path.stat().st_mode & 0o777 == 0o640
            kill += 1
    finally:
        savers.close()
    assert mid_save >= KILLS // 4, f"only {mid_save} of {kill} kills landed in the middle of a save"
