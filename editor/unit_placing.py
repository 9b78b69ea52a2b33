"""Qt-free edits of a scenario's starting units on the canvas: place the next one, drag one, send one back.

A team's starting units are typed in the Scenario panel (``scout, soldier@3,-1``);
a unit without a hex starts "anywhere in the spawn zone". The Starting units tool
gives those units their hexes by clicking, as a designer sets pieces on a board:

- :func:`place_next` puts the next unit without a hex on the clicked hex — of the
  team whose spawn zone the hex is in, else of the first team with one left;
- :func:`move_unit` moves the unit standing on a hex to another (a drag);
- :func:`unplace` sends the unit on a hex back to "anywhere in the spawn zone".

With a symmetry that pairs the teams (``sym``), a placed or moved unit takes its
counterpart with it: the other team's unit of the same kind — the one on the
image of the hex it left, else the first of that kind — goes to the image hex,
so a mirrored scenario stays each other's image (the validator's HF404
otherwise); when it cannot, the result's remark says why.

Each function returns a :class:`Placed` (the new set-up, the undo text, the hexes
to show, a remark) or raises :class:`~editor.edit_result.EditRefused` naming the
hex and what to do instead. Refused: what the validator calls an error (HF602: a
wall, a low obstacle for any unit but the scout, the enemy's spawn zone, a hex
already taken), what the game itself would not start with (a Payload Race cart's
hex; the game is set up once to ask), and any hex in a mode whose units appear
without one (Team Play's characters enter at spawnpoints: ``spawn_zones`` off).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from editor.edit_result import EditRefused
from editor.geometry import SymmetryMode
from editor.scenario_setup import ScenarioSetup
from engine.games.game import Game
from engine.games.modes import GAMES, NotPlayableError
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team
from engine.ruleset import RulesetError
from engine.scenario import TeamSetup, start_refusals
from engine.validation.wording import names_hex

__all__ = ["Placed", "move_unit", "place_next", "unit_at", "units_take_hexes", "unplace"]


@dataclass(frozen=True)
class Placed:
    """What a placing edit made: the new set-up, how the history names it and the hexes it speaks of."""

    setup: ScenarioSetup
    text: str
    hexes: tuple[Hex, ...]
    #: a remark for the status bar (placed outside the team's spawn zone, a counterpart not moved...), "" for none
    remark: str = ""


def units_take_hexes(setup: ScenarioSetup) -> str:
    """"" when ``setup``'s game places starting units on hexes, else why not (Team Play)."""
    rules = GAMES[setup.mode]
    if rules.spawn_zones:
        return ""
    pieces = rules.unit_words[1]
    return (f"{rules.name} {pieces} take no hex: they enter at the spawnpoints of the colour their player discards, "
            "in the spawning round; list them in the Scenario panel without @q,r")


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
    _takes_hexes(setup, h)
    found = unit_at(setup, h)
    if found is not None:
        raise EditRefused(f"{_name(setup, *found)} already starts on {h}; drag it to move it, or right-click it to "
                          "take it off", (h,))
    zone = m.spawn_team(h)
    for team in [zone] if zone is not None else list(Team):
        i = _next_free(setup, team)
        if i is not None:
            return _put(setup, m, team, i, h, sym, "Place", "on")
    teams = [zone] if zone is not None else list(Team)
    if not any(setup.teams.get(t, TeamSetup()).starting for t in teams):
        who = f"{zone.value} has" if zone is not None else "no team has"
        raise EditRefused(f"{who} no starting units typed yet: type them in the Scenario panel "
                          f"({_field(zone)}, e.g. scout, soldier), then click a hex for each", (h,))
    who = f"every {zone.value} starting unit" if zone is not None else "every starting unit"
    raise EditRefused(f"{who} has its hex already; type more in the Scenario panel ({_field(zone)}), or drag a "
                      "placed one here", (h,))


