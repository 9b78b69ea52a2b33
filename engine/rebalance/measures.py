"""The validator's fairness measures of one map, side by side, and which side they favour.

:func:`figures` reads, for each team, what the validator's fairness checks
measure (docs/checks.md, HF301–HF313): how many turns each unit kind needs from
its spawn to the objective (the balance report's races,
:func:`engine.simulation.balance.races`), the first-aid kits nearer its spawn,
its spawn zone's size, and the mode's own measures, which its package registers
(:mod:`engine.rebalance.modes`): in King of the Board the hexes it can see the
control point from, in Payload Race its track's pushes and the stretch of the
enemy track it can contest.
:meth:`Figures.lean` folds them into one number in turns (RED's head start:
positive favours RED) that orders the candidates: a change that moves it toward
the disadvantaged side is tried first. Games decide; the lean only orders.

The spawn zone sizes and the kit split are the validator's own typed measures
(:func:`engine.validation.measures.spawn_zones`, :func:`~engine.validation.measures.kit_split`,
the figures HF314 and HF307 report), on the scenario's ruleset. The turns stay
the balance report's races (the mean over the kinds of steps over speed, a
finer figure than the validator's whole turns per kind, and with the paths the
route edits follow), and King of the Board's exposure counts every hex a side
walks to (the validator's HF305 counts only each side's half).

:class:`Place` says where a hex is in words (whose side, how far from the
objective, which the mode names) for :mod:`engine.rebalance.changes`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.games.game import playing_ruleset
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.rebalance.modes import fixes_of
from engine.rules.board import Board
from engine.rules.movement import Reach, flood
from engine.scenario import Scenario
from engine.simulation.balance import races
from engine.validation.measures import kit_split, spawn_zones
from engine.validation.registry import CheckContext

__all__ = ["Figures", "Place", "figures", "walk"]

#: How much each measure weighs in :meth:`Figures.lean`, in turns of head start per unit of the measure.
KIT_WEIGHT = 0.5
SPAWN_WEIGHT = 0.1
EXPOSURE_WEIGHT = 2.0
PUSH_WEIGHT = 0.5
CONTEST_WEIGHT = 0.1


def walk(board: Board, mode: Mode, team: Team) -> Reach:
    """Where an ordinary unit of ``team`` walks from its spawn under ``mode``'s climbing rule."""
    starts = [i for i in board.spawn_zone(team) if not board.wall[i]]
    return flood(board, starts, GAMES[mode].move_profile((), team))


@dataclass(frozen=True)
class Figures:
    """Per team: mean turns to the objective over the unit kinds, kits nearer, exposure, spawn size, pushes,
    contested steps (0 where a measure does not apply to the mode)."""

    turns: dict[Team, float]
    kits: dict[Team, int]
    exposure: dict[Team, int]
    spawn: dict[Team, int]
    pushes: dict[Team, int]
    contest: dict[Team, int]
    paths: dict[Team, tuple[tuple[Hex, ...], ...]]

    def lean(self) -> float:
        """RED's static head start in turns (negative: BLU's); see the module docstring."""
        r, b = Team.RED, Team.BLU
        out = self.turns[b] - self.turns[r]
        out += KIT_WEIGHT * (self.kits[r] - self.kits[b]) + SPAWN_WEIGHT * (self.spawn[r] - self.spawn[b])
        seen = self.exposure[r] + self.exposure[b]
        if seen:
            out += EXPOSURE_WEIGHT * (self.exposure[r] - self.exposure[b]) / seen
        out += PUSH_WEIGHT * (self.pushes[b] - self.pushes[r]) + CONTEST_WEIGHT * (self.contest[r] - self.contest[b])
        return out

    def words(self) -> str:
        """The figures that differ between the sides, in words (empty when none does)."""
        parts = []
        for name, fig, fmt in (("turns to the objective", self.turns, "{:.1f}"), ("kits nearer", self.kits, "{}"),
                               ("hexes seeing the point", self.exposure, "{}"), ("spawn hexes", self.spawn, "{}"),
                               ("pushes", self.pushes, "{}"), ("contested steps", self.contest, "{}")):
            if fmt.format(fig[Team.RED]) != fmt.format(fig[Team.BLU]):
                parts.append(f"{name} RED {fmt.format(fig[Team.RED])}, BLU {fmt.format(fig[Team.BLU])}")
        return "; ".join(parts)


