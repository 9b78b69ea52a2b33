"""Fairness between RED and BLU (HF3xx): the same figures measured from both sides, always.

Every measure runs whether or not the map has a symmetry (HF401): an info line
gives its figures for both sides, and a warning names both figures and the
hexes involved when the sides differ past the measure's tolerance. The figures
come from :mod:`engine.validation.measures`; what only one mode has (a control
point's sightlines, a cart's track, Team Play's sides) is measured and checked in
that mode's package (``engine.games.<mode>.map_checks``). Each tolerance below says
why it is what it is; docs/checks.md has every code with a bad and a fixed map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final

from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.validation.measures import (
    ObjectiveRace,
    kit_split,
    objective_race,
    spawn_zones,
)
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.sides import PerSide
from engine.validation.symmetry import almost, team_symmetry
from engine.validation.wording import plural

__all__ = ["KIT_GAP", "SPAWN_GAP", "TURN_GAP", "CountWords", "count_gaps", "larger", "much_larger"]

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
def _turns(t: int | None) -> str:
    return "never" if t is None else str(t)


def _race_info(race: ObjectiveRace) -> str:
    figures = ", ".join(
        f"{k.name} " + " / ".join(_turns(k.turns[t]) if k.fielded[t] else "—" for t in Team) for k in race.kinds)
    return f"turns to reach {race.goal}, RED / BLU: {figures}"


def _race_warnings(race: ObjectiveRace) -> Iterator[Problem]:
    """One warning per side that is slower for some kind, naming each such kind with both figures; its first hex is
    the slower side's goal (the problems dock goes there: BLU's warning opened on RED's cart, a new-user audit)."""
    for slow in Team:
        hexes = tuple(dict.fromkeys(race.targets[slow][:1] + race.targets[slow.other][:1]))
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
    """Turns for every unit kind the sides field to reach their mode's objective (the modes that have one
    register it: :func:`engine.validation.measures.race`)."""
    for mode in ctx.modes:
        r = objective_race(ctx, mode)
        if r is None or not r.kinds:
            continue
        yield Problem("HF301", Severity.INFO, _race_info(r))
        yield from _race_warnings(r)


def larger(figures: PerSide[int]) -> Team:
    """The side with the larger figure (BLU when they are equal)."""
    return Team.RED if figures.red > figures.blu else Team.BLU


def much_larger(figures: PerSide[int], ratio: float, gap: int) -> Team | None:
    """The side whose figure is more than ``ratio`` times the other's and at least ``gap`` more; None when
    neither's is (counts of sightlines, where a few hexes either way are noise and a share is not)."""
    more = larger(figures)
    hi, lo = figures[more], figures[more.other]
    return more if hi - lo >= gap and hi > ratio * lo else None


#: Words of a count warning: the side with more and both counts give the message.
CountWords = Callable[[Team, PerSide[int]], str]


def count_gaps(code: str, counts: Iterable[tuple[PerSide[tuple[Hex, ...]], CountWords]],
               gap: int, ctx: CheckContext | None = None) -> Iterator[Problem]:
    """A ``code`` warning for each set of hexes counted per side whose sizes differ by at least ``gap``: its
    message is ``words(side with more, both counts)`` and it points at that side's hexes — with ``ctx``, on a
    map with a team symmetry, exact or almost (HF401, HF402: at most a tenth of the hexes break it), only those
    whose image the other side lacks: the extra ones a designer would change (:func:`_unmatched`), not all
    twenty of a side's high ground. A map further from any mirror (HF403) gets all of them: a poor mirror's
    images would pick hexes at random (a review)."""
    for hexes, words in counts:
        n = PerSide(len(hexes.red), len(hexes.blu))
        if abs(n.red - n.blu) >= gap:
            more = larger(n)
            shown = hexes[more] if ctx is None else _unmatched(ctx, hexes[more], hexes[more.other], near=True)
            yield Problem(code, Severity.WARNING, words(more, n), shown)


@check("spawn zone sizes", "HF314", "HF315", when=lambda rules: rules.spawn_zones)
def spawn_sizes(ctx: CheckContext) -> Iterator[Problem]:
    """Both sides should have as many spawn hexes their units can be placed on."""
    zones = spawn_zones(ctx)
    if zones is None:
        return
    n = zones.sizes
    yield Problem("HF314", Severity.INFO, f"spawn hexes each side's units can be placed on: RED {n.red}, BLU {n.blu}")
    if abs(n.red - n.blu) >= SPAWN_GAP:
        big = larger(n)
        yield Problem(
            "HF315", Severity.WARNING,
            f"{big.value}'s spawn zone has {n[big]} hexes to spawn on but {big.other.value}'s has {n[big.other]}; "
            "paint or remove spawn hexes so both zones are the same size",
            _unmatched(ctx, zones.hexes[big], zones.hexes[big.other]),
        )


def _unmatched(ctx: CheckContext, mine: tuple[Hex, ...], theirs: tuple[Hex, ...],
               near: bool = False) -> tuple[Hex, ...]:
    """The hexes of ``mine`` whose image under the map's best team symmetry is not in ``theirs``: the ones
    to look at; all of ``mine`` when the map has no such symmetry (with ``near``, none within HF402's threshold)
    or every hex has its image. HF315 takes the best symmetry however loose: on a map with a patch turned, its
    images still single out a spawn zone's extra hex."""
    fit = team_symmetry(ctx)
    if fit is None or near and not almost(ctx.map, fit):
        return mine
    other = set(theirs)
    odd = tuple(h for h in mine if fit.image(h) not in other)
    return odd or mine


@check("kit balance", "HF304", "HF307", when=lambda rules: rules.uses_kits)
def kit_balance(ctx: CheckContext) -> Iterator[Problem]:
    """Each side should have as many first-aid kits nearer its spawn (walking steps) as the other (in a game
    whose units heal at kits: elsewhere HF113 says to erase them, and asking to move one contradicted it)."""
    split = kit_split(ctx)
    if split is None:
        return
    n = PerSide(len(split.nearer.red), len(split.nearer.blu))
    yield Problem("HF307", Severity.INFO, f"first-aid kits nearer each side's spawn: RED {n.red}, BLU {n.blu}")
    if abs(n.red - n.blu) >= KIT_GAP:
        more = larger(n)
        yield Problem(
            "HF304", Severity.WARNING,
            f"{more.value} has more first-aid kits nearer its spawn (RED {n.red}, BLU {n.blu}); "
            "move or add a kit so each side has as many",
            split.nearer[more],
        )