def move_unit(setup: ScenarioSetup, m: HexMap, src: Hex, dst: Hex, sym: SymmetryMode | None = None) -> Placed:
    """Move the unit placed on ``src`` to ``dst`` (its counterpart too, with symmetry on)."""
    found = unit_at(setup, src)
    if found is None:
        raise EditRefused(f"no starting unit stands on {src}", (src,))
    if src == dst:
        return Placed(setup, "", ())
    _takes_hexes(setup, dst)
    twin = unit_at(setup, dst)
    if (twin is not None and twin[0] is found[0].other and _kind(setup, *twin) == _kind(setup, *found)
            and _image(dst, sym) == src):  # onto its own mirror image: the two swap (was refused as a taken hex)
        # that very unit is the counterpart, not the first of its kind (a review: with two soldiers a side, the
        # other soldier was moved and the twin lost its hex)
        return _put(_with_hex(setup, *twin, None), m, *found, dst, sym, "Move", "to", twin=twin[1])
    return _put(setup, m, *found, dst, sym, "Move", "to")


def unplace(setup: ScenarioSetup, h: Hex, sym: SymmetryMode | None = None) -> Placed:
    """Send the unit placed on ``h`` back to "anywhere in the spawn zone" (its counterpart on the image hex too,
    with symmetry on)."""
    found = unit_at(setup, h)
    if found is None:
        raise EditRefused(f"no starting unit stands on {h}", (h,))
    team, i = found
    out = _with_hex(setup, team, i, None)
    hexes, text = [h], f"Take {_name(setup, team, i)} off {h}"
    image = _image(h, sym)
    twin = unit_at(setup, image) if image is not None else None
    if image is not None and twin is not None and twin[0] is team.other and _kind(setup, *twin) == _kind(setup, *found):
        out = _with_hex(out, team.other, twin[1], None)
        hexes.append(image)
        text += f" (and {_name(setup, *twin)} off {image})"
    return Placed(out, text, tuple(hexes))


def _put(setup: ScenarioSetup, m: HexMap, team: Team, i: int, h: Hex, sym: SymmetryMode | None,
         verb: str, prep: str, twin: int | None = None) -> Placed:
    """``team``'s unit ``i`` on ``h`` after the checks, its counterpart on the image hex when it can go there
    (``twin``: the other team's unit to mirror it, when the caller knows it; else :func:`_counterpart`)."""
    old = setup.teams[team].starting[i].hex
    _check(setup, m, team, i, h)
    out = _with_hex(setup, team, i, h)
    _starts(out, m, h)
    hexes, text = [h], f"{verb} {_name(setup, team, i)} {prep} {h}"
    remark = "" if m.spawn_team(h) is team else (
        f"{_name(setup, team, i)} starts outside {team.value}'s spawn zone (fine for a 'play from here' situation)")
    image = _image(h, sym)
    if image == h:  # its image is itself: no counterpart can stand there (said: an audit saw nothing move, no word)
        remark = _also(remark, f"{h} is on the symmetry's axis, its own image: {team.other.value}'s "
                               f"{_kind(setup, team, i)} cannot mirror it there (one unit per hex), so the units "
                               "are no longer each other's images (the validator's HF404)")
    elif image is not None:
        j = twin if twin is not None else _counterpart(setup, team, i, old, sym)
        if j is None:
            remark = _also(remark, f"{team.other.value} has no {_kind(setup, team, i)} to mirror it on {image}")
        elif setup.teams[team.other].starting[j].hex != image:
            try:
                _check(out, m, team.other, j, image)
                mirrored = _with_hex(out, team.other, j, image)
                _starts(mirrored, m, image)
            except EditRefused as e:
                remark = _also(remark, f"{_name(setup, team.other, j)} was not moved to mirror it: {e}")
            else:
                out = mirrored
                hexes.append(image)
                text += f" (and {_name(setup, team.other, j)} {prep} {image})"
    return Placed(out, text, tuple(hexes), remark)


def _also(remark: str, more: str) -> str:
    """Both remarks (a unit placed outside its spawn zone whose counterpart could not follow says both)."""
    return f"{remark}; {more}" if remark else more