def _zero() -> dict[Team, int]:
    return {t: 0 for t in Team}


def figures(scenario: Scenario) -> Figures:
    """The measures of ``scenario``'s map for its mode (see the module docstring); never plays a game.

    Raises RulesetError when the scenario's ruleset cannot be resolved.
    """
    m = scenario.map
    mode = scenario.mode
    spawn = {t: len(m.spawns.get(t, ())) for t in Team}
    if not GAMES[mode].spawn_zones or not all(spawn.values()):
        return Figures({t: 0.0 for t in Team}, _zero(), _zero(), spawn, _zero(), _zero(), {t: () for t in Team})
    _, race = races(scenario)
    turns = {t: 0.0 for t in Team}
    paths: dict[Team, list[tuple[Hex, ...]]] = {t: [] for t in Team}
    for r in race:
        for t in Team:
            steps = len(r.paths[t]) - 1 if r.paths[t] else 3 * len(m.cells)
            turns[t] += steps / r.speed / max(1, len(race))
            if r.paths[t] and r.paths[t] not in paths[t]:
                paths[t].append(r.paths[t])
    board = Board.for_map(m)
    reach = {t: walk(board, mode, t) for t in Team}
    ctx = CheckContext(m, (mode,), ruleset=playing_ruleset(scenario))
    zones = spawn_zones(ctx)
    if zones is not None:
        spawn = {t: zones.sizes[t] for t in Team}
    split = kit_split(ctx)
    kits = {t: len(split.nearer[t]) for t in Team} if split is not None else _zero()
    hook = fixes_of(mode).figures
    own = hook(scenario, board, reach) if hook is not None else {}
    return Figures(turns, kits, own.get("exposure", _zero()), spawn, own.get("pushes", _zero()),
                   own.get("contest", _zero()), {t: tuple(p) for t, p in paths.items()})


class Place:
    """Where hexes are on one map, for words: whose spawn is nearer, how far the objective is."""

    def __init__(self, scenario: Scenario) -> None:
        m = scenario.map
        self.board = Board.for_map(m)
        mode = scenario.mode
        fixes = fixes_of(mode)
        mine = fixes.goal_hexes(scenario) if fixes.goal_hexes is not None else None
        self.goal_hexes = mine if mine is not None else self._middle(scenario)
        self.goal = fixes.goal
        has_zones = GAMES[mode].spawn_zones and all(m.spawns.get(t) for t in Team)
        self._reach = {t: walk(self.board, mode, t) for t in Team} if has_zones else {}

    @staticmethod
    def _middle(scenario: Scenario) -> tuple[Hex, ...]:
        m = scenario.map
        qs, rs = [h.q for h in m.cells], [h.r for h in m.cells]
        mid = Hex(round(sum(qs) / len(qs)), round(sum(rs) / len(rs)))
        return (min(m.cells, key=lambda h: (h.distance(mid), h)),)

    def side(self, h: Hex) -> Team | None:
        """The team whose spawn is fewer walking steps from ``h`` (None when even, unreachable or no zones)."""
        if not self._reach:
            return None
        d = {t: self._reach[t].distance(h) for t in Team}
        if d[Team.RED] == d[Team.BLU]:
            return None
        return min(Team, key=lambda t: math.inf if d[t] is None else d[t])  # type: ignore[arg-type,return-value]

    def goal_distance(self, h: Hex) -> int:
        """Hexes from ``h`` to the nearest objective hex."""
        return min(h.distance(g) for g in self.goal_hexes) if self.goal_hexes else 0
