"""The install includes every package: pyproject lists each folder of engine/ and editor/ code."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _code_folders() -> set[str]:
    out = set()
    for top in ("engine", "editor"):
        for d in [REPO / top, *sorted((REPO / top).rglob("*"))]:
            if d.is_dir() and "__pycache__" not in d.parts and any(d.glob("*.py")):
                out.add(".".join(d.relative_to(REPO).parts))
    return out


def test_every_code_folder_is_packaged() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    listed = set(config["tool"]["setuptools"]["packages"])
    missing = _code_folders() - listed
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_data_and_schemas_are_packaged() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert config["tool"]["setuptools"]["package-dir"]["engine.schemas"] == "schemas"
    assert "*.json" in config["tool"]["setuptools"]["package-data"]["engine.schemas"]
    assert "*.json" in config["tool"]["setuptools"]["package-data"]["engine.data"]
