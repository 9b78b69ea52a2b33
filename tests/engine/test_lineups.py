"""The first-mover answer says when the line-ups followed the first move (engine.simulation.lineups)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from engine.formats import load_map
from engine.games.game import base_scenario
from engine.mapmodel import Team
from engine.scenario import TeamSetup, UnitStart
from engine.simulation.batch import GameResult, run_batch, summarise
from engine.simulation.lineups import first_team_lineups, lineup_caveat

MAPS = Path(__file__).resolve().parents[2] / "maps"
NAMES = {"sprog": "Sprog", "dstructor": "D-Struct-Or", "echo": "Echo"}


def _game(i: int, first: Team, red: tuple[str, ...], blu: tuple[str, ...]) -> GameResult:
    return GameResult(i, i, first, "heuristic", "heuristic", first, 1, 0, 10, 50, (), (red, blu))


def test_a_line_up_that_follows_the_first_team_in_every_game_is_named() -> None:
    strong, weak = ("dstructor", "echo", "sprog"), ("banshee", "dozer", "violet")
    games = [_game(i, t, strong if t is Team.RED else weak, strong if t is Team.BLU else weak)
             for i, t in enumerate([Team.RED, Team.BLU] * 4)]
    got = first_team_lineups(games, NAMES)
    assert got == (("D-Struct-Or", "Echo", "Sprog"), ("Banshee", "Dozer", "Violet"))
    said = lineup_caveat(got)
    assert "the starting team fielded the D-Struct-Or, the Echo and the Sprog" in said
    assert "the other team the Banshee, the Dozer and the Violet" in said


def test_no_caveat_when_line_ups_stay_with_a_side_or_are_alike_or_unknown() -> None:
    a, b = ("sprog",), ("echo",)
    fixed_sides = [_game(i, t, a, b) for i, t in enumerate([Team.RED, Team.BLU] * 4)]  # rosters: stay with a team
    alike = [_game(i, t, a, a) for i, t in enumerate([Team.RED, Team.BLU] * 4)]
    unknown = [replace(g, fielded=()) for g in fixed_sides]
    few = fixed_sides[:2]
    # fixed line-ups and a throw that gave every game to one starting team: nothing to tell apart (a review)
    one_starter = [_game(i, Team.RED, a, b) for i in range(8)]
    for games in (fixed_sides, alike, unknown, few, one_starter):
        assert first_team_lineups(games) is None
    assert lineup_caveat(None) == ""


def test_team_play_ais_draft_alike_and_the_verdict_says_so() -> None:
    """003 (draft): the starting team drafts first, and the AIs draft the same characters every game, so "moving
    first" measured their line-ups too (a new-user audit). With each team's characters fixed (rosters, the first
    team thrown by the rules), the caveat goes: the line-ups no longer follow the first move."""
    path = MAPS / "teamplay_arena.map.json"
    s = base_scenario(load_map(path), path)
    summary = summarise(run_batch(s, 8, seed=3), {"dstructor": "D-Struct-Or"})
    assert summary.lineups is not None and "pick alike each game" in summary.verdict()
    fixed = replace(s, teams=MappingProxyType({
        Team.RED: TeamSetup(starting=tuple(UnitStart(k) for k in ("sprog", "echo", "dstructor"))),
        Team.BLU: TeamSetup(starting=tuple(UnitStart(k) for k in ("violet", "dozer", "banshee")))}))
    results = run_batch(fixed, 8, seed=3)
    assert len({g.first_team for g in results}) == 2 and summarise(results).lineups is None


def _ammo_by_red() -> object:
    """Bundled Arena with every ammo tile moved next to the red spawnpoints (HF313 and HF322 warn)."""
    from engine.games.game import base_scenario
    from engine.mapmodel import Colour, Terrain

    path = MAPS / "teamplay_arena.map.json"
    m = load_map(path)
    red = sorted(m.spawnpoints[Colour.RED])
    near = sorted({n for h in red for n in h.neighbors() if n in m.cells and m.cells[n].terrain is Terrain.OPEN
                   and n not in red and all(n not in p for p in m.spawnpoints.values())})
    m = m.with_feature("ammo", frozenset(near[:len(m.ammo)]))
    return base_scenario(m, path)


def test_team_play_spawnpoint_warnings_are_said_to_be_about_colours_not_teams() -> None:
    """A new-user audit put all the ammo by the red spawnpoints: the validator warned (HF313, HF322), and every
    balance tool said "No side can be favoured by this map", which read as two answers. The verdict and the fixer's
    note now say what those warnings are about: spawnpoints both teams share, a colour's edge, not a team's."""
    from engine.rebalance.screen import open_fairness_warnings
    from engine.simulation.balance import StudyPlan, run_study, study_of
    from engine.simulation.verdict import judge

    s = _ammo_by_red()
    plan = StudyPlan(s, (("random", "random"),), 8, 1)
    v = judge(study_of(plan, run_study(plan))[0])
    assert any(e.startswith("The validator warns (HF313)") for e in v.evidence)
    # the spawnpoints' answer leads; the teams' follows (an editor audit read "No side can be favoured" first as yes)
    assert v.sides.startswith("The spawnpoints are not served alike (the validator's HF313, HF322): "), v.sides
    assert "As for the teams: No side can be favoured by this map" in v.sides
    # Team Play's own words (003 speaks of characters; its reports said "units": the same audit)
    assert "both may field the same characters" in v.sides
    assert not [e for e in v.evidence if "unit kind" in e or "'s units die" in e], v.evidence
    [note] = open_fairness_warnings(s)
    assert "favour a spawnpoint colour, not a team" in note and "HF313" in note
    path = MAPS / "teamplay_arena.map.json"
    plain = StudyPlan(base_scenario(load_map(path), path), (("random", "random"),), 8, 1)
    assert "spawnpoints, which both teams share" not in judge(study_of(plain, run_study(plain))[0]).sides


def test_the_verdict_says_it_only_of_pairings_whose_line_ups_all_followed_the_first_move() -> None:
    """Two heuristic players draft alike; two random ones do not: the caveat was said of every pairing because one
    had fixed line-ups (a review). Said when every pairing's line-ups followed the first move, else not."""
    from engine.simulation.balance import StudyPlan, run_study, study_of
    from engine.simulation.verdict import judge

    path = MAPS / "teamplay_arena.map.json"
    s = base_scenario(load_map(path), path)
    alone = StudyPlan(s, (("heuristic", "heuristic"),), 8, 2)
    assert "pick alike each game" in judge(study_of(alone, run_study(alone))[0]).first_move
    mixed = StudyPlan(s, (("heuristic", "heuristic"), ("random", "random")), 8, 2)
    study = study_of(mixed, run_study(mixed))[0]
    assert study.pairings[1].summary.lineups is None
    assert "pick alike each game" not in judge(study).first_move


def test_simulate_says_the_same_of_spawnpoint_warnings_as_the_balance_report(tmp_path: Path) -> None:
    """Session 15's audit: on the all-ammo-by-red map ``balance`` said what the colour warnings are about, while
    ``simulate`` (the first command a new user runs, on the same games) said only "No side can be favoured"."""
    import argparse
    import io
    import json

    from engine.formats import save_map
    from engine.simulation import cli

    path = tmp_path / "ammo.map.json"
    save_map(_ammo_by_red().map, path)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    for fmt in ("text", "json"):
        out = io.StringIO()
        args = parser.parse_args([str(path), "--games", "4", "--players", "random,random", "--format", fmt])
        assert cli.run(args, out, io.StringIO()) == 0
        said = out.getvalue() if fmt == "text" else json.loads(out.getvalue())["verdict"]
        assert "No side can be favoured by this map" in said
        assert "The spawnpoints are not served alike (the validator's HF313, HF322)" in said
        assert said.index("The spawnpoints are not served alike") < said.index("No side can be favoured")
