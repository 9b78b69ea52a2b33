"""The catalogue of map checks: each has a stable code, a title and a function.

A check function takes a :class:`CheckContext` and yields :class:`Problem` values.
Checks must never raise on a bad map: :func:`run_checks` turns a crash into an
``HF999`` problem naming the check, so one broken check cannot hide the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial

from engine.mapmodel import HexMap, Mode
from engine.ruleset import Ruleset
from engine.validation.problem import Problem, guarded

__all__ = ["CHECKS", "Check", "CheckContext", "check", "run_checks"]


@dataclass
class CheckContext:
    """What checks look at: the map, the modes it is checked for and, for a scenario, its ruleset.

    ``modes`` defaults to the modes the map says it is made for. ``ruleset`` is
    the scenario's (its rule overrides applied) when a scenario is checked; None
    for a plain map, whose rules-aware checks use their mode's built-in ruleset.
    Derived data that several checks share is cached on the context.
    """

    map: HexMap
    modes: tuple[Mode, ...] = ()
    cache: dict[str, object] = field(default_factory=dict)
    ruleset: Ruleset | None = None

    def __post_init__(self) -> None:
        if not self.modes:
            self.modes = self.map.meta.modes


CheckFn = Callable[[CheckContext], Iterable[Problem]]


@dataclass(frozen=True)
class Check:
    """A registered check: the codes it may report, a title and the function."""

    name: str
    codes: tuple[str, ...]
    fn: CheckFn
    modes: tuple[Mode, ...] = ()  # empty: runs for every mode


CHECKS: list[Check] = []


def check(name: str, *codes: str, modes: tuple[Mode, ...] = ()) -> Callable[[CheckFn], CheckFn]:
    """Decorator registering a check function under ``name`` with the codes it reports."""

    def register(fn: CheckFn) -> CheckFn:
        CHECKS.append(Check(name, codes, fn, modes))
        return fn

    return register


def run_checks(ctx: CheckContext, checks: Iterable[Check] | None = None) -> list[Problem]:
    """Run ``checks`` (default: all registered) and return problems sorted for display.

    Sorted by severity, then code, then first hex. A check that raises becomes an
    ``HF999`` error problem instead of an exception.
    """
    out: list[Problem] = []
    for c in CHECKS if checks is None else checks:
        if c.modes and not set(c.modes) & set(ctx.modes):
            continue
        out.extend(guarded(f"the {c.name!r} check", partial(c.fn, ctx)))
    out.sort(key=lambda p: (p.severity.rank, p.code, p.hexes[:1], p.message))
    return out
