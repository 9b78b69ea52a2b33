"""Documentation screenshots: ``python -m editor.docshots docs/images [editor] [library] [recovery] [balance] [share] [rebalance]``.

Run it under a real X server (``xvfb-run -s "-screen 0 1600x1000x24"``) so the
window is drawn by the same platform plugin users see. Each editor shot opens a
bundled map (or a folder of them), sets the scene up through the window's public
actions and grabs the window. The ``balance`` shot runs ``hexfort balance`` on the
bundled Ridge scenario (heuristic and search pairings; a few minutes on two
cores) and photographs the report with headless Chromium (``apt-get install
chromium``; :mod:`editor.browser_shot`). Name shots to take only those; without
names it takes them all.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.hexgrid import Hex
from engine.mapmodel import Team, Terrain

REPO = Path(__file__).resolve().parents[1]
MAPS = REPO / "maps"


def _pump(app, n: int = 25) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        app.processEvents()
        time.sleep(0.02)


def _window(app, path: Path):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QSettings

    from editor.main_window import MainWindow
    from editor.paths import EditorPaths

    tmp = Path(tempfile.mkdtemp())
    settings = QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(None, None, settings=settings, paths=EditorPaths(tmp / "data", tmp / "cache"))
    win.open_path(path, ask=False)
    win.resize(1600, 1000)
    win.show()
    _pump(app)
    assert win.view is not None  # a document is open
    win.view.fit()
    _pump(app)
    return win


def library_demo_folder(folder: Path) -> Path:
    """A folder like a community's: the bundled maps and scenarios, three broken maps and one that plays but
    favours a side."""
    import shutil
    from dataclasses import replace

    from engine.formats import load_map, save_map
    from engine.mapmodel import Cell

    shutil.copytree(MAPS, folder)
    q = load_map(MAPS / "koth_quarry.map.json")
    kit = min(q.kits)
    q = q.with_meta(replace(q.meta, name="Quarry, kit on a wall", author="sam"))
    save_map(q.with_cell(kit, Cell(q.cells[kit].height, Terrain.WALL)), folder / "quarry_wall.map.json")
    c = load_map(MAPS / "payload_canal.map.json")
    red = c.track(Team.RED)
    c = c.with_meta(replace(c.meta, name="Canal, broken track", author="lee"))
    save_map(c.with_feature_part("tracks", Team.RED, [h for i, h in enumerate(red) if i != len(red) // 2]), folder / "canal_gap.map.json")
    (folder / "half_written.map.json").write_text('{"$schema": "map.schema.json", "name": ', encoding="utf-8")
    x = load_map(MAPS / "koth_crossroads.map.json")  # plays, but favours RED: one spawn hex more (issue #19)
    x = x.with_meta(replace(x.meta, name="Crossroads, one more spawn hex", author="kim"))
    save_map(x.with_spawn_zone(Team.RED, set(x.spawns[Team.RED]) | {Hex(-10, -3)}), folder / "crossroads_spawn.map.json")
    return folder


def shoot_library(out_dir: Path) -> Path:
    """The map library on a folder of bundled and broken maps, broken ones first."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from editor.library.model import COLUMNS
    from editor.library.window import LibraryWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = Path(tempfile.mkdtemp())
    # the folder sits in a stand-in home folder, so the header reads "~/community-maps", not a temporary path
    home = tmp / "home"
    folder = library_demo_folder(home / "community-maps")
    lib = LibraryWindow(tmp / "cache")
    lib.resize(1300, 800)
    lib.show()
    real_home = os.environ.get("HOME")
    os.environ["HOME"] = str(home)
    try:
        lib.set_folder(folder)
    finally:
        if real_home is None:
            del os.environ["HOME"]
        else:
            os.environ["HOME"] = real_home
    deadline = time.monotonic() + 120
    while lib.model.scanned() < lib.model.rowCount() and time.monotonic() < deadline:
        _pump(app, 1)
    lib.table.sortByColumn(COLUMNS.index("Status"), Qt.SortOrder.DescendingOrder)
    _pump(app)
    path = out_dir / "library.png"
    lib.grab().save(str(path))
    lib.close()
    return path


