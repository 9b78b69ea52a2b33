"""``hexfort balance -o report.html``: one self-contained page for every bundled playable map, that a real
browser opens (Chromium headless: ``apt-get install chromium``; without it that test is skipped, visibly).
"""

from __future__ import annotations

import base64
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from editor.balance_report import report_data
from engine.formats import load_any
from engine.formats.schemas import validator
from engine.games.modes import GAMES

pytest.importorskip("matplotlib")

HEXFORT = Path(sys.executable).with_name("hexfort")
REPO = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


class _Page(HTMLParser):
    """Collects the images, links and scripts of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.images: list[str] = []
        self.external: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "img":
            self.images.append(a.get("src") or "")
        for key in ("href", "src"):
            v = a.get(key) or ""
            if v and not v.startswith(("data:", "#")):
                self.external.append(v)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _playable_maps() -> list[Path]:
    out = []
    for p in sorted((REPO / "maps").glob("*.scenario.json")):
        _kind, s = load_any(p)
        if GAMES[s.mode].playable:  # type: ignore[union-attr]
            out.append(p)
    return out


def _players(path: Path) -> list[str]:
    """A quick pairing the mode's AIs play (the heuristic plays King of the Board)."""
    return ["--players", "heuristic,random"] if "koth" in path.name else ["--players", "random,random"]


@pytest.mark.slow
@pytest.mark.parametrize("path", _playable_maps(), ids=lambda p: p.name.removesuffix(".scenario.json"))
def test_the_report_of_every_bundled_map_is_one_self_contained_page(tmp_path: Path, path: Path) -> None:
    out = tmp_path / "report.html"
    r = subprocess.run([str(HEXFORT), "balance", str(path), "-n", "1" if "payload" in path.name else "2", *_players(path), "-o", str(out)],
                       capture_output=True, timeout=600, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr.decode()
    page = _Page()
    page.feed(out.read_text(encoding="utf-8"))
    assert page.external == []  # nothing to fetch: it opens offline, mailed as it is
    assert len(page.images) >= 4
    for src in page.images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1]).startswith(PNG)
    text = " ".join(page.text)
    assert "Who wins" in text and "Where units stand" in text and "Turns to" in text
    # no pickups section for a game without pickups (a session-15 audit: Payload Race's read "no pickups recorded")
    assert ("Where pickups are taken" in text) == ("payload" not in path.name)
    data = report_data(out.read_text(encoding="utf-8"))  # the page carries the study's JSON
    assert not list(validator("balance").iter_errors(data))
    assert data["map"]["verdict"]["sides"] in text
    _open_in_chromium(out, tmp_path)


def _open_in_chromium(page: Path, tmp_path: Path) -> None:
    """Screenshot ``page`` with headless Chromium and check the picture is not blank.

    Skips the test when Chromium is not installed, so the gap shows in the test summary.
    """
    from editor.browser_shot import find_chromium, screenshot

    browser = find_chromium()
    if browser is None:
        pytest.skip("chromium is not installed: apt-get install chromium")
    shot = screenshot(page, tmp_path / "shot.png", (1100, 1400), browser=browser)
    from PySide6.QtGui import QImage

    img = QImage(str(shot))
    assert img.width() == 1100
    colours = {img.pixel(x, y) for x in range(0, img.width(), 37) for y in range(0, img.height(), 37)}
    assert len(colours) > 20  # text, charts and maps, not an empty or error page


