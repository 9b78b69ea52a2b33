"""Random self-play throughput on every bundled map of every mode, beside a toy game in the same process.

Prints, per bundled scenario (maps/*.scenario.json), random unit turns per CPU
second for two :class:`~engine.ai.RandomPlayer` s (lazy legal actions: they count
the actions and build the chosen one) and the same figure for a **toy game with
none of the real rules**, played on the same map in the same process; the ratio
of the two ("x toy") is the figure to compare between days and machines (the
issue's bar: >= 0.8 on every map of every mode).

**Unit turn.** One piece's turn: in King of the Board one blueprint turn of one
side (``state.turn`` counts them); in Payload Race and Team Play, where every
piece of a side may act in the side's turn, a team turn is as many unit turns as
the side fields pieces (its team size: six tokens, three characters).

**The toy game** ("Tag", the turn machine's smallest variant, kept here as it
was in the test it came from): runners that move as a King of the
Board unit moves or tag an adjacent enemy (one health; the tagged runner is back
on its start hex and the tagger's side scores; first to three points). It runs
through the same generic turn machine (:class:`~engine.games.state.TurnState`,
:class:`~engine.rules.legal.LegalActions`, the players) with none of a mode's
rules, so the ratio says what the real rules cost per unit turn over a game that
has none. It takes each mode's turn shape: for King of the Board two runners a
side and one action per turn (the test's Tag: the issue's "0.55x" is this
ratio); for Payload Race and Team Play the mode's team size, every runner of the
side acting once in a team turn (or the side ends it), so that a unit turn is
one piece's turn on both sides of the ratio. Runners start on the side's spawn
zone, or on its colour's spawnpoints on a Team Play map (and the hexes nearest to them).

Also printed: each figure per 1000 iterations of the fixed pure-Python loop of
bench/_common.py (``reference_rate``), a yardstick that no engine change moves
(the toy runs on the engine, so it speeds up when the turn machine does).
Machines here swing several-fold, so every figure is the best of ``--repeat``
runs, real and toy alternating; times are CPU seconds of this process
(``time.process_time``); each run plays seeded games until ``--seconds`` of
CPU have passed (at least two), each run other seeds, so that the engine's
caches of answers count only where other games ask for them again.
Run: ``python bench/selfplay.py [--seconds 1.0] [--repeat 3] [--mode koth|payload|team_play ...] [--json out]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from typing import Any

from _common import REPO, reference_rate

from engine.ai import RandomPlayer, play_game
from engine.formats import load_scenario
from engine.games.behaviour import Behaviour
from engine.games.game import Game
from engine.games.modes import GAMES
from engine.games.protocol import GameState
from engine.games.state import TurnState
from engine.games.units import Unit, UnitTurn
from engine.mapmodel import Colour, Mode, Team
from engine.rules.actions import Verb
from engine.rules.board import Board
from engine.rules.legal import Group
from engine.scenario import Scenario

#: Seeds of the warm-up games, and the seeds each timed run starts from (run k: k * _SEEDS, ...).
_WARM_UP = 9_000_000
_SEEDS = 100_000
#: The colour of each side's spawnpoints on a Team Play map (where the toy's runners start there).
_COLOUR = {Team.RED: Colour.RED, Team.BLU: Colour.BLUE}


class Tagger(Behaviour[TurnState, Unit]):
    """Tags an adjacent enemy: he loses his one health."""

    def attack_group(self, state: TurnState, u: Unit) -> Group | None:
        b = state.board
        near = [v.cell for v in state.units.values() if v.team is not u.team and b.distance(u.cell, v.cell) == 1]
        return (Verb.ATTACK, u.kind, b.hexes[u.cell], near, b.hexes, "")

    def attack(self, state: TurnState, u: Unit, cell: int, aim: object) -> None:
        target = state.occupant(cell)
        assert target is not None
        state.hurt(target, 1, u)


class ToyState(TurnState):
    """Tag (see the module docstring): ``runners`` a side; ``team_turns``: every runner acts in a side's turn."""

    default_behaviour = Tagger
    actions_per_turn = 1
    default_options = {"turn_limit": 1000}
    runners = 2
    team_turns = False

    def start(self) -> None:
        self.homes = _homes(self.board, self.scenario, self.runners)
        for team in Team:
            for slot, cell in enumerate(self.homes[team]):
                self.units[self.next_uid] = Unit(self.next_uid, team, self.game.rosters[team][0], cell, 1, slot)
                self.next_uid += 1
        self.advance()

    def after_action(self, u: Unit, done: UnitTurn) -> None:
        team = self.team
        if not self.team_turns or all(v.uid in self.done for v in self.units.values() if v.team is team):
            self.end_turn()

    def on_kill(self, target: Unit, source: Unit | None, overkill: int) -> None:
        assert source is not None
        self.points[source.team] += 1
        target.cell = next(c for c in self.homes[target.team] if self.occupant(c) is None)
        target.health = 1
        self.units[target.uid] = target

    def is_decided(self) -> bool:
        return max(self.points.values()) >= 3


_HOMES: dict[tuple[int, int], dict[Team, list[int]]] = {}


