"""Fairness between RED and BLU (HF3xx): the same figures measured from both sides, always.

Every measure runs whether or not the map has a symmetry (HF401): an info line
gives its figures for both sides, and a warning names both figures and the
hexes involved when the sides differ past the measure's tolerance. The figures
come from :mod:`engine.validation.measures` (Payload Race's tracks:
:mod:`engine.validation.payload_fairness`; Team Play's sides:
:mod:`engine.validation.teamplay_fairness`). Each tolerance below says why it
is what it is; docs/checks.md has every code with a bad and a fixed map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.rules.fov import seers
from engine.rules.sight import Sight
from engine.validation.measures import (
    ObjectiveRace,
    kit_split,
    objective_race,
    point_ground,
    point_sightlines,
    spawn_zones,
)
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.sides import PerSide
from engine.validation.symmetry import team_symmetry
from engine.validation.wording import plural

__all__ = ["EXPOSURE_MIN_GAP", "EXPOSURE_RATIO", "GROUND_GAP", "KIT_GAP", "SPAWN_GAP", "TURN_GAP",
           "exposure_counts"]

#: Warn when a unit kind needs this many more turns from one side than from the other: the games are
#: races of single turns (a point held one turn sooner scores first), so any whole turn shows.
TURN_GAP: Final = 1
#: Warn when one side has this many more first-aid kits nearer its spawn: kits are few (two to four a
#: map) and each heals a unit every few turns, so one kit is already a lasting edge.
KIT_GAP: Final = 1
#: Warn when one side's spawn zone has this many more hexes to spawn on: a zone's size decides where
#: units can appear and how many can wait in safety, and the painted zones of a fair map match exactly,
#: so any difference is a slip (issue #19: one spawn hex added on Crossroads went unreported).
SPAWN_GAP: Final = 1
#: Warn when one side can see the control point from this many times more hexes of its half...
EXPOSURE_RATIO: Final = 1.25
#: ...and the difference is at least this many hexes (a few hexes of sightline either way are noise on
#: a map of hundreds).
EXPOSURE_MIN_GAP: Final = 4
#: Warn when one side has this many more high or hidden hexes within a move of the point. Counts run
#: from 0 to about 20 on the bundled maps; one hex more is one unit's spot, within what an unsymmetric
#: layout needs, two are a place a team will fight from.
GROUND_GAP: Final = 2


def _turns(t: int | None) -> str:
    return "never" if t is None else str(t)


def _race_info(race: ObjectiveRace) -> str:
    figures = ", ".join(
        f"{k.name} " + " / ".join(_turns(k.turns[t]) if k.fielded[t] else "—" for t in Team) for k in race.kinds)
    return f"turns to reach {race.goal}, RED / BLU: {figures}"


def _race_warnings(race: ObjectiveRace) -> Iterator[Problem]:
    """One warning per side that is slower for some kind, naming each such kind with both figures."""
    hexes = tuple(sorted(set(race.targets.red[:1] + race.targets.blu[:1])))
    for slow in Team:
        late = [(k.name, k.turns[slow], k.turns[slow.other]) for k in race.kinds
                if (a := k.turns[slow]) is not None and (b := k.turns[slow.other]) is not None and a - b >= TURN_GAP]
        if late:
            kinds = ", ".join(f"{name} {a} vs {b}" for name, a, b in late)
            yield Problem(
                "HF302", Severity.WARNING,
                f"{slow.value} needs more turns than {slow.other.value} to reach {race.goal} with "
                f"{plural(len(late), 'unit kind', 'unit kinds')} ({slow.value} vs {slow.other.value}: {kinds}); "
                "move a spawn or reshape the routes",
                hexes,
            )


@check("race to the objective", "HF301", "HF302")
def race(ctx: CheckContext) -> Iterator[Problem]:
    """Turns for every unit kind the sides field to reach the point (or beside its cart)."""
    for mode in (Mode.KOTH, Mode.PAYLOAD):
        if mode not in ctx.modes:
            continue
        r = objective_race(ctx, mode)
        if r is None or not r.kinds:
            continue
        yield Problem("HF301", Severity.INFO, _race_info(r))
        yield from _race_warnings(r)


def _more(figures: PerSide[int]) -> Team:
    return Team.RED if figures.red > figures.blu else Team.BLU


@check("spawn zone sizes", "HF314", "HF315", modes=(Mode.KOTH, Mode.PAYLOAD))
def spawn_sizes(ctx: CheckContext) -> Iterator[Problem]:
    """Both sides should have as many spawn hexes their units can be placed on."""
    zones = spawn_zones(ctx)
    if zones is None:
        return
    n = zones.sizes
    yield Problem("HF314", Severity.INFO, f"spawn hexes each side's units can be placed on: RED {n.red}, BLU {n.blu}")
    if abs(n.red - n.blu) >= SPAWN_GAP:
        big = _more(n)
        yield Problem(
            "HF315", Severity.WARNING,
            f"{big.value}'s spawn zone has {n[big]} hexes to spawn on but {big.other.value}'s has {n[big.other]}; "
            "paint or remove spawn hexes so both zones are the same size",
            _unmatched(ctx, zones.hexes[big], zones.hexes[big.other]),
        )


def _unmatched(ctx: CheckContext, mine: tuple[Hex, ...], theirs: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """The hexes of ``mine`` whose image under the map's (near) team symmetry is not in ``theirs``: the ones
    to look at; all of ``mine`` when the map has no such symmetry or every hex has its image."""
    fit = team_symmetry(ctx)
    if fit is None:
        return mine
    other = set(theirs)
    odd = tuple(h for h in mine if fit.image(h) not in other)
    return odd or mine


@check("kit balance", "HF304", "HF307")
def kit_balance(ctx: CheckContext) -> Iterator[Problem]:
    """Each side should have as many first-aid kits nearer its spawn (walking steps) as the other."""
    split = kit_split(ctx)
    if split is None:
        return
    n = PerSide(len(split.nearer.red), len(split.nearer.blu))
    yield Problem("HF307", Severity.INFO, f"first-aid kits nearer each side's spawn: RED {n.red}, BLU {n.blu}")
    if abs(n.red - n.blu) >= KIT_GAP:
        more = _more(n)
        yield Problem(
            "HF304", Severity.WARNING,
            f"{more.value} has more first-aid kits nearer its spawn (RED {n.red}, BLU {n.blu}); "
            "move or add a kit so each side has as many",
            split.nearer[more],
        )


#: How exposure asks who sees a hex: a function like :func:`engine.rules.fov.seers`.
Seers = Callable[[Sight, int, set[int]], set[int]]


def exposure_counts(
    sight: Sight, cells: dict[Team, list[int]], cp: list[int], who_sees: Seers = seers
) -> dict[Team, int]:
    """Per team, how many of its ``cells`` outside ``cp`` see at least one hex of ``cp`` (standing heights).

    One field-of-view sweep per hex of ``cp`` over both teams' cells; benches
    and tests pass :func:`engine.rules.fov.seers_pairwise` as ``who_sees`` for
    the same count by one sight check per pair. (The check itself counts each
    side's half with :func:`engine.validation.measures.point_sightlines`.)
    """
    todo = set().union(*cells.values()).difference(cp)
    seen: set[int] = set()
    for c in cp:
        hit = who_sees(sight, c, todo)
        seen |= hit
        todo -= hit
    return {team: len(seen.intersection(mine)) for team, mine in cells.items()}


@check("control point exposure", "HF305", "HF306", modes=(Mode.KOTH,))
def exposure(ctx: CheckContext) -> Iterator[Problem]:
    """From how many hexes of its half (hexes it walks to first) each side can see, and so shoot at, the point."""
    lines = point_sightlines(ctx)
    if lines is None:
        return
    n = PerSide(len(lines.seers.red), len(lines.seers.blu))
    lo, hi = min(n.red, n.blu), max(n.red, n.blu)
    if hi - lo >= EXPOSURE_MIN_GAP and hi > EXPOSURE_RATIO * lo:
        more = _more(n)
        yield Problem(
            "HF306", Severity.WARNING,
            f"{more.value} can see the control point from many more hexes of its half (RED {n.red}, BLU {n.blu}); "
            "add cover on that side or open sightlines on the other",
            lines.point,
        )
    yield Problem("HF305", Severity.INFO,
                  f"hexes of each side's half that see the control point: RED {n.red}, BLU {n.blu}")


@check("cover and height near the point", "HF316", "HF317", modes=(Mode.KOTH,))
def ground(ctx: CheckContext) -> Iterator[Problem]:
    """High ground and hidden ground within a move of the point, by the side that reaches it first."""
    g = point_ground(ctx)
    if g is None:
        return
    high = PerSide(len(g.high.red), len(g.high.blu))
    hidden = PerSide(len(g.hidden.red), len(g.hidden.blu))
    yield Problem(
        "HF316", Severity.INFO,
        f"within {plural(g.radius, 'hex', 'hexes')} of the control point, hexes at most one level below it: "
        f"RED {high.red}, BLU {high.blu}; hexes out of its sight: RED {hidden.red}, BLU {hidden.blu}")
    for what, n, hexes, fix in (
        ("high ground (at most one level below the point)", high, g.high,
         "level the ground or raise some on the other side"),
        ("hidden ground (out of the point's sight)", hidden, g.hidden,
         "move the walls or high ground that hide it, or add cover on the other side"),
    ):
        if abs(n.red - n.blu) >= GROUND_GAP:
            more = _more(n)
            yield Problem(
                "HF317", Severity.WARNING,
                f"{more.value} reaches more {what} within {plural(g.radius, 'hex', 'hexes')} of the control point "
                f"first (RED {n.red}, BLU {n.blu}); {fix}",
                hexes[more],
            )