def test_without_chromium_the_browser_check_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No Chromium: the browser check is a visible skip naming the package, never a silent pass."""
    import editor.browser_shot as shot

    monkeypatch.setattr(shot.shutil, "which", lambda name: None)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        _open_in_chromium(tmp_path / "report.html", tmp_path)
    with pytest.raises(shot.ChromiumError, match="apt-get install chromium"):
        shot.screenshot(tmp_path / "report.html", tmp_path / "shot.png", (800, 600))


def test_compare_report_leads_with_what_changed(tmp_path: Path) -> None:
    """The comparison's headline comes first, then both versions' verdicts side by side, the changed hexes drawn
    on both maps, and the other figures; the versions' full studies follow."""
    import json

    from engine.formats import load_map, save_map
    from engine.mapmodel import Cell, Terrain

    out = tmp_path / "compare.html"
    m = REPO / "maps" / "koth_crossroads.map.json"
    crossroads = load_map(m)
    wall = next(h for h, c in sorted(crossroads.cells.items()) if c.terrain is not Terrain.WALL
                and not crossroads.features_at(h))
    edited = tmp_path / "edited.map.json"
    save_map(crossroads.with_cell(wall, Cell(0, Terrain.WALL)), edited)
    r = subprocess.run([str(HEXFORT), "balance", str(m), "-n", "12", "--players", "random,random", "--compare",
                        str(edited), "-o", str(out)], capture_output=True, timeout=600, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr.decode()
    html = out.read_text(encoding="utf-8")
    data = report_data(html)
    order = [html.index(x) for x in ("What changed", 'class="headline', "this: ", "other: ", "Where the maps differ",
                                     "Other figures", "The other version")]
    assert order == sorted(order)
    assert json.dumps(data["compare"]["headline"], ensure_ascii=False)[1:-1].split(":")[0] in html
    assert data["compare"]["changed"] is False  # twelve games cannot show a one-hex change
    figures = [d["figure"] for d in data["compare"]["differences"]]
    assert figures == ["first mover's share", "draws", "mean game length (turns)", "RED scores first"]
    assert data["compare"]["changed_hexes"] == [f"{wall.q},{wall.r}"]
    assert "1 hex differs (marked in orange)" in html
    assert html.count('alt="this version, changed hexes marked"') == 1
    assert html.count('alt="other version, changed hexes marked"') == 1


@pytest.mark.parametrize(("wins", "games"), [(0, 3), (13, 13), (25, 25), (7, 40)])
def test_charts_draw_rates_of_0_and_100_percent(wins: int, games: int) -> None:
    """Interval ends at 0% and 100% meet the rate up to rounding (13 of 13: the upper end is a hair under 1):
    error bars must never come out negative."""
    from editor.balance_report import _class_chart, _win_chart
    from engine.simulation.stats import wilson_interval

    def ci(k: int, n: int) -> list[float]:
        return [round(x, 4) for x in wilson_interval(k, n)]

    n = games

    def test(k: int) -> dict[str, object]:
        lo, hi = ci(k, n)
        return {"estimate": round(k / n, 4), "interval": [lo, hi]}

    summary = {"headlines": {"sides": test(wins), "first_move": test(n - wins)}}
    study = {"pairings": [{"games": n, "label": "search vs search", "summary": summary}]}
    assert _win_chart(study).startswith(b"\x89PNG")
    pairing = {"classes": [{"kind": "heavy", "fielded": n, "fielded_wins": wins, "without": n,
                            "without_wins": n - wins, "significant": True}]}
    assert _class_chart(pairing).startswith(b"\x89PNG")


def test_a_kind_on_too_few_team_games_says_so_instead_of_a_figure() -> None:
    """The issue's row: "teams fielding the engineer win … +100 points (−12 to +100)" on one game per version."""
    from editor.balance_report import _classes_table

    row = {"kind": "engineer", "fielded": 1, "fielded_wins": 1, "without": 1, "without_wins": 0,
           "difference_ci95": [None, None], "tested": False, "significant": False, "kills": 0}
    html = _classes_table({"classes": [row]})
    assert "+100" not in html and "100%" not in html
    assert html.count("<td>too few games</td>") == 3 and "too few games to test" in html


def test_kinds_always_fielded_together_are_said_to_be_one_comparison() -> None:
    """Team Play fields fixed trios: Sprog, D-Struct-Or and Echo against the other three had identical rows, shown as
    six findings; the page now says they are one comparison, names its test column for what it holds, and says why a
    difference whose fixed-sample interval misses 0 can be not significant (a new-user audit)."""
    from editor.balance_report import _classes_table

    def row(kind: str, wins: int) -> dict[str, object]:
        return {"kind": kind, "fielded": 200, "fielded_wins": wins, "without": 200, "without_wins": 200 - wins,
                "difference_ci95": [0.14, 0.33], "tested": True, "significant": False, "kills": 10}

    html = _classes_table({"classes": [row("sprog", 122), row("echo", 122), row("violet", 78)]})
    # violet's row is theirs mirrored (the other side in those same games): one comparison with them (a review)
    assert "not significant. sprog, echo against violet: always fielded together in these games" in html
    named = _classes_table({"classes": [{**row("dstructor", 122), "name": "D-Struct-Or"}, {**row("echo", 122), "name": "Echo"}]})
    assert "D-Struct-Or, Echo: always fielded together" in named and '<td class="l">D-Struct-Or</td>' in named
    assert "dstructor" not in named  # the file's id, which a new-user audit read in the page
    assert "<th>test on the games where only one team fielded it</th>" in html
    assert "<td>+22 (+14 to +33)</td>" in html and "may still be not significant" in html


def test_deaths_no_enemy_is_credited_with_are_explained() -> None:
    """A new-user audit: 2,599 deaths beside 1,837 kills on Crossroads, and no word of why (most of the rest are
    units killed by their own side's splash). The kinds' section now says how many deaths no enemy unit killed."""
    from editor.balance_report import _uncredited

    pairing = {"heat": {"deaths": {"RED": {"1,0": 30, "2,0": 10}, "BLU": {"0,1": 35}}},
               "classes": [{"kills": 40}, {"kills": 20}]}
    assert "15 of the 75 deaths are credited to no enemy unit" in _uncredited(pairing)
    pairing["classes"] = [{"kills": 75}]
    assert _uncredited(pairing) == ""


def test_the_table_words_a_share_as_the_verdict_does() -> None:
    """23 RED wins of 40 read 58% in the verdict and 57% in the table beside it (Python's rounding sends half of the
    halves down); every figure of the page now goes through the verdict's helpers: halves up, and an interval's end
    that excludes 50% never reads 50."""
    from editor.balance_report import _cs
    from engine.simulation.terminal import _state

    test = {"blocks": 10, "estimate": 0.575, "interval": [0.2883, 0.8438], "decided": False, "significant": False,
            "direction": 0, "even": False, "needed_games": 300}
    assert _cs(test) == "58% (29–84%)"
    assert _state("sides", test) == "undecided: RED 58% (29–84%), ~300 more games"
    assert _cs({**test, "estimate": 0.6, "interval": [0.5004, 0.70], "decided": True, "significant": True}) == \
        "60% (50.04–70%) ✓"


def test_a_difference_too_wide_to_size_reads_not_yet_rather_than_no() -> None:
    """The compare page's "significant" column: "not yet" while a difference's interval is too wide to size it (an
    editor audit read "-107 to +76 turns, no" as no change), "no" once it is shown within its margin."""
    from editor.balance_report import _not_significant

    assert _not_significant({"decided": False}) == "not yet" and _not_significant({"decided": True}) == "no"
    assert _not_significant({}) == "no"  # a report written before the field existed
