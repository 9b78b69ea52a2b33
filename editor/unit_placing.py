"""Qt-free edits of a scenario's starting units on the canvas: place the next one, drag one, send one back.

A team's starting units are typed in the Scenario panel (``scout, soldier@3,-1``);
a unit without a hex starts "anywhere in the spawn zone". The Starting units tool
gives those units their hexes by clicking, as a designer sets pieces on a board:

- :func:`place_next` puts the next unit without a hex on the clicked hex — of the
  team whose spawn zone the hex is in, else of the first team with one left;
- :func:`move_unit` moves the unit standing on a hex to another (a drag);
- :func:`unplace` sends the unit on a hex back to "anywhere in the spawn zone".

With symmetry on, a placed or moved unit takes its counterpart with it — the other
team's unit of the same kind goes to the image hex — so a mirrored scenario stays
each other's image (the validator's HF607 otherwise). Each function returns a
:class:`Placed` (the new set-up, the undo text, the hexes to show) or raises
:class:`~editor.edit_result.EditRefused` naming the hex and what to do instead,
refusing what the validator would call an error (HF602: a wall, a low obstacle
for any unit but the scout, the enemy's spawn zone, a hex already taken).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from editor.edit_result import EditRefused
from editor.geometry import SymmetryMode
from editor.scenario_setup import ScenarioSetup
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team, Terrain
from engine.scenario import TeamSetup

__all__ = ["Placed", "move_unit", "place_next", "unit_at", "unplace"]


@dataclass(frozen=True)
class Placed:
    """What a placing edit made: the new set-up, how the history names it and the hexes it speaks of."""

    setup: ScenarioSetup
    text: str
    hexes: tuple[Hex, ...]
    #: a remark for the status bar (placed outside the team's spawn zone...), "" for none
    remark: str = ""


def unit_at(setup: ScenarioSetup, h: Hex) -> tuple[Team, int] | None:
    """The team and index (in its starting list) of the unit placed on ``h``, or None."""
    for team in Team:
        for i, u in enumerate(setup.teams.get(team, TeamSetup()).starting):
            if u.hex == h:
                return team, i
    return None


def place_next(setup: ScenarioSetup, m: HexMap, h: Hex, sym: SymmetryMode | None = None) -> Placed:
    """Put the next starting unit without a hex on ``h``: the first such unit of the team whose spawn zone ``h``
    is in, else of the first team (RED, then BLU) with one left. Raises EditRefused when none is left or the hex
    cannot take it."""
    if unit_at(setup, h) is not None:
        team, i = unit_at(setup, h)  # type: ignore[misc]
        raise EditRefused(f"{_name(setup, team, i)} already starts on {h}; drag it to move it, or right-click it to "
                          "take it off", (h,))
    zone = m.spawn_team(h)
    order = [zone] if zone is not None else list(Team)
    for team in order:
        i = _next_free(setup, team)
        if i is not None:
            break
    else:
        who, field = ((f"every {zone.value} starting unit", f"its {zone.value} units field") if zone is not None
                      else ("every starting unit", "a team's units field"))
        raise EditRefused(f"{who} has its hex already; type more in the Scenario panel ({field}), or drag a placed "
                          "one here", (h,))
    return _put(setup, m, team, i, h, sym, "Place")


def move_unit(setup: ScenarioSetup, m: HexMap, src: Hex, dst: Hex, sym: SymmetryMode | None = None) -> Placed:
    """Move the unit placed on ``src`` to ``dst`` (its counterpart too, with symmetry on)."""
    found = unit_at(setup, src)
    if found is None:
        raise EditRefused(f"no starting unit stands on {src}", (src,))
    team, i = found
    if src == dst:
        return Placed(setup, "", ())
    return _put(setup, m, team, i, dst, sym, "Move")


def unplace(setup: ScenarioSetup, h: Hex, sym: SymmetryMode | None = None) -> Placed:
    """Send the unit placed on ``h`` back to "anywhere in the spawn zone" (its counterpart too, with symmetry on)."""
    found = unit_at(setup, h)
    if found is None:
        raise EditRefused(f"no starting unit stands on {h}", (h,))
    team, i = found
    out = _with_hex(setup, team, i, None)
    hexes = [h]
    twin = _twin(setup, team, i, h, sym)
    if twin is not None:
        out = _with_hex(out, team.other, twin[0], None)
        hexes.append(twin[1])
    return Placed(out, f"Take {_name(setup, team, i)} off {h}", tuple(hexes))


def _put(setup: ScenarioSetup, m: HexMap, team: Team, i: int, h: Hex, sym: SymmetryMode | None,
         verb: str) -> Placed:
    """``team``'s unit ``i`` on ``h`` after the checks, its counterpart on the image hex when there is one."""
    _check(setup, m, team, i, h, moving=setup.teams[team].starting[i].hex)
    old = setup.teams[team].starting[i].hex
    twin = _twin(setup, team, i, old, sym) if old is not None else _free_twin(setup, team, i, sym)
    out = _with_hex(setup, team, i, h)
    hexes = [h]
    remark = "" if m.spawn_team(h) is team else (
        f"{_name(setup, team, i)} starts outside {team.value}'s spawn zone (fine for a 'play from here' situation)")
    if twin is not None and sym is not None:
        image = _image(h, sym)
        j = twin[0]
        try:
            if image is None or image == h:
                raise EditRefused("")
            _check(out, m, team.other, j, image, moving=out.teams[team.other].starting[j].hex)
        except EditRefused as e:
            why = str(e) or f"{h} has no image under the symmetry"
            remark = f"{_name(setup, team.other, j)} was not placed to mirror it: {why}"
        else:
            out = _with_hex(out, team.other, j, image)
            hexes.append(image)
    return Placed(out, f"{verb} {_name(setup, team, i)} to {h}", tuple(hexes), remark)


