"""Known-answer benchmark of ``hexfort balance --compare`` (#19): map pairs whose answer is known by construction.

Every pair is built by code from a bundled scenario (maps/*.scenario.json):

- **equal** pairs, equally fair by construction: the map (and its units) mirrored top-bottom, rotated by 180°,
  or written to disk and read back ("re-saved"). The answer must never be "changed" nor any secondary figure
  "significant": each one that is, is a false alarm (the issue's target: at most 5%).
- **effect** pairs, a one-turn tempo effect by construction: in King of the Board one side's spawn zone and its
  units moved one turn farther from the point (every unit kind the scenario fields needs exactly one turn more,
  checked with the report's own races) or one turn nearer; in Payload Race one side's track ending one hex
  earlier (a cart moves one hex a turn, so one push fewer to win). The answer must be "changed", the right way
  round (the target: at least 90% detected).

Team Play maps have no side-specific feature (both teams spawn on the same coloured spawnpoints), so its pairs
are equal ones only.

Each answer is what ``hexfort balance OTHER --compare`` would say for one seed with the heuristic players, at
default settings (``--games auto`` with the default ``--max-games``) unless ``--max-games`` or ``--games`` say
otherwise, played with ``--jobs``. The table gives per pair: answers, false alarms or detections, how many were
decided, games per version, and wall seconds per answer, beside a reference run of bench/_common.py (machines
here swing several-fold: compare reference-loop rates). Payload Race games cost ~50 times King of the Board's,
so choose a subset: ``--modes koth,team_play --seeds 20 --pairs mirrored,spawn``.

Run: ``nice -n 10 python bench/known_answer.py [--modes koth,payload,team_play] [--seeds 20] [--first-seed 1]
[--pairs SUBSTRING,...] [--max-games N | --games N] [--jobs 2] [--json out.json] [--results FILE.jsonl [--table]]
[--list]``. A campaign at default settings takes many core-hours (every equal pair plays to its budget): keep it
in ``--results bench/results/known_answer.jsonl``, which skips the answers already kept and appends each new one,
so it can run a slice a day.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from _common import REPO, commit, reference_rate

from engine.formats import load_map, load_scenario, save_map
from engine.hexgrid import DIRECTIONS, Hex, Symmetry
from engine.mapfeatures import features
from engine.mapmodel import Cell, HexMap, Mode, Team, Terrain
from engine.parallel.backends import local_backend
from engine.scenario import Scenario, TeamSetup
from engine.simulation.autostop import default_max_games, play_until_decided
from engine.simulation.balance import StudyPlan, races, run_study, study_of
from engine.simulation.comparison import compare, headline
from engine.simulation.headline import answer
from engine.validation.playability import blocking, playability

PLAYERS = ("heuristic", "heuristic")

#: ``--pairs campaign``: the 24 pairs of the 20-seed campaign at default settings (docs/balance.md). Every effect
#: pair, and as equal pairs each map mirrored and (King of the Board, Team Play) rotated — the equal pairs whose
#: games differ from the original's. A re-saved map plays the very same games, so its answer can never be a false
#: alarm and tests only the file round trip (it stays in the list of pairs, outside the campaign).
CAMPAIGN = ("one turn", "one hex shorter", "koth_crossroads: mirrored", "koth_crossroads: rotated",
            "koth_quarry: mirrored", "koth_quarry: rotated", "koth_ridge: mirrored", "koth_ridge: rotated",
            "payload_bridges: mirrored", "payload_canal: mirrored", "teamplay_arena: mirrored",
            "teamplay_arena: rotated", "teamplay_bunker: mirrored", "teamplay_bunker: rotated")


@dataclass(frozen=True)
class Pair:
    """Two versions of a scenario and the answer known for them: ``effect`` 0 (equal), -1 (RED's share must
    fall on ``other``) or +1 (rise)."""

    name: str
    kind: str
    mode: Mode
    base: Scenario
    other: Scenario
    effect: int


# -- building the pairs ------------------------------------------------------------------------------------------


def _turn_cell(c: Cell, sym: Symmetry) -> Cell:
    """``c`` after ``sym`` (stairs turn their up direction)."""
    if c.terrain is Terrain.STAIRS and c.stairs_up is not None:
        return Cell(c.height, c.terrain, DIRECTIONS.index(sym.apply(DIRECTIONS[c.stairs_up % 6])))
    return c


def transformed(s: Scenario, sym: Symmetry) -> Scenario:
    """``s`` with its map, features and units moved by ``sym`` about the origin: the same game, seen turned."""
    m = s.map
    f = sym.apply
    new = HexMap.create(
        m.meta, {f(h): _turn_cell(c, sym) for h, c in m.cells.items()},
        {t: [f(h) for h in z] for t, z in m.spawns.items()}, [f(h) for h in m.kits],
        [[f(h) for h in cp] for cp in m.control_points],
        features={k: features()[k].moved(v, f) for k, v in m.features.items()})
    return replace(s, map=new, teams=_moved_units(s, lambda _team, h: f(h)))


def _moved_units(s: Scenario, move: Any) -> dict[Team, TeamSetup]:
    return {t: replace(ts, starting=tuple(replace(u, hex=move(t, u.hex) if u.hex is not None else None)
                                          for u in ts.starting)) for t, ts in s.teams.items()}


def resaved(s: Scenario, folder: Path) -> Scenario:
    """``s`` with its map written to disk and read back."""
    path = folder / f"{s.map.meta.name or 'map'}.map.json"
    save_map(s.map, path)
    return replace(s, map=load_map(path))


def _fielded(s: Scenario, team: Team) -> set[str]:
    kinds = {u.unit for u in s.team(team).starting}
    return kinds or {r.kind for r in races(s)[1]}


def _race_turns(s: Scenario, team: Team) -> dict[str, int | None]:
    return {r.kind: r.turns[team] for r in races(s)[1]}


def _one_turn(before: dict[str, int | None], after: dict[str, int | None], kinds: set[str], turns: int) -> bool:
    """Whether the kinds a team fields arrive ``turns`` turns later (earlier when negative): each by that or not
    at all, most of them by that."""
    deltas = [after[k] - before[k] for k in kinds if before[k] is not None and after[k] is not None]  # type: ignore[operator]
    return (len(deltas) == len(kinds) and all(d in (0, turns) for d in deltas)
            and 2 * sum(d == turns for d in deltas) > len(deltas))


def spawn_moved(s: Scenario, team: Team, turns: int) -> Scenario | None:
    """``s`` with ``team``'s spawn zone and units shifted so that the kinds it fields need ``turns`` more turns to
    the point (negative: fewer; :func:`_one_turn`), the nearest such shift; None when no shift does."""
    m = s.map
    before = _race_turns(s, team)
    kinds = _fielded(s, team)
    taken = set(m.kits) | {h for cp in m.control_points for h in cp} | set(m.spawns.get(team.other, ()))
    for k in range(1, 10):
        for d in DIRECTIONS:
            v = Hex(d.q * k, d.r * k)
            zone = [h + v for h in m.spawns[team]]
            if any(h not in m.cells or m.cells[h].terrain is Terrain.WALL or h in taken for h in zone):
                continue
            moved = replace(s, map=m.with_spawn_zone(team, zone),
                            teams=_moved_units(s, lambda t, h, v=v: h + v if t is team else h))
            if not blocking(playability(moved)) and _one_turn(before, _race_turns(moved, team), kinds, turns):
                return moved
    return None


def walled(s: Scenario, team: Team, most: int = 24) -> Scenario | None:
    """``s`` with walls put on ``team``'s way to the point, one at a time on the first free hex of the way of a
    kind not yet slowed, until the kinds it fields need one turn more (:func:`_one_turn`); the other side's ways
    are never walled and its races must not change. None when that takes more than ``most`` walls."""
    m = s.map
    before, theirs = _race_turns(s, team), _race_turns(s, team.other)
    kinds = _fielded(s, team)
    keep = (set(m.kits) | {h for cp in m.control_points for h in cp} | {h for z in m.spawns.values() for h in z}
            | {u.hex for t in Team for u in s.team(t).starting if u.hex is not None}
            | {h for r in races(s)[1] for h in r.paths[team.other]})
    cur = s
    for _ in range(most):
        after = _race_turns(cur, team)
        if all(after[k] is not None and after[k] - before[k] >= 1 for k in kinds):  # type: ignore[operator]
            ok = _one_turn(before, after, kinds, 1) and _race_turns(cur, team.other) == theirs
            return cur if ok else None
        slow = [r for r in races(cur)[1] if r.kind in kinds and after[r.kind] is not None
                and after[r.kind] - before[r.kind] < 1]  # type: ignore[operator]
        free = [h for h in slow[0].paths[team] if h not in keep] if slow else []
        if not free:
            return None
        c = cur.map.cells[free[0]]
        cur = replace(cur, map=cur.map.with_cell(free[0], Cell(c.height, Terrain.WALL)))
        if blocking(playability(cur)):
            return None
    return None


def track_shortened(s: Scenario, team: Team) -> Scenario:
    """``s`` with ``team``'s cart track ending one hex earlier: one push fewer to win."""
    return replace(s, map=s.map.with_feature_part("tracks", team, s.map.track(team)[:-1]))


