"""Quick fixes: for a problem with an obvious repair, the map edit that makes it (Qt-free).

:func:`suggest_fixes` looks at a problem's code and hexes and at the map and
returns labelled :class:`Fix` values; the editor's problems dock offers them one
by one (``editor/quickfix.py`` wraps each as an undoable edit) and
``hexfort fix`` (:mod:`engine.validation.fix_cli`) applies them to files. A fix
never guesses: when the repair is not obvious (several ways to close a gap, say)
none is offered.

A problem is *safe to fix unattended* when exactly one fix is offered for it.
Where several are (a kit on a wall: remove the kit, or open the wall?) choosing
is the designer's decision; :func:`fix_map` then changes nothing and says why.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Final

from engine.hexgrid import Hex, hex_linedraw
from engine.mapfeatures import features
from engine.mapmodel import Cell, HexMap, MapEditError, Mode, Team, Terrain
from engine.validation.checks import check_map
from engine.validation.mirror_match import SideCopy, side_copies
from engine.validation.problem import Problem
from engine.validation.structure import unused_feature_keys
from engine.validation.symmetry import best_team_symmetry, reversed_tracks

__all__ = ["FIXABLE", "Fix", "FixOutcome", "Repair", "fix_map", "suggest_fixes"]

#: The codes quick fixes exist for, and whether ``hexfort fix`` applies them alone
#: ("safe": one obvious repair) or leaves them to the designer ("choice").
FIXABLE: Final = {"HF101": "choice", "HF102": "choice", "HF103": "safe", "HF107": "safe", "HF110": "safe",
                   "HF113": "choice", "HF303": "choice", "HF402": "safe"}

#: Codes whose choice waits for the round's safe fixes (:func:`fix_map`): the symmetry follows the other repairs.
AFTER_SAFE_FIXES: Final = frozenset({"HF402"})

#: Rounds of fix-then-check before :func:`fix_map` gives up (a fix can reveal another problem).
MAX_ROUNDS: Final = 10


@dataclass(frozen=True, slots=True)
class Repair:
    """What a fix did: the new map and the hexes whose look changed (for redrawing)."""

    map: HexMap
    hexes: frozenset[Hex]


@dataclass(frozen=True)
class Fix:
    """A named repair of one problem: ``apply(map)`` makes it on ``map``.

    ``apply`` raises :class:`~engine.mapmodel.MapEditError` when the repair no
    longer fits the map (it was edited since); it returns an unchanged map with
    no hexes when there is nothing left to do.
    """

    code: str
    label: str
    apply: Callable[[HexMap], Repair]


def _walls(m: HexMap, hexes: Iterable[Hex]) -> list[Hex]:
    return [h for h in hexes if h in m.cells and m.cells[h].terrain is Terrain.WALL]


def _set_cells(m: HexMap, hexes: Iterable[Hex], cell: Callable[[Cell], Cell]) -> Repair:
    """``m`` with ``cell(old)`` on each of ``hexes`` (on the map); only real changes count."""
    changes = {h: new for h in hexes if h in m.cells and (new := cell(m.cells[h])) != m.cells[h]}
    return Repair(m.with_cells(changes), frozenset(changes)) if changes else Repair(m, frozenset())


def _remove_features(hexes: list[Hex]) -> Callable[[HexMap], Repair]:
    def run(m: HexMap) -> Repair:
        gone = set(hexes)
        touched = set(gone)
        for path in m.tracks.values():
            if gone & set(path):
                touched |= set(path)  # the whole track is redrawn
        return Repair(m.without_features(gone), frozenset(touched))

    return run


def _open_ground(hexes: list[Hex]) -> Callable[[HexMap], Repair]:
    return lambda m: _set_cells(m, hexes, lambda c: Cell(c.height, Terrain.OPEN))


def _give_to(team: Team, hexes: tuple[Hex, ...]) -> Callable[[HexMap], Repair]:
    def run(m: HexMap) -> Repair:
        other = team.other
        return Repair(m.with_spawn_zone(other, set(m.spawns.get(other, ())) - set(hexes)), frozenset(hexes))

    return run


def _raise_to_2(hexes: tuple[Hex, ...]) -> Callable[[HexMap], Repair]:
    return lambda m: _set_cells(m, hexes, lambda c: Cell(2, c.terrain, c.stairs_up))


def _usable(m: HexMap, hexes: list[Hex]) -> bool:
    """Whether a track may run over each of ``hexes``: on the map, on no track, not a wall."""
    used = {h for path in m.tracks.values() for h in path}
    return all(h in m.cells and h not in used and m.cells[h].terrain is not Terrain.WALL for h in hexes)


def _mirrored_run(m: HexMap, team: Team, a: Hex, b: Hex) -> list[Hex] | None:
    """The steps between ``a`` and ``b`` of the mirror image of the other team's track, when the map has a team
    symmetry and that image runs from ``a`` to ``b`` over usable hexes: on a symmetric map the obvious repair (a
    straight line may pass on the other side of a bend: a new-user audit's fix made Canal lopsided, HF402)."""
    other = m.track(team.other)
    fit = best_team_symmetry(m) if other else None
    if fit is None:
        return None
    image = [fit.image(h) for h in other]
    if a not in image or b not in image:
        return None
    i, j = image.index(a), image.index(b)
    run = image[i + 1:j]
    return run if j > i + 1 and all(h is not None for h in run) and _usable(m, run) else None  # type: ignore[arg-type]


def _gap_filler(m: HexMap, team: Team, a: Hex, b: Hex) -> tuple[list[Hex], bool] | None:
    """The hexes that join ``team``'s track steps ``a`` and ``b``, if all are usable, and whether they are the mirror
    image of the other team's track (:func:`_mirrored_run`) — else they run along the straight line."""
    mirrored = _mirrored_run(m, team, a, b)
    if mirrored is not None:
        return mirrored, True
    between = hex_linedraw(a, b)[1:-1]
    return (between, False) if between and _usable(m, between) else None


def _close_gap(team: Team, a: Hex, b: Hex) -> Callable[[HexMap], Repair]:
    def run(m: HexMap) -> Repair:
        path = list(m.track(team))
        found = _gap_filler(m, team, a, b)
        if found is None or a not in path or b not in path:
            return Repair(m, frozenset())
        i = path.index(a)
        new = path[: i + 1] + found[0] + path[i + 1:]
        return Repair(m.with_feature_part("tracks", team, new), frozenset(new))

    return run


def _turn_stairs(h: Hex, d: int) -> Callable[[HexMap], Repair]:
    return lambda m: _set_cells(m, [h], lambda c: Cell(c.height, Terrain.STAIRS, d))


def _reverse(team: Team) -> Callable[[HexMap], Repair]:
    def run(m: HexMap) -> Repair:
        path = list(m.track(team))
        return Repair(m.with_feature_part("tracks", team, path[::-1]), frozenset(path)) if path else Repair(m, frozenset())

    return run


def _set_track(team: Team, before: list[Hex], after: list[Hex]) -> Callable[[HexMap], Repair]:
    def run(m: HexMap) -> Repair:
        if list(m.track(team)) != before:
            raise MapEditError(f"{team.value}'s track changed since this fix was offered")
        return Repair(m.with_feature_part("tracks", team, after), frozenset(before) | frozenset(after))

    return run


def _even_tracks(m: HexMap) -> list[Fix]:
    """HF303's two repairs on a map whose shorter track is the start of the longer one's mirror image: extend the
    shorter as the other runs (when the hexes are free), or cut the longer to the shorter's length — either makes
    them each other's image (an editor audit found no one-click way while the fixer proposed exactly this)."""
    fit = best_team_symmetry(m)
    if fit is None:
        return []
    for short in Team:
        have, other = list(m.track(short)), list(m.track(short.other))
        image = [fit.image(h) for h in other]
        if not have or len(have) >= len(other) or image[:len(have)] != have:
            continue
        out = []
        extra = image[len(have):]
        if all(h is not None for h in extra) and _usable(m, extra):  # type: ignore[arg-type]
            n = len(extra)
            out.append(Fix("HF303", f"Extend {short.value}'s track by {n} push{'es' if n > 1 else ''}, as "
                                    f"{short.other.value}'s runs", _set_track(short, have, have + extra)))  # type: ignore[operator]
        k = len(other) - len(have)
        out.append(Fix("HF303", f"End {short.other.value}'s track {k} push{'es' if k > 1 else ''} earlier, as "
                                f"{short.value}'s", _set_track(short.other, other, other[:len(have)])))
        return out
    return []


def suggest_fixes(m: HexMap, p: Problem) -> list[Fix]:
    """Obvious repairs for ``p`` on ``m`` (possibly none), in the order the editor lists them."""
    hexes = tuple(h for h in p.hexes if h in m.cells)
    if p.code == "HF101":
        walls = _walls(m, hexes)
        if not walls:
            return []
        return [
            Fix(p.code, "Remove the feature from the wall", _remove_features(walls)),
            Fix(p.code, "Make the wall open ground", _open_ground(walls)),
        ]
    if p.code == "HF102" and hexes:
        return [Fix(p.code, f"Give the shared hexes to {t.value}", _give_to(t, hexes)) for t in Team]
    if p.code == "HF103" and hexes:
        return [Fix(p.code, "Raise the control point to height 2", _raise_to_2(hexes))]
    if p.code == "HF107" and len(p.hexes) == 2:
        a, b = p.hexes
        out = []
        for team in Team:
            path = m.track(team)
            if a in path and b in path and path.index(b) == path.index(a) + 1 and (found := _gap_filler(m, team, a, b)):
                n = len(found[0])
                like = f" as {team.other.value}'s track runs" if found[1] else ""
                out.append(Fix(p.code, f"Close the gap ({n} hex{'es' if n > 1 else ''}{like})", _close_gap(team, a, b)))
        return out
    if p.code == "HF110" and hexes:
        h = hexes[0]
        c = m.cells[h]
        ups = [
            d for d in range(6)
            if (up := h.neighbor(d)) in m.cells and m.cells[up].height == c.height + 1
            and m.cells[up].terrain is not Terrain.WALL
        ]
        if len(ups) == 1:
            return [Fix(p.code, f"Turn the stairs toward {h.neighbor(ups[0])}", _turn_stairs(h, ups[0]))]
    if p.code == "HF303":
        return _even_tracks(m)
    if p.code == "HF113" and (keys := unused_feature_keys(m)):  # the other way, a game added, is the designer's
        return [Fix(p.code, "Remove the features no game of this map plays with", _strip_features(tuple(keys)))]
    if p.code == "HF402":
        fit = best_team_symmetry(m)
        if fit is None:
            return []
        # a track drawn from its end has one obvious repair (hexfort fix applies it); else the designer chooses
        # which side is the model (engine/validation/mirror_match.py), never hexfort fix alone
        wrong = reversed_tracks(m, fit)
        if len(wrong) == 1:
            return [Fix(p.code, f"Reverse {wrong[0].value}'s track (its cart starts at its other end)", _reverse(wrong[0]))]
        return [Fix(p.code, f"Make {c.model.other.value}'s side match {c.model.value}'s "
                            f"({len(c.pairs)} hex{'es' if len(c.pairs) != 1 else ''})", _copy_side(c))
                for c in side_copies(m, fit)]
    return []


def _strip_features(keys: tuple[str, ...]) -> Callable[[HexMap], Repair]:
    """Take every feature of ``keys`` (HF113's: :func:`~engine.validation.structure.unused_feature_keys`) off the map,
    and nothing else on their hexes (a kit on a Payload track's hex goes, the track stays)."""
    def run(m: HexMap) -> Repair:
        gone: set[Hex] = set()
        out = m
        for key in keys:
            if key == "spawns":
                for team, zone in m.spawns.items():
                    gone |= zone
                    out = out.with_spawn_zone(team, ())
            elif key == "kits":
                gone |= m.kits
                out = out.with_kits(())
            elif key == "control_points":
                gone |= {h for cp in m.control_points for h in cp}
                out = out.with_control_points(())
            elif key in m.features:
                feature = features()[key]
                gone |= {h for _, hs in feature.hexes(m.features[key]) for h in hs}
                out = out.with_feature(key, feature.empty())
        return Repair(out, frozenset(gone))

    return run


def _copy_side(copy: SideCopy) -> Callable[[HexMap], Repair]:
    def run(m: HexMap) -> Repair:
        out, changed = copy.apply(m)
        return Repair(out, changed)

    return run


@dataclass(frozen=True)
class FixOutcome:
    """What :func:`fix_map` did to a map.

    ``map``: the fixed map (the input itself when nothing was done);
    ``applied``: each fix made, with the problem it repaired, in order;
    ``decisions``: problems whose repair needs the designer to choose, with the
    choices — when there are any the map is left exactly as it was;
    ``remaining``: the problems of the returned map;
    ``held``: with decisions, the safe fixes left undone with them (the problem and the fix's words), and
    ``later`` whether the decisions came up only once earlier safe fixes were made (their figures are then the
    fixed map's): a new-user audit read "0 fixes" with no word of the gap and the stairs that waited.
    """

    map: HexMap
    applied: tuple[tuple[Problem, str], ...]
    decisions: tuple[tuple[Problem, tuple[str, ...]], ...]
    remaining: tuple[Problem, ...]
    held: tuple[tuple[Problem, str], ...] = ()
    later: bool = False

    @property
    def changed(self) -> bool:
        """True when the map was changed."""
        return bool(self.applied)


def fix_map(m: HexMap, mode: Mode | None = None, only: Collection[str] | None = None,
            check: Callable[[HexMap], list[Problem]] | None = None) -> FixOutcome:
    """Apply every safe quick fix to ``m`` (checked for ``mode``), round after round, until none is left.

    ``only`` limits the fixes to those codes. ``check`` (default: :func:`check_map`
    for ``mode``) lists a map's problems; a caller that checks more than the map
    (a scenario) passes its own. If any problem to fix needs a decision, in the
    first round or after earlier fixes, nothing is applied: the outcome holds
    the original map and those problems — except that a choice of a code in
    :data:`AFTER_SAFE_FIXES` waits while the round has safe fixes to make. Never
    raises for a bad map; a fix that no longer fits is skipped.
    """
    problems_of = check if check is not None else (lambda mm: check_map(mm, mode))
    current = m
    applied: list[tuple[Problem, str]] = []
    problems = first = tuple(problems_of(current))
    for _ in range(MAX_ROUNDS):
        wanted = [p for p in problems if only is None or p.code in only]
        offers = [(p, suggest_fixes(current, p)) for p in wanted]
        # a code whose repair is a choice stays the designer's even when only one of its repairs fits this map (a
        # review: HF303 cut the longer track unattended where the shorter could not be extended)
        # a map off its mirror image often is so through a slip a safe fix mends (stairs turned away): its side copies
        # wait until the safe fixes of the round are made, and are a decision only if the map is still off then
        safe_now = any(len(fs) == 1 and FIXABLE.get(p.code) != "choice" for p, fs in offers)
        decisions = tuple((p, tuple(f.label for f in fs)) for p, fs in offers
                          if (len(fs) > 1 or (fs and FIXABLE.get(p.code) == "choice"))
                          and not (p.code in AFTER_SAFE_FIXES and safe_now))
        if decisions:
            held = [(p, fs[0].label) for p, fs in offers if len(fs) == 1 and FIXABLE.get(p.code) != "choice"]
            return FixOutcome(m, (), decisions, first, (*applied, *held), bool(applied))
        made = False
        for p, fs in offers:
            if len(fs) != 1:
                continue
            try:
                repair = fs[0].apply(current)
            except MapEditError:
                continue  # an earlier fix this round changed what this one needs
            if repair.hexes and repair.map != current:
                current = repair.map
                applied.append((p, fs[0].label))
                made = True
        if not made:
            break
        problems = tuple(problems_of(current))
    return FixOutcome(current, tuple(applied), (), problems)
