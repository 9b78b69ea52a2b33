"""``hexfort share``: one self-contained web page per map, whose figures are the engine's.

Without a browser: every bundled map and scenario makes a page of at most 1 MB that refers to nothing
outside itself, and the data it carries are the engine's sight and reach. In a real headless Chromium
(selenium + chromedriver; skipped, saying what to install, when missing): hovering shows a hex's
coordinates, height and terrain; clicking shows what it sees and the turns to reach it; a problem
locates its hexes; the replay viewer steps forward, back and to a turn; and the page requests nothing
but itself.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from editor import web_driver
from editor.overlays import turns_to_reach
from engine.ai.random_player import RandomPlayer
from engine.formats import load_any, load_map, load_scenario, save_map
from engine.games.game import Game
from engine.hexgrid import Hex
from engine.mapmodel import Team, Terrain
from engine.replay import Replay, save_replay

REPO = Path(__file__).resolve().parents[2]
BUNDLED = sorted([*(REPO / "maps").glob("*.map.json"), *(REPO / "maps").glob("*.scenario.json")])
LIMIT = 1024 * 1024


def share(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "editor.cli", "share", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)


class _Refs(HTMLParser):
    """Every src/href of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.refs += [v or "" for k, v in attrs if k in ("src", "href", "xlink:href")]


