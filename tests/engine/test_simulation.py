"""AI-vs-AI batches: statistics, game plans, determinism across worker counts, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.formats import save_map
from engine.hexgrid import Hex, hexes_within
from engine.mapmodel import Cell, HexMap, MapMeta, Mode, Team, Terrain
from engine.scenario import Scenario
from engine.simulation.batch import game_plan, run_batch, summarise
from engine.simulation.stats import wilson_interval


def hill() -> HexMap:
    cells = {h: Cell(2 if h.length() == 0 else 1 if h.length() == 1 else 0) for h in hexes_within(Hex(0, 0), 3)}
    cells[Hex(-1, -1)] = cells[Hex(1, 1)] = Cell(0, Terrain.WALL)
    red = [Hex(-3, 0), Hex(-3, 1), Hex(-3, 2), Hex(-3, 3)]
    return HexMap.create(MapMeta("Hill"), cells, {Team.RED: red, Team.BLU: [-h for h in red]},
                         kits=[Hex(0, -3), Hex(0, 3)], control_points=[[Hex(0, 0)]])


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [(0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (50, 100, 0.4038, 0.5962), (1, 3, 0.0615, 0.7923)],
)
def test_wilson_interval_golden(k: int, n: int, lo: float, hi: float) -> None:
    a, b = wilson_interval(k, n)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 3)


def test_game_plan_balances_first_team_and_sides() -> None:
    plans = [game_plan(i, ("a", "b")) for i in range(8)]
    assert sum(f is Team.RED for f, _, _ in plans) == 4
    assert sum(r == "a" for _, r, _ in plans) == 4
    combos = {(f, r) for f, r, _ in plans}
    assert len(combos) == 4


def test_batch_is_deterministic_and_in_order() -> None:
    s = Scenario("Hill", Mode.KOTH, hill())
    one = run_batch(s, 6, seed=9, jobs=1, players=("heuristic", "random"))
    two = run_batch(s, 6, seed=9, jobs=2, players=("heuristic", "random"))
    assert one == two
    assert [g.index for g in one] == list(range(6))
    summary = summarise(one)
    assert summary.games == 6
    assert sum(summary.wins.values()) + summary.draws == 6
    assert summary.player_wins.get("heuristic", 0) >= 5  # the heuristic beats random


@pytest.mark.parametrize("jobs", [1, 2])
def test_cancel_stops_early(jobs: int) -> None:
    s = Scenario("Hill", Mode.KOTH, hill())
    done: list[int] = []
    results = run_batch(s, 200, seed=1, jobs=jobs, progress=lambda k, n: done.append(k),
                        cancelled=lambda: len(done) >= 3)
    assert len(results) == 3
    assert results == run_batch(s, 3, seed=1)  # the games kept are the first ones, in order


def test_cli_json_is_byte_identical_for_any_jobs(tmp_path: Path) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    exe = Path(sys.executable).with_name("hexfort")
    outs = []
    for jobs in ("1", "1", "2"):
        r = subprocess.run([str(exe), "simulate", str(p), "--games", "8", "--seed", "5", "--jobs", jobs,
                            "--format", "json"], capture_output=True, timeout=300)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1] == outs[2]
    doc = json.loads(outs[0])
    assert doc["games"] == 8 and set(doc["win_rate_ci95"]) == {"RED", "BLU"}
    assert doc["by_construction"].startswith("the map is its own mirror image (rotation by 180° about 0,0)")


def test_simulate_says_when_no_side_can_be_favoured_by_construction(tmp_path: Path) -> None:
    """On a map that is its own mirror image (both sides fielding alike) the side figures can only be chance or the
    players: simulate's verdict says so, as balance's does, instead of "not decided yet … more games" (a new-user
    audit found both printed, one under the other); one wall more on one side, and it does not."""
    exe = Path(sys.executable).with_name("hexfort")
    m = hill()
    for cells, says in ((m.cells, True), ({**m.cells, Hex(2, 0): Cell(0, Terrain.WALL)}, False)):
        p = tmp_path / "hill.map.json"
        save_map(HexMap.create(m.meta, dict(cells), dict(m.spawns), kits=list(m.kits),
                               control_points=[list(c) for c in m.control_points]), p)
        r = subprocess.run([str(exe), "simulate", str(p), "--games", "4", "--seed", "5"], capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        assert ("verdict: No side can be favoured by this map: the map is its own mirror image" in r.stdout) is says
        assert ("Not decided yet whether a side is favoured" in r.stdout) is not says


def test_cli_errors(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("hexfort")
    r = subprocess.run([str(exe), "simulate", str(tmp_path / "nope.json")], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "file not found" in r.stderr and "Traceback" not in r.stderr
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    r = subprocess.run([str(exe), "simulate", str(p), "--players", "chess,random"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2
    r = subprocess.run([str(exe), "simulate", str(p), "--jobs", "0"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--jobs 0: must be 1 or more" in r.stderr  # which option (a new-user audit)
    r = subprocess.run([str(exe), "validate", str(p), "--jobs", "0"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--jobs 0: must be 1 or more" in r.stderr  # it ran on all cores, unsaid


def test_simulate_refuses_what_the_playability_check_refuses(tmp_path: Path) -> None:
    """``simulate`` asks the one playability check: a map without spawn zones is refused with its reasons."""
    import io

    from engine.simulation.cli import load_playable

    p = tmp_path / "bare.map.json"
    save_map(hill().with_spawn_zone(Team.RED, ()).with_spawn_zone(Team.BLU, ()), p)
    err = io.StringIO()
    assert load_playable(str(p), "hexfort simulate", err) == 1
    assert "cannot be played" in err.getvalue() and "RED has no spawn zone" in err.getvalue()
    assert "  - HF105 error: RED has no spawn zone" in err.getvalue() and "Problem(" not in err.getvalue()
    # a gap in a cart track: the map's own error (code, hex, fix) is named, not "$.teams: HF605" on a map file that
    # has no teams (a new-user audit), with the command that repairs it
    from engine.formats import load_map

    canal = load_map(Path(__file__).resolve().parents[2] / "maps" / "payload_canal.map.json")
    steps = list(canal.track(Team.RED))
    gap = tmp_path / "gap.map.json"
    save_map(canal.with_feature_part("tracks", Team.RED, steps[:5] + steps[6:]), gap)
    err = io.StringIO()
    assert load_playable(str(gap), "hexfort simulate", err) == 1
    said = err.getvalue()
    assert f"  - hex {steps[4]}: HF107 error: the RED cart track jumps from {steps[4]} to {steps[6]}" in said, said
    assert "$.teams" not in said and f"hexfort fix --only HF107 {gap} repairs it" in said
    # named by a scenario whose map is a file of its own: the hint names that file, the one fix repairs (a review)
    import json

    scen = tmp_path / "gap.scenario.json"
    scen.write_text(json.dumps({"$schema": "../schemas/scenario.schema.json", "format": 1, "name": "Gap",
                                "map": "gap.map.json", "mode": "payload"}))
    err = io.StringIO()
    assert load_playable(str(scen), "hexfort simulate", err) == 1
    assert f"hexfort fix --only HF107 {gap} repairs it" in err.getvalue(), err.getvalue()
    save_map(hill(), p)
    loaded = load_playable(str(p), "hexfort simulate", io.StringIO())
    assert isinstance(loaded, Scenario) and loaded.mode is Mode.KOTH and loaded.map_ref == "bare.map.json"


def test_the_terminal_report_says_when_no_unit_took_a_pickup() -> None:
    """A new-user audit (session 9): a report without its pickups line looked cut short; with none taken (a lane
    without kits) it says so."""
    from engine.simulation.batch import run_batch, summarise
    from engine.simulation.report import summary_text
    from tests.engine.rebalance.lanes import FAIR

    s = summarise(run_batch(FAIR, 4, seed=3, players=("heuristic", "heuristic")))
    assert s.games == 4 and not any(s.pickups.values())
    assert "\n  pickups: none\n" in summary_text(s, "Lane", ("heuristic", "heuristic"))
    # the verdict's wider intervals are said to be another kind than the 95% CIs above them (a new-user audit)
    text = summary_text(s, "Lane", ("heuristic", "heuristic"))
    assert text.splitlines()[-1].startswith("  (the verdict's intervals hold however many games are looked at")
    assert "however many" not in summary_text(s, "Lane", ("heuristic", "heuristic"), intervals=False)


def test_simulate_and_balance_name_a_validator_error_the_games_play_around(tmp_path: Path) -> None:
    """A kit on a wall (HF101) does not stop a game, so simulate and balance play it — and now say so: a warning on
    stderr naming the error and the hex, and balance's evidence leading with it (a new-user audit saw fairness figures
    for such a map without a word)."""
    m = hill()
    p = tmp_path / "kit_on_wall.map.json"
    save_map(HexMap.create(m.meta, dict(m.cells), dict(m.spawns), kits=[Hex(0, -3), Hex(1, 1)],
                           control_points=[list(c) for c in m.control_points]), p)
    exe = Path(sys.executable).with_name("hexfort")
    r = subprocess.run([str(exe), "simulate", str(p), "--games", "4"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"hexfort simulate: warning: {p} has 1 validator error" in r.stderr and "HF101" in r.stderr
    assert "  - hex 1,1: HF101 error: " in r.stderr and "Traceback" not in r.stderr  # the validator's own line
    r = subprocess.run([str(exe), "balance", str(p), "--games", "4", "--format", "json"], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "hexfort balance: warning:" in r.stderr
    evidence = json.loads(r.stdout)["verdict"]["evidence"]
    assert evidence[0].startswith("The validator finds an error (HF101): ") and "fix it first" in evidence[0]


def test_simulate_gives_the_figures_balance_gives_on_the_same_games(tmp_path: Path) -> None:
    """The README promises that ``simulate`` gives the verdict ``balance`` gives. A new-user audit found the same 40
    games read 45% (25–69%), about 376 more games, in simulate and (24–70%), about 400, in balance: simulate split 5%
    between its two headlines, balance 4% (its secondary questions take the other 1%). Both use the study's 4% now."""
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    exe = Path(sys.executable).with_name("hexfort")
    args = [str(p), "--games", "16", "--seed", "3", "--format", "json"]
    sim = subprocess.run([str(exe), "simulate", *args], capture_output=True, text=True, timeout=300)
    bal = subprocess.run([str(exe), "balance", *args], capture_output=True, text=True, timeout=300)
    assert sim.returncode == 0 and bal.returncode == 0, sim.stderr + bal.stderr
    heads = json.loads(sim.stdout)["headlines"]
    asked = {q["question"]: q["test"] for q in json.loads(bal.stdout)["verdict"]["questions"]}
    for key in ("sides", "first_move"):
        assert heads[key]["games"] == asked[key]["games"] == 16
        assert (heads[key]["interval"], heads[key]["needed_games"], heads[key]["level"]) == \
            (asked[key]["interval"], asked[key]["needed_games"], asked[key]["level"])