def _takes_hexes(setup: ScenarioSetup, h: Hex) -> None:
    """Refuse any hex in a mode whose units take none (:func:`units_take_hexes`)."""
    why = units_take_hexes(setup)
    if why:
        raise EditRefused(why, (h,))


def _check(setup: ScenarioSetup, m: HexMap, team: Team, i: int, h: Hex) -> None:
    """Refuse ``h`` for ``team``'s unit ``i`` as the validator's HF602 would."""
    name = _name(setup, team, i)
    cell = m.cells.get(h)
    if cell is None:
        raise EditRefused(f"{h} is not on the map", (h,))
    refused = start_refusals(m, team, _kind(setup, team, i), h)  # the validator's HF602, asked in the same words
    if refused:
        raise EditRefused(f"{name} {refused[0]}; pick another hex", (h,))
    other = unit_at(setup, h)
    if other is not None and other != (team, i):
        raise EditRefused(f"{_name(setup, *other)} already starts on {h}; one unit per hex", (h,))


def _starts(setup: ScenarioSetup, m: HexMap, h: Hex) -> None:
    """Refuse ``h`` when the game, set up from ``setup``, refuses a unit on it (a Payload Race cart's hex): the
    game is started once, set-up only, as the validator's HF605 does. A refusal that names no ``h`` is the
    map's or another unit's, the validator's to report."""
    try:
        Game.of(setup.scenario(m)).new_initial_state(keep_undo=False)
    except (RulesetError, NotPlayableError) as e:
        if names_hex(str(e), h):
            raise EditRefused(f"the game would not start so: {e}", (h,)) from None


def _counterpart(setup: ScenarioSetup, team: Team, i: int, old: Hex | None, sym: SymmetryMode | None) -> int | None:
    """The other team's unit of ``team``'s unit ``i``'s kind that mirrors it: the one on the image of the hex it
    leaves, else the first of that kind (placed or not); None when the other team fields none."""
    kind = _kind(setup, team, i)
    others = setup.teams.get(team.other, TeamSetup()).starting
    image = _image(old, sym) if old is not None else None
    same = [j for j, u in enumerate(others) if u.unit == kind]
    on_image = [j for j in same if image is not None and others[j].hex == image]
    return (on_image or same or [None])[0]


def _image(h: Hex | None, sym: SymmetryMode | None) -> Hex | None:
    """``h``'s image under a symmetry that pairs the teams (the other team's side; ``h`` itself on its axis), or None."""
    if sym is None or h is None or not sym.swaps_teams:
        return None
    g = sym.primary()  # the two-fold symmetry that swaps the teams; a hex on its axis is its own image
    return None if g is None else g.apply_about(h, sym.center2)


def _next_free(setup: ScenarioSetup, team: Team) -> int | None:
    """The index of ``team``'s first starting unit without a hex, or None."""
    for i, u in enumerate(setup.teams.get(team, TeamSetup()).starting):
        if u.hex is None:
            return i
    return None


def _with_hex(setup: ScenarioSetup, team: Team, i: int, h: Hex | None) -> ScenarioSetup:
    """``setup`` with ``team``'s starting unit ``i`` on ``h`` (None: anywhere in the spawn zone)."""
    ts = setup.teams[team]
    starting = list(ts.starting)
    starting[i] = replace(starting[i], hex=h)
    return setup.with_team(team, replace(ts, starting=tuple(starting)))


def _kind(setup: ScenarioSetup, team: Team, i: int) -> str:
    return setup.teams[team].starting[i].unit


def _name(setup: ScenarioSetup, team: Team, i: int) -> str:
    """``RED's scout`` for ``team``'s unit ``i``."""
    return f"{team.value}'s {_kind(setup, team, i)}"


def _field(team: Team | None) -> str:
    """The Scenario panel's field where ``team``'s units are typed."""
    return f"its {team.value} units field" if team is not None else "a team's units field"
