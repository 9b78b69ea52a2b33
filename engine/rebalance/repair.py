"""Repairs of an almost symmetric map: make each breaking hex match its mirror image.

A map one edit away from a team symmetry (the validator's HF402) breaks it at
pairs of hexes, a hex and its image. Each pair can be repaired two ways: copy
the hex onto its image, or the image onto the hex (RED features become BLU
ones across the mirror, stairs turn). Either way one hex changes and that
pair matches again; repairing every pair gives back an exactly symmetric map,
and the two sides of a symmetric map are even by construction when the batch
alternates the first team and swaps the players' sides.
"""

from __future__ import annotations

from itertools import product

from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team
from engine.rebalance.changes import (
    Change,
    Feature,
    PlaceFeature,
    Proposal,
    RemoveFeature,
    SetGround,
    SetTrack,
)
from engine.rebalance.mirror import Mirror
from engine.validation.mirror_match import side_copies
from engine.validation.symmetry import reversed_tracks

__all__ = ["copy_across", "repairs", "track_repairs"]

#: Pairs up to which every combination of directions is offered (2^k proposals); beyond, one per pair.
ALL_COMBINATIONS_UP_TO = 3


def copy_across(m: HexMap, mirror: Mirror, src: Hex, dst: Hex) -> list[Change] | None:
    """The changes that make ``dst`` the mirror image of ``src`` (ground, spawn zones, kits), or None when the
    difference is one no change here makes (a control point, a track step, a hex off the map)."""
    if src not in m.cells or dst not in m.cells:
        return None
    if (m.control_point_at(src) is None) != (m.control_point_at(dst) is None):
        return None
    if any((src in m.track(t)) or (dst in m.track(t)) for t in m.tracks):
        return None
    out: list[Change] = []
    want = mirror.cell(m.cells[src])
    if m.cells[dst] != want:
        out.append(SetGround(dst, m.cells[dst], want))
    team_src, team_dst = m.spawn_team(src), m.spawn_team(dst)
    if Mirror.team(team_src) != team_dst:
        if team_dst is not None:
            out.append(RemoveFeature(Feature("spawn", team_dst.value), dst))
        if team_src is not None:
            out.append(PlaceFeature(Feature("spawn", team_src.other.value), dst))
    if (src in m.kits) != (dst in m.kits):
        kit = Feature("kit")
        out.append(PlaceFeature(kit, dst) if src in m.kits else RemoveFeature(kit, dst))
    return out or None


def _side_repairs(m: HexMap, mirror: Mirror) -> list[Proposal]:
    """The validator's two side copies (HF402's quick fixes, :func:`~engine.validation.mirror_match.side_copies`) as
    proposals: every breaking pair copied from one team's side onto the other's at once. Offered instead of one-pair
    repairs when there are too many pairs for every combination: a spawn zone painted a hex off breaks seven pairs
    or so, and mending one pair alone leaves the zones of unequal size (HF315), so no single repair passed the
    screen; a zone grown by seventeen hexes had its one-pair repairs raced and its side copies left out (session
    27)."""
    out = []
    for copy in side_copies(m, mirror.fit):
        changes = tuple(c for src, dst in copy.pairs if (cs := copy_across(m, mirror, src, dst)) for c in cs)
        if changes:
            out.append(Proposal(changes, f"the map is almost symmetric ({mirror.describe()}): make "
                                f"{copy.model.other.value}'s side match {copy.model.value}'s", "symmetry"))
    return out


def _pairs(mirror: Mirror) -> list[tuple[Hex, Hex]]:
    seen: set[Hex] = set()
    out = []
    for h in mirror.breaking:
        img = mirror.image(h)
        if h in seen or img is None:
            continue
        seen |= {h, img}
        out.append((h, img))
    return out


def track_repairs(m: HexMap, mirror: Mirror) -> list[Proposal]:
    """Proposals that make one cart track the mirror image of the other (Payload Race): each team's track made
    the image of the other's, when the two differ and the image lies on the map. A track step is part of a
    path, so it is repaired as a whole track, never hex by hex (:func:`copy_across` leaves track hexes alone)."""
    out = []
    backwards = reversed_tracks(m, mirror.fit)  # a track drawn from its end: the one HF402 names is the one to turn
    for team in Team:
        if len(backwards) == 1 and team is not backwards[0]:
            continue
        src, dst = m.track(team.other), m.track(team)
        if not src or not dst:
            continue
        image = tuple(mirror.image(h) for h in src)
        if any(h is None or h not in m.cells for h in image) or image == dst:
            continue
        change = SetTrack(team, dst, image)  # type: ignore[arg-type]
        out.append(Proposal((change,), f"the map is almost symmetric ({mirror.describe()}): make {team.value}'s "
                            f"track the mirror image of {team.other.value}'s", "symmetry"))
    return out


def repairs(m: HexMap, mirror: Mirror) -> list[Proposal]:
    """Proposals that make the breaking hexes of ``m`` match their images (module docstring), fewest changes
    first — every combination of directions up to :data:`ALL_COMBINATIONS_UP_TO` pairs, beyond it the two side
    copies (:func:`_side_repairs`), or one pair at a time when no side copy can be made — and the cart tracks
    each other's image (:func:`track_repairs`). Empty when the map is exactly symmetric."""
    tracks = track_repairs(m, mirror)
    pairs = _pairs(mirror)
    options: list[list[tuple[Hex, list[Change]]]] = []
    for a, b in pairs:
        ways = [(dst, cs) for src, dst in ((a, b), (b, a)) if (cs := copy_across(m, mirror, src, dst)) is not None]
        if ways:
            options.append(ways)
    if not options:
        return sorted(tracks, key=lambda p: (len(p.hexes), p.why))
    why = f"the map is almost symmetric ({mirror.describe()}): make {{}} match {{}} mirror image"
    out = []
    if len(options) <= ALL_COMBINATIONS_UP_TO:
        for combo in product(*options):
            hexes = [str(dst) for dst, _ in combo]
            changes = tuple(c for _, cs in combo for c in cs)
            out.append(Proposal(changes, why.format(", ".join(hexes), "its" if len(hexes) == 1 else "their"),
                                "symmetry"))
    else:
        # a whole side at once when it can be copied: one pair of many mended alone is rarely a fix, and the race
        # takes the fewest hexes first, so the side copies never raced behind seventeen one-pair repairs (an audit)
        out += _side_repairs(m, mirror) or [Proposal(tuple(cs), why.format(dst, "its"), "symmetry")
                                            for ways in options for dst, cs in ways]
    out += tracks
    out.sort(key=lambda p: (len(p.hexes), p.why))
    return out
