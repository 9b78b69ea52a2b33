"""docs/checks.md is true: each code's bad example triggers exactly that code with the
documented hexes, its fixed example does not, and every code hexfort reports is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.validation.checks import CHECKS
from engine.validation.explain import CHECKS_DOC, explain, sections
from engine.validation.runner import validate_file

DOC = CHECKS_DOC.read_text(encoding="utf-8")
SECTIONS = sections(DOC)
BLOCK = re.compile(r"```(json|text) (bad|fixed)\n(.*?)\n```", re.S)
EXAMPLED = sorted(c for c, s in SECTIONS.items() if BLOCK.search(s))
LOAD_CODES = {"HF001", "HF002", "HF003", "HF004", "HF999"}
SCENARIO_CODES = {"HF404", "HF601", "HF602", "HF603", "HF604", "HF605", "HF606", "HF607", "HF608", "HF609"}


def _examples(code: str) -> dict[str, str]:
    return {m.group(2): m.group(3) + "\n" for m in BLOCK.finditer(SECTIONS[code])}


def _expected_hexes(code: str) -> set[str]:
    line = next(ln for ln in SECTIONS[code].splitlines() if ln.startswith("Reported hexes:"))
    return set(re.findall(r"`([^`]+)`", line))


@pytest.mark.parametrize("code", EXAMPLED)
def test_bad_example_triggers_code_with_hexes(code: str, tmp_path: Path) -> None:
    kind = "scenario" if code in SCENARIO_CODES else "map"
    ex = _examples(code)
    bad = tmp_path / f"bad.{kind}.json"
    bad.write_text(ex["bad"], encoding="utf-8")
    hits = [p for p in validate_file(bad).problems if p.code == code]
    assert hits, f"{code}: bad example does not trigger it"
    assert {str(h) for p in hits for h in p.hexes} == _expected_hexes(code)
    fixed = tmp_path / f"fixed.{kind}.json"
    fixed.write_text(ex["fixed"], encoding="utf-8")
    assert not [p for p in validate_file(fixed).problems if p.code == code], f"{code}: fixed example still has it"


def test_every_code_is_documented_and_every_documented_code_exists() -> None:
    shipped = [check for check in CHECKS if check.fn.__module__.startswith("engine.")]  # not a test's toy mode
    reported = {c for check in shipped for c in check.codes} | LOAD_CODES | SCENARIO_CODES
    assert reported == set(SECTIONS)


def test_every_code_but_the_safety_nets_has_examples() -> None:
    assert set(SECTIONS) - set(EXAMPLED) == {"HF999", "HF605", "HF606"}


def test_explain_prints_the_section_without_examples() -> None:
    text = explain("hf104")
    assert text is not None
    assert text.startswith("HF104") and "Spawn zone too small" in text
    assert "```" not in text
    assert explain("HF777") is None


FIX_ROW = re.compile(r"^\| (HF\d{3}) \| [^|]+ \| (applies it|a choice: leaves the file alone) \|$", re.M)
SAYS = {"safe": "applies it", "choice": "a choice: leaves the file alone"}


def test_the_quick_fix_table_and_sections_say_what_hexfort_fix_does() -> None:
    from engine.validation.fixes import FIXABLE

    assert dict(FIX_ROW.findall(DOC)) == {code: SAYS[how] for code, how in FIXABLE.items()}
    for code, section in SECTIONS.items():
        line = next((ln for ln in section.splitlines() if ln.startswith("**Quick fix:**")), None)
        if code not in FIXABLE:
            assert line is None, code
            continue
        assert line is not None, code
        ending = "`hexfort fix` applies it." if FIXABLE[code] == "safe" else "`hexfort fix` leaves the file alone."
        assert line.endswith(ending), code


@pytest.mark.parametrize("code", sorted(c for c, s in SECTIONS.items() if "**Quick fix:**" in s))
def test_hexfort_fix_on_the_bad_example_does_what_the_section_says(code: str, tmp_path: Path) -> None:
    import argparse
    import io

    from engine.validation import fix_cli

    bad = tmp_path / "bad.map.json"
    bad.write_text(_examples(code)["bad"], encoding="utf-8")
    before = bad.read_bytes()
    parser = argparse.ArgumentParser()
    fix_cli.add_arguments(parser)
    out = io.StringIO()
    fix_cli.run(parser.parse_args([str(bad)]), out, io.StringIO())
    still = {p.code for p in validate_file(bad).problems}
    if "applies it" in SECTIONS[code]:
        assert f"fixed {code}" in out.getvalue() and code not in still
    else:
        assert bad.read_bytes() == before and code in still
        assert f"left unchanged: {code} needs your decision" in out.getvalue()