def _data(page: Path) -> dict[str, Any]:
    text = page.read_text(encoding="utf-8")
    m = re.search(r'<script type="application/json" id="hexfort-data">(.*?)</script>', text, re.S)
    assert m is not None
    return json.loads(m.group(1).replace("<\\/", "</"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", BUNDLED, ids=[p.name.removesuffix(".json") for p in BUNDLED])
def test_every_bundled_file_makes_a_small_self_contained_page(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    done = share(str(path), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size <= LIMIT
    refs = _Refs()
    refs.feed(out.read_text(encoding="utf-8"))
    assert refs.refs and all(r.startswith("data:") for r in refs.refs)
    assert "http://" not in out.read_text(encoding="utf-8").replace("http://www.w3.org/", "")
    data = _data(out)
    _kind, value = load_any(path)
    m = getattr(value, "map", value)
    assert len(data["hexes"]) == len(m.cells)


def test_the_figures_are_the_engines(tmp_path: Path) -> None:
    path = REPO / "maps" / "koth_crossroads.scenario.json"
    out = tmp_path / "page.html"
    assert share(str(path), "-o", str(out)).returncode == 0
    data = _data(out)
    scenario = load_scenario(path)
    game = Game.of(scenario)
    hexes = [Hex(h["q"], h["r"]) for h in data["hexes"]]
    for i in range(0, len(hexes), 37):
        if game.board.wall[i]:
            continue
        bits = __import__("base64").b64decode(data["sees"][i])
        shown = {j for j in range(len(hexes)) if bits[j >> 3] >> (j & 7) & 1}
        assert shown == {j for j in range(len(hexes)) if j != i and not game.board.wall[j]
                         and game.sight.sees(i, j)}
    k = data["reach"]["kinds"].index("Soldier")
    s = data["reach"]["spawns"].index("RED spawn")
    expected = turns_to_reach(scenario.map, Team.RED, "soldier", scenario.mode)  # the editor overlay's figures
    assert {hexes[i]: t[s][k] for i, t in enumerate(data["reach"]["turns"]) if t[s][k] is not None} == expected
    # the problems' heading counts them as `hexfort validate` does: notes are not "problems" (a new-user audit)
    n = {sev: sum(p["severity"] == sev for p in data["problems"]) for sev in ("error", "warning", "info")}
    assert f"Validator: {n['error']} errors, {n['warning']} warning" in out.read_text() and n["info"]
    # a legend under the map, one swatch per kind of ground and feature, so a screenshot reads on its own
    legend = out.read_text().split('<ul id="legend">', 1)[1].split("</ul>", 1)[0]
    said = re.findall(r'base64,[^"]+">([^<]+)</li>', legend)
    assert said[:3] == ["open ground, height 0", "open ground, height 1", "open ground, height 2"]
    assert {"wall", "low obstacle, height 0", "RED spawn", "BLU spawn", "first-aid kit", "control point"} <= set(said)
    # features in one order on every map, RED first (it followed each map's first hexes: a new-user audit)
    assert [w for w in said if "," not in w and w not in ("wall",)][:4] == \
        ["RED spawn", "BLU spawn", "control point", "first-aid kit"]


def test_a_study_of_another_version_of_the_same_map_is_refused(tmp_path: Path) -> None:
    """A new-user audit cut BLU's spawn on Quarry to three hexes, kept the name and shared it with the study of the
    bundled map: the page said "no side can be favoured: the map is its own mirror image" above its own HF315 and
    HF402 warnings. A study carries its map's digest now, and a page of a map with another refuses it, naming the
    fix; the same map under another name or with another description is the same map."""
    from engine.formats.map_file import map_digest

    quarry = REPO / "maps" / "koth_quarry.map.json"
    study = tmp_path / "study.json"
    made = subprocess.run([sys.executable, "-m", "editor.cli", "balance", str(quarry), "-n", "4", "--format", "json",
                           "-o", str(study)], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    m = load_map(quarry)
    assert json.loads(study.read_text(encoding="utf-8"))["map_digest"] == map_digest(m)
    cut = tmp_path / "koth_quarry.map.json"
    save_map(m.with_spawn_zone(Team.BLU, sorted(m.spawns[Team.BLU])[:3]), cut)
    out = tmp_path / "page.html"
    r = share(str(cut), "-o", str(out), "--balance", str(study))
    assert r.returncode == 1 and not out.exists() and "Traceback" not in r.stderr
    assert f"{study}: $.map_digest: this study is of another version of Quarry" in r.stderr
    assert f"hexfort balance {cut}" in r.stderr
    renamed = tmp_path / "renamed.map.json"
    save_map(m.with_meta(dataclasses.replace(m.meta, name="Quarry v2", description="the same ground")), renamed)
    assert share(str(renamed), "-o", str(out), "--balance", str(study)).returncode == 0


def test_a_study_or_replay_of_another_map_is_refused(tmp_path: Path) -> None:
    """A new-user audit shared Ridge with Canal's balance study and got Ridge's picture under Canal's verdict (its cart
    evidence), and with Canal's replay a page of Canal noted as "another version of Ridge". Both are refused now,
    naming both maps and what to run; a simulate report is named as such; a replay played on another version of the
    same map is still shown, with a note naming the shared file."""
    crossroads = REPO / "maps" / "koth_crossroads.scenario.json"
    study, report = tmp_path / "study.json", tmp_path / "sim.json"
    made = subprocess.run([sys.executable, "-m", "editor.cli", "balance", str(crossroads), "-n", "4", "--format",
                           "json", "-o", str(study)], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    made = subprocess.run([sys.executable, "-m", "editor.cli", "simulate", str(crossroads), "-n", "4", "--format",
                           "json"], cwd=REPO, capture_output=True, text=True, timeout=600)
    report.write_text(made.stdout, encoding="utf-8")
    out = tmp_path / "page.html"
    ridge = REPO / "maps" / "koth_ridge.scenario.json"
    r = share(str(ridge), "-o", str(out), "--balance", str(study))
    assert r.returncode == 1 and not out.exists() and "Traceback" not in r.stderr
    assert f"{study}: $.scenario: this study is of Crossroads" in r.stderr and "not of Ridge" in r.stderr
    assert f"hexfort balance {ridge}" in r.stderr
    assert "koth_crossroads.scenario.json) with it" in r.stderr  # the file the study was made on
    r = share(str(crossroads), "-o", str(out), "--balance", str(report))
    assert r.returncode == 1 and "this is a simulate report" in r.stderr
    assert share(str(crossroads), "-o", str(out), "--balance", str(study)).returncode == 0
    # the map's page takes its scenario's study (the scenario's name is not the map's: a review found it refused)
    assert share(str(REPO / "maps" / "koth_crossroads.map.json"), "-o", str(out), "--balance", str(study)
                 ).returncode == 0
    verdict = json.loads(study.read_text(encoding="utf-8"))["map"]["verdict"]
    assert verdict["by_construction"]  # bundled Crossroads is its own mirror image: its reason is not a third paragraph
    assert _data(out)["balance"]["verdict"] == {k: verdict[k] for k in ("sides", "first_move")}

    state = Game.of(load_scenario(crossroads)).new_initial_state(3)
    player = RandomPlayer(3)
    for _ in range(10):
        state.apply(player.choose(state))
    save_replay(Replay.of(state), tmp_path / "game.replay.json", state)
    r = share(str(REPO / "maps" / "payload_canal.map.json"), "-o", str(tmp_path / "canal.html"), "--replay",
              str(tmp_path / "game.replay.json"))
    assert r.returncode == 1 and "$.scenario: this replay was played on Crossroads (King of the Board), not on " \
        "Canal (Payload Race)" in r.stderr
    r = share(str(tmp_path / "game.replay.json"), "-o", str(out))  # the replay itself: how to share it
    assert r.returncode == 1 and f"this is a replay; share the map or scenario it was played on, with --replay " \
        f"{tmp_path / 'game.replay.json'}" in r.stderr
    (tmp_path / "x.tmx").write_text("<map/>", encoding="utf-8")
    r = share(str(tmp_path / "x.tmx"), "-o", str(out))  # a Tiled map: convert it first (it said "not valid JSON")
    assert r.returncode == 1 and "this is a Tiled map; convert it first (hexfort import" in r.stderr
    m = load_map(REPO / "maps" / "koth_crossroads.map.json")
    save_map(m.with_kits(sorted(m.kits)[1:]), tmp_path / "crossroads.map.json")  # another version of the same map
    r = share(str(tmp_path / "crossroads.map.json"), "-o", str(out), "--replay", str(tmp_path / "game.replay.json"))
    assert r.returncode == 0 and "was played on another version of Crossroads than" in r.stderr


# -- in a real browser -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Any:
    problem = web_driver.missing()
    if problem is not None:
        pytest.skip(problem)
    with web_driver.chromium((1500, 1000)) as driver:
        yield driver


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Replay]:
    """The Crossroads scenario with a kit on a wall (a problem with a hex), a balance study and a replay."""
    folder = tmp_path_factory.mktemp("share")
    m = load_map(REPO / "maps" / "koth_crossroads.map.json")
    wall = min(h for h, c in m.cells.items() if c.terrain is Terrain.WALL)
    save_map(m.with_kits([*m.kits, wall]), folder / "koth_crossroads.map.json")
    doc = json.loads((REPO / "maps" / "koth_crossroads.scenario.json").read_text(encoding="utf-8"))
    doc.pop("$schema")
    (folder / "game.scenario.json").write_text(json.dumps(doc), encoding="utf-8")
    balance = subprocess.run([sys.executable, "-m", "editor.cli", "balance", str(folder / "game.scenario.json"),
                              "-n", "2", "--players", "heuristic,random", "--format", "json", "-o",
                              str(folder / "balance.json")], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert balance.returncode == 0, balance.stderr
    state = Game.of(load_scenario(folder / "game.scenario.json")).new_initial_state(5)
    player = RandomPlayer(5)
    for _ in range(60):
        state.apply(player.choose(state))
    replay = Replay.of(state)
    save_replay(replay, folder / "game.replay.json", state)
    out = folder / "page.html"
    done = share(str(folder / "game.scenario.json"), "-o", str(out), "--balance", str(folder / "balance.json"),
                 "--replay", str(folder / "game.replay.json"))
    assert done.returncode == 0, done.stderr
    return out, folder, replay


def _open(browser: Any, out: Path) -> dict[str, Any]:
    browser.get(out.resolve().as_uri())
    return _data(out)


def test_hover_and_click_show_the_hex_its_sight_and_reach(browser: Any, page: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    data = _open(browser, page[0])
    polys = browser.find_elements(By.CSS_SELECTOR, "#hexes .hex")
    assert len(polys) == len(data["hexes"])
    i = next(i for i, h in enumerate(data["hexes"]) if h["terrain"] == "open ground" and h["height"] == 2)
    h = data["hexes"][i]
    ActionChains(browser).move_to_element(polys[i]).perform()
    assert browser.find_element(By.ID, "hover").text.startswith(f"{h['q']},{h['r']} — height 2, open ground")
    polys[i].click()
    seen = browser.find_elements(By.CSS_SELECTOR, "#hexes .hex.seen")
    count = int(browser.find_element(By.ID, "sees-count").text)
    assert count == len(seen) > 10
    assert "sel" in polys[i].get_attribute("class")
    rows = browser.find_elements(By.CSS_SELECTOR, "#reach tr")
    assert rows[0].text.split() == ["turns", "to", "reach", "RED", "spawn", "BLU", "spawn"]
    first = data["reach"]["turns"][i][0][0]
    assert rows[1].text.split()[-2] == ("—" if first is None else str(first))
    other = next(j for j, x in enumerate(data["hexes"]) if x["terrain"] == "open ground" and j != i)
    polys[other].click()
    assert "sel" not in polys[i].get_attribute("class")  # a new click replaces the selection


def test_hovered_stairs_name_the_hex_they_climb_to(browser: Any, tmp_path: Path) -> None:
    """The hover said "climbing toward direction 5", a number the page never explains (a new-user audit)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    out = tmp_path / "canal.html"
    assert share(str(REPO / "maps" / "payload_canal.map.json"), "-o", str(out)).returncode == 0
    data = _open(browser, out)
    j = next(j for j, x in enumerate(data["hexes"]) if x["up"] is not None)
    up = Hex(data["hexes"][j]["q"], data["hexes"][j]["r"]).neighbor(data["hexes"][j]["up"])
    ActionChains(browser).move_to_element(browser.find_elements(By.CSS_SELECTOR, "#hexes .hex")[j]).perform()
    assert f"(climbing up to {up})" in browser.find_element(By.ID, "hover").text


def test_a_problem_locates_its_hex(browser: Any, page: Any) -> None:
    from selenium.webdriver.common.by import By

    data = _open(browser, page[0])
    k, problem = next((k, p) for k, p in enumerate(data["problems"]) if p["hexes"])
    browser.find_element(By.CSS_SELECTOR, f'#problems li[data-p="{k}"]').click()
    marked = browser.find_elements(By.CSS_SELECTOR, "#hexes .hex.prob")
    assert sorted(int(p.get_attribute("data-i")) for p in marked) == sorted(problem["hexes"])
    h = data["hexes"][problem["hexes"][0]]
    assert browser.find_element(By.ID, "selected").text.startswith(f"{h['q']},{h['r']}")


def test_a_problem_on_open_ground_is_shown_without_the_sight_overlay(browser: Any, tmp_path: Path) -> None:
    """The problem's hexes were lost in the yellow of its first hex's sight (an audit): a problem's click marks its
    hexes and leaves the sight off; a click on the hex shows it."""
    from selenium.webdriver.common.by import By

    m = load_map(REPO / "maps" / "koth_ridge.map.json")
    extra = Hex(-14, 5)  # open ground beside RED's zone: HF315 and HF402 name it
    save_map(m.with_spawn_zone(Team.RED, [*m.spawns[Team.RED], extra]), tmp_path / "ridge.map.json")
    out = tmp_path / "ridge.html"
    assert share(str(tmp_path / "ridge.map.json"), "-o", str(out)).returncode == 0
    data = _open(browser, out)
    k, problem = next((k, p) for k, p in enumerate(data["problems"]) if p["hexes"] and data["sees"][p["hexes"][0]])
    browser.find_element(By.CSS_SELECTOR, f'#problems li[data-p="{k}"]').click()
    assert sorted(int(p.get_attribute("data-i")) for p in browser.find_elements(By.CSS_SELECTOR, "#hexes .hex.prob")) \
        == sorted(problem["hexes"])
    assert not browser.find_elements(By.CSS_SELECTOR, "#hexes .hex.seen")
    assert "click the hex to show them" in browser.find_element(By.ID, "selected").text
    browser.find_elements(By.CSS_SELECTOR, "#hexes .hex")[problem["hexes"][0]].click()
    assert browser.find_elements(By.CSS_SELECTOR, "#hexes .hex.seen")


def test_teams_verdict_and_replay_viewer(browser: Any, page: Any) -> None:
    from selenium.webdriver.common.by import By

    out, folder, replay = page
    data = _open(browser, out)
    verdict = json.loads((folder / "balance.json").read_text(encoding="utf-8"))["map"]["verdict"]
    assert verdict["sides"] in browser.find_element(By.ID, "verdict").text
    # the two answers, nothing else: the study's by_construction reason once stood below them as a lower-case fragment
    said = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "#verdict p")]
    assert said == [verdict["sides"], verdict["first_move"]]
    # which study the verdict rests on, so a printout reads on its own (an audit)
    study = browser.find_element(By.ID, "study").text
    # the letters on the units are in the legend, so a printout reads on its own (an audit)
    legend = browser.find_element(By.ID, "unit-legend").text
    drawn = {(u["label"], u["kind"]) for t in json.loads(browser.find_element(By.ID, "hexfort-data")
                                                        .get_attribute("textContent"))["teams"] for u in t["units"]}
    assert drawn and all(f"{label} {kind.capitalize()}" in legend for label, kind in drawn)
    assert "2 AI games per pairing" in study and "players heuristic vs random" in study and "game.scenario.json" in study
    assert "RED: soldier at -9,-4" in browser.find_element(By.ID, "teams").text
    step, action = browser.find_element(By.ID, "step"), browser.find_element(By.ID, "action")
    frames = data["replay"]["frames"]
    assert step.text == f"0 / {len(replay.actions)}" and action.text == "start"
    before = browser.find_elements(By.CSS_SELECTOR, "#units circle")
    assert len(before) == sum(1 for u in frames[0][4] if u[1] >= 0)
    for _ in range(3):
        browser.find_element(By.ID, "fwd").click()
    assert step.text == f"3 / {len(replay.actions)}" and action.text == replay.actions[2].text()
    browser.find_element(By.ID, "back").click()
    assert action.text == replay.actions[1].text()
    turn = frames[-1][0]
    browser.find_element(By.ID, "turn").send_keys(str(turn))
    browser.find_element(By.ID, "goto").click()
    k = next(k for k, f in enumerate(frames) if f[0] >= turn)
    assert step.text == f"{k} / {len(replay.actions)}"
    assert browser.find_element(By.ID, "score").text.startswith(f"turn {frames[k][0]} — score RED {frames[k][1]}")
    browser.find_element(By.ID, "last").click()
    positions = {int(c.get_attribute("data-id")) for c in browser.find_elements(By.CSS_SELECTOR, "#units circle")}
    assert positions == {u[0] for u in frames[-1][4] if u[1] >= 0}
    # the map stays in view beside the replay's buttons at the foot of the side column (it scrolled off: an audit)
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
    top, bottom = browser.execute_script("const r = document.getElementById('board').getBoundingClientRect(); "
                                         "return [r.top, r.bottom];")
    assert browser.execute_script("return window.scrollY") > 0 and 0 <= top < bottom


def test_the_page_requests_nothing_but_itself(browser: Any, page: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    web_driver.requests(browser)  # drop what earlier tests loaded
    _open(browser, page[0])
    browser.find_elements(By.CSS_SELECTOR, "#hexes .hex")[5].click()
    browser.find_element(By.ID, "fwd").click()
    urls = web_driver.requests(browser)
    assert urls and all(u == page[0].resolve().as_uri() or u.startswith("data:") for u in urls), urls
    # the check sees a request when there is one
    leaky = tmp_path / "leaky.html"
    leaky.write_text('<html><body><img src="http://127.0.0.1:9/x.png"></body></html>', encoding="utf-8")
    browser.get(leaky.resolve().as_uri())
    assert "http://127.0.0.1:9/x.png" in web_driver.requests(browser)


def test_without_chromium_the_browser_tests_say_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_driver, "find_chromium", lambda: None)
    assert web_driver.missing() == "chromium is not installed: apt-get install chromium"
    with pytest.raises(RuntimeError, match="apt-get install chromium"), web_driver.chromium():
        pass


def test_hexfort_help_lists_the_new_commands() -> None:
    done = subprocess.run([sys.executable, "-m", "editor.cli", "--help"], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    for command in ("import", "export", "share"):
        assert re.search(rf"^\s+{command}\s+\S", done.stdout, re.M), done.stdout


def test_a_replay_shows_where_each_side_scores_and_tells_units_apart() -> None:
    """A new-user audit watched a Payload Race replay whose carts never moved (frames held units only) and units
    labelled by first letters (Scout, Soldier and Sniper all "S"). Each frame now says where each side scores (its
    cart; the point's hexes it holds), and labels are as long as it takes to tell the units apart."""
    from engine.share.page_data import page_data, unit_labels

    assert unit_labels(["Scout", "Soldier", "Sniper", "Dozer", "D-Struct-Or", "Heavy"]) == {
        "Scout": "Sc", "Soldier": "So", "Sniper": "Sn", "Dozer": "Do", "D-Struct-Or": "D-", "Heavy": "H"}
    scenario = load_scenario(REPO / "maps" / "payload_canal.scenario.json")
    state = Game.of(scenario).new_initial_state(7)
    player = RandomPlayer(7)
    for _ in range(40):
        state.apply(player.choose(state))
    data = page_data(scenario, replay=Replay.of(state))
    hexes = [Hex(h["q"], h["r"]) for h in data["hexes"]]
    frames = data["replay"]["frames"]
    carts = {team: hexes[i] for i, team in frames[-1][5]}
    assert carts == {"RED": state.cart_hex(Team.RED), "BLU": state.cart_hex(Team.BLU)}  # type: ignore[attr-defined]
    assert data["replay"]["goal"] == "its cart" and all(len(f[5]) == 2 for f in frames)


def test_a_team_play_page_speaks_of_characters_and_spawnpoint_colours(qapp, repo) -> None:  # type: ignore[no-untyped-def]
    """The page said "what a unit there sees … from each spawn" on a Team Play map (a new-user audit)."""
    from editor.share_page import share_html
    from engine.formats import load_map

    page = share_html(load_map(repo / "maps" / "teamplay_arena.map.json"))
    assert "what a character there sees" in page and "from each spawnpoint colour" in page
    assert "from each spawn." in share_html(load_map(repo / "maps" / "koth_ridge.map.json"))


def test_a_scenarios_starting_units_are_drawn_on_their_hexes(browser: Any, tmp_path: Path) -> None:
    """A folder audit found a scenario's page listing its starting units in words only: they are drawn on the board
    as the replay viewer draws units, with labels that tell kinds apart."""
    from selenium.webdriver.common.by import By

    from engine.share.page_data import page_data

    scenario = load_scenario(REPO / "maps" / "koth_crossroads.scenario.json")
    data = page_data(scenario)
    placed = [u for t in data["teams"] for u in t["units"] if u["hex"]]
    assert placed and all(data["hexes"][u["at"]]["q"] == Hex.parse(u["hex"]).q for u in placed)
    assert {u["label"] for u in placed} == {"S", "P", "M"}  # unique among the kinds the scenario fields
    out = tmp_path / "crossroads.html"
    r = subprocess.run([sys.executable, "-m", "editor.cli", "share", str(REPO / "maps" / "koth_crossroads.scenario.json"),
                        "-o", str(out)], capture_output=True, cwd=REPO, timeout=300)
    assert r.returncode == 0, r.stderr.decode()
    _open(browser, out)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#units circle")) == len(placed)


@pytest.mark.parametrize("name", ["koth_quarry", "koth_ridge", "payload_canal", "teamplay_bunker"])
def test_a_ground_swatch_shows_the_ground_alone(name: str, qapp) -> None:  # type: ignore[no-untyped-def]
    """On Quarry every height-2 hex is the control point's, and "open ground, height 2" was drawn with the control
    point's star and outline, the very swatch of "control point" (a new-user audit): ground swatches are drawn bare,
    so no ground swatch is any feature's."""
    from editor.share_legend import legend_html
    from editor.share_page import map_svg

    legend = legend_html(load_map(REPO / "maps" / f"{name}.map.json"), map_svg)
    items = re.findall(r'base64,([^"]+)">([^<]+)</li>', legend)
    ground = {svg for svg, words in items if "height" in words or words == "wall"}
    features = {svg for svg, words in items if not ("height" in words or words == "wall")}
    assert ground and features and not ground & features


def test_the_turns_table_is_there_on_a_map_its_game_cannot_start_on_and_only_for_the_modes_spawns() -> None:
    """A new-user audit shared Canal with a gap in RED's track: clicking a hex showed no turns-to-reach table, though
    the panel promised one (walking needs no cart); and a Team Play map with a stray RED spawn zone (HF113) listed
    that zone as a place its characters start."""
    from engine.share.page_data import page_data

    canal = load_map(REPO / "maps" / "payload_canal.map.json")
    track = list(canal.track(Team.RED))
    del track[len(track) // 2]
    reach = page_data(canal.with_feature_part("tracks", Team.RED, track))["reach"]
    assert reach["spawns"] == ["RED spawn", "BLU spawn"] and "Heavy" in reach["kinds"]
    assert any(t[0][reach["kinds"].index("Heavy")] is not None for t in reach["turns"])
    bunker = load_map(REPO / "maps" / "teamplay_bunker.map.json")
    free = next(h for h in sorted(bunker.cells) if bunker.cells[h].terrain is Terrain.OPEN and not bunker.features_at(h))
    reach = page_data(bunker.with_spawn_zone(Team.RED, [free]))["reach"]
    assert reach["spawns"] and all(label.endswith("spawnpoints") for label in reach["spawns"])


def test_the_sight_overlay_lies_between_the_ground_and_the_maps_marks(qapp) -> None:  # type: ignore[no-untyped-def]
    """The page's hexes (tinted yellow for sight, blue for the selection) lay over the whole drawn map, so a track
    under the sight overlay changed colour (BLU's blue read green). The ground is drawn under them and the marks
    (features, tracks) over them, taking no pointer events: the ground layer is the same with or without the
    map's features, and the page stacks ground, hexes, marks, units."""
    from editor.share_page import map_svg, share_html

    m = load_map(REPO / "maps" / "payload_canal.map.json")
    bare = m.without_features(m.cells)
    assert not bare.tracks and not bare.spawns
    assert map_svg(m, 12.0, layer="ground")[0] == map_svg(bare, 12.0, layer="ground")[0]
    assert map_svg(m, 12.0, layer="marks")[0] != map_svg(bare, 12.0, layer="marks")[0]
    assert map_svg(m, 12.0)[0] != map_svg(m, 12.0, layer="ground")[0]
    page = share_html(m)
    order = [page.index(f'id="{ident}"') for ident in ("ground", "hexes", "marks", "units")]
    assert order == sorted(order)
    assert re.search(r'<image id="marks"[^>]*pointer-events="none"', page)
