"""The text form of a map round-trips on every bundled map, whatever its mode and features (like FEN)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.formats.map_file import load_map
from engine.textmap import map_from_text, map_to_text
from tests.conftest import MAPS

BUNDLED = sorted(MAPS.glob("*.map.json"))


def test_every_mode_has_a_bundled_map_to_round_trip() -> None:
    from engine.formats.schemas import bundled_modes

    modes = {mode for p in BUNDLED for mode in load_map(p).meta.modes}
    assert {m.value for m in modes} == set(bundled_modes())


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_map_round_trips_through_its_text(path: Path) -> None:
    m = load_map(path)
    text = map_to_text(m)
    again = map_from_text(text)
    assert again == m and again.fingerprint() == m.fingerprint()
    assert map_to_text(again) == text  # the text form is canonical: writing it again changes nothing
