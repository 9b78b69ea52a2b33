"""Team Play's validator checks: spawnpoints of every colour, ammo tiles and racks are there and reachable
(HF111, HF112, HF206), and fair (HF312, HF313, HF321, HF322): what a character finds near the spawnpoints it
appears at. Importing the module registers the checks (the validator imports it through
:attr:`~engine.games.modes.ModeRules.checks`).

Team Play has no team spawn zones: a character of either team appears at a
spawnpoint of the colour its player discards (003 "Spawning round"), so the map
cannot favour a team — both spawn at the same places. What it can favour is a
colour: a player who must discard red should be as well placed as one who
discards blue, or the draw of powerups decides what should be a choice between
equals. So Team Play's *sides* are the map's two gates, the red and the blue
spawnpoints (:class:`ColourSides`; ``red`` is the red side, ``blu`` the blue
one). Each side has its spawnpoints (a colour with fewer hexes fills up sooner),
and each ammo tile and weapon rack belongs to the side whose spawnpoints a
character walks to it from at least one move sooner (the slowest character's
speed); nearer neither by that much, it is shared. Yellow, the third colour,
usually stands between them and is no side; how near every colour, yellow too,
is to ammo and racks is HF312's (and HF313's) figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from engine.games.modes import GAMES
from engine.games.teamplay import TEAM_PLAY
from engine.hexgrid import Hex
from engine.mapmodel import Colour, Team, Terrain
from engine.rules.movement import Reach, flood, pockets
from engine.validation.problem import Problem, Severity
from engine.validation.reachability import no_way_out_problem
from engine.validation.registry import CheckContext, check
from engine.validation.sides import PerSide
from engine.validation.terrain import board
from engine.validation.wording import hex_list

__all__ = ["AMMO_GAP", "AMMO_TILE_GAP", "RACK_GAP", "SPAWNPOINT_GAP", "ColourSides", "colour_sides",
           "spawnpoint_reach"]

#: Warn when the nearest ammo tile is this many more steps from one spawnpoint colour than from another:
#: more than one square (3 hexes), a whole extra action to reach it.
AMMO_GAP: Final = 4
#: Warn when one side has this many more spawnpoints: each is a hex a character can appear on, and a
#: colour whose hexes are all taken puts its character on the nearest free hex instead (decision 5 of
#: docs/rules-teamplay.md), so one hex fewer is already felt.
SPAWNPOINT_GAP: Final = 1
#: Warn when one side has this many more weapon racks: racks are few (three on the bundled maps) and
#: every arena weapon comes from one, so one rack more is a steady supply for that side.
RACK_GAP: Final = 1
#: Warn when one side has this many more ammo tiles: tiles are many (seven or eight on the bundled maps)
#: and laid again each turn, so one more is within what an unsymmetric layout needs; two are not.
AMMO_TILE_GAP: Final = 2

_SIDES: Final = {Team.RED: Colour.RED, Team.BLU: Colour.BLUE}


@dataclass(frozen=True, slots=True)
class ColourSides:
    """Team Play's two sides — ``red``: the red spawnpoints' side, ``blu``: the blue ones' — and what each
    has: its spawnpoints (the hexes a character of that colour can appear on, walls left out) and the
    weapon racks and ammo tiles on it (see the module docstring). ``move`` is the lead in walking steps
    that puts a hex on one side; ``shared`` lists the racks and tiles on neither."""

    move: int
    spawnpoints: PerSide[tuple[Hex, ...]]
    racks: PerSide[tuple[Hex, ...]]
    ammo: PerSide[tuple[Hex, ...]]
    shared: tuple[Hex, ...]


def colour_sides(ctx: CheckContext) -> ColourSides | None:
    """What lies on the red and on the blue spawnpoints' side; None when either colour has no spawnpoint."""
    m = ctx.map
    if not all(m.spawnpoints.get(c) for c in _SIDES.values()):
        return None
    speeds = [u.speed for u in ctx.ruleset_for(TEAM_PLAY).units.values() if u.pickable and u.speed > 0]
    move = min(speeds, default=1)
    reach = PerSide.of(lambda t: spawnpoint_reach(ctx, _SIDES[t]))

    def side(h: Hex) -> Team | None:
        d = PerSide.of(lambda t: reach[t].distance(h))
        for t in Team:
            mine, theirs = d[t], d[t.other]
            if mine is not None and (theirs is None or theirs - mine >= move):
                return t
        return None

    every = sorted(m.racks) + sorted(m.ammo)
    where = {h: side(h) for h in every}

    def on(hexes: list[Hex]) -> PerSide[tuple[Hex, ...]]:
        return PerSide.of(lambda t: tuple(h for h in hexes if where[h] is t))

    walls = {h for h, c in m.cells.items() if c.terrain is Terrain.WALL}
    points = PerSide.of(lambda t: tuple(sorted(set(m.spawnpoints[_SIDES[t]]) - walls)))
    return ColourSides(move, points, on(sorted(m.racks)), on(sorted(m.ammo)),
                       tuple(sorted({h for h in every if where[h] is None})))