def test_balance_refuses_an_output_it_cannot_write_before_playing(tmp_path: Path) -> None:
    """A new-user audit: balance played its 40 games, then could not write -o /nonexist/x.html and lost the report.
    The output is checked first: exit 2, nothing played."""
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    exe = Path(sys.executable).with_name("hexfort")
    for target, why in ((tmp_path / "gone" / "x.html", "is not an existing folder"), (tmp_path, "is a folder")):
        r = subprocess.run([str(exe), "balance", str(p), "--games", "4", "-o", str(target)], capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 2 and why in r.stderr and "nothing was played" in r.stderr
        assert "playing" not in r.stderr and "Traceback" not in r.stderr


def test_a_whole_median_is_printed_whole() -> None:
    """The summary said "median 16" in one run and "median 20.5" in another, and "39.0" for a whole one: whole
    medians print whole (a new-user audit)."""
    from engine.simulation.report import summary_text

    s = summarise(run_batch(Scenario("Hill", Mode.KOTH, hill()), 4, 3))
    text = summary_text(s, "Hill", ("heuristic", "heuristic"))
    assert f"(median {s.turns_median:g}, " in text and ".0," not in text.split("median ", 1)[1][:8]


def test_a_game_without_pickups_reports_none_of_them() -> None:
    """Payload Race has no pickups: its report said "pickups: none" as if the players had missed some (an audit of
    the balance page, session 15); King of the Board, whose units heal at kits, still says it."""
    from engine.games.modes import GAMES
    from engine.simulation.report import summary_text

    summary = summarise(run_batch(Scenario("Hill", Mode.KOTH, hill()), 2, 1))
    assert "pickups:" in summary_text(summary, "Hill", ("heuristic", "heuristic"), pickups=GAMES[Mode.KOTH].pickups)
    assert "pickups" not in summary_text(summary, "Hill", ("heuristic", "heuristic"), pickups=GAMES[Mode.PAYLOAD].pickups)
