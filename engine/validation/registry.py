"""The catalogue of map checks: each has a stable code, a title and a function.

A check function takes a :class:`CheckContext` and yields :class:`Problem` values.
Checks must never raise on a bad map: :func:`run_checks` turns a crash into an
``HF999`` problem naming the check, so one broken check cannot hide the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial

from engine.games.modes import GAMES, ModeRules
from engine.mapmodel import HexMap, Mode, Team
from engine.ruleset import Ruleset, UnitStats
from engine.validation.problem import Problem, guarded

__all__ = ["CHECKS", "Check", "CheckContext", "check", "run_checks"]


@dataclass
class CheckContext:
    """What checks look at: the map, the modes it is checked for and, for a scenario, its ruleset and rosters.

    ``modes`` defaults to the modes the map says it is made for. ``ruleset`` is
    the scenario's own ruleset (its overrides applied) when a scenario is
    checked, then ``modes`` is its one mode; None checks a map under each mode's
    built-in ruleset (see :meth:`ruleset_for`). ``rosters`` are the unit kinds a
    scenario lets each team field (a team missing or with an empty roster fields
    every kind; see :meth:`fielded`). Derived data that several checks share is
    cached on the context.
    """

    map: HexMap
    modes: tuple[Mode, ...] = ()
    cache: dict[str, object] = field(default_factory=dict)
    ruleset: Ruleset | None = None
    rosters: Mapping[Team, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.modes:
            self.modes = self.map.meta.modes

    def ruleset_for(self, mode: Mode) -> Ruleset:
        """The ruleset units play by in ``mode``: the scenario's, else the mode's built-in one."""
        return self.ruleset if self.ruleset is not None else GAMES[mode].builtin_ruleset()

    def fielded(self, mode: Mode, team: Team) -> tuple[UnitStats, ...]:
        """The mobile unit kinds ``team`` may field in ``mode``, in the ruleset's order: its scenario
        roster's pickable kinds, else every pickable kind of the ruleset (as :meth:`Game.of` builds
        rosters). Kinds the ruleset does not know are left out (the scenario checks name them)."""
        units = self.ruleset_for(mode).units
        roster = self.rosters.get(team) or tuple(units)
        wanted = set(roster)
        return tuple(u for k, u in units.items() if k in wanted and u.pickable and u.mobile and u.speed > 0)


CheckFn = Callable[[CheckContext], Iterable[Problem]]


@dataclass(frozen=True)
class Check:
    """A registered check: the codes it may report, a title and the function.

    It runs when the map is checked for one of ``modes`` (empty: any), and when
    ``when`` (if given) holds for the rules of one of the modes checked — a fact
    of the mode rather than its name, so a mode added later is checked too.
    """

    name: str
    codes: tuple[str, ...]
    fn: CheckFn
    modes: tuple[Mode, ...] = ()  # empty: runs for every mode
    when: Callable[[ModeRules], bool] | None = None

    def applies(self, modes: Iterable[Mode]) -> bool:
        """Whether the check runs for a map checked for ``modes``."""
        ms = set(modes)
        if self.modes and not ms.intersection(self.modes):
            return False
        return self.when is None or any(self.when(GAMES[m]) for m in ms)


CHECKS: list[Check] = []


def check(name: str, *codes: str, modes: tuple[Mode, ...] = (),
          when: Callable[[ModeRules], bool] | None = None) -> Callable[[CheckFn], CheckFn]:
    """Decorator registering a check function under ``name`` with the codes it reports (see :class:`Check`)."""

    def register(fn: CheckFn) -> CheckFn:
        CHECKS.append(Check(name, codes, fn, modes, when))
        return fn

    return register


def run_checks(ctx: CheckContext, checks: Iterable[Check] | None = None) -> list[Problem]:
    """Run ``checks`` (default: all registered) and return problems sorted for display.

    Sorted by severity, then code, then first hex. A check that raises becomes an
    ``HF999`` error problem instead of an exception.
    """
    out: list[Problem] = []
    for c in CHECKS if checks is None else checks:
        if not c.applies(ctx.modes):
            continue
        out.extend(guarded(f"the {c.name!r} check", partial(c.fn, _for_check(ctx, c))))
    out.sort(key=lambda p: (p.severity.rank, p.code, p.hexes[:1], p.message))
    return out


def _for_check(ctx: CheckContext, c: Check) -> CheckContext:
    """``ctx`` narrowed to the modes ``c`` is about, when the map is checked for others too.

    A map made for King of the Board and Payload Race is walked under the strictest
    climbing rule of its modes by the checks every mode shares; a check of one mode's
    own features (the control point's reach and sightlines) uses that mode's rules,
    as its games do. Narrowed contexts are kept in ``ctx.cache``, so checks of the
    same modes share their derived data.
    """
    modes = tuple(m for m in ctx.modes if (not c.modes or m in c.modes) and (c.when is None or c.when(GAMES[m])))
    if not modes or modes == ctx.modes:
        return ctx
    key = f"narrowed:{','.join(modes)}"
    narrowed = ctx.cache.get(key)
    if not isinstance(narrowed, CheckContext):
        narrowed = CheckContext(ctx.map, modes, ruleset=ctx.ruleset, rosters=ctx.rosters)
        ctx.cache[key] = narrowed
    return narrowed
