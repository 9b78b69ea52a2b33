"""The kill campaign of crash recovery (#23): the real editor on three maps, SIGKILL at random moments, restart.

Every run starts the editor as a user would, ``hexfort edit A B C`` (three maps of one
folder, one tab each), in a process of its own with Qt offscreen and the test control
(:mod:`editor.test_control`) on its standard input and output. When the previous run
left work, the recovery dialog comes up: the campaign checks what it offers and presses
*Restore all*. Then it edits every tab through the document API, waits until each
tab's recovery copy is on disk (past the debounce), and goes on in one of these ways
before it kills the editor with SIGKILL:

``idle``     waits a random 0-3 s;
``editing``  edits on at random intervals and kills up to 2.5 s after the last edit
             (often before the debounce: those edits may be lost, no others);
``save``     saves a tab and kills on a random flush of the save (the temporary file
             written, renamed or not), each flush slowed by up to 20 ms like a slow disk;
``rushed``   edits a tab and saves it at once (newer than its copy), then kills mid-save;
``copy``     edits and kills on a flush of the recovery writer, mid-copy;
``restore``  kills the next editor right after *Restore all* is pressed (before the
             restored work is copied into the new session).

After each kill it checks the files (each map whole: its first version or one a save
was asked for); at the next start it checks that, for every tab, the work up to its
last copy or completed save is offered or in the file (:meth:`Tab.check`), that at most
one copy per tab is offered and only states the tab really had, that the crashed
session's copies were not changed before the user decided (a copy write cut short may
only be finished), that no temporary file of a killed save is left in the folder while
look-alike files planted there are untouched, and that *Restore all* gives every tab
its offered work, modified, one undo step above its file.
"""

from __future__ import annotations

import json
import os
import queue
import random
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from engine.formats import dumps_map, load_map
from engine.formats.tempfiles import HOST, parse_temp_name
from engine.hexgrid import Hex

REPO: Final = Path(__file__).resolve().parents[2]
MAPS: Final = ("koth_crossroads.map.json", "koth_quarry.map.json", "koth_ridge.map.json")
MODES: Final = ("save", "editing", "copy", "rushed", "restore", "idle")
#: Longest wait for the editor's answer (the machine may be busy).
TIMEOUT: Final = 90.0

Event = dict[str, Any]


def file_sha(path: Path) -> str:
    """The digest the test control gives a map, of the map file at ``path`` (it must load whole)."""
    import hashlib

    return hashlib.sha256(dumps_map(load_map(path)).encode()).hexdigest()


