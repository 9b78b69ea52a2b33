"""The balance fixer asks each mode's package what only that mode has (engine/rebalance/modes.py)."""

from __future__ import annotations

import dataclasses

from engine.games.modes import GAMES
from engine.mapmodel import Team
from engine.rebalance.candidates import proposals
from engine.rebalance.measures import Place, figures
from engine.rebalance.modes import fixes_of
from tests.engine.rebalance.lanes import UNFAIR
from tests.toymode.conformance import scenarios as tag_scenarios
from tests.toymode.rules import TAG


def test_a_mode_names_the_objective_and_brings_its_own_measures_and_edits() -> None:
    """King of the Board (the lanes' mode) races to the point, measures its sightlines and edits its cover."""
    fixes = fixes_of(UNFAIR.mode)
    assert GAMES[UNFAIR.mode].rebalance and fixes.goal == "the point"
    place = Place(UNFAIR)
    assert place.goal == "the point" and place.goal_hexes == fixes.goal_hexes(UNFAIR)  # type: ignore[misc]
    assert any(p.family == "cover" for p in proposals(UNFAIR, Team.RED, None))


def test_a_mode_without_a_part_races_to_the_middle_and_gets_the_core_edits_only() -> None:
    """Tag registers no part of the fixer: the middle of the map is the objective, its measures are the core's."""
    s = dataclasses.replace(tag_scenarios()[0], seed=1)
    assert not GAMES[TAG].rebalance and fixes_of(TAG).figures is None
    assert Place(s).goal == "the middle of the map" and len(Place(s).goal_hexes) == 1
    f = figures(s)
    assert f.exposure == f.pushes == f.contest == {t: 0 for t in Team}
    assert {p.family for p in proposals(s, Team.RED, None)} <= {"route", "spawn", "kits"}


def test_a_team_play_imbalance_in_the_rosters_is_named_when_no_edit_fixes_it() -> None:
    """Team Play (rosters-a of bench/rebalance_cases.py): no team has a place on the map, so a side favoured by
    what it fields is not a fault of the ground; when no edit is confirmed, the report says so and names both
    rosters. The bundled scenario, fielding alike, is not taken for such a case."""
    from dataclasses import replace

    from engine.formats import load_map
    from engine.games.game import base_scenario
    from engine.rebalance.result import ALREADY_FAIR, FIXED
    from engine.rebalance.rosters import rosters_only
    from engine.rebalance.search import rebalance
    from tests.engine.rebalance.test_search import QUICK, ModelRunner
    from tests.playing import bench_module

    with bench_module("rebalance_cases") as cases:
        s = next(c for c in cases.CASES if c.name == "rosters-a").build()
        bundled = base_scenario(load_map(cases.MAPS / "teamplay_arena.map.json"))
    assert rosters_only(s) and not rosters_only(bundled) and not rosters_only(UNFAIR)
    out = rebalance(s, replace(QUICK, candidates=3, steps=1), ModelRunner(lambda v: 0.40))
    assert out.status not in (FIXED, ALREADY_FAIR) and out.favoured == "BLU"
    note = next(n for n in out.notes if "what the sides field" in n)
    assert "RED: Sprog, Banshee, Echo" in note and "BLU: Violet, Dozer, D-Struct-Or" in note  # their names


