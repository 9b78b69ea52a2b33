"""MapDocument: undo steps, stroke merging, save → reopen, scenarios, bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.document import MapDocument, ScenarioSetup
from editor.edits import HeightInk, paint
from engine.formats import load_map
from engine.formats.errors import LoadError
from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap, Mode, Team
from engine.scenario import TeamSetup, UnitStart


@pytest.fixture
def doc(qtbot, small_map: HexMap) -> MapDocument:  # type: ignore[no-untyped-def]
    return MapDocument(small_map)


def test_apply_undo_redo_and_changed_hexes(doc: MapDocument, small_map: HexMap) -> None:
    seen: list[object] = []
    doc.changed.connect(seen.append)
    assert doc.apply(paint(doc.map, [Hex(0, 0)], HeightInk(2)), "Paint")
    assert doc.dirty and seen[-1] == {Hex(0, 0)}
    doc.undo_stack.undo()
    assert doc.map == small_map and not doc.dirty
    doc.undo_stack.redo()
    assert doc.map.cells[Hex(0, 0)] == Cell(2)


def test_noop_edits_push_nothing(doc: MapDocument) -> None:
    assert not doc.apply(paint(doc.map, [Hex(0, 0)], HeightInk(0)), "Paint")
    assert doc.undo_stack.count() == 0


def test_a_stroke_is_one_undo_step(doc: MapDocument, small_map: HexMap) -> None:
    stroke = doc.new_stroke()
    for h in (Hex(0, 0), Hex(1, 0), Hex(2, 0)):
        doc.apply(paint(doc.map, [h], HeightInk(1)), "Paint", stroke)
    doc.apply(paint(doc.map, [Hex(3, 0)], HeightInk(1)), "Paint", doc.new_stroke())
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.map == small_map


def test_save_then_reopen_is_equal(doc: MapDocument, tmp_path: Path) -> None:
    doc.apply(paint(doc.map, [Hex(0, 0), Hex(7, 7)], HeightInk(2)), "Paint")
    target = tmp_path / "edited.map.json"
    doc.save(target)
    assert not doc.dirty and doc.path == target
    assert load_map(target) == doc.map
    other = MapDocument(doc.map)
    other.open(target)
    assert other.map == doc.map


def test_scenario_round_trip(doc: MapDocument, tmp_path: Path) -> None:
    setup = ScenarioSetup(name="Duel", mode=Mode.KOTH).with_team(
        Team.RED, TeamSetup(("scout", "soldier"), (UnitStart("scout"),))
    )
    doc.set_scenario(setup)
    target = tmp_path / "duel.scenario.json"
    doc.save(target)
    again = MapDocument(doc.map)
    again.open(target)
    assert again.scenario is not None and again.scenario.name == "Duel"
    assert again.scenario.teams[Team.RED].roster == ("scout", "soldier")
    assert again.map == doc.map
    doc.undo_stack.undo()
    assert doc.scenario is None


def test_a_scenario_the_loader_would_refuse_is_not_written(doc: MapDocument, tmp_path: Path) -> None:
    """A roster with a unit twice was saved and could not be opened again (a new-user audit): the save is refused
    before anything is written, naming the place, and the document stays modified."""
    doc.set_scenario(ScenarioSetup(name="Duel", mode=Mode.KOTH).with_team(Team.RED, TeamSetup(("scout", "scout"))))
    target = tmp_path / "duel.scenario.json"
    with pytest.raises(LoadError, match=r"\$\.teams\.RED\.roster.*twice"):
        doc.save(target)
    assert not target.exists() and doc.dirty


@pytest.mark.parametrize(
    "content",
    ["{ not json", '{"$schema": "map.schema.json", "rows": 5}', "[]", ""],
)
def test_bad_file_leaves_the_document_untouched(doc: MapDocument, tmp_path: Path, content: str) -> None:
    doc.apply(paint(doc.map, [Hex(0, 0)], HeightInk(2)), "Paint")
    before = doc.map
    bad = tmp_path / "bad.map.json"
    bad.write_text(content)
    with pytest.raises(LoadError):
        doc.open(bad)
    assert doc.map is before and doc.dirty and doc.undo_stack.count() == 1


def test_save_without_a_path_is_refused(doc: MapDocument) -> None:
    with pytest.raises(ValueError, match="choose where"):
        doc.save()