def build_pairs(modes: Iterable[Mode], folder: Path) -> list[Pair]:
    """Every pair of the benchmark for ``modes``, in a fixed order (see the module docstring)."""
    out = []
    for path in sorted((REPO / "maps").glob("*.scenario.json")):
        s = load_scenario(path)
        if s.mode not in modes:
            continue
        name = path.name.removesuffix(".scenario.json")
        mirror = _mirror_top_bottom(s)
        out += [Pair(name, "mirrored", s.mode, s, transformed(s, mirror), 0),
                Pair(name, "rotated", s.mode, s, transformed(s, Symmetry(3, False)), 0),
                Pair(name, "re-saved", s.mode, s, resaved(s, folder), 0)]
        if s.mode is Mode.KOTH:
            for team in Team:
                sign = 1 if team is Team.RED else -1  # RED faster: its share must rise
                moved = spawn_moved(s, team, -1)
                if moved is not None:
                    out.append(Pair(name, f"{team.value} spawn one turn nearer", s.mode, s, moved, sign))
                wall = walled(s, team)
                if wall is not None:
                    out.append(Pair(name, f"{team.value} walled, one turn slower", s.mode, s, wall, -sign))
        if s.mode is Mode.PAYLOAD:
            for team in Team:
                out.append(Pair(name, f"{team.value} track one hex shorter", s.mode, s, track_shortened(s, team),
                                1 if team is Team.RED else -1))
    return out