def test_team_play_rosters_are_evened_by_exchanging_one_character_of_each_side() -> None:
    """Team Play (rosters-a): the sides differ only by what they field, so every exchange of one character of
    RED's for one of BLU's races besides the map edits; the one whose games come out even is confirmed, touches
    no hex, and the scenario written out fields the new rosters. The JSON document says which units changed."""
    import json

    from engine.formats.schemas import validator
    from engine.rebalance.report import document
    from engine.rebalance.result import FIXED
    from engine.rebalance.rosters import ExchangeUnits, fielded
    from engine.rebalance.search import rebalance
    from tests.engine.rebalance.test_search import QUICK, ModelRunner
    from tests.playing import bench_module

    with bench_module("rebalance_cases") as cases:
        s = next(c for c in cases.CASES if c.name == "rosters-a").build()

    def score(v: object) -> float:
        red, blu = (fielded(v, t) for t in Team)  # type: ignore[attr-defined]
        return 0.5 if "dozer" in red and "sprog" in blu else 0.41

    out = rebalance(s, QUICK, ModelRunner(score))
    assert out.status == FIXED, out.why
    assert [c for t in out.chosen for c in t.proposal.changes] == [ExchangeUnits("sprog", "dozer", "Sprog", "Dozer")]
    assert out.after is not None and out.after.map == s.map and out.hexes == ()
    assert fielded(out.after, Team.RED) == ("dozer", "banshee", "echo")
    assert fielded(out.after, Team.BLU) == ("violet", "sprog", "dstructor")
    assert out.words == "exchange RED's Sprog for BLU's Dozer (RED fields Dozer, BLU Sprog)"
    assert sum(t.proposal.family == "rosters" and t.step == 1 for t in out.trials) == 9
    doc = json.loads(json.dumps(document(out, QUICK, "teamplay_arena.scenario.json", None)))
    assert not list(validator("rebalance").iter_errors(doc))
    assert doc["chosen"][0]["changes"] == [{"kind": "roster", "hexes": [], "units": {"RED": "sprog", "BLU": "dozer"}}]


def test_a_team_play_map_whose_sides_field_alike_is_even_by_construction() -> None:
    """Team Play gives no team a place (shared spawnpoints) and a batch alternates the starting team, so the
    bundled Arena, both sides drafting from the same six, is even on any ground: already fair by the report's
    rule alone, as a mirrored King of the Board map is. Fixed, different rosters are not."""
    from dataclasses import replace

    from engine.formats import load_map
    from engine.games.game import base_scenario
    from engine.rebalance.result import ALREADY_FAIR
    from engine.rebalance.search import even_by_construction, rebalance
    from tests.engine.rebalance.test_search import QUICK, ModelRunner
    from tests.playing import bench_module

    with bench_module("rebalance_cases") as cases:
        rosters = next(c for c in cases.CASES if c.name == "rosters-a").build()
        arena = base_scenario(load_map(cases.MAPS / "teamplay_arena.map.json"))
    assert even_by_construction(arena) and not even_by_construction(rosters)
    out = rebalance(arena, replace(QUICK, baseline_games=400), ModelRunner(lambda v: 0.525))
    assert out.status == ALREADY_FAIR and "mirror" not in out.why


def test_a_team_play_side_that_lists_no_characters_is_dealt_the_rest_and_exchanges_are_offered() -> None:
    """RED lists three characters, BLU none: set-up deals BLU the other three, so the note names them and the
    fixer offers the nine exchanges (a review found "BLU: any" and none offered)."""
    from pathlib import Path

    from engine.formats import load_scenario
    from engine.rebalance.notes import rosters_note
    from engine.rebalance.rosters import exchanges, fielded
    from engine.scenario import TeamSetup, UnitStart

    arena = load_scenario(Path(__file__).resolve().parents[3] / "maps" / "teamplay_arena.scenario.json")
    s = dataclasses.replace(arena, teams={Team.RED: TeamSetup(starting=tuple(UnitStart(k) for k in ("dozer", "banshee", "dstructor"))),
                              Team.BLU: TeamSetup()})
    assert set(fielded(s, Team.BLU)) == {"sprog", "violet", "echo"}
    note = rosters_note(s, Team.RED)[0]
    assert "BLU: " in note and "BLU: any" not in note and all(n in note for n in ("Sprog", "Violet", "Echo"))
    offered = exchanges(s, {})
    assert len(offered) == 9
    after = offered[0].apply_to(s)
    red, blu = set(fielded(after, Team.RED)), set(fielded(after, Team.BLU))
    assert len(red) == len(blu) == 3 and not red & blu and red != {"dozer", "banshee", "dstructor"}