def _homes(b: Board, scenario: Scenario, runners: int) -> dict[Team, list[int]]:
    """Each side's start hexes for ``runners`` runners: its spawn zone, or its colour's spawnpoints, then the
    hexes nearest to them (Team Play maps have two spawnpoints a colour). Cached: it is no part of the timing."""
    hit = _HOMES.get((id(b), runners))
    if hit is None:
        hit = _HOMES[(id(b), runners)] = {}
        for team in Team:
            zone = b.spawn_zone(team) or tuple(b.indices(scenario.map.spawnpoints.get(_COLOUR[team], ())))
            near = sorted(range(b.n), key=lambda c: (min(b.distance(c, z) for z in zone), c))
            hit[team] = [c for c in near if not b.wall[c] and not b.low[c]][:runners]
    return hit


def toy_game(scenario: Scenario, size: int) -> tuple[Game, int]:
    """The toy on ``scenario``'s map (King of the Board's units and moves) in the shape of ``scenario``'s mode,
    ``size`` runners a side in a team-turn mode: (the game, unit turns per ``state.turn``)."""
    if scenario.mode is Mode.KOTH:
        name, per_turn = "ToyState", 1
    else:
        name, per_turn = f"TeamToy{size}", size
        if name not in globals():  # the mode registry names state classes by import path
            globals()[name] = type(name, (ToyState,), {"runners": size, "team_turns": True})
    rules = dataclasses.replace(GAMES[Mode.KOTH], name="Tag", state=f"{__name__}:{name}")
    return Game.of(Scenario("toy", Mode.KOTH, scenario.map), rules=rules), per_turn


def unit_turns_per_turn(game: Game) -> int:
    """Unit turns in one ``state.turn`` of ``game`` (see the module docstring)."""
    return 1 if game.scenario.mode is Mode.KOTH else game.team_size


def run(game: Game, per_turn: int, seconds: float, first: int = 0) -> tuple[float, int, int, int]:
    """(CPU seconds, unit turns, decisions, games) of the games seeded ``first``, ``first + 1``, ... until
    ``seconds`` have passed (at least two)."""
    turns = decisions = games = 0
    t = time.process_time()
    while games < 2 or time.process_time() - t < seconds:
        seed = first + games
        state: GameState = game.new_initial_state(seed, keep_undo=False)
        play_game(state, {Team.RED: RandomPlayer(seed), Team.BLU: RandomPlayer(seed + 10_000_000)})
        turns += state.turn * per_turn
        decisions += len(state.history)
        games += 1
    return time.process_time() - t, turns, decisions, games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement (default 1)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--mode", action="append", help="only these modes (koth, payload, team_play)")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()
    ref = max(reference_rate() for _ in range(args.repeat))
    print(f"reference loop: {ref / 1e6:.1f} M iterations/s (best of {args.repeat})")
    print("unit turn: one piece's turn (Payload Race and Team Play: a team turn is team size unit turns); "
          "toy: Tag on the same map in the mode's turn shape (see the docstring)")
    out: dict[str, Any] = {"reference": ref, "maps": {}}
    worst = float("inf")
    for path in sorted((REPO / "maps").glob("*.scenario.json")):
        scenario = load_scenario(path)
        if args.mode and scenario.mode.value not in args.mode:
            continue
        name = path.name.removesuffix(".scenario.json")
        game = Game.of(scenario)
        toy, toy_per_turn = toy_game(scenario, game.team_size)
        per_turn = unit_turns_per_turn(game)
        run(game, per_turn, 0.0, _WARM_UP)  # build the tables both use before timing
        run(toy, toy_per_turn, 0.0, _WARM_UP)
        best: dict[str, float] = {"real": 0.0, "toy": 0.0, "dec": 0.0, "toy_dec": 0.0}
        games = 0
        for k in range(args.repeat):
            # other games each time: a cached answer counts only if other games ask for it again
            dt, turns, decisions, games = run(game, per_turn, args.seconds, k * _SEEDS)
            if turns / dt > best["real"]:
                best["real"], best["dec"] = turns / dt, decisions / dt
            dt, turns, decisions, _ = run(toy, toy_per_turn, args.seconds, k * _SEEDS)
            if turns / dt > best["toy"]:
                best["toy"], best["toy_dec"] = turns / dt, decisions / dt
        ratio = best["real"] / best["toy"]
        per_decision = best["dec"] / best["toy_dec"]
        worst = min(worst, ratio)
        out["maps"][name] = {"mode": scenario.mode.value, "unit_turns_per_s": best["real"],
                             "decisions_per_s": best["dec"], "toy_unit_turns_per_s": best["toy"], "x_toy": ratio,
                             "toy_decisions_per_s": best["toy_dec"], "decisions_x_toy": per_decision,
                             "per_1000_ref": best["real"] / ref * 1000, "toy_per_1000_ref": best["toy"] / ref * 1000}
        print(f"{name}: {best['real']:,.0f} unit turns/s ({best['real'] / ref * 1000:.2f} per 1000 ref), "
              f"{best['dec']:,.0f} decisions/s; toy {best['toy']:,.0f} ({best['toy'] / ref * 1000:.2f} per 1000 ref), "
              f"{best['toy_dec']:,.0f} decisions/s: {ratio:.2f} x toy   [target >= 0.8]; "
              f"per decision {per_decision:.2f} x toy", flush=True)
    print(f"worst map: {worst:.2f} x toy")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