def _check(setup: ScenarioSetup, m: HexMap, team: Team, i: int, h: Hex, moving: Hex | None) -> None:
    """Refuse ``h`` for ``team``'s unit ``i`` as the validator's HF602 would (``moving``: the hex it leaves)."""
    name = _name(setup, team, i)
    cell = m.cells.get(h)
    if cell is None:
        raise EditRefused(f"{h} is not on the map", (h,))
    kind = setup.teams[team].starting[i].unit
    if cell.terrain is Terrain.WALL or cell.terrain is Terrain.LOW and kind != "scout":
        raise EditRefused(f"{name} cannot stand on the {cell.terrain.value.replace('_', ' ')} at {h}; "
                          "pick open ground", (h,))
    if m.spawn_team(h) is team.other:
        raise EditRefused(f"{name} cannot start inside {team.other.value}'s spawn zone at {h}: enemies may never "
                          "enter a spawn base", (h,))
    other = unit_at(setup, h)
    if other is not None and h != moving:
        raise EditRefused(f"{_name(setup, *other)} already starts on {h}; one unit per hex", (h,))


def _next_free(setup: ScenarioSetup, team: Team) -> int | None:
    """The index of ``team``'s first starting unit without a hex, or None."""
    for i, u in enumerate(setup.teams.get(team, TeamSetup()).starting):
        if u.hex is None:
            return i
    return None


def _twin(setup: ScenarioSetup, team: Team, i: int, h: Hex | None, sym: SymmetryMode | None) -> tuple[int, Hex] | None:
    """The other team's unit of the same kind standing on ``h``'s image (index and hex), with symmetry on."""
    if sym is None or h is None:
        return None
    image = _image(h, sym)
    if image is None:
        return None
    found = unit_at(setup, image)
    if found is None or found[0] is not team.other:
        return None
    if setup.teams[team.other].starting[found[1]].unit != setup.teams[team].starting[i].unit:
        return None
    return found[1], image


def _free_twin(setup: ScenarioSetup, team: Team, i: int, sym: SymmetryMode | None) -> tuple[int, Hex] | None:
    """The other team's first unit of the same kind without a hex, with symmetry on (its hex: a placeholder)."""
    if sym is None or not sym.swaps_teams:
        return None
    kind = setup.teams[team].starting[i].unit
    for j, u in enumerate(setup.teams.get(team.other, TeamSetup()).starting):
        if u.hex is None and u.unit == kind:
            return j, Hex(0, 0)
    return None


def _image(h: Hex, sym: SymmetryMode) -> Hex | None:
    """``h``'s image under a two-team symmetry (the other team's side), or None."""
    if not sym.swaps_teams:
        return None
    images = [img for img, _s in sym.images(h)]
    return images[0] if images else None


def _with_hex(setup: ScenarioSetup, team: Team, i: int, h: Hex | None) -> ScenarioSetup:
    """``setup`` with ``team``'s starting unit ``i`` on ``h`` (None: anywhere in the spawn zone)."""
    ts = setup.teams[team]
    starting = list(ts.starting)
    starting[i] = replace(starting[i], hex=h)
    return setup.with_team(team, replace(ts, starting=tuple(starting)))


def _name(setup: ScenarioSetup, team: Team, i: int) -> str:
    """``RED's scout`` for ``team``'s unit ``i``."""
    return f"{team.value}'s {setup.teams[team].starting[i].unit}"

