"""Modules stay small enough to read one at a time: no file in ``engine/`` over 600 lines (issue #9)."""

from __future__ import annotations

from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
LIMIT = 600


def test_no_engine_module_is_over_the_limit() -> None:
    sizes = {p.relative_to(ENGINE.parent).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in ENGINE.rglob("*.py")}
    assert len(sizes) > 50  # the walk found the engine
    too_long = {name: n for name, n in sizes.items() if n > LIMIT}
    assert not too_long, f"split these modules (limit {LIMIT} lines): {too_long}"
