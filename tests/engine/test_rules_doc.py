"""docs/rules*.md stay true: every test (or test file) a rules page cites exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = sorted((REPO / "docs").glob("rules*.md"))
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "tests").rglob("test_*.py"))
DEFINED = set(re.findall(r"^\s*def (test_\w+)", TESTS, re.M)) | {p.stem for p in (REPO / "tests").rglob("test_*.py")}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_cited_test_exists(page: Path) -> None:
    cited = set(re.findall(r"`(test_\w+)", page.read_text(encoding="utf-8")))
    assert cited, f"{page.name} cites no tests"
    missing = sorted(cited - DEFINED)
    assert not missing, f"{page.name} cites tests that do not exist: {missing}"
