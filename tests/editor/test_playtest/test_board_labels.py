"""Target labels on the playtest board fit between their neighbours' (a hit chance is never cut to another one)."""

from __future__ import annotations

import math

import pytest

from editor.playtest.board_marks import fit_label, label_room
from editor.render.painter import MapRenderer, layout_for
from engine.mapmodel import Orientation


def _width(text: str, size: float) -> float:
    """A stand-in for font metrics: 0.6 of the size a character, and half the size of padding."""
    return 0.6 * size * len(text) + 0.5 * size


def test_a_label_that_fits_is_drawn_whole_at_its_size() -> None:
    assert fit_label("72% −3", room=100, size=10, least=7, width=_width) == ("72% −3", 10)


def test_a_label_too_wide_is_drawn_smaller_while_readable() -> None:
    text, size = fit_label("72% −3", room=30, size=10, least=7, width=_width)
    assert text == "72% −3" and 7 <= size < 10 and _width(text, size) <= 30


def test_below_the_readable_size_only_the_hit_chance_is_drawn() -> None:
    # "100% −3" at 10 would take 45; at 7 still 31.5 > 24: the short form, which fits at 8
    text, size = fit_label("100% −3", room=24, size=10, least=7, width=_width)
    assert text == "100%" and size >= 7 and _width(text, size) <= 24


def test_a_hit_chance_is_drawn_at_the_least_size_rather_than_not_at_all() -> None:
    assert fit_label("100% −3", room=5, size=10, least=7, width=_width) == ("100%", 7)


@pytest.mark.parametrize(("orientation", "factor"), [(Orientation.POINTY, math.sqrt(3)), (Orientation.FLAT, 3.0)])
def test_the_room_is_the_distance_to_a_neighbour_on_the_same_row(orientation: Orientation, factor: float) -> None:
    """Pointy hexes have neighbours left and right (√3 sizes away); flat ones none on the label's row, the hex
    two columns on (3 sizes away) the nearest there (a review: "twice the mean neighbour distance" was 3.46)."""
    r = MapRenderer(layout_for(orientation, 20.0))
    assert label_room(r.center, height=8.0) == pytest.approx(0.9 * factor * 20.0, rel=1e-3)


def test_a_taller_label_meets_the_neighbours_half_a_row_away() -> None:
    r = MapRenderer(layout_for(Orientation.FLAT, 20.0))  # neighbours at (±30, ±17.3): rows meet once labels are taller
    assert label_room(r.center, height=20.0) == pytest.approx(0.9 * 30.0, rel=1e-3)
