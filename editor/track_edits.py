"""Qt-free cart-track edits: extend or trim at either end, reroute or insert in the middle.

A track is a simple path of hexes from start to end (the model refuses repeats);
each step should be next to the one before (the validator reports gaps, HF107).
Every function takes the map and returns an :class:`~editor.edit_result.Edit`, or
raises :class:`~editor.edit_result.EditRefused` with the reason and the hexes to
show. With a two-fold :class:`~editor.geometry.SymmetryMode` the other team's track
follows as the mirror image when it mirrored this one before the edit.
"""

from __future__ import annotations

from collections.abc import Sequence

from editor.edit_result import Edit, EditRefused
from editor.geometry import SymmetryMode
from engine.hexgrid import Hex, hex_linedraw
from engine.mapmodel import HexMap, MapEditError, Team

__all__ = [
    "Path",
    "new_jumps",
    "remove_end_step",
    "splice_segment",
    "track_clear",
    "track_click",
    "track_extend",
    "track_reroute",
    "track_reverse",
    "track_trim",
]

Path = tuple[Hex, ...]
_NO_SYMMETRY = SymmetryMode()


def _adjacent(a: Hex, b: Hex) -> bool:
    return a.distance(b) == 1


def _walk(m: HexMap, team: Team, path: Path, steps: Sequence[Hex]) -> Path:
    """``path`` after walking its end through ``steps``: new hexes are added, a step
    already on the track trims the track back to it (dragging back over it)."""
    for h in steps:
        if h not in m.cells:
            raise EditRefused(f"hex {h} is not on the map; a track runs on ground", [h])
        if not path:
            path = (h,)
        elif h in path:
            path = path[: path.index(h) + 1]
        elif _adjacent(path[-1], h):
            path = (*path, h)
        else:
            raise EditRefused(
                f"hex {h} is not next to the {team.value} track's end {path[-1]}; "
                "a cart moves one hex at a time, so add the hexes in between",
                [h, path[-1]],
            )
    return path


def _result(m: HexMap, team: Team, new: Sequence[Hex], sym: SymmetryMode) -> Edit:
    """The edit that gives ``team`` the track ``new`` (plus the mirrored track, if it follows)."""
    old = m.track(team)
    new = tuple(new)
    if new == old:
        return Edit(m, frozenset())
    try:
        out = m.with_feature_part("tracks", team, new)
    except MapEditError as e:
        raise EditRefused(str(e), e.hexes) from None
    touched = set(old) | set(new)
    if sym.active and sym.swaps_teams:
        out, mirrored = _mirror_follow(m, out, team, old, new, sym)
        touched |= mirrored
    return Edit(out, frozenset(touched))


def _mirror_follow(m: HexMap, out: HexMap, team: Team, old: Path, new: Path,
                   sym: SymmetryMode) -> tuple[HexMap, set[Hex]]:
    """``out`` with the other team's track set to the image of ``new`` when it was the image of ``old``.

    A courtesy, never a blocker: when the image does not fit the map, is not whole
    hexes or would cross this track, the other track stays as it was.
    """
    s = sym.primary()
    if s is None:
        return out, set()
    other = team.other
    theirs = m.track(other)
    mirrored_old = tuple(s.apply_about(x, sym.center2) for x in old)
    mirrored_new = tuple(s.apply_about(x, sym.center2) for x in new)
    if theirs != mirrored_old or None in mirrored_new or not all(x in m.cells for x in mirrored_new):
        return out, set()
    image = tuple(x for x in mirrored_new if x is not None)
    if set(image) & set(new) and old:
        return out, set()
    try:
        return out.with_feature_part("tracks", other, image), set(theirs) | set(image)
    except MapEditError:
        return out, set()


def track_extend(m: HexMap, team: Team, steps: Sequence[Hex], at_start: bool = False,
                 sym: SymmetryMode = _NO_SYMMETRY) -> Edit:
    """Walk the track's end (or start) through ``steps`` in order.

    Each new step must be next to the current end (start); a step already on the
    track trims back to it, as when a drag goes back over the track. An empty
    track starts at the first step. Raises EditRefused for a step off the map or
    not next to the end.
    """
    path = m.track(team)
    if at_start:
        new = tuple(reversed(_walk(m, team, tuple(reversed(path)), steps)))
    else:
        new = _walk(m, team, path, steps)
    return _result(m, team, new, sym)


def track_click(m: HexMap, team: Team, h: Hex, sym: SymmetryMode = _NO_SYMMETRY,
                drag_from: Hex | None = None) -> Edit:
    """Extend ``team``'s track at its end to ``h`` (start it if empty), or trim it back to ``h`` if on it.

    With ``drag_from`` (the previous hex of a drag) the hexes between are added
    first, so a fast drag still gives adjacent steps. A click not next to the end
    raises EditRefused explaining why.
    """
    steps = [h]
    if drag_from is not None and drag_from != h and drag_from.distance(h) > 1:
        steps = hex_linedraw(drag_from, h)[1:]
    return track_extend(m, team, steps, sym=sym)


def track_trim(m: HexMap, team: Team, h: Hex, keep_end: bool = False,
               sym: SymmetryMode = _NO_SYMMETRY) -> Edit:
    """Cut the track at step ``h``: drop the steps after it, or (``keep_end``) the steps before it.

    Raises EditRefused when ``h`` is not a step of the track.
    """
    path = m.track(team)
    if h not in path:
        raise EditRefused(f"hex {h} is not a step of the {team.value} track", [h])
    i = path.index(h)
    return _result(m, team, path[i:] if keep_end else path[: i + 1], sym)