def _mirror_top_bottom(s: Scenario) -> Symmetry:
    """The mirror that flips the map's picture top to bottom (north-south), for its orientation."""
    from engine.layout import Layout

    layout = Layout.named(s.map.meta.orientation.value, 1.0)
    for k in range(6):
        sym = Symmetry(k, True)
        if all(abs(layout.hex_to_pixel(sym.apply(v)).x - layout.hex_to_pixel(v).x) < 1e-9
               and abs(layout.hex_to_pixel(sym.apply(v)).y + layout.hex_to_pixel(v).y) < 1e-9
               for v in (Hex(1, 0), Hex(0, 1))):
            return sym
    raise ValueError("no top-bottom mirror for this orientation")


# -- answering ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """One answer: what ``--compare`` said for a pair and a seed (``change``: the estimated change in RED's share)."""

    pair: str
    seed: int
    change: float
    changed: bool
    direction: int
    any_significant: bool
    decided: bool
    games: int
    seconds: float
    cpu: float
    #: The reference loop's rate in the run that played it (iterations/s; 0: that of the run printing the table).
    ref: float = 0.0

    def correct(self, effect: int) -> bool:
        """Equal pair: nothing significant. Effect pair: changed, the right way round."""
        if effect == 0:
            return not self.any_significant
        return self.changed and self.direction == effect


def budget_of(pair: Pair, max_games: int | None, games: int | None) -> str:
    """The answer's budget as the campaign file keys it: ``games N`` (fixed), ``max-games N``, or, at default
    settings, ``default N`` with N the default cap today (a changed default starts a new series)."""
    if games:
        return f"games {games}"
    if max_games:
        return f"max-games {max_games // 4 * 4}"
    return f"default {default_max_games(pair.mode, [PLAYERS], compare=True)}"


