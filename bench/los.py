"""Line-of-sight checks per second on a 60x60 map with ~15% walls, beside naive references.

1. Warm checks: the naive reference walks ``hex_linedraw`` and tests each hex
   against a set of wall tuples and a dict of heights (what a first
   implementation looks like).
2. Cold cost per new offset (the segment geometry, computed once per offset and
   process): the integer solver of :mod:`engine.rules.segment` beside the direct
   shapely computation it replaced (``segment_hexes_shapely``). Target: an order
   of magnitude cheaper.
Run: ``python bench/los.py``.
"""

from __future__ import annotations

import random

from _common import big_map, per_call

from engine.hexgrid import hex_linedraw
from engine.rules import segment
from engine.rules.board import Board
from engine.rules.sight import Sight


def main(pairs: int = 200_000) -> None:
    hexmap = big_map()
    board = Board(hexmap)
    sight = Sight(board)
    rng = random.Random(7)
    open_cells = [i for i in range(board.n) if not board.wall[i]]
    checks = [(rng.choice(open_cells), rng.choice(open_cells)) for _ in range(pairs)]
    stand = board.stand
    sees_at = sight.sees_at
    triples = [(a, b, stand[a], stand[b]) for a, b in checks]

    def fast() -> None:
        for a, b, ha, hb in triples:
            sees_at(a, b, ha, hb)

    warm = per_call(fast, 1)  # fills the per-offset cache
    t_fast = per_call(fast, 3)

    walls = {(h.q, h.r) for h, c in hexmap.cells.items() if c.terrain.value == "wall"}
    heights = {(h.q, h.r): c.height for h, c in hexmap.cells.items()}
    hexes = board.hexes
    naive_pairs = [(hexes[a], hexes[b], stand[a], stand[b]) for a, b in checks[:50_000]]

    def naive() -> None:
        for a, b, ha, hb in naive_pairs:
            top = ha if ha == hb else 2
            for h in hex_linedraw(a, b)[1:-1]:
                k = (h.q, h.r)
                if k in walls or heights.get(k, 0) > top:
                    break

    t_naive = per_call(naive, 2)
    us_fast = t_fast / pairs * 1e6
    us_naive = t_naive / len(naive_pairs) * 1e6
    print(f"map: 60x60 ({board.n} hexes, {sum(board.wall)} walls = {sum(board.wall) / board.n:.0%})")
    print(f"first pass (builds the per-offset geometry and masks): {warm / pairs * 1e6:.2f} us/check")
    print(f"line of sight, Sight.sees_at: {us_fast:.2f} us/check")
    print(f"naive hex_linedraw + set walk: {us_naive:.2f} us/check")
    print(f"speed-up: {us_naive / us_fast:.1f}x (target <= 2 us/check)")
    cold_offsets()


def cold_offsets(count: int = 400) -> None:
    """Per-offset geometry cost on fresh offsets of up to 60 hexes (caches cleared)."""
    rng = random.Random(11)
    offsets = list({(rng.randint(-60, 60), rng.randint(-60, 60)) for _ in range(count)})

    def fast() -> None:
        segment._CANON.clear()
        for dq, dr in offsets:
            segment.segment_hexes(dq, dr)

    def reference() -> None:
        for dq, dr in offsets[:100]:
            segment.segment_hexes_shapely(dq, dr)

    reference()  # imports shapely outside the timing
    us_fast = per_call(fast, 3) / len(offsets) * 1e6
    us_ref = per_call(reference, 2) / 100 * 1e6
    print(f"new offset (cold geometry), engine.rules.segment: {us_fast:.1f} us/offset")
    print(f"new offset, direct shapely computation (the old way): {us_ref:.1f} us/offset")
    print(f"speed-up: {us_ref / us_fast:.1f}x (target >= 10x)")


if __name__ == "__main__":
    main()
