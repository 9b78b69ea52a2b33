"""A small seeded slice of the kit-bias bench (``bench/kit_bias.py``): the biased Ridge puts every kit on RED's
route to the point and none on BLU's, and in a few seeded heuristic games RED's units take them and BLU's
hardly ever. The campaign (``hexfort balance --compare`` at default settings) and its figures are in
docs/balance.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from engine.formats import load_scenario
from engine.mapmodel import Team
from engine.simulation.balance import races
from engine.simulation.batch import run_batch, summarise
from tests.playing import bench_module

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kb() -> Iterator[ModuleType]:
    with bench_module("kit_bias") as module:
        yield module


def test_the_biased_map_has_kits_on_reds_route_only_and_red_takes_them(kb: ModuleType) -> None:
    base = load_scenario(REPO / "maps" / "koth_ridge.scenario.json")
    biased = kb.kits_on_red_route(base)
    assert len(biased.map.kits) == len(kb.STEPS) and biased.map.cells == base.map.cells
    route = kb.red_route(base)
    assert biased.map.kits <= set(route)
    blu_ways = {h for r in races(base)[1] for h in r.paths[Team.BLU]}
    assert not biased.map.kits & blu_ways
    point = {h for cp in base.map.control_points for h in cp}
    assert not biased.map.kits & point
    got = summarise(run_batch(biased, 24, 1)).pickups
    red, blu = got["RED"].get("kit", 0), got["BLU"].get("kit", 0)
    assert red >= 5 and red > 4 * blu, got


def test_a_kit_that_cannot_lie_on_reds_route_is_refused(kb: ModuleType) -> None:
    base = load_scenario(REPO / "maps" / "koth_quarry.scenario.json")
    with pytest.raises(ValueError, match="route is"):
        kb.kits_on_red_route(base, (40,))


def test_the_benchs_change_is_the_one_the_headline_rests_on(kb: ModuleType) -> None:
    """A review: with the bundled base even by construction, --compare's headline rests on the biased version's own
    side answer (session 16), and the bench printed the paired test's figures beside it."""
    def study(construction: str | None, sides: dict[str, object] | None = None) -> dict[str, object]:
        summary = {"headlines": {"sides": sides}, "pickups": {"RED": {"by_kind": {}}, "BLU": {"by_kind": {}}}}
        return {"verdict": {"by_construction": construction}, "pairings": [{"games": 400, "summary": summary}]}

    doc = {"map": study("mirror"), "stopping": {}, "players": [["heuristic", "heuristic"]],
           "compare": {"changed": True, "decided": True, "headline": "The change moved the balance",
                       "questions": [{"test": {"estimate": 0.03, "interval": [-0.02, 0.09]}}],
                       "map": study(None, {"estimate": 0.58, "interval": [0.52, 0.64]})}}
    got = kb.summary(doc)
    assert got["change"] == pytest.approx(0.08) and got["interval"] == pytest.approx([0.02, 0.14])
    doc["compare"]["map"]["verdict"]["by_construction"] = "mirror"  # both even: the paired test's, as before
    assert kb.summary(doc)["change"] == 0.03
