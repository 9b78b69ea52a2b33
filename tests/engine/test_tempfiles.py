"""hexfort's own temporary files: named after their writer, found stale only when that writer is gone.

A save killed between writing its temporary file and renaming it leaves
``.NAME.hexfort-PID-HOST-XXXXXXXX.tmp`` beside NAME (#22, #23). These tests kill a real
writer process at that moment, then check what is called stale -- and that files of
other patterns, other machines, live writers, folders and links with such names are not.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.formats import load_map, save_map
from engine.formats.jsonio import atomic_write_text, before_replace
from engine.formats.tempfiles import (
    HOST,
    StaleVerdict,
    judge,
    parse_temp_name,
    process_alive,
    process_start,
    remove_if_stale,
    stale_temps,
    temp_prefix,
)
from tests.conftest import MAPS, REPO

_KILLED_SAVE = """
import os, sys
from pathlib import Path
from engine.formats import load_map, save_map
from engine.hexgrid import Hex
from engine.mapmodel import Cell
target, cut = Path(sys.argv[1]), sys.argv[2]
m = load_map(target)
c = m.cells[Hex(0, 0)]
m = m.with_cell(Hex(0, 0), Cell((c.height + 1) % 3, c.terrain, c.stairs_up))
if cut == "half":  # die with half the text written
    os.fsync = lambda fd: (os.ftruncate(fd, os.fstat(fd).st_size // 2), os._exit(9))
os.replace = lambda *a: os._exit(9)  # die just before the rename
save_map(m, target)
"""


def killed_save(target: Path, cut: str = "whole") -> Path:
    """Run a save of the map ``target`` with hex 0,0 one level higher, in a process killed before its rename.

    ``cut`` "whole": killed with the new text whole in the temporary file; "half": killed mid-write.
    Returns the temporary file it left.
    """
    before = set(target.parent.iterdir())
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", _KILLED_SAVE, str(target), cut], env=env, cwd=REPO, check=False)
    assert done.returncode == 9
    [left] = set(target.parent.iterdir()) - before
    return left


def dead_pid() -> int:
    """The process id of a process that has ended (and was reaped)."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_save_names_its_temporary_file_after_its_process(tmp_path: Path) -> None:
    target = tmp_path / "crossroads.map.json"
    save_map(load_map(MAPS / "koth_crossroads.map.json"), target)
    left = killed_save(target)
    temp = parse_temp_name(left)
    assert temp is not None and temp.pid != os.getpid()
    assert left.name.startswith(f".crossroads.map.json.hexfort-{temp.pid}-{HOST}-") and left.name.endswith(".tmp")
    assert temp_prefix("crossroads.map.json") == f".crossroads.map.json.hexfort-{os.getpid()}-{HOST}-"
    assert temp.target == target and temp.host == HOST and not process_alive(temp.pid)
    assert stale_temps(tmp_path) == [temp]


def test_a_whole_temporary_file_differs_a_cut_one_is_unusable_a_repeated_save_is_the_same(tmp_path: Path) -> None:
    target = tmp_path / "crossroads.map.json"
    save_map(load_map(MAPS / "koth_crossroads.map.json"), target)
    whole = parse_temp_name(killed_save(target))
    cut = parse_temp_name(killed_save(target, "half"))
    assert whole is not None and cut is not None
    assert judge(whole) is StaleVerdict.DIFFERS
    assert judge(cut) is StaleVerdict.UNUSABLE
    save_map(load_map(whole.path), target)  # the file now holds what the temporary file holds
    assert judge(whole) is StaleVerdict.SAME
    target.unlink()  # a first save of a new file, killed: nothing else holds its work
    assert judge(whole) is StaleVerdict.DIFFERS
    assert remove_if_stale(cut) and not cut.path.exists()


def test_only_hexforts_own_stale_files_are_found_and_removed(tmp_path: Path) -> None:
    """Foreign files with names like ours are never touched (#22: "never touches anything else")."""
    target = tmp_path / "a.map.json"
    save_map(load_map(MAPS / "koth_crossroads.map.json"), target)
    ours = parse_temp_name(killed_save(target))
    gone = dead_pid()
    other_host = "000000" if HOST != "000000" else "111111"
    foreign = {
        ".a.map.json.x1y2z3ab.tmp": "mkstemp's pattern (an older hexfort, another program)",
        f"a.map.json.hexfort-{gone}-{HOST}-abcdefgh.tmp": "not hidden",
        f".a.map.json.hexfort-{gone}-{other_host}-abcdefgh.tmp": "written on another machine",
        f".a.map.json.hexfort-{os.getpid()}-{HOST}-abcdefgh.tmp": "this process is writing it",
        f".a.map.json.hexfort-1-{HOST}-abcdefgh.tmp": "its writer (init) runs",
        f".a.map.json.hexfort-{gone}-{HOST}-abcdefgh.tmp.bak": "another suffix",
        f".a.map.json.hexfort-{gone}-{HOST}-ABCDEFGH.tmp": "not mkstemp's letters",
        f".a.map.json.hexfort-{gone}-{HOST}-abcdefg.tmp": "a tag too short",
        f".a.map.json.hexfort-0{gone}-{HOST}-abcdefgh.tmp": "not a process number",
        "notes.tmp": "another name altogether",
    }
    for name in foreign:
        (tmp_path / name).write_text("{}", encoding="utf-8")
    folder_named = tmp_path / f".b.map.json.hexfort-{gone}-{HOST}-abcdefgh.tmp"
    folder_named.mkdir()
    link_named = tmp_path / f".c.map.json.hexfort-{gone}-{HOST}-abcdefgh.tmp"
    link_named.symlink_to(target)
    assert stale_temps(tmp_path) == [ours]
    for name in foreign:
        temp = parse_temp_name(tmp_path / name)
        if temp is not None:
            assert not remove_if_stale(temp), foreign[name]
    assert all((tmp_path / name).read_text(encoding="utf-8") == "{}" for name in foreign)
    assert folder_named.is_dir() and link_named.is_symlink() and target.exists()
    assert ours is not None and remove_if_stale(ours)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*foreign, folder_named.name, link_named.name,
                                                                 target.name])


