"""What the sides race to on a map, without playing: every mode's objective race for the balance report.

Each mode says what its sides race to (:meth:`~engine.games.modes.ModeRules.race_plan`,
records of :mod:`engine.games.goals`): King of the Board the control point;
Payload Race its own cart, the enemy's cart and the end of its track (the walk,
then one push a turn); Team Play, from each spawnpoint colour, a line of sight
to another colour's spawnpoints, an ammo tile and a weapon rack. This module
walks every pickable mobile unit kind from each side's start to each goal under
the mode's movement rules (its climbing rule, the Scout's jump, enemy spawns),
counts turns as steps over the kind's speed (one move a turn) rounded up, and
says in words where one side needs more turns than another. It never asks
which mode it is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.frozendict import FrozenDict
from engine.games.game import Game
from engine.games.goals import Goal, RacePlan, Side
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.movement import flood
from engine.scenario import Scenario

__all__ = ["Objective", "Race", "evidence", "objective"]


def _turns(n: int | None) -> str:
    if n is None:
        return "never"
    return "one turn" if n == 1 else f"{n} turns"


@dataclass(frozen=True)
class Race:
    """How many turns a unit kind needs from each side's start to a goal, the way it walks and where it is
    after each turn.

    ``turns`` and ``paths`` are keyed by side (teams, or Team Play's spawnpoint
    colours) in report order; ``goal`` names what it races to (empty: the
    study's main goal); ``stations[side][t]`` is where the racer (``racer``:
    the unit, or Payload Race's cart) stands after ``t`` turns (empty: along the
    path, ``speed`` hexes a turn).
    """

    kind: str
    name: str
    speed: int
    turns: Mapping[Side, int | None]
    paths: Mapping[Side, tuple[Hex, ...]]
    goal: str = ""
    stations: Mapping[Side, tuple[Hex, ...]] = field(default_factory=lambda: FrozenDict({}))
    racer: str = "it"

    @property
    def sides(self) -> tuple[Side, ...]:
        """The sides that race, in report order."""
        return tuple(self.turns)

    def _known(self) -> dict[Side, int] | None:
        known = {s: t for s, t in self.turns.items() if t is not None}
        return known if len(known) == len(self.turns) and known else None

    @property
    def gap(self) -> int:
        """Turns the slowest side needs more than the fastest (0 when even or when a side never gets there)."""
        known = self._known()
        return max(known.values()) - min(known.values()) if known else 0

    def slower(self) -> Side | None:
        """The side that needs the most turns (the first such in report order; None when even)."""
        known = self._known()
        if not known or not self.gap:
            return None
        return max(known, key=lambda s: (known[s], -self.sides.index(s)))

    def faster(self) -> Side | None:
        """The side that needs the fewest turns (the first such in report order; None when even)."""
        known = self._known()
        if not known or not self.gap:
            return None
        return min(known, key=lambda s: (known[s], self.sides.index(s)))

    def where(self, side: Side, turn: int) -> Hex:
        """Where ``side``'s racer stands after ``turn`` turns."""
        st = self.stations.get(side)
        if st:
            return st[min(len(st) - 1, turn)]
        path = self.paths[side]
        return path[min(len(path) - 1, turn * self.speed)]

    def still_at(self) -> Hex | None:
        """Where the slower side's racer stands when the faster side's has arrived."""
        slow, fast = self.slower(), self.faster()
        if slow is None or fast is None:
            return None
        fast_turns = self.turns[fast]
        assert fast_turns is not None
        return self.where(slow, fast_turns)

    def never_words(self, goal: str = "") -> str | None:
        """The evidence sentence when some sides never get there and others do ("BLU's Heavy never gets to the
        point by ordinary moves; RED's needs 3 turns."), else None. The races walk with each kind's ordinary
        movement, so the words say so: a rocket jump may still get there (the validator's HF201 counts it)."""
        never = [s for s, t in self.turns.items() if t is None]
        some = [s for s, t in self.turns.items() if t is not None]
        if not never or not some:
            return None
        to = self.goal or goal
        if isinstance(never[0], Team):
            return (f"{never[0].value}'s {self.name} never gets to {to} by ordinary moves; {some[0].value}'s needs "
                    f"{_turns(self.turns[some[0]])}.")
        got = ", ".join(f"{_turns(self.turns[s])} from the {s.value} ones" for s in some)
        return (f"From the {' and '.join(s.value for s in never)} spawnpoints the {self.name} never gets to {to} by "
                f"ordinary moves ({got}).")

    def words(self, goal: str = "", who: str = "") -> str:
        """The evidence sentence for an uneven race ("BLU's Heavy needs one turn more to the point (3 turns
        against 2): when RED's arrives it is still at 3,-2."); ``goal`` names the goal when the race does not,
        ``who`` the kinds when several share the sentence ("Soldier and Heavy")."""
        slow, fast = self.slower(), self.faster()
        assert slow is not None and fast is not None
        to = self.goal or goal
        needs = "needs" if not who or who.startswith("every ") else "need"
        figures = f"{_turns(self.turns[slow])} against {_turns(self.turns[fast])}"
        if isinstance(slow, Team):
            whose = (f"{slow.value}'s {who or self.name}" if not who.startswith("every ")
                     else f"{who[0].upper()}{who[1:]} of {slow.value}")
            return (f"{whose} {needs} {_turns(self.gap)} more to {to} ({figures}): when "
                    f"{fast.value}'s arrives {self.racer} is still at {self.still_at()}.")
        whose = who if who.startswith("every ") else f"the {who or self.name}"
        fast_turns = self.turns[fast]
        assert fast_turns is not None
        # every colour behind the fastest, the slowest first; colours as far behind share their words (an audit moved
        # blue's rack: blue fell two turns behind red, and the sentence named only yellow, three behind as before)
        behind: dict[int, list[Side]] = {}
        for side in self.sides:
            t = self.turns[side]
            if t is not None and t > fast_turns:
                behind.setdefault(t, []).append(side)
        groups = sorted(behind.items(), reverse=True)
        slows = [side for _, sides in groups for side in sides]
        at = " and ".join(str(self.where(side, fast_turns)) for side in slows)
        more = " and from the ".join(f"{' and '.join(c.value for c in sides)} "
                                     + (f"spawnpoints {whose} {needs} " if k == 0 else "ones ")
                                     + f"{_turns(t - fast_turns)} more" for k, (t, sides) in enumerate(groups))
        figures = " and ".join(_turns(t) for t, _ in groups) + f" against {_turns(fast_turns)}"
        return (f"From the {more} to {to} ({figures} from the {fast.value} ones): when that one "
                f"arrives {f'{self.racer} is' if len(slows) == 1 else 'they are'} still at {at}.")