@check("team play sides", "HF321", "HF322", modes=(TEAM_PLAY,))
def sides(ctx: CheckContext) -> Iterator[Problem]:
    """The red and the blue spawnpoints' sides should have as many spawnpoints, racks and ammo tiles."""
    s = colour_sides(ctx)
    if s is None:
        return
    rows = (("spawnpoints", s.spawnpoints, SPAWNPOINT_GAP), ("weapon racks", s.racks, RACK_GAP),
            ("ammo tiles", s.ammo, AMMO_TILE_GAP))
    text = "; ".join(f"{what} red {len(h.red)}, blue {len(h.blu)}" for what, h, _ in rows)
    yield Problem("HF321", Severity.INFO, f"on the red and the blue spawnpoints' sides (at least {s.move} steps "
                                          f"nearer one than the other): {text}")
    for what, hexes, gap in rows:
        r, b = len(hexes.red), len(hexes.blu)
        if abs(r - b) >= gap:
            more = Team.RED if r > b else Team.BLU
            yield Problem(
                "HF322", Severity.WARNING,
                f"the {_SIDES[more].value} spawnpoints' side has more {what} than the {_SIDES[more.other].value} "
                f"one's (red {r}, blue {b}); a player who discards {_SIDES[more].value} starts better placed — "
                f"move some {what} toward the other side or into the middle",
                hexes[more],
            )


@check("ammo spread", "HF312", "HF313", modes=(TEAM_PLAY,))
def ammo_spread(ctx: CheckContext) -> Iterator[Problem]:
    """Which powerup colour a player discards decides where his character appears; every colour should be
    about as near to ammo (and to a weapon rack) as the others."""
    m = ctx.map
    colours = [c for c in Colour if m.spawnpoints.get(c)]
    if not m.ammo or len(colours) < 2:
        return
    near: dict[Colour, tuple[int | None, int | None]] = {}
    for c in colours:
        r = spawnpoint_reach(ctx, c)
        ammo = [d for h in m.ammo if (d := r.distance(h)) is not None]
        racks = [d for h in m.racks if (d := r.distance(h)) is not None]
        near[c] = (min(ammo) if ammo else None, min(racks) if racks else None)

    def fmt(d: int | None) -> str:
        return "none reachable" if d is None else f"{d} step{'s' if d != 1 else ''}"

    text = "; ".join(f"{c.value}: ammo {fmt(a)}, rack {fmt(w)}" for c, (a, w) in near.items())
    yield Problem("HF312", Severity.INFO, f"walking steps from each spawnpoint colour to the nearest ammo tile "
                                          f"and weapon rack — {text}")
    known = {c: a for c, (a, _) in near.items() if a is not None}
    if len(known) < 2:
        return
    close = min(known, key=lambda c: (known[c], c.value))
    # every colour that far behind is named at once (a new-user audit: naming the worst alone left yellow, at 10
    # steps against red's 3, to a second round of validating once blue had been fixed)
    far = sorted((c for c in known if known[c] - known[close] >= AMMO_GAP), key=lambda c: (-known[c], c.value))
    if far:
        steps = " and ".join(f"{known[c]}{' steps' if i == 0 else ''} from the {c.value}" for i, c in enumerate(far))
        yield Problem(
            "HF313", Severity.WARNING,
            f"ammo is {steps} spawnpoints but {known[close]} from the {close.value} ones; a player who must "
            f"discard {' or '.join(c.value for c in far)} starts an action behind — add or move an ammo tile "
            f"nearer to them",
            # the farthest colour's spawnpoints first: the dock's Where names the first hex (an audit read a yellow
            # spawnpoint there for a warning mostly about blue)
            tuple(h for c in far for h in sorted(m.spawnpoints[c])),
        )


def spawnpoint_reach(ctx: CheckContext, colour: Colour) -> Reach:
    """Where a character can walk from the ``colour`` spawnpoints (no team: spawn zones do not close
    anything in Team Play; cached)."""
    key = f"points:{colour.value}"
    hit = ctx.cache.get(key)
    if hit is None:
        hit = ctx.cache[key] = flood(board(ctx), _standing(ctx, (colour,)), GAMES[TEAM_PLAY].move_profile((), None))
    return hit  # type: ignore[return-value]