_CRASHED_EDITOR = """
import json, sys
from pathlib import Path
from editor.recovery import Session
session = Session(Path(sys.argv[1]))
for tab, text in enumerate(json.load(sys.stdin), 1):
    session.write(tab, text)
"""


def shoot_recovery(out_dir: Path) -> Path:
    """The start-up recovery dialog after two editors were killed (one while saving), in a stand-in home folder.

    The copies are written by processes that end at once (crashed sessions, as
    the dialog finds them); the save cut short is a temporary file of a writer gone.
    """
    import json
    import shutil

    from PySide6.QtWidgets import QApplication

    from editor.document import read_document
    from editor.recovery import TabState, adopt_temp, copy_text, crashed_copies, file_sha256
    from editor.recovery_dialog import RecoveryDialog
    from editor.recovery_offer import gather_offers
    from engine.formats import load_map, save_map
    from engine.formats.tempfiles import HOST, parse_temp_name
    from engine.mapmodel import Cell

    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = Path(tempfile.mkdtemp())
    home, root = tmp / "home", tmp / "recovery"
    folder = home / "community-maps"
    shutil.copytree(MAPS, folder)

    def raised(m, n: int, skip: int = 0):  # type: ignore[no-untyped-def]
        for h in sorted(m.cells)[skip:skip + n]:
            c = m.cells[h]
            m = m.with_cell(h, Cell((c.height + 1) % 3, c.terrain, c.stairs_up))
        return m

    def crashed_editor(tabs: list[tuple[str, int]], hours_ago: float) -> None:
        texts = []
        for name, n in tabs:
            m, setup = read_document(folder / name)
            state = TabState(name, raised(m, n), setup, folder / name, file_sha256(folder / name))
            texts.append(copy_text(state, time.time() - hours_ago * 3600))
        subprocess.run([sys.executable, "-c", _CRASHED_EDITOR, str(root)], input=json.dumps(texts), text=True,
                       cwd=REPO, check=True)

    crashed_editor([("koth_crossroads.map.json", 14), ("payload_canal.scenario.json", 3)], 20)
    crashed_editor([("koth_quarry.map.json", 6)], 0.03)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    temp = folder / f".koth_ridge.map.json.hexfort-{int(gone.stdout)}-{HOST}-k3j9x0aa.tmp"
    save_map(raised(load_map(folder / "koth_ridge.map.json"), 4, skip=5), temp)
    stale = parse_temp_name(temp)
    assert stale is not None
    adopt_temp(root, stale)
    real_home = os.environ.get("HOME")
    os.environ["HOME"] = str(home)  # the File column reads ~/community-maps/...
    try:
        dialog = RecoveryDialog(gather_offers(crashed_copies(root)))
    finally:
        if real_home is None:
            del os.environ["HOME"]
        else:
            os.environ["HOME"] = real_home
    dialog.resize(900, dialog.height())
    dialog.show()
    _pump(app)
    path = out_dir / "recovery.png"
    dialog.grab().save(str(path))
    dialog.close()
    return path


#: The balance report shown in docs/balance.md: ``hexfort balance`` with these arguments on a bundled scenario.
BALANCE_ARGS = ("maps/koth_ridge.scenario.json", "--games", "40", "--seed", "1",
                "--players", "heuristic,heuristic", "--players", "search,search")
#: Chromium's window for the balance shot: the verdict, the win and length charts and the first heat maps.
BALANCE_WINDOW = (1100, 1500)