@pytest.mark.parametrize("kill_first", [True, False])
def test_process_alive_knows_a_reused_number_from_its_process(kill_first: bool) -> None:
    p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        started = process_start(p.pid)
        if kill_first:
            p.kill()
            deadline = time.monotonic() + 5
            while process_alive(p.pid, started) and time.monotonic() < deadline:
                time.sleep(0.01)
            assert not process_alive(p.pid, started)  # ended, not reaped yet (a zombie): gone
            p.wait()
        assert process_alive(p.pid, started) is not kill_first
        if started is not None and not kill_first:
            assert not process_alive(p.pid, started + 1)  # another process that got the same number
    finally:
        p.kill()
        p.wait()


def test_before_replace_runs_with_the_new_text_flushed_and_the_old_file_in_place(tmp_path: Path) -> None:
    target = tmp_path / "m.map.json"
    atomic_write_text(target, "old\n")
    seen: list[tuple[str, list[str]]] = []

    def look() -> None:
        temps = [p.read_text() for p in tmp_path.iterdir() if parse_temp_name(p) is not None]
        seen.append((target.read_text(), temps))

    with before_replace(target, look):
        atomic_write_text(tmp_path / "other.json", "x\n")  # another file: not called
        atomic_write_text(target, "new\n")
    assert seen == [("old\n", ["new\n"])]
    assert target.read_text() == "new\n"

    def refuse() -> None:
        raise OSError("no")

    with before_replace(target, refuse), pytest.raises(OSError):
        atomic_write_text(target, "newer\n")
    assert target.read_text() == "new\n" and stale_temps(tmp_path) == []
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
