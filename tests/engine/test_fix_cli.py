"""`hexfort fix` as a user meets it: broken copies of the bundled maps, dry runs, real runs, exit codes.

The broken copies are made here from maps/*.json, each with a slip the
validator's quick fixes repair (or, for one, a slip whose repair is a choice):
the fix must undo exactly the slip, and the validator must stop reporting it.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.formats import load_map, load_scenario, save_map, save_scenario
from engine.hexgrid import Hex, hex_linedraw
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain
from engine.validation import fix_cli
from engine.validation.checks import check_map
from engine.validation.fixes import FIXABLE, fix_map, suggest_fixes
from engine.validation.problem import Problem, Severity
from engine.validation.runner import find_files, validate_file

MAPS = Path(__file__).resolve().parents[2] / "maps"


def run(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    fix_cli.add_arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    code = fix_cli.run(parser.parse_args(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def lower_the_point(m: HexMap) -> HexMap:
    """HF103: the control point one level too low (one fix: raise it)."""
    return m.with_cells({h: Cell(1, m.cells[h].terrain) for h in m.control_points[0]})


def turn_stairs_away(m: HexMap) -> HexMap:
    """HF110: the first stairs with one way up turned to face where no higher ground is."""
    for h, c in sorted(m.cells.items()):
        if c.terrain is not Terrain.STAIRS:
            continue
        ups = [d for d in range(6) if (n := h.neighbor(d)) in m.cells and m.cells[n].height == c.height + 1
               and m.cells[n].terrain is not Terrain.WALL]
        if ups == [c.stairs_up]:
            bad = next(d for d in range(6) if d not in ups)
            return m.with_cell(h, Cell(c.height, Terrain.STAIRS, bad))
    raise AssertionError("no stairs with a single way up")


def cut_the_track(m: HexMap) -> HexMap:
    """HF107: one step taken out of the middle of RED's track (one fix: put it back)."""
    path = list(m.track(Team.RED))
    del path[len(path) // 2]
    return m.with_feature_part("tracks", Team.RED, path)


def wall_under_a_kit(m: HexMap) -> HexMap:
    """HF101 (two fixes: a choice) besides an HF103 that alone would be fixed."""
    k = sorted(m.kits)[0]
    return lower_the_point(m).with_cell(k, Cell(m.cells[k].height, Terrain.WALL))


SLIPS: dict[str, tuple[Callable[[HexMap], HexMap], str]] = {
    "koth_crossroads": (lower_the_point, "HF103"),
    "payload_bridges": (turn_stairs_away, "HF110"),
    "payload_canal": (cut_the_track, "HF107"),
    "koth_quarry": (wall_under_a_kit, "HF101"),
}
CHOICE = "koth_quarry"


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A copy of maps/ (maps and scenarios) with the slips above made in four maps."""
    folder = tmp_path / "maps"
    folder.mkdir()
    for p in MAPS.glob("*.json"):
        shutil.copy(p, folder / p.name)
    for name, (slip, _) in SLIPS.items():
        path = folder / f"{name}.map.json"
        save_map(slip(load_map(path)), path)
    return folder


def codes(path: Path) -> set[str]:
    return {p.code for p in validate_file(path).problems}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_slips_are_reported_before_fixing(broken: Path) -> None:
    for name, (_, code) in SLIPS.items():
        assert code in codes(broken / f"{name}.map.json"), name


def test_dry_run_shows_a_diff_per_fixable_file_and_writes_nothing(broken: Path) -> None:
    before = snapshot(broken)
    code, out, err = run("--dry-run", str(broken))
    assert snapshot(broken) == before
    assert err == ""
    assert code == 1  # the kit on a wall is an error, and it stays
    for name, (_, slip) in SLIPS.items():
        path = (broken / f"{name}.map.json").as_posix()
        if name == CHOICE:
            assert f"--- {path}" not in out
            assert f"{path}:hex " in out and f"left unchanged: {slip} needs your decision" in out
            assert "Remove the feature from the wall / Make the wall open ground" in out
        else:
            assert f"--- {path}\n+++ {path}\n@@ " in out, name
            assert f": would fix {slip}: " in out
    assert "would change 3 files (3 fixes); 1 left unchanged for a decision, holding back 1 safe fix (--only applies " \
           "them) (dry run: nothing written)" in out
    # the file with a decision names the safe fix waiting with it, and how to make it alone (a new-user audit read
    # "0 fixes" with no word of the safe ones)
    choice = (broken / f"{CHOICE}.map.json").as_posix()
    assert (f"{choice}: held back with it, safe to apply: HF103: Raise the control point to height 2 — a file with a "
            f"decision is left whole; apply these alone with hexfort fix --only HF103 {choice}") in out


def test_fix_repairs_exactly_the_slips_and_the_validator_agrees(broken: Path) -> None:
    choice_before = (broken / f"{CHOICE}.map.json").read_bytes()
    dry = {r.path.name: r for r in _fix_all(broken, dry_run=True)}
    code, out, _ = run(str(broken))
    assert code == 1
    assert "changed 3 files (3 fixes); 1 left unchanged for a decision, holding back 1 safe fix (--only applies them)\n" in out
    for name, (_, slip) in SLIPS.items():
        path = broken / f"{name}.map.json"
        if name == CHOICE:
            assert path.read_bytes() == choice_before  # a choice to make: the file is not touched
            assert {"HF101", "HF103"} <= codes(path)
            continue
        assert path.read_text(encoding="utf-8") == dry[path.name].new_text  # what the dry run showed
        assert slip not in codes(path)
        assert load_map(path) == load_map(MAPS / path.name)  # the slip undone, nothing else changed
    for scenario in broken.glob("*.scenario.json"):  # scenarios name the maps: clean again too
        if not scenario.name.startswith(CHOICE):
            assert not {p for p in validate_file(scenario).problems if p.severity is Severity.ERROR}
    assert run(str(broken))[1].startswith(f"{broken / CHOICE}.map.json")  # nothing left to do but the choice


def _fix_all(folder: Path, dry_run: bool) -> list[fix_cli.FileFix]:
    fixed: dict[Path, HexMap] = {}
    return [fix_cli.fix_file(p, None, dry_run, fixed) for p in sorted(find_files([folder]))]


def test_only_limits_the_codes_fixed(broken: Path) -> None:
    code, out, _ = run("--only", "hf110", str(broken))
    assert run("--only", "HF110,hf103", "--dry-run", str(broken))[1].count("would fix") == 2
    assert "fixed HF110" in out and "fixed HF103" not in out and "fixed HF107" not in out
    assert "HF110" not in codes(broken / "payload_bridges.map.json")
    assert "HF103" in codes(broken / "koth_crossroads.map.json")
    assert code == 1


def test_the_bundled_maps_need_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    shutil.copytree(MAPS, folder)
    before = snapshot(folder)
    code, out, _ = run(str(folder))
    assert code == 0 and snapshot(folder) == before
    assert "changed 0 files (0 fixes); 0 left unchanged for a decision" in out


def test_a_scenario_with_its_map_inside_is_fixed_in_place(tmp_path: Path) -> None:
    s = load_scenario(MAPS / "koth_ridge.scenario.json")
    inside = dataclasses.replace(s, map=lower_the_point(s.map), map_ref=None)
    path = tmp_path / "ridge.scenario.json"
    save_scenario(inside, path)
    assert "HF103" in codes(path)
    code, out, _ = run(str(path))
    assert code == 0 and "fixed HF103" in out
    assert load_scenario(path).map == s.map and "HF103" not in codes(path)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ((), "name at least one file or folder"),
        (("nowhere.map.json",), "no such file or folder: nowhere.map.json"),
        (("--only", "raise", "."), "'RAISE' is not a problem code"),
        # codes fix cannot act on were accepted, then nothing done or said (a new-user audit)
        (("--only", "HF999", "."), "--only HF999: hexfort has no quick fix for it; fix repairs HF103, HF107, HF110"),
        (("--only", "hf101", "."), "--only HF101: its repair is a choice (the editor's problems dock offers it)"),
        (("--only", "HF999,HF102", "."), "--only HF102: its repair is a choice (the editor's problems dock offers "
                                         "it); HF999: hexfort has no quick fix for it"),  # each named (a review)
    ],
)
def test_usage_errors_exit_2(argv: tuple[str, ...], message: str, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    code, _, err = run(*argv)
    assert code == 2 and message in err


def test_the_command_is_wired_into_hexfort(broken: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from editor.cli import main

    assert main(["fix", "--dry-run", str(broken / "koth_crossroads.map.json")]) == 0
    assert "would fix HF103" in capsys.readouterr().out


def _hill() -> HexMap:
    cells = {Hex(q, r): Cell(0) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3}
    return HexMap.create(MapMeta("hill"), cells, kits=[Hex(2, 0)], control_points=[[Hex(0, 0)]])


def test_a_choice_that_appears_after_a_fix_leaves_the_map_as_it_was() -> None:
    """fix_map checks again after each round; a problem needing a choice then still stops it all."""
    m = _hill().with_cell(Hex(2, 0), Cell(0, Terrain.WALL))
    low = Problem("HF103", Severity.WARNING, "low", (Hex(0, 0),))
    on_wall = Problem("HF101", Severity.ERROR, "kit on a wall", (Hex(2, 0),))
    assert len(suggest_fixes(m, low)) == 1 and len(suggest_fixes(m, on_wall)) == 2
    rounds: list[HexMap] = []

    def check(mm: HexMap) -> list[Problem]:
        rounds.append(mm)
        return [low] if len(rounds) == 1 else [on_wall]

    outcome = fix_map(m, check=check)
    assert outcome.map is m and not outcome.applied and not outcome.changed
    assert [(p.code, choices) for p, choices in outcome.decisions] == [
        ("HF101", ("Remove the feature from the wall", "Make the wall open ground"))
    ]
    assert rounds[1].cells[Hex(0, 0)].height == 2  # the first round did raise the point, in memory


def test_every_code_with_fixes_is_listed_as_safe_or_a_choice() -> None:
    """FIXABLE (what the docs and --only's help list) says how many fixes each code gets."""
    m = _hill().with_cell(Hex(2, 0), Cell(0, Terrain.WALL)).with_spawn_zone(Team.RED, [Hex(-3, 0)])
    m = m.with_spawn_zone(Team.BLU, [Hex(-3, 0)])
    m = m.with_cell(Hex(0, -1), Cell(1)).with_cell(Hex(-1, 0), Cell(0, Terrain.STAIRS, 3))  # 0,-1 is up
    m = m.with_feature_part("tracks", Team.RED, [Hex(-2, 2), Hex(0, 2)])
    canal = load_map(MAPS / "payload_canal.map.json")
    backwards = canal.with_feature_part("tracks", Team.BLU, list(canal.track(Team.BLU))[::-1])
    short = canal.with_feature_part("tracks", Team.BLU, list(canal.track(Team.BLU))[:-1])
    samples = {
        "HF101": (m, (Hex(2, 0),)), "HF102": (m, (Hex(-3, 0),)), "HF103": (m, (Hex(0, 0),)),
        "HF107": (m, (Hex(-2, 2), Hex(0, 2))), "HF110": (m, (Hex(-1, 0),)), "HF402": (backwards, ()),
        "HF303": (short, ()), "HF113": (_stray_kit(), ()),
    }
    one_way = {"HF113"}  # a choice whose other way (a game added to the map) is the designer's, not a fix
    for code, (sample, hexes) in samples.items():
        n = len(suggest_fixes(sample, Problem(code, Severity.ERROR, "", hexes)))
        assert n == (1 if FIXABLE[code] == "safe" or code in one_way else 2), code
    assert set(samples) == set(FIXABLE)


def _stray_kit() -> HexMap:
    """Bunker (Team Play, which heals at no kit) with a kit on it: HF113."""
    m = load_map(MAPS / "teamplay_bunker.map.json")
    return m.with_kits([next(h for h in sorted(m.cells) if not m.features_at(h))])


def test_features_no_game_of_the_map_plays_with_are_removed_by_the_quick_fix_and_left_by_hexfort_fix() -> None:
    """HF113 had no quick fix (a new-user audit): "Remove the features no game of this map plays with" takes them
    off, and nothing else on their hexes; hexfort fix leaves it (the other way, a game added, is the designer's)."""
    bunker = load_map(MAPS / "teamplay_bunker.map.json")
    free = [h for h in sorted(bunker.cells) if not bunker.features_at(h)][:2]
    stray = bunker.with_spawn_zone(Team.RED, [free[0]]).with_kits([free[1]])
    [warning] = [p for p in check_map(stray) if p.code == "HF113"]
    [fix] = suggest_fixes(stray, warning)
    done = fix.apply(stray)
    assert fix.label == "Remove the features no game of this map plays with"
    assert done.map == bunker and done.hexes == frozenset(free)
    out = fix_map(stray)
    assert not out.changed and [p.code for p, _ in out.decisions] == ["HF113"]


def test_a_crash_while_fixing_leaves_the_file_and_is_reported(broken: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = broken / "koth_crossroads.map.json"
    before = path.read_bytes()

    def crash(*_a, **_k):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    monkeypatch.setattr(fix_cli, "fix_map", crash)
    code, out, _ = run(str(path))
    assert code == 1 and path.read_bytes() == before
    assert "HF999 error: internal error while fixing this file (RuntimeError: boom)" in out


def test_a_fixed_file_keeps_its_schema_and_its_original_beside_it(tmp_path: Path) -> None:
    """A new-user audit ran fix on a folder of community maps: the one file fixed had its ``$schema`` turned from
    ``../schemas/map.schema.json`` into a path to this machine's checkout, and nothing said how to undo. The file's own
    ``$schema`` is kept now, and the original stays beside it byte for byte (``NAME.bak``) unless ``--no-backup``."""
    path = tmp_path / "community" / "canal.map.json"
    path.parent.mkdir()
    save_map(cut_the_track(load_map(MAPS / "payload_canal.map.json")), path)
    text = path.read_text(encoding="utf-8")
    assert '"$schema": "https://hexfort.dev/schemas/map.schema.json"' in text  # outside hexfort's folder: the $id
    original = text.replace("https://hexfort.dev/schemas/map.schema.json", "../schemas/map.schema.json")
    original = original.replace("\n", "\r\n").encode("utf-8")  # made on Windows
    path.write_bytes(original)
    code, out, _ = run(str(path))
    assert code == 0 and "each changed file's original is kept beside it as NAME.bak" in out
    assert '"$schema": "../schemas/map.schema.json"' in path.read_text(encoding="utf-8")
    assert (tmp_path / "community" / "canal.map.json.bak").read_bytes() == original
    assert load_map(path) == load_map(MAPS / "payload_canal.map.json")
    # cut again and fixed again: the first original stays, this run's goes to NAME.bak2 (a new-user audit lost the
    # hand-made original to a second run)
    second = cut_the_track(load_map(MAPS / "payload_canal.map.json"))
    save_map(second, path)
    again = path.read_bytes()
    assert run(str(path))[0] == 0 and (tmp_path / "community" / "canal.map.json.bak").read_bytes() == original
    assert (tmp_path / "community" / "canal.map.json.bak2").read_bytes() == again
    # a backup named to fix is left alone, saying how to undo with it (fixing it made NAME.bak.bak)
    code, _, err = run(str(tmp_path / "community" / "canal.map.json.bak2"))
    assert code == 2 and "is an original hexfort fix kept, left as it is: to undo a fix, copy it over " \
        f"{path}" in err and not (tmp_path / "community" / "canal.map.json.bak2.bak").exists()
    path.write_bytes(original)
    for old in (tmp_path / "community").glob("*.bak*"):
        old.unlink()
    code, out, _ = run(str(path), "--no-backup")
    assert code == 0 and "no backups kept" in out and not (tmp_path / "community" / "canal.map.json.bak").exists()


def test_a_gap_in_a_track_is_closed_as_the_mirrored_track_runs() -> None:
    """HF107 on a symmetric map: two steps cut from RED's track at a bend. The straight line between the ends passes
    on the other side of the bend, and the fix made Canal lopsided (HF402 after it: a new-user audit); on a map with
    a team symmetry the gap is closed as the mirror image of BLU's track runs, which gives back the bundled map."""
    canal = load_map(MAPS / "payload_canal.map.json")
    path = list(canal.track(Team.RED))
    # two steps at a bend, where the straight line between the ends runs elsewhere
    bend = next(i for i in range(1, len(path) - 2) if path[i:i + 2] != hex_linedraw(path[i - 1], path[i + 2])[1:-1])
    cut = canal.with_feature_part("tracks", Team.RED, path[:bend] + path[bend + 2:])
    outcome = fix_map(cut)
    assert outcome.map == canal and [label for _, label in outcome.applied] == ["Close the gap (2 hexes as BLU's track runs)"]


def test_a_track_drawn_from_its_end_is_reversed_by_the_safe_fix() -> None:
    """HF402 on Canal with BLU's track drawn from its end (session 15 audit): the one obvious repair, applied
    unattended, gives back the bundled map."""
    canal = load_map(MAPS / "payload_canal.map.json")
    backwards = canal.with_feature_part("tracks", Team.BLU, list(canal.track(Team.BLU))[::-1])
    out = fix_map(backwards)
    assert [label for _, label in out.applied] == ["Reverse BLU's track (its cart starts at its other end)"]
    assert out.map == canal


def test_tracks_of_different_length_get_both_repairs_each_making_the_map_its_own_image() -> None:
    """An editor audit found HF303 ("make the tracks the same length") with no quick fix, while the balance fixer
    proposed "extend BLU's track by one push". On Canal with BLU's track one push short both repairs are offered,
    and each gives a map that is its own mirror image again."""
    from engine.validation.symmetry import best_team_symmetry

    canal = load_map(MAPS / "payload_canal.map.json")
    short = canal.with_feature_part("tracks", Team.BLU, list(canal.track(Team.BLU))[:-1])
    [warning] = [p for p in check_map(short) if p.code == "HF303"]
    fixes = suggest_fixes(short, warning)
    assert [f.label for f in fixes] == ["Extend BLU's track by 1 push, as RED's runs",
                                          "End RED's track 1 push earlier, as BLU's"]
    for f in fixes:
        fixed = f.apply(short).map
        fit = best_team_symmetry(fixed)
        assert fit is not None and fit.exact and not [p for p in check_map(fixed) if p.code == "HF303"]
    assert fixes[0].apply(short).map == canal


def test_a_scenario_whose_own_map_file_needs_a_fix_says_which_file_to_fix(tmp_path: Path) -> None:
    """A folder audit ran fix on a scenario whose map file (not named in the run) had its control point lowered:
    "changed 0 files", then HF103 listed under the scenario. It now says the map is a file of its own, with the
    repair waiting there, and the command that makes it."""
    shutil.copy(MAPS / "koth_quarry.scenario.json", tmp_path)
    m = load_map(MAPS / "koth_quarry.map.json")
    save_map(lower_the_point(m), tmp_path / "koth_quarry.map.json")
    _code, out, _err = run(str(tmp_path / "koth_quarry.scenario.json"))
    assert f"its map is a file of its own, {tmp_path / 'koth_quarry.map.json'}, which has HF103 to repair: run " \
           f"hexfort fix {tmp_path / 'koth_quarry.map.json'}" in out, out
    assert "changed 0 files" in out


def test_a_choice_with_one_repair_left_is_still_the_designers() -> None:
    """A review: with the hex BLU's track would extend onto walled, HF303 offered only "End RED's track … earlier",
    and fix_map applied that one offer by itself, cutting RED's track. A choice code is left for a decision."""
    canal = load_map(MAPS / "payload_canal.map.json")
    blu = list(canal.track(Team.BLU))
    short = canal.with_feature_part("tracks", Team.BLU, blu[:-1]).with_cell(blu[-1], Cell(canal.cells[blu[-1]].height,
                                                                                             Terrain.WALL))
    [warning] = [p for p in check_map(short) if p.code == "HF303"]
    assert [f.label for f in suggest_fixes(short, warning)] == ["End RED's track 1 push earlier, as BLU's"]
    out = fix_map(short)
    assert out.map == short and not out.applied and [p.code for p, _ in out.decisions] == ["HF303"]


def test_a_decision_that_comes_up_after_a_safe_fix_says_so_and_names_the_fix_held_back(tmp_path: Path) -> None:
    """A new-user audit: Canal with a gap in RED's track and RED's track two pushes short. The gap's repair is safe;
    the lengths are a choice, which only has repairs once the gap is closed. "0 fixes" said nothing of the gap, and
    the decision's figures (RED 14 — the gap closed) disagreed with the report under it (RED 13)."""
    canal = load_map(MAPS / "payload_canal.map.json")
    steps = list(canal.track(Team.RED))
    p = tmp_path / "canal.map.json"
    save_map(canal.with_feature_part("tracks", Team.RED, steps[:5] + steps[6:-2]), p)
    before = p.read_bytes()
    code, out, _ = run(str(p))
    assert p.read_bytes() == before and code == 1
    assert "left unchanged: HF303 needs your decision once the safe fixes below are made (" in out
    assert f"{p.as_posix()}: held back with it, safe to apply: HF107: " in out
    assert f"apply these alone with hexfort fix --only HF107 {p.as_posix()}" in out
    assert "changed 0 files (0 fixes); 1 left unchanged for a decision, holding back 1 safe fix" in out
    code, out, _ = run("--only", "HF107", str(p))  # what it says to do works
    assert "fixed HF107: " in out and "HF107" not in codes(p)


def test_a_held_repair_whose_code_is_also_a_decision_is_not_offered_alone() -> None:
    """A review: ``--only`` with a code that is also among the file's decisions meets the decision again and leaves
    the file whole, so such a held repair is neither listed as one to apply alone nor counted."""
    from engine.validation.fix_cli import _held
    from engine.validation.fixes import FixOutcome

    def problem(code: str) -> Problem:
        return Problem(code, Severity.WARNING, "x")

    m = load_map(MAPS / "payload_canal.map.json")
    outcome = FixOutcome(m, (), ((problem("HF303"), ("a", "b")),), (),
                         ((problem("HF303"), "end earlier"), (problem("HF107"), "close the gap")), True)
    assert [p.code for p, _ in _held(outcome)] == ["HF107"]


def test_a_dry_run_of_a_file_laid_out_by_hand_diffs_the_repairs_only(tmp_path: Path) -> None:
    """A map saved by a script (json.dumps with its own indentation) gave a 90-line diff of re-indented lines around
    one track hex added (a new-user audit): the diff starts from the file in hexfort's layout, and a line says the
    layout changes too."""
    import json

    path = tmp_path / "canal.map.json"
    save_map(cut_the_track(load_map(MAPS / "payload_canal.map.json")), path)
    path.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8")), indent=2), encoding="utf-8")
    code, out, _ = run("--dry-run", str(path))
    diff = [ln for ln in out.splitlines() if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
    assert code == 0 and diff and len(diff) <= 2, diff  # the track's line, before and after
    assert f"{path}: it will also be saved in hexfort's own layout" in out
    canonical = tmp_path / "canonical.map.json"
    save_map(cut_the_track(load_map(MAPS / "payload_canal.map.json")), canonical)
    assert "own layout" not in run("--dry-run", str(canonical))[1]  # a file in hexfort's layout: no such line