def shoot_balance(out_dir: Path, jobs: int = 2) -> Path:
    """``hexfort balance`` (:data:`BALANCE_ARGS`, run in the repository) to a report, photographed by headless Chromium.

    Raises ChromiumError without Chromium and CalledProcessError when the study fails.
    """
    from editor.browser_shot import screenshot

    with tempfile.TemporaryDirectory(prefix="hexfort-balance-") as tmp:
        page = Path(tmp) / "report.html"
        subprocess.run([sys.executable, "-m", "editor.cli", "balance", *BALANCE_ARGS, "--jobs", str(jobs),
                        "-o", str(page)], check=True, cwd=REPO, stdin=subprocess.DEVNULL)
        return screenshot(page, out_dir / "balance.png", BALANCE_WINDOW)


#: The share page shown in the README: a bundled scenario with a replay of a short random game.
SHARE_SCENARIO = "maps/koth_ridge.scenario.json"
SHARE_WINDOW = (1500, 1180)


def shoot_share(out_dir: Path) -> Path:
    """``hexfort share`` on :data:`SHARE_SCENARIO` with a replay, photographed in headless Chromium after
    pointing at one hex and clicking another (what it sees, the turns to reach it) and stepping the replay.

    Raises RuntimeError when Chromium, chromedriver or selenium is missing (:mod:`editor.web_driver`).
    """
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from editor import web_driver
    from engine.ai.random_player import RandomPlayer
    from engine.formats import load_scenario
    from engine.games.game import Game
    from engine.replay import Replay, save_replay

    with tempfile.TemporaryDirectory(prefix="hexfort-share-") as tmp:
        state = Game.of(load_scenario(REPO / SHARE_SCENARIO)).new_initial_state(3)
        player = RandomPlayer(3)
        for _ in range(40):
            state.apply(player.choose(state))
        save_replay(Replay.of(state), Path(tmp) / "game.replay.json", state)
        page = Path(tmp) / "page.html"
        subprocess.run([sys.executable, "-m", "editor.cli", "share", SHARE_SCENARIO, "-o", str(page), "--replay",
                        str(Path(tmp) / "game.replay.json")], check=True, cwd=REPO, stdin=subprocess.DEVNULL)
        with web_driver.chromium(SHARE_WINDOW) as driver:
            driver.get(page.as_uri())
            polys = driver.find_elements(By.CSS_SELECTOR, "#hexes .hex")
            hexes = [p.get_attribute("data-i") for p in polys]
            data = __import__("json").loads(driver.find_element(By.ID, "hexfort-data").get_attribute("textContent"))
            top = max(range(len(hexes)), key=lambda i: (data["hexes"][i]["height"] == 2,
                                                        -abs(data["hexes"][i]["q"]) - abs(data["hexes"][i]["r"])))
            polys[top].click()
            for _ in range(12):
                driver.find_element(By.ID, "fwd").click()
            ActionChains(driver).move_to_element(polys[top + 3]).perform()
            driver.execute_script("window.scrollTo(0, 0)")
            path = out_dir / "share.png"
            driver.save_screenshot(str(path))
            return path


def shoot_rebalance(out_dir: Path) -> Path:
    """Map ▸ Suggest balance fixes… on Crossroads made unfair (one more RED spawn hex, two steps nearer the
    point): the dock lists the proposals and the best is previewed on the canvas (two to three minutes)."""
    from PySide6.QtWidgets import QApplication

    from engine.formats import load_map, save_map

    app = QApplication.instance() or QApplication(sys.argv[:1])
    m = load_map(MAPS / "koth_crossroads.map.json")
    tmp = Path(tempfile.mkdtemp()) / "crossroads_unfair.map.json"
    save_map(m.with_spawn_zone(Team.RED, set(m.spawns[Team.RED]) | {Hex(-8, -4)}), tmp)
    win = _window(app, tmp)
    panel = win.balance_fixes
    panel.minutes.setValue(6)
    win.act_suggest_fixes.trigger()  # opens the dock with its settings
    panel.run_button.click()
    while panel.running:
        _pump(app, 5)
    win.docks["problems"].hide()
    if panel.tree.topLevelItemCount():
        panel.tree.setCurrentItem(panel.tree.topLevelItem(0))
    win.view.fit()
    _pump(app)
    path = out_dir / "rebalance.png"
    win.grab().save(str(path))
    win.doc.undo_stack.setClean()
    win.close()
    return path


