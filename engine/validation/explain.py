"""``--explain CODE``: the documentation of one problem code, from ``docs/checks.md``."""

from __future__ import annotations

import re
from pathlib import Path

from engine.validation.checks import CHECKS

__all__ = ["CHECKS_DOC", "explain", "sections"]

CHECKS_DOC = Path(__file__).resolve().parents[2] / "docs" / "checks.md"
_HEADING = re.compile(r"^## (HF\d{3})\s*$", re.M)
_DETAILS = re.compile(r"<details>.*?</details>\s*", re.S)


def sections(text: str) -> dict[str, str]:
    """Code -> its section of the checks page (heading included)."""
    found = list(_HEADING.finditer(text))
    out = {}
    for k, m in enumerate(found):
        end = found[k + 1].start() if k + 1 < len(found) else len(text)
        out[m.group(1)] = text[m.start():end].strip()
    return out


def explain(code: str) -> str | None:
    """Plain text about ``code`` (case-insensitive), or None if hexfort has no such code.

    Reads docs/checks.md (leaving out the long example files, which the page
    links); without the docs (an installed copy), falls back to the docstring of
    the check that reports the code.
    """
    code = code.strip().upper()
    if CHECKS_DOC.is_file():
        sec = sections(CHECKS_DOC.read_text(encoding="utf-8")).get(code)
        if sec is not None:
            sec = _DETAILS.sub("", sec).strip()
            return sec.replace("## ", "", 1) + f"\n\nExamples: {CHECKS_DOC}#{code.lower()}\n"
    for c in CHECKS:
        if code in c.codes:
            return f"{code} ({c.name}): {(c.fn.__doc__ or '').strip()}\n"
    return None