class Campaign:
    """A JSON-lines file of answers that grows across runs: one line per (pair, seed, budget), appended and flushed
    as each answer is found, with the commit that played it and the reference rate of its run."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: dict[tuple[str, int, str], dict[str, Any]] = {}
        if path.exists():
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                    self.rows[(row["pair"], int(row["seed"]), row["budget"])] = row
                except (ValueError, KeyError, TypeError) as e:
                    raise SystemExit(f"{path}:{n}: not an answer line ({e}); remove or mend the line") from None

    def get(self, pair: Pair, seed: int, budget: str) -> Outcome | None:
        """The kept answer for ``pair`` at ``seed`` and ``budget``, if any."""
        row = self.rows.get((f"{pair.name}: {pair.kind}", seed, budget))
        if row is None:
            return None
        fields = {f.name for f in dataclasses.fields(Outcome)}
        return Outcome(**{k: v for k, v in row.items() if k in fields}, ref=float(row.get("reference_rate", 0)))

    def add(self, o: Outcome, pair: Pair, budget: str, ref: float) -> None:
        """Append ``o`` (played for ``pair`` at ``budget``, in a run whose reference loop ran at ``ref``)."""
        row = {**{k: v for k, v in dataclasses.asdict(o).items() if k != "ref"}, "seconds": round(o.seconds, 2), "cpu": round(o.cpu, 2), "budget": budget, "effect": pair.effect, "commit": commit(),
               "reference_rate": round(ref)}
        self.rows[(o.pair, o.seed, budget)] = row
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row, sort_keys=True) + "\n")

    def reference_rate(self) -> float:
        """The median reference rate of the kept answers' runs (0 when none)."""
        rates = sorted(r.get("reference_rate", 0) for r in self.rows.values())
        return float(rates[len(rates) // 2]) if rates else 0.0


def answer_pair(pair: Pair, seed: int, jobs: int, max_games: int | None, games: int | None) -> Outcome:
    """Play and answer ``pair`` for batch seed ``seed`` as ``hexfort balance --compare`` does.

    ``seconds`` is wall time; ``cpu`` the CPU seconds of this process and its worker processes (the pool is
    closed, so its workers are counted, before the answer returns)."""
    t0, c0 = time.perf_counter(), _cpu()
    most = games or max_games or default_max_games(pair.mode, [PLAYERS], compare=True)
    plan = StudyPlan(pair.base, (PLAYERS,), most, seed, pair.other)
    backend = local_backend(jobs, 1000)
    with backend:
        if games:
            played, kept = run_study(plan, backend), plan
        else:
            kept, played, _stop = play_until_decided(plan, backend)
    main, other = study_of(kept, played)
    ans = answer(main, other)
    head = headline(main, ans, other=other)
    change = head.answers[0].test if head.answers else None
    direction = head.direction  # the headline's: with the base even by construction, the other's own side answer
    sig = head.changed or any(r.significant for r in compare(main, ans))
    estimate = change.estimate if change is not None else 0.0  # the paired estimate, kept as a figure; the answer
    # (changed, direction) is the headline's, which with one version even by construction rests on the other's side
    return Outcome(f"{pair.name}: {pair.kind}", seed, estimate, head.changed, direction, sig, head.decided, kept.games,
                   time.perf_counter() - t0, _cpu() - c0)


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def table(pairs: Sequence[Pair], outcomes: dict[str, list[Outcome]], ref: float) -> str:
    """The results as a Markdown table, a row per pair and a total per kind of answer."""
    lines = ["| game | pair | answers | false alarms / detected | decided | games per version (mean) | "
             "wall s per answer (mean) | CPU per answer (mean): s / M ref. iterations |",
             "|---|---|---|---|---|---|---|---|"]
    totals = {0: [0, 0], 1: [0, 0]}
    for p in pairs:
        got = outcomes.get(f"{p.name}: {p.kind}", [])
        if not got:
            continue
        right = sum(o.correct(p.effect) for o in got)
        cpu = sum(o.cpu for o in got) / len(got)
        iterations = sum(o.cpu * (o.ref or ref) for o in got) / len(got)  # each answer at its own run's rate
        key = 0 if p.effect == 0 else 1
        totals[key][0] += right if key else len(got) - right
        totals[key][1] += len(got)
        what = f"{len(got) - right} false" if p.effect == 0 else f"{right} detected"
        lines.append(f"| {p.mode.value} | {p.name}: {p.kind} | {len(got)} | {what} | "
                     f"{sum(o.decided for o in got)} | {sum(o.games for o in got) / len(got):.0f} | "
                     f"{sum(o.seconds for o in got) / len(got):.1f} | {cpu:.1f} / {iterations / 1e6:.0f} |")
    fa, n0 = totals[0]
    det, n1 = totals[1]
    lines.append("")
    if n0:
        lines.append(f"false alarms on equal pairs: {fa} of {n0} answers ({100 * fa / n0:.1f}%; target <= 5%)")
    if n1:
        lines.append(f"one-turn effects detected: {det} of {n1} answers ({100 * det / n1:.1f}%; target >= 90%)")
    lines.append(f"reference loop: {ref / 1e6:.1f} M iterations/s (bench/_common.py; kept answers count at their "
                 "own run's rate)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modes", default="koth,payload,team_play", help="games to include (comma-separated)")
    ap.add_argument("--seeds", type=int, default=20, help="batch seeds per pair (default 20)")
    ap.add_argument("--first-seed", type=int, default=1, help="the first batch seed (default 1)")
    ap.add_argument("--pairs", default="", help="only pairs whose name contains one of these (comma-separated); "
                    "'campaign': the 24 pairs of the 20-seed campaign")
    ap.add_argument("--max-games", type=int, default=None, help="--games auto's budget (default: the command's)")
    ap.add_argument("--games", type=int, default=None, help="play exactly N games per version instead of auto")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", metavar="FILE", help="also write every answer as JSON")
    ap.add_argument("--results", metavar="FILE.jsonl",
                    help="a campaign file: answers already in it (same pair, seed and budget) are not played again "
                         "and count in the table; each new answer is appended as it is found, so a campaign "
                         "can stop and resume across days (bench/results/known_answer.jsonl is the kept one)")
    ap.add_argument("--table", action="store_true", help="with --results: print the table of its answers, play none")
    ap.add_argument("--list", action="store_true", help="list the pairs and stop")
    args = ap.parse_args(argv)
    modes = {Mode(m.strip()) for m in args.modes.split(",") if m.strip()}
    wanted = [w.strip() for w in args.pairs.split(",") if w.strip()]
    if wanted == ["campaign"]:
        wanted = list(CAMPAIGN)
    with tempfile.TemporaryDirectory() as tmp:
        pairs = [p for p in build_pairs(modes, Path(tmp))
                 if not wanted or any(w in f"{p.name}: {p.kind}" for w in wanted)]
    if args.list:
        for p in pairs:
            print(f"{p.mode.value:9} {p.name}: {p.kind} (effect {p.effect:+d})")
        return 0
    store = Campaign(Path(args.results)) if args.results else None
    ref = reference_rate() if not args.table else (store.reference_rate() if store else 0.0)
    print(f"{len(pairs)} pairs x {args.seeds} seeds; reference loop {ref / 1e6:.1f} M it/s", file=sys.stderr)
    outcomes: dict[str, list[Outcome]] = {}
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    try:
        for seed in seeds:
            for p in pairs:
                budget = budget_of(p, args.max_games, args.games)
                kept = store.get(p, seed, budget) if store else None
                if kept is not None or args.table:
                    if kept is not None:
                        outcomes.setdefault(kept.pair, []).append(kept)
                    continue
                o = answer_pair(p, seed, args.jobs, args.max_games, args.games)
                if store:
                    store.add(o, p, budget, ref)
                outcomes.setdefault(o.pair, []).append(o)
                mark = "ok" if o.correct(p.effect) else ("FALSE ALARM" if p.effect == 0 else "missed")
                print(f"seed {seed} {o.pair}: {mark} ({o.games} games per version, {o.seconds:.1f} s, "
                      f"{o.cpu:.1f} s CPU"
                      f"{'' if o.decided else ', undecided'})", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("interrupted: the table covers the answers so far", file=sys.stderr)
    print(table(pairs, outcomes, ref))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "args": vars(args), "reference_rate": ref,
            "answers": [{**o.__dict__, "effect": next(p.effect for p in pairs if f"{p.name}: {p.kind}" == o.pair)}
                        for got in outcomes.values() for o in got]}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