SHOTS = ("editor", "library", "recovery", "balance", "share", "rebalance")


def shoot(out_dir: Path, which: tuple[str, ...] = SHOTS) -> list[Path]:
    """Write the documentation screenshots named in ``which`` (of :data:`SHOTS`) into ``out_dir``; returns their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    if "balance" in which:
        written.append(shoot_balance(out_dir))
    if "share" in which:
        written.append(shoot_share(out_dir))
    if "library" in which:
        written.append(shoot_library(out_dir))
    if "recovery" in which:
        written.append(shoot_recovery(out_dir))
    if "rebalance" in which:
        written.append(shoot_rebalance(out_dir))
    if "editor" not in which:
        return written
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])

    # 1. A bundled King of the Board map with the problems dock and the turns-to-reach overlay.
    win = _window(app, MAPS / "koth_crossroads.map.json")
    win.overlays.set_overlay("reach", Team.RED, "heavy")
    win.docks["overlays"].raise_()
    hover = Hex(0, 0)
    c = win.view.renderer.center(hover)
    QTest.mouseMove(win.view.viewport(), win.view.mapFromScene(c))
    _pump(app)
    path = out_dir / "editor.png"
    win.grab().save(str(path))
    written.append(path)
    win.doc.undo_stack.setClean()
    win.close()

    # 2. Problems as you paint: a Payload map with a gap in a track and a kit on a wall.
    win = _window(app, MAPS / "payload_canal.map.json")
    m = win.doc.map
    red = m.track(Team.RED)
    gap = red[len(red) // 2]
    from editor.edits import Edit, paint, set_kits

    win.doc.apply(Edit(m.with_feature_part("tracks", Team.RED, [h for h in red if h != gap]), frozenset(red)), "Erase a track step")
    spot = next(h for h, cell in sorted(win.doc.map.cells.items()) if cell.terrain is Terrain.WALL
                and h.distance(gap) < 6)
    win.doc.apply(set_kits(win.doc.map, [spot], True), "Place kit")
    win.doc.apply(paint(win.doc.map, [spot], win.state.terrain_ink()), "Paint wall")
    win.runner.run_now()
    items = win.problems.problem_items()
    target = next((i for i in items if i.data(0, 256).code == "HF107"), items[0] if items else None)
    if target is not None:
        win.problems.tree.setCurrentItem(target)
        win.show_problem(target.data(0, 256))
    win.view.set_zoom(1.1)
    win.view.centerOn(win.view.renderer.center(gap))
    win.act_coords.setChecked(True)
    win.action_handler.toggle_labels()
    win.docks["history"].raise_()
    _pump(app)
    path = out_dir / "editor_problems.png"
    win.grab().save(str(path))
    written.append(path)
    win.doc.undo_stack.setClean()
    win.close()

    # 3. Live symmetry: mirror left-right centred automatically, the brush and its mirror image.
    from editor.geometry import SymmetryKind

    win = _window(app, MAPS / "koth_ridge.map.json")
    win.set_symmetry(SymmetryKind.MIRROR_LR)
    win.overlays.set_overlay("symmetry")
    win.state.set_brush_size(7)
    win.choose_height(2)
    QTest.mouseMove(win.view.viewport(), win.view.mapFromScene(win.view.renderer.center(Hex(-4, 1))))
    _pump(app)
    path = out_dir / "editor_symmetry.png"
    win.grab().save(str(path))
    written.append(path)
    win.close()
    return written


if __name__ == "__main__":
    names = tuple(sys.argv[2:]) or SHOTS
    unknown = sorted(set(names) - set(SHOTS))
    if unknown:
        sys.exit(f"docshots: no shot named {', '.join(unknown)}; the shots are {', '.join(SHOTS)}")
    for p in shoot(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"), names):
        print(p)
