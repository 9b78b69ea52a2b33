"""Tiny maps from a few lines of text, for tests, docs and the REPL.

Each line is one row of a pointy-top map in odd-row offset layout (the layout of
map files, see :mod:`engine.formats.grid_codec`). Tokens are separated by
whitespace; each is a grid token (height digit then ``.`` open, ``#`` wall,
``o`` low obstacle, ``a``-``f`` stairs) optionally followed by feature letters:
``R`` / ``B`` RED / BLU spawn, ``+`` first-aid kit, ``C`` control point.
``--`` leaves a hole. Example::

    0.R 0.  0.  0.B
    0.  1.  2.C 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.formats.grid_codec import decode_token
from engine.frozendict import FrozenDict
from engine.hexgrid import ODD, Hex, OffsetCoord, roffset_to_cube
from engine.mapmodel import Cell, HexMap, MapMeta, Mode, Team
from engine.ruleset import OptionValue
from engine.scenario import Scenario, TeamSetup, UnitStart

__all__ = ["hex_at", "koth_scenario", "map_from_text"]


def hex_at(col: int, row: int) -> Hex:
    """The hex in column ``col`` of text row ``row`` (odd-row offset)."""
    return roffset_to_cube(ODD, OffsetCoord(col, row))


def map_from_text(text: str, name: str = "text map") -> HexMap:
    """Build a map from rows of tokens (see module docstring); raises ValueError on a bad token."""
    cells: dict[Hex, Cell] = {}
    spawns: dict[Team, set[Hex]] = {Team.RED: set(), Team.BLU: set()}
    kits: set[Hex] = set()
    cp: set[Hex] = set()
    lines = [ln for ln in text.strip("\n").splitlines() if ln.strip()]
    for row, line in enumerate(lines):
        for col, tok in enumerate(line.split()):
            cell = decode_token(tok[:2])
            if cell is None:
                continue
            h = hex_at(col, row)
            cells[h] = cell
            for f in tok[2:]:
                if f == "R":
                    spawns[Team.RED].add(h)
                elif f == "B":
                    spawns[Team.BLU].add(h)
                elif f == "+":
                    kits.add(h)
                elif f == "C":
                    cp.add(h)
                else:
                    raise ValueError(f"unknown feature {f!r} in token {tok!r} (use R B + C)")
    return HexMap.create(
        MapMeta(name=name, modes=(Mode.KOTH,)),
        cells,
        spawns=spawns,
        kits=kits,
        control_points=[cp] if cp else [],
    )


def koth_scenario(
    text: str,
    red: Sequence[tuple[str, tuple[int, int]] | tuple[str, tuple[int, int], int]] = (),
    blu: Sequence[tuple[str, tuple[int, int]] | tuple[str, tuple[int, int], int]] = (),
    rules: Mapping[str, OptionValue] | None = None,
    seed: int = 0,
    first_team: Team = Team.RED,
) -> Scenario:
    """A King of the Board scenario on a text map (see :func:`map_from_text`).

    ``red`` / ``blu`` list starting units as ``(kind, (col, row))`` or
    ``(kind, (col, row), health)`` in blueprint order; teams left empty pick their
    units during set-up.
    """

    def team(units: Sequence[tuple]) -> TeamSetup:  # type: ignore[type-arg]
        return TeamSetup(starting=tuple(
            UnitStart(u[0], hex_at(*u[1]), u[2] if len(u) > 2 else None) for u in units))

    return Scenario(
        name="text scenario",
        mode=Mode.KOTH,
        map=map_from_text(text),
        rules=FrozenDict(dict(rules or {})),
        teams=FrozenDict({Team.RED: team(red), Team.BLU: team(blu)}),
        first_team=first_team,
        seed=seed,
    )