@dataclass(frozen=True)
class Objective:
    """A map's races: the main ``goal`` in words, the words for a side's first score, and every race."""

    goal: str
    first_score: str
    races: tuple[Race, ...]
    sides: tuple[Side, ...] = tuple(Team)


def _race(game: Game, plan: RacePlan, goal: Goal, kind: str) -> Race:
    b = game.board
    st = game.stats[kind]
    turns: dict[Side, int | None] = {}
    paths: dict[Side, tuple[Hex, ...]] = {}
    stations: dict[Side, tuple[Hex, ...]] = {}
    for side in plan.sides:
        team = side if isinstance(side, Team) else None
        starts = plan.starts.get(side, ())
        reach = flood(b, starts, game.profile(kind, team), blocked=plan.blocked) if starts else None
        dist = {c: d for c in goal.cells.get(side, ()) if reach is not None and (d := reach.distance(c)) is not None}
        if reach is None or not dist:
            turns[side], paths[side] = None, ()
            continue
        end = min(dist, key=lambda c: (dist[c], c))
        walk = math.ceil(dist[end] / st.speed)
        paths[side] = tuple(reach.path(end))
        track = goal.then.get(side, ())
        if len(track) < 2:
            turns[side] = walk
            continue
        first = max(walk, 1)  # a push takes a turn; a token may move and push in the same one
        hexes = [b.hexes[c] for c in track]
        stations[side] = (hexes[0],) * first + tuple(hexes[1:])
        turns[side] = first + len(track) - 2
    return Race(kind, st.name, st.speed, turns, paths, goal.words, stations, goal.racer)


def objective(scenario: Scenario) -> Objective:
    """Every race of ``scenario``'s map: for each goal of its mode, each pickable mobile kind in ruleset order.

    A mode without races gives none (its goal "the objective"). Raises RulesetError as
    :meth:`~engine.games.game.Game.of`.
    """
    game = Game.of(scenario)
    plan = game.rules.race_plan(game)
    if plan is None or not plan.goals:
        return Objective("the objective", "scores its first point", ())
    kinds = [k for k, st in game.stats.items() if st.pickable and st.mobile and st.speed > 0]
    races = tuple(_race(game, plan, goal, kind) for goal in plan.goals for kind in kinds)
    return Objective(plan.goals[0].words, plan.first_score, races, plan.sides)


def _names(names: list[str], every: bool, unit: str = "unit") -> str:
    if every:
        return f"every {_kind(unit)}"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _kind(unit: str) -> str:
    """"unit kind" for units of kinds; a mode whose pieces are each one of a kind (Team Play's characters) says
    just "character"."""
    return "unit kind" if unit == "unit" else unit


def evidence(races: tuple[Race, ...] | list[Race], goal: str, unit: str = "unit") -> list[str]:
    """The evidence sentences of the races, per goal: one per uneven race (kinds with the same figures share
    it), and when every kind is even, that it is ("Every unit kind needs as many turns to the point from
    either spawn."). ``goal`` names the races that name none."""
    out: list[str] = []
    for g in dict.fromkeys(r.goal or goal for r in races):
        mine = [r for r in races if (r.goal or goal) == g]
        groups: dict[tuple[object, ...], list[Race]] = {}
        for r in mine:
            if r.gap:
                groups.setdefault((tuple(r.turns.items()), r.still_at()), []).append(r)
        for same in groups.values():
            who = _names([r.name for r in same], len(same) == len(mine) > 1, unit)
            out.append(same[0].words(goal, who if len(same) > 1 else ""))
        never = [w for r in mine if (w := r.never_words(goal)) is not None]
        out += never
        where = "either spawn" if mine and all(isinstance(s, Team) for s in mine[0].sides) else "any spawnpoint colour"
        if mine and all(t is None for r in mine for t in r.turns.values()):
            out.append(f"No {_kind(unit)} gets to {g} from {where}.")
        elif mine and not groups and not never:
            out.append(f"Every {_kind(unit)} needs as many turns to {g} from {where}.")
    return out
