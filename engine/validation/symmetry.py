"""Symmetry of a map (HF4xx): which hex symmetry swaps RED and BLU, and what breaks it.

A *team symmetry* is a rotation or mirror of the grid, about a hex centre or an
edge midpoint, that maps the map onto itself with every RED feature landing on
the matching BLU one (spawns, tracks) and every neutral feature (kits, control
points, ground) landing on its like. Fair maps usually have one; a map that
*almost* has one usually has a painting slip, and the hexes that break it are
worth listing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from engine.hexgrid import DIAGONALS, DIRECTIONS, Hex, Symmetry
from engine.mapmodel import HexMap, Team
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.wording import plural

__all__ = ["SymmetryFit", "almost", "best_team_symmetry", "describe_center", "reversed_tracks", "team_symmetry"]

#: A map counts as "almost symmetric" when at most this share of hexes break the fit.
NEAR_THRESHOLD: Final = 0.10
_SAMPLE: Final = 160
#: RED spawn hexes whose images a candidate symmetry is first tried on (a majority must land on BLU's).
_SPAWN_PROBES: Final = 3

_Sig = tuple[int, str, int, str, bool, int, str]


@dataclass(frozen=True, slots=True)
class SymmetryFit:
    """How well one symmetry about one centre (doubled coordinates) fits the map."""

    symmetry: Symmetry
    center2: tuple[int, int]
    mismatches: tuple[Hex, ...]
    total: int

    def image(self, h: Hex) -> Hex | None:
        """Where the symmetry takes ``h`` (None: between hexes, which a fit's symmetry never does)."""
        return self.symmetry.apply_about(h, self.center2)

    @property
    def exact(self) -> bool:
        """True when nothing breaks the symmetry."""
        return not self.mismatches

    @property
    def pairs(self) -> int:
        """How many places break the symmetry: a hex and its image count once (a slip on one side makes both
        mismatch), a hex whose image is itself or off the map once too."""
        return len({frozenset((h, self.image(h) or h)) for h in self.mismatches})

    def describe(self) -> str:
        """``"rotation by 180° about 3,-1"`` or ``"mirror image across the line through 0,0 and 1,0"``."""
        g = self.symmetry
        if not g.mirrored:
            return f"{g.describe()} about {describe_center(self.center2)}"
        v = next(d for d in DIRECTIONS + DIAGONALS if g.apply(d) == d)  # the mirror line's direction
        # points on the line, in doubled coordinates; name hex centres when the line has them
        points = [(self.center2[0] + k * v.q, self.center2[1] + k * v.r) for k in range(6)]
        centres = [p for p in points if p[0] % 2 == 0 and p[1] % 2 == 0]
        a, b = centres[:2] if len(centres) >= 2 else (points[0], points[2])
        return f"mirror image across the line through {describe_center(a)} and {describe_center(b)}"


def describe_center(center2: tuple[int, int]) -> str:
    """A doubled-coordinate centre in words: a hex, or the edge between two hexes."""
    q2, r2 = center2
    if q2 % 2 == 0 and r2 % 2 == 0:
        return f"{q2 // 2},{r2 // 2}"
    a = Hex((q2 - (q2 % 2)) // 2, (r2 - (r2 % 2)) // 2)
    b = Hex(q2 - a.q, r2 - a.r)
    return f"the edge between {a} and {b}"


def _signatures(m: HexMap, ordered: bool = True) -> dict[tuple[int, int], _Sig]:
    """Everything a team symmetry must preserve about each hex, keyed by ``(q, r)`` (``ordered`` False: a track hex
    without its step, for how far off a map is: :func:`almost`)."""
    spawn = {(h.q, h.r): t.value for t in Team for h in m.spawns.get(t, ())}
    # a track's hexes carry their step: a cart starts on its track's first hex, so a track drawn from the other
    # end is not its counterpart's image (a new-user audit: reversed BLU on Canal played 86% and read "symmetric")
    track = {(h.q, h.r): f"{t.value} {i}" if ordered else t.value for t in Team for i, h in enumerate(m.track(t))}
    # every control point is one: the game scores a side alone on any control-point hex (docs/rules.md), so which
    # point a hex belongs to is no part of the map's symmetry (two points mirrored read "almost symmetric" before)
    cp = {(h.q, h.r): 1 for pts in m.control_points for h in pts}
    kits = {(h.q, h.r) for h in m.kits}
    out: dict[tuple[int, int], _Sig] = {}
    for h, c in m.cells.items():
        k = (h.q, h.r)
        out[k] = (
            c.height,
            c.terrain.value,
            -1 if c.stairs_up is None else c.stairs_up,
            spawn.get(k, ""),
            k in kits,
            cp.get(k, 0),
            track.get(k, ""),
        )
    return out


_SWAP: Final = {"RED": "BLU", "BLU": "RED", "": ""}


def _swap_team(word: str) -> str:
    """``"RED 3"`` → ``"BLU 3"``: a team's word (and what follows it) as the other team's."""
    team, _, rest = word.partition(" ")
    return f"{_SWAP[team]} {rest}" if rest else _SWAP[team]


def _image_sig(sig: _Sig, dir_map: tuple[int, ...]) -> _Sig:
    h, t, d, sp, kit, cp, tr = sig
    return (h, t, dir_map[d] if d >= 0 else -1, _SWAP[sp], kit, cp, _swap_team(tr))


def _dir_map(g: Symmetry) -> tuple[int, ...]:
    return tuple(DIRECTIONS.index(g.apply(d)) for d in DIRECTIONS)


def _mismatches(
    sigs: dict[tuple[int, int], _Sig], g: Symmetry, c2: tuple[int, int], hexes: list[Hex], dmap: tuple[int, ...]
) -> list[Hex]:
    """The hexes of ``hexes`` whose image under ``g`` about ``c2`` is missing or differs.

    ``sigs`` is keyed by ``(q, r)``. The same answer as mapping each hex with
    :meth:`Symmetry.apply_about`, with the symmetry's linear map written out.
    """
    a, c = _column(g, Hex(1, 0))
    b, d = _column(g, Hex(0, 1))
    cq, cr = c2
    images: dict[_Sig, _Sig] = {}
    out = []
    for h in hexes:
        x, y = 2 * h.q - cq, 2 * h.r - cr
        q2, r2 = a * x + b * y + cq, c * x + d * y + cr
        other = None if q2 % 2 or r2 % 2 else sigs.get((q2 // 2, r2 // 2))
        if other is None:
            out.append(h)
            continue
        sig = sigs[(h.q, h.r)]
        want = images.get(sig)
        if want is None:
            want = images[sig] = _image_sig(sig, dmap)
        if other != want:
            out.append(h)
    return out


def _column(g: Symmetry, v: Hex) -> tuple[int, int]:
    """The image of a unit vector under ``g`` (a column of its matrix)."""
    img = g.apply(v)
    return img.q, img.r


def best_team_symmetry(m: HexMap) -> SymmetryFit | None:
    """The symmetry that swaps RED and BLU with the fewest breaking hexes, or None.

    Returns None when the map has no spawn zones for both teams or no candidate
    fits at least half the hexes. Centres are searched around the map's centroid.
    """
    if not (m.spawns.get(Team.RED) and m.spawns.get(Team.BLU)):
        return None
    qr_sigs = _signatures(m)
    hexes = sorted(m.cells, key=lambda h: (h.q, h.r))  # the order of sorted Hex values
    n = len(hexes)
    cq = round(2 * sum(h.q for h in hexes) / n)
    cr = round(2 * sum(h.r for h in hexes) / n)
    sample = hexes if n <= _SAMPLE else random.Random(n).sample(hexes, _SAMPLE)
    red = sorted(m.spawns[Team.RED])[:_SPAWN_PROBES]
    # on or beside BLU's zone: a zone painted a hex off (a new-user slip) still names the symmetry it breaks,
    # while a symmetry that keeps RED's spawn on RED's side lands nowhere near it
    blu = set(m.spawns[Team.BLU])
    blu.update(n for h in m.spawns[Team.BLU] for n in h.neighbors())
    candidates: list[tuple[int, Symmetry, tuple[int, int]]] = []
    for g in Symmetry.all()[1:]:
        dmap = _dir_map(g)
        for dq in (-1, 0, 1):
            for dr in (-1, 0, 1):
                c2 = (cq + dq, cr + dr)
                # cheap filter: most of RED's spawn must land on or beside BLU's (not all, nor on: a painting
                # slip in a spawn zone is exactly what HF402 should point at)
                if 2 * sum(g.apply_about(h, c2) in blu for h in red) < len(red):
                    continue
                candidates.append((len(_mismatches(qr_sigs, g, c2, sample, dmap)), g, c2))
    if not candidates:
        return None
    candidates.sort(key=lambda x: (x[0], x[1].mirrored, x[1].rotation, x[2]))
    best: SymmetryFit | None = None
    for _, g, c2 in candidates[:3]:
        breaking = _mismatches(qr_sigs, g, c2, hexes, _dir_map(g))
        if best is None or len(breaking) < len(best.mismatches):
            best = SymmetryFit(g, c2, tuple(breaking), n)
    if best is None or len(best.mismatches) > n // 2:
        return None
    return best


def team_symmetry(ctx: CheckContext) -> SymmetryFit | None:
    """:func:`best_team_symmetry` of the map being checked, found once for all the checks that ask."""
    if "team-symmetry" not in ctx.cache:
        ctx.cache["team-symmetry"] = best_team_symmetry(ctx.map)
    return ctx.cache["team-symmetry"]  # type: ignore[return-value]


@check("symmetry", "HF401", "HF402", "HF403", when=lambda rules: rules.spawn_zones)
def symmetry(ctx: CheckContext) -> Iterator[Problem]:
    """Report the team symmetry of the map, the hexes breaking one it almost has, or that it has none
    (then the fairness measures, which run either way, are all the comparison there is)."""
    if not all(ctx.map.spawns.get(t) for t in Team):
        return  # HF105
    fit = team_symmetry(ctx)
    if fit is None or not almost(ctx.map, fit):
        nearest = "" if fit is None else (
            f" (the nearest, {fit.describe()}, leaves {plural(len(fit.mismatches), 'hex', 'hexes')} unmatched)")
        yield Problem("HF403", Severity.INFO, f"no rotation or mirror swaps RED and BLU{nearest}; every fairness "
                                              "measure below is compared directly")
        return
    if fit.exact:
        yield Problem(
            "HF401", Severity.INFO,
            f"the map is symmetric between the teams: {fit.describe()}",
        )
    else:
        backwards = _reversed_track(ctx.map, fit)
        yield Problem(
            "HF402", Severity.WARNING,
            f"the map is almost symmetric ({fit.describe()}) but {_places(fit)}"
            + (backwards or f"{_differences(ctx.map, fit)}; make them match or the teams play different maps"),
            fit.mismatches,
        )


def _places(fit: SymmetryFit) -> str:
    """``3 hexes differ from their mirror images (6 counting the images)`` for three slips: a slip breaks its image's
    match too, and an audit read "6 hexes differ" for three hexes edited."""
    k, n = fit.pairs, len(fit.mismatches)
    said = "1 hex differs from its mirror image" if k == 1 else f"{k} hexes differ from their mirror images"
    return said if n == k else f"{said} ({n} counting the images)"


def almost(m: HexMap, fit: SymmetryFit | None) -> bool:
    """Whether ``fit`` is exact or within HF402's threshold (a tenth of the hexes break it), a cart track's order aside:
    a track drawn from its end, or a step added or missing, shifts every later step, yet it is one slip to mend. The
    validator's HF402/HF403 line, HF315/HF316's hexes and the balance fixer's mirror all draw it here (a review found
    a step missing at a track's start read as "no symmetry", and the fixer's mirror lost on a reversed track)."""
    if fit is None:
        return False
    breaks = len(fit.mismatches)
    if breaks and any(m.track(t) for t in Team):
        hexes = sorted(m.cells, key=lambda h: (h.q, h.r))
        breaks = len(_mismatches(_signatures(m, ordered=False), fit.symmetry, fit.center2, hexes, _dir_map(fit.symmetry)))
    return breaks <= max(1, int(NEAR_THRESHOLD * fit.total))


#: HF402 spells out what differs when at most this many pairs of hexes break the fit...
SPELLED: Final = 3
#: ... and the words take at most this many characters (else the hexes are listed only).
SPELLED_LENGTH: Final = 360


def _ground(m: HexMap, h: Hex) -> str:
    """What hex ``h`` holds, in a few words: its ground and height, a spawn hex's team, a kit, the mode's features
    (``RED track end``)."""
    c = m.cells.get(h)
    if c is None:
        return "no hex"
    ground = {"open": "open ground", "wall": "a wall", "low": "a low obstacle", "stairs": "stairs"}.get(
        c.terrain.value, c.terrain.value)
    words = [f"{ground} at height {c.height}"]
    team = m.spawn_team(h)
    if team is not None:
        words.append(f"{team.value}'s spawn")
    if h in m.kits:
        words.append("a kit")
    words += m.objectives_at(h)  # a cart track's step or end, a rack: a track one push shorter differs only here
    return ", ".join(words)


def _differences(m: HexMap, fit: SymmetryFit) -> str:
    """``: -7,-4 (nearer RED's spawn) is open ground at height 1 where its image 7,4 (nearer BLU's spawn) is a wall
    at height 1`` for up to :data:`SPELLED` broken pairs (a painting slip is usually one or two), else nothing."""
    if len(fit.mismatches) > 2 * SPELLED:  # too many to spell (and a big map's list is not paired up for nothing)
        return _spawns_part(m, fit) or _tracks_part(m, fit)
    pairs: list[tuple[Hex, Hex]] = []
    for h in fit.mismatches:
        g = fit.image(h)
        if g is not None and (g, h) not in pairs:
            pairs.append((h, g))
    if not pairs or len(pairs) > SPELLED:
        return _tracks_part(m, fit)
    said = []
    for h, g in pairs:
        a, b = _ground(m, h), _ground(m, g)
        if a == b:  # the difference is elsewhere (a track's order, a stair's direction): name the hexes only
            said.append(f"{h} and {g}")
            continue
        said.append(f"{h}{_nearer(m, h)} is {a} where its image {g}{_nearer(m, g)} is {b}")
    spelled = ": " + "; ".join(said)
    # three pairs of track steps spelled out run past a readable line (and the report's 600-character bound)
    return spelled if len(spelled) <= SPELLED_LENGTH else _tracks_part(m, fit)


def _spawns_part(m: HexMap, fit: SymmetryFit) -> str:
    """``: the spawn zones are not each other's images — BLU's is RED's image moved 1 hex (RED's maps onto 8,4 …;
    BLU's is 7,6 …)`` when every hex that breaks the fit is a spawn hex or the image of one, else "" (a zone
    painted a hex off: too many hexes to spell one by one, one slip to mend)."""
    red, blu = sorted(m.spawns.get(Team.RED, ())), sorted(m.spawns.get(Team.BLU, ()))
    spawn = {*red, *blu}
    if not red or not blu or not all(h in spawn or fit.image(h) in spawn for h in fit.mismatches):
        return ""
    image = sorted(g for h in red if (g := fit.image(h)) is not None)
    moved = ""
    if len(image) == len(blu):
        d = blu[0] - image[0]
        if {h + d for h in image} == set(blu):
            moved = f" — BLU's is RED's image moved {plural(d.length(), 'hex', 'hexes')}"

    def listed(hexes: list[Hex]) -> str:
        return " ".join(str(h) for h in hexes)

    spelled = f"RED's maps onto {listed(image)}; BLU's is {listed(blu)}"
    if len(spelled) > SPELLED_LENGTH:  # a zone of dozens of hexes: their counts, the hexes are listed below
        spelled = f"RED's has {len(red)} hexes, BLU's {len(blu)}"
    return f": the spawn zones are not each other's images{moved} ({spelled})"


def _tracks_part(m: HexMap, fit: SymmetryFit) -> str:
    """``: the cart tracks stop matching at step 14 ...`` when RED's track, mapped by ``fit``, is not BLU's (a step missing,
    added or moved: every later step differs by its number), else ""."""
    red, blu = m.track(Team.RED), m.track(Team.BLU)
    image = [fit.image(h) for h in red]
    if not red or not blu or image == list(blu):
        return ""
    if abs(len(image) - len(blu)) == 1:  # one step missing (or one too many): name the hex (a review)
        longer, shorter = (image, list(blu)) if len(image) > len(blu) else (list(blu), image)
        j = next((j for j in range(len(longer)) if longer[:j] + longer[j + 1:] == shorter), None)
        if j is not None:
            if longer is image:
                return (f": BLU's track lacks a step at {image[j]}, the image of RED's step {j} at {red[j]} (RED's "
                        f"track has {len(red)} hexes, BLU's {len(blu)})")
            return (f": RED's track lacks a step at {fit.image(blu[j])}, the image of BLU's step {j} at {blu[j]} "
                    f"(RED's track has {len(red)} hexes, BLU's {len(blu)})")
    k = next((i for i, (a, b) in enumerate(zip(image, blu, strict=False)) if a != b), min(len(red), len(blu)))

    def at(path: tuple[Hex, ...]) -> str:
        return f"at {path[k]}" if k < len(path) else "ended"

    return (f": the cart tracks stop matching at step {k} (RED's {at(red)}, BLU's {at(blu)}; RED's track has "
            f"{len(red)} hexes, BLU's {len(blu)})")


def reversed_tracks(m: HexMap, fit: SymmetryFit) -> tuple[Team, ...]:
    """The teams whose cart track looks drawn from its end: none unless RED's track, mapped by ``fit``, is BLU's
    run backwards (every hex matches but the order); then the one team whose track starts farther from its own
    spawn than it ends (a cart starts on its side and is pushed away from it), else the one whose track starts
    nearer the enemy's spawn, else both (either could be). The first rule names the track on Bridges, whose two
    spawns share a side of the map (an audit found "reverse one of them" and no fix there)."""
    red, blu = list(m.track(Team.RED)), list(m.track(Team.BLU))
    if len(red) < 2 or [fit.image(h) for h in red][::-1] != blu:
        return ()

    def from_own(t: Team, h: Hex) -> int:
        return min((h.distance(z) for z in m.spawns.get(t, ())), default=0)

    away = tuple(t for t in Team if from_own(t, m.track(t)[0]) > from_own(t, m.track(t)[-1]))
    if len(away) == 1:
        return away
    wrong = tuple(t for t in Team if _nearer_team(m, m.track(t)[0]) is t.other)
    return wrong if len(wrong) == 1 else tuple(Team)


def _reversed_track(m: HexMap, fit: SymmetryFit) -> str:
    """``: BLU's track runs the other way ...`` for :func:`reversed_tracks`, else ""."""
    wrong = reversed_tracks(m, fit)
    if len(wrong) == 1:
        t = wrong[0]
        path = m.track(t)
        by = f", by {t.other.value}'s spawn," if _nearer_team(m, path[0]) is t.other else ", away from its own spawn,"
        return (f": {t.value}'s track runs the other way from {t.other.value}'s — its cart starts at {path[0]}{by} "
                f"and ends at {path[-1]}; a cart starts on its track's first hex, so reverse {t.value}'s track")
    if wrong:
        return (f": the two tracks are each other's image run the other way round (RED's starts at "
                f"{m.track(Team.RED)[0]}, BLU's at {m.track(Team.BLU)[0]}); a cart starts on its track's first hex, "
                "so reverse one of them")
    return ""


def _nearer_team(m: HexMap, h: Hex) -> Team | None:
    """The team whose spawn zone is nearer ``h``, or None at equal distance (or without both zones)."""
    d = {t: min((h.distance(z) for z in m.spawns.get(t, ())), default=None) for t in Team}
    if d[Team.RED] is None or d[Team.BLU] is None or d[Team.RED] == d[Team.BLU]:
        return None
    return min(Team, key=lambda t: d[t])  # type: ignore[arg-type, return-value]


def _nearer(m: HexMap, h: Hex) -> str:
    """`` (nearer BLU's spawn)``: the team whose spawn zone is nearer ``h``, or nothing at equal distance."""
    team = _nearer_team(m, h)
    return "" if team is None else f" (nearer {team.value}'s spawn)"