class Editor:
    """One editor process under test control; events are read on a thread and handled in order."""

    def __init__(self, paths: list[Path], home: Path, log: Path) -> None:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HEXFORT_TEST_CONTROL": "stdio",
               "XDG_DATA_HOME": str(home / "data"), "XDG_CACHE_HOME": str(home / "cache"),
               "XDG_CONFIG_HOME": str(home / "config"), "PYTHONPATH": str(REPO)}
        self._err = open(log, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()
        self.process = subprocess.Popen([sys.executable, "-m", "editor.cli", "edit", *map(str, paths)], cwd=REPO,
                                        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._err,
                                        text=True)
        self.events: queue.Queue[Event | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("@hexfort "):
                self.events.put(json.loads(line[len("@hexfort "):]))
        self.events.put(None)

    def send(self, *command: Any) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()

    def next(self, timeout: float = TIMEOUT) -> Event:
        try:
            event = self.events.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"the editor said nothing for {timeout} s") from None
        if event is None:
            raise AssertionError(f"the editor ended (exit {self.process.wait()}); see its log")
        if event["event"] == "error":
            raise AssertionError(f"the editor refused {event['command']}: {event['message']}")
        return event

    def kill(self) -> float:
        """SIGKILL; returns when it happened."""
        at = time.time()
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        return at

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        self._err.close()


@dataclass
class Tab:
    """What the campaign knows of one tab in the editor now running."""

    path: Path
    revs: list[str]  # rev -> digest of the tab's map; rev 0 is its state at start
    times: list[float]  # rev -> when that edit was made (start time for rev 0)
    copied: int = -1  # newest rev whose copy is on disk
    saved: int = -1  # newest rev a completed save wrote (0: the tab started clean)
    files: set[str] = field(default_factory=set)  # what the map file may hold: first version and saves asked for

    def rev_of(self, sha: str) -> int:
        """The newest rev holding ``sha`` (-1: a state the tab never had)."""
        return max((r for r, s in enumerate(self.revs) if s == sha), default=-1)

    @property
    def durable(self) -> int:
        """The newest rev a kill must not lose: its last copy on disk or its last completed save."""
        return max(self.copied, self.saved)

    def check(self, offered: list[str], on_disk: str) -> int:
        """Assert nothing of this tab was lost and nothing foreign offered; returns the rev recovered."""
        name = self.path.name
        assert on_disk in self.files, f"{name} holds neither its first version nor one that was saved"
        assert len(offered) <= 1, f"{len(offered)} copies of {name} offered: {offered}"
        best = offered[0] if offered else on_disk
        rev = self.rev_of(best)
        if offered:
            assert rev >= 0, f"the copy offered for {name} holds a state the tab never had"
        assert rev >= self.durable, (f"{name}: the work recovered is rev {rev}, older than rev {self.durable} "
                                     f"(copied {self.copied}, saved {self.saved})")
        return rev


@dataclass
class Figures:
    """What a campaign measured."""

    runs: int = 0
    modes: Counter[str] = field(default_factory=Counter)
    offered: Counter[str] = field(default_factory=Counter)  # by source
    temps_left: int = 0  # kills that left a killed save's temporary file in the folder
    tabs_with_loss: int = 0  # tabs whose newest edits (after their last copy) were lost
    lost_ages: list[float] = field(default_factory=list)  # s between the first lost edit and the kill
    copy_delays: list[float] = field(default_factory=list)  # s from an edit to the copy holding it on disk
    start_s: list[float] = field(default_factory=list)

    def summary(self) -> str:
        delays = sorted(self.copy_delays)
        worst = max(self.lost_ages, default=0.0)
        return (f"{self.runs} kills ({', '.join(f'{m} {n}' for m, n in sorted(self.modes.items()))}); "
                f"offered {dict(self.offered)}; {self.temps_left} kills left a save's temporary file; "
                f"tabs that lost their last edits: {self.tabs_with_loss}, the oldest lost edit {worst:.2f} s "
                f"before the kill; edit to copy on disk: median {statistics.median(delays) if delays else 0:.2f} s, "
                f"max {max(delays, default=0):.2f} s; editor start median "
                f"{statistics.median(self.start_s) if self.start_s else 0:.1f} s")


def _decoys(folder: Path) -> dict[Path, bytes]:
    """Files named like hexfort's temporary files that are not stale ones of its own: never to be touched."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    other_host = "000000" if HOST != "000000" else "111111"
    names = [f".{MAPS[0]}.abcd1234.tmp", f".{MAPS[0]}.hexfort-{os.getpid()}-{HOST}-decoyabc.tmp",
             f".{MAPS[1]}.hexfort-{p.pid}-{other_host}-decoyabc.tmp", f"{MAPS[2]}.hexfort-{p.pid}-{HOST}-decoyabc.tmp",
             "notes.tmp"]
    out = {}
    for name in names:
        path = folder / name
        path.write_bytes(b'{"decoy": "' + name.encode() + b'"}\n')
        out[path] = path.read_bytes()
    return out


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()} if folder.is_dir() else {}


def _untouched(before: dict[str, bytes], folder: Path) -> None:
    """The crashed session's copies are as the kill left them; a copy write cut short may only have been finished."""
    now = _snapshot(folder)
    finished = {t.target.name: before[name] for name in before
                if (t := parse_temp_name(folder / name)) is not None}
    for name, data in before.items():
        if parse_temp_name(folder / name) is not None or name not in now:
            continue  # temporary files are finished or dropped; a copy may be gone only once decided
        assert now[name] in (data, finished.get(name)), f"the crashed session's {name} changed before the user decided"


class Campaign:
    """Runs kills one after another; each restart is the next run's editor."""

    def __init__(self, work: Path, seed: int, log: Callable[[str], None] | None = None) -> None:
        self.work = work
        self.rng = random.Random(seed)
        self.say = log or (lambda _text: None)
        self.folder = work / "maps"
        self.folder.mkdir(parents=True)
        self.paths = [self.folder / name for name in MAPS]
        for src, dst in zip(MAPS, self.paths, strict=True):
            shutil.copy(REPO / "maps" / src, dst)
        self.hexes = {p: sorted(load_map(p).cells) for p in self.paths}
        self.decoys = _decoys(self.folder)
        self.figures = Figures()
        self.tabs: dict[Path, Tab] = {}
        self.files: dict[Path, set[str]] = {p: {file_sha(p)} for p in self.paths}
        self.flushes: Counter[str] = Counter()
        self.saved_reply: set[Path] = set()
        self.editor: Editor | None = None
        self.crashed: tuple[Path, dict[str, bytes]] | None = None
        self.expect_offers = False

    # -- events -----------------------------------------------------------------------------------

    def handle(self, e: Event) -> Event:
        kind = e["event"]
        tab = self.tabs.get(Path(e["path"])) if e.get("path") else None
        if kind == "edited" and tab is not None:
            assert e["rev"] == len(tab.revs), "edits out of order"
            tab.revs.append(e["sha"])
            tab.times.append(e["at"])
        elif kind == "copied" and tab is not None:
            rev = tab.rev_of(e["sha"])
            assert rev >= 0, f"a copy of {tab.path.name} holds a state the tab never had"
            if rev > tab.copied:
                self.figures.copy_delays.append(e["at"] - tab.times[rev])
            tab.copied = max(tab.copied, rev)
        elif kind == "saved" and tab is not None:
            assert e["ok"], f"saving {tab.path.name} failed"
            tab.saved = max(tab.saved, tab.rev_of(e["sha"]))
            self.saved_reply.add(tab.path)
        elif kind == "flush":
            self.flushes[e["thread"]] += 1
        return e

    def until(self, want: Callable[[Event], bool], timeout: float = TIMEOUT) -> Event:
        """Handle events until one ``want`` accepts; returns it."""
        assert self.editor is not None
        end = time.monotonic() + timeout
        while True:
            e = self.handle(self.editor.next(max(0.01, end - time.monotonic())))
            if want(e):
                return e

    def wait_state(self, done: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Handle events until ``done()`` holds (at once if it holds already)."""
        end = time.monotonic() + timeout
        while not done():
            self.until(lambda _e: True, max(0.01, end - time.monotonic()))

    def drain(self, seconds: float) -> None:
        """Handle what comes in for ``seconds``."""
        assert self.editor is not None
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                event = self.editor.events.get(timeout=left)
            except queue.Empty:
                return
            if event is None:
                raise AssertionError("the editor ended")
            self.handle(event)

    def edit(self, path: Path) -> None:
        assert self.editor is not None
        h: Hex = self.rng.choice(self.hexes[path])
        self.editor.send("edit", str(path), h.q, h.r)  # one level higher, terrain kept
        self.until(lambda e: e["event"] == "edited")

    # -- one run -------------------------------------------------------------------------------------

    def start(self) -> dict[str, list[str]]:
        """Start the editor on the three maps; answer its recovery dialog; returns the digests offered by file."""
        t0 = time.monotonic()
        self.editor = Editor(self.paths, self.work / "home", self.work / "editor.log")
        self.tabs = {}
        first = self.until(lambda e: e["event"] in ("dialog", "ready"))
        offered: dict[str, list[str]] = {str(p): [] for p in self.paths}
        if self.expect_offers or first["event"] == "dialog":
            self._check_folder()
            if self.crashed is not None:
                _untouched(self.crashed[1], self.crashed[0])
            rows = first["rows"] if first["event"] == "dialog" else []
            for row in rows:
                assert row["original"] in offered, f"a copy of {row['original']} was offered"
                offered[row["original"]].append(row["sha"])
                self.figures.offered[row["source"]] += 1
            self._check_offers(offered)
        self.figures.start_s.append(time.monotonic() - t0)
        return offered

    def _check_folder(self) -> None:
        left = [p.name for p in self.folder.iterdir() if p not in self.decoys and p.name.endswith(".tmp")]
        assert not left, f"temporary files left in the folder after it was opened: {left}"
        for p, data in self.decoys.items():
            assert p.read_bytes() == data, f"{p.name} (not a stale file of hexfort's) was touched"

    def _check_offers(self, offered: dict[str, list[str]]) -> None:
        for path, tab in self.previous.items():
            on_disk = file_sha(path)
            rev = tab.check(offered[str(path)], on_disk)
            if rev + 1 < len(tab.revs) and self.count_loss:
                self.figures.tabs_with_loss += 1
                self.figures.lost_ages.append(self.killed_at - tab.times[rev + 1])

    def restore(self, offered: dict[str, list[str]], kill_at_once: bool) -> bool:
        """Press Restore all (when a dialog is up) and learn the tabs; True when the editor was killed meanwhile."""
        assert self.editor is not None
        if any(offered.values()):
            self.editor.send("press", "Restore all")
            if kill_at_once:
                self.until(lambda e: e["event"] == "pressed")
                time.sleep(self.rng.uniform(0, 0.3))
                return True
            self.until(lambda e: e["event"] == "ready")
        self.editor.send("tabs")
        tabs = self.until(lambda e: e["event"] == "tabs")["tabs"]
        assert sorted(t["path"] for t in tabs) == sorted(map(str, self.paths)), tabs
        now = time.time()
        for t in tabs:
            path = Path(t["path"])
            wanted = offered[t["path"]]
            if wanted:  # restored: the offered work, modified, one undo step above the file
                assert t["sha"] == wanted[0] and t["dirty"] and t["undo"] == 1, t
            else:
                assert t["sha"] == file_sha(path) and not t["dirty"], t
            self.tabs[path] = Tab(path, [t["sha"]], [now], saved=-1 if t["dirty"] else 0,
                                  files=self.files[path])
        return False

    def run(self, number: int, mode: str) -> None:
        offered = self.start()
        killed_in_restore = self.restore(offered, kill_at_once=mode == "restore" and any(offered.values()))
        if killed_in_restore:
            self._after_kill(mode, previous=self.previous)
            self.say(f"kill {number + 1}: {mode}")
            return
        mode = "idle" if mode == "restore" else mode
        assert self.editor is not None
        for path in self.paths:  # edit every tab...
            for _ in range(self.rng.randint(1, 3)):
                self.edit(path)
        # ...and wait until every tab's copy holds its last edit (past the debounce)
        self.wait_state(lambda: all(t.copied == len(t.revs) - 1 for t in self.tabs.values()))
        self.editor.send("flushes", True)
        self.until(lambda e: e["event"] == "flushes")
        self.flushes.clear()
        self.saved_reply.clear()
        self._go_on(mode)
        self._after_kill(mode, previous=self.tabs)
        self.say(f"kill {number + 1}: {mode}")

    def _go_on(self, mode: str) -> None:
        """Act as ``mode`` says, then kill."""
        assert self.editor is not None
        rng = self.rng
        if mode == "idle":
            self.drain(rng.uniform(0, 3))
        elif mode == "editing":
            for _ in range(rng.randint(1, 6)):
                self.edit(rng.choice(self.paths))
                self.drain(rng.uniform(0.05, 0.6))
            self.drain(rng.uniform(0, 2.5))
        elif mode in ("save", "rushed"):
            path = rng.choice(self.paths)
            if mode == "rushed":
                self.edit(path)
            self.files[path].add(self.tabs[path].revs[-1])
            self.editor.send("save", str(path))
            flushes = rng.randint(1, 2)  # the file, then its folder
            self.wait_state(lambda: self.flushes["MainThread"] >= flushes or path in self.saved_reply)
            time.sleep(rng.uniform(0, 0.02))
        elif mode == "copy":
            self.edit(rng.choice(self.paths))
            self.wait_state(lambda: self.flushes["hexfort-recovery"] >= 1)
            time.sleep(rng.uniform(0, 0.02))
        else:
            raise ValueError(mode)

    def _after_kill(self, mode: str, previous: dict[Path, Tab]) -> None:
        assert self.editor is not None
        pid = self.editor.process.pid
        killed_at = self.editor.kill()
        self.count_loss = mode != "restore"  # a kill at start-up checks the same tabs again
        if self.count_loss:
            self.killed_at = killed_at
        self.editor.close()
        self.editor = None
        self.figures.runs += 1
        self.figures.modes[mode] += 1
        for path in self.paths:
            assert file_sha(path) in self.files[path], f"{path.name} is not a version that was saved"
        self.figures.temps_left += any(parse_temp_name(p) is not None and p not in self.decoys
                                       for p in self.folder.iterdir())
        sessions = list((self.work / "home" / "data").rglob(f"session-*-{pid}-*"))
        self.crashed = (sessions[0], _snapshot(sessions[0])) if sessions else None
        self.previous = previous
        self.expect_offers = True

    def finish(self) -> None:
        """A last start checks the last kill."""
        offered = self.start()
        self.restore(offered, kill_at_once=False)
        assert self.editor is not None
        self.editor.close()
        self.editor = None


def run_campaign(work: Path, runs: int, seed: int, log: Callable[[str], None] | None = None) -> Figures:
    """``runs`` kills, modes in turn from a seeded start; raises AssertionError at the first thing lost."""
    campaign = Campaign(work, seed, log)
    campaign.previous = {}
    campaign.killed_at = 0.0
    campaign.count_loss = True
    offset = random.Random(seed).randrange(len(MODES))
    try:
        for i in range(runs):
            campaign.run(i, MODES[(i + offset) % len(MODES)])
        campaign.finish()
    finally:
        if campaign.editor is not None:
            campaign.editor.close()
    return campaign.figures