def remove_end_step(m: HexMap, team: Team, at_start: bool = False,
                    sym: SymmetryMode = _NO_SYMMETRY) -> Edit:
    """Drop the last (or first) step of the track; nothing happens to an empty track."""
    path = m.track(team)
    if not path:
        return Edit(m, frozenset())
    return _result(m, team, path[1:] if at_start else path[:-1], sym)


def track_reroute(m: HexMap, team: Team, a: Hex, via: Sequence[Hex], b: Hex,
                  sym: SymmetryMode = _NO_SYMMETRY) -> Edit:
    """Replace the steps between track steps ``a`` and ``b`` by ``via`` (a detour, an insert or a shortcut).

    ``via`` runs from next to ``a`` to next to ``b``, each hex next to the one
    before; it may be empty when ``a`` and ``b`` are neighbours (the steps between
    are dropped). ``a`` may come after ``b`` on the track: ``via`` is then read
    backwards, so the track keeps its direction. ``via`` may reuse the steps it
    replaces but no other step of the track. Raises EditRefused with the reason.
    """
    path = m.track(team)
    for end in (a, b):
        if end not in path:
            raise EditRefused(f"a detour starts and ends on the {team.value} track; hex {end} is not on it", [end])
    if a == b:
        raise EditRefused("a detour must end on another step of the track", [a])
    ia, ib = path.index(a), path.index(b)
    steps = list(via)
    if ia > ib:
        ia, ib, steps = ib, ia, steps[::-1]
    chain = [path[ia], *steps, path[ib]]
    for x, y in zip(chain, chain[1:], strict=False):
        if not _adjacent(x, y):
            raise EditRefused(f"hexes {x} and {y} of the detour are not neighbours", [x, y])
    off = [h for h in steps if h not in m.cells]
    if off:
        raise EditRefused(f"hex {off[0]} is not on the map; a track runs on ground", off)
    kept = set(path[:ia]) | set(path[ib + 1 :])
    crossing = [h for h in steps if h in kept]
    if crossing:
        raise EditRefused(
            f"the detour crosses the {team.value} track at {crossing[0]}; a track never visits a hex twice",
            crossing,
        )
    return _result(m, team, (*path[: ia + 1], *steps, *path[ib:]), sym)


def track_reverse(m: HexMap, team: Team) -> Edit:
    """Swap the start and end of ``team``'s track; raises EditRefused when it has none."""
    path = m.track(team)
    if not path:
        raise EditRefused(f"the {team.value} team has no cart track to reverse")
    return Edit(m.with_feature_part("tracks", team, tuple(reversed(path))), frozenset(path))


def track_clear(m: HexMap, team: Team) -> Edit:
    """Remove ``team``'s track."""
    path = m.track(team)
    if not path:
        return Edit(m, frozenset())
    return Edit(m.with_feature_part("tracks", team, ()), frozenset(path))


def splice_segment(path: Sequence[Hex], covered: set[Hex], segment: Sequence[Hex]) -> Path:
    """``path`` with ``segment`` pasted over the hexes ``covered`` (which hold all of ``segment``).

    Steps of ``path`` under ``covered`` are replaced: when they form one run, the
    segment takes its place (turned around if that joins the neighbours better);
    otherwise the segment joins the end it touches (the end, else the start),
    or is added after the end with a gap the validator reports.
    """
    path = tuple(path)
    seg = tuple(segment)
    inside = [i for i, h in enumerate(path) if h in covered]
    if inside and inside == list(range(inside[0], inside[-1] + 1)):
        before, after = path[: inside[0]], path[inside[-1] + 1 :]

        def joins(s: Path) -> int:
            return int(bool(before) and bool(s) and _adjacent(before[-1], s[0])) + int(
                bool(after) and bool(s) and _adjacent(s[-1], after[0]))

        best = max((seg, seg[::-1]), key=joins)  # ties keep the copied direction
        return (*before, *best, *after)
    rest = tuple(h for h in path if h not in covered)
    if rest and seg and _adjacent(seg[-1], rest[0]) and not _adjacent(rest[-1], seg[0]):
        return (*seg, *rest)
    return (*rest, *seg)


def _jumps(path: Sequence[Hex]) -> list[tuple[Hex, Hex]]:
    return [(a, b) for a, b in zip(path, path[1:], strict=False) if not _adjacent(a, b)]


def new_jumps(before: HexMap, after: HexMap) -> tuple[str, tuple[Hex, ...]]:
    """What an edit did to the cart tracks that a map maker should hear at once: the jumps between steps it made
    (erasing a track's middle hex, pasting a second track for a team), in words with what to do, and their hexes;
    ("", ()) when it made none. An erase cut RED's track in two, and a paste joined a copied track onto the team's
    one, each with only the validator's HF107 to say so (a new-user audit)."""
    said: list[str] = []
    hexes: list[Hex] = []
    for team in Team:
        if after.track(team) == before.track(team):
            continue
        old = set(_jumps(before.track(team)))
        fresh = [j for j in _jumps(after.track(team)) if j not in old]
        if fresh:
            a, b = fresh[0]
            more = f" (and {len(fresh) - 1} more)" if len(fresh) > 1 else ""
            said.append(f"{team.value}'s cart track now jumps from {a} to {b}{more}")
            hexes += [h for j in fresh for h in j]
    if not said:
        return "", ()
    return ("; ".join(said) + ": a team has one track, step by step — reroute it with the cart-track tool, or undo",
            tuple(hexes))
