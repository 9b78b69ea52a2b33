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