def _standing(ctx: CheckContext, colours: Iterable[Colour]) -> list[Hex]:
    """The spawnpoints of ``colours`` a character can stand on (not painted on a wall, HF101), sorted."""
    cells = ctx.map.cells
    return sorted(h for c in colours for h in ctx.map.spawnpoints.get(c, ()) if cells[h].terrain is not Terrain.WALL)


@check("spawnpoints", "HF111", "HF112", modes=(TEAM_PLAY,))
def spawnpoints(ctx: CheckContext) -> Iterator[Problem]:
    """Team Play needs a spawnpoint of every colour, ammo tiles and weapon racks."""
    m = ctx.map
    for colour in Colour:
        if not m.spawnpoints.get(colour):
            yield Problem(
                "HF111", Severity.ERROR,
                f"Team Play has no {colour.value} spawnpoint; a character discarding a {colour.value} powerup "
                f"spawns on one, so paint at least one",
            )
    missing = [what for what, hexes in (("ammo tiles", m.ammo), ("weapon racks", m.racks)) if not hexes]
    if missing:
        yield Problem(
            "HF112", Severity.ERROR,
            f"Team Play has no {' and no '.join(missing)}; characters grab ammo and weapons there, "
            "so place some (about one ammo tile per 30 hexes and a rack by each spawnpoint colour)",
        )


@check("spawnpoints of two colours touch", "HF114", modes=(TEAM_PLAY,))
def touching_spawnpoints(ctx: CheckContext) -> Iterator[Problem]:
    """HF114: spawnpoints of two colours side by side. A colour is a place a player chooses by the powerup he
    discards; two colours that touch are one place, so the choice is gone, and characters of both teams appear next
    to each other (a new-user audit painted blue beside red and heard nothing)."""
    m = ctx.map
    for a, b in ((Colour.RED, Colour.BLUE), (Colour.RED, Colour.YELLOW), (Colour.BLUE, Colour.YELLOW)):
        theirs = m.spawnpoints.get(b, frozenset())
        near = sorted({h for h0 in m.spawnpoints.get(a, ()) for n in h0.neighbors() if n in theirs for h in (h0, n)})
        if near:
            yield Problem(
                "HF114", Severity.WARNING,
                f"{a.value} and {b.value} spawnpoints touch at {hex_list(tuple(near))}: a player picks where his "
                "character appears by the colour he discards, and these two colours are one place — move one "
                "colour's spawnpoints away (the bundled maps keep them 4 or more hexes apart)",
                tuple(near),
            )


@check("team play features reachable", "HF206", modes=(TEAM_PLAY,))
def teamplay_features_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """A character may spawn at any colour: every spawnpoint, ammo tile and rack must be walkable from each."""
    m = ctx.map
    features = [(f"{c.value} spawnpoint", h) for c in Colour for h in sorted(m.spawnpoints.get(c, ()))]
    features += [("ammo tile", h) for h in sorted(m.ammo)] + [("weapon rack", h) for h in sorted(m.racks)]
    # colours cut off from the same features are one problem: an ammo tile walled in read three times, once per
    # colour (a new-user audit)
    by_cut: dict[tuple[tuple[str, Hex], ...], list[str]] = {}
    for colour in Colour:
        if not m.spawnpoints.get(colour):
            continue  # HF111
        r = spawnpoint_reach(ctx, colour)
        cut = tuple((what, h) for what, h in features if h not in r and m.cells[h].terrain is not Terrain.WALL)
        if cut:
            by_cut.setdefault(cut, []).append(colour.value)
    for cut, colours in by_cut.items():
        hexes = tuple(h for _, h in cut)
        names = sorted({what for what, _ in cut})
        who = colours[0] if len(colours) == 1 else ", ".join(colours[:-1]) + " and " + colours[-1]
        yield Problem(
            "HF206", Severity.ERROR,
            f"from the {who} spawnpoints a character cannot walk to the {', '.join(names)} at "
            f"{hex_list(hexes)}; open a way (climbs of one level, no walls or low obstacles) or move them",
            hexes,
        )


@check("team play: no way out", "HF207", modes=(TEAM_PLAY,))
def no_way_out_from_spawnpoints(ctx: CheckContext) -> Iterator[Problem]:
    """HF207 on a Team Play map: hexes a character walking from any spawnpoint (a character may appear at any
    colour) can get into but never walk out of (:func:`~engine.rules.movement.pockets`, one level a step)."""
    starts = _standing(ctx, Colour)
    if not starts:
        return  # HF111
    pocket = pockets(board(ctx), starts, GAMES[TEAM_PLAY].move_profile((), None))
    if pocket:
        yield no_way_out_problem(ctx, pocket, "a character")
