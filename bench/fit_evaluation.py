"""Fit the search player's position evaluations (each mode's, engine/games/<mode>/ai/) on heuristic self-play.

Plays ``games`` seeded heuristic-vs-heuristic games on every bundled map of each
mode asked (first team alternating), records the mode's features
(the evaluator its AI registers, :mod:`engine.ai.modes`) of the position at the start of every
turn and who won, and fits a logistic regression (Newton's method, a little
ridge) of "RED wins" on them; draws are left out. Prints, per mode, the weights to
paste into its ``*_WEIGHTS`` (in its ``ai/evaluation.py``) with the fit's log-loss and accuracy on held-out games
(every fifth seed), beside a model that always says 50%, and those of the weights
in use now.
Run: ``python bench/fit_evaluation.py [games per map] [mode ...] [--hold NAME=WEIGHT ...]`` (modes: koth,
payload, team_play; default all). ``--hold`` keeps a feature's weight at the value given and fits the
others around it: for a feature whose sign self-play confounds (in Payload Race the side behind sends
its reserves to block, so tokens beside the enemy cart go with losing, although each one stops a push).
"""

from __future__ import annotations

import argparse
from dataclasses import replace

import numpy as np
from _common import REPO

from engine.ai import HeuristicPlayer
from engine.ai.evaluation import Evaluator
from engine.ai.modes import ai_of
from engine.formats import load_scenario
from engine.games.game import Game
from engine.mapmodel import Mode, Team
from engine.scenario import Scenario


def evaluator(mode: Mode) -> Evaluator:
    """The evaluator ``mode``'s AI registers; SystemExit for a mode without one."""
    ev = ai_of(mode).evaluator
    if ev is None:
        raise SystemExit(f"{mode.value} registers no evaluation of its own")
    return ev


def scenarios(mode: Mode) -> list[Scenario]:
    """The bundled scenarios of ``mode``."""
    found = [load_scenario(p) for p in sorted((REPO / "maps").glob("*.scenario.json"))]
    return [s for s in found if s.mode is mode]


def positions(mode: Mode, games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, RED won, held out) rows: one per turn start of every decided game."""
    features = evaluator(mode).features
    rows: list[list[float]] = []
    won: list[float] = []
    held: list[bool] = []
    for scenario in scenarios(mode):
        for seed in range(games):
            first = Team.RED if seed % 2 == 0 else Team.BLU
            state = Game.of(replace(scenario, first_team=first)).new_initial_state(seed, keep_undo=False)
            players = {Team.RED: HeuristicPlayer(seed), Team.BLU: HeuristicPlayer(seed + 1)}
            mine: list[list[float]] = []
            last_turn = -1
            while (team := state.current_team()) is not None:
                if state.turn != last_turn:
                    last_turn = state.turn
                    mine.append(features(state))
                state.apply_unchecked(players[team].choose(state))
            w = state.winner()
            if w is None:
                continue
            rows += mine
            won += [1.0 if w is Team.RED else 0.0] * len(mine)
            held += [seed % 5 == 4] * len(mine)
    return np.array(rows), np.array(won), np.array(held)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-5, steps: int = 30,
        held: dict[int, float] | None = None) -> np.ndarray:
    """Logistic regression weights (no intercept: the features are RED-minus-BLU, so 0 means even); the
    columns in ``held`` keep the weights given there (their part enters as a fixed offset)."""
    held = held or {}
    free = [i for i in range(x.shape[1]) if i not in held]
    offset = sum((x[:, i] * v for i, v in held.items()), np.zeros(len(y)))
    xf = x[:, free]
    w = np.zeros(len(free))
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(xf @ w + offset)))
        grad = xf.T @ (p - y) + ridge * len(y) * w
        hess = (xf * (p * (1 - p))[:, None]).T @ xf + ridge * len(y) * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    out = np.zeros(x.shape[1])
    out[free] = w
    for i, v in held.items():
        out[i] = v
    return out


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(games: int = 200, modes: list[str] | None = None, hold: dict[str, float] | None = None) -> None:
    for mode in (Mode(m) for m in (modes or [m.value for m in Mode if ai_of(m).evaluator is not None])):
        ev = evaluator(mode)
        x, y, held = positions(mode, games)
        kept = {ev.names.index(n): v for n, v in (hold or {}).items() if n in ev.names}
        w = fit(x[~held], y[~held], held=kept)
        test_x, test_y = x[held], y[held]
        acc = float(np.mean(((test_x @ w) > 0) == (test_y > 0.5)))
        now = np.array(ev.weights)
        print(f"{mode.value}: {len(y)} positions ({int((~held).sum())} to fit, {int(held.sum())} held out)")
        print(f"  held-out log-loss {log_loss(test_x, test_y, w):.3f} (coin: {np.log(2):.3f}, weights in use: "
              f"{log_loss(test_x, test_y, now):.3f}), accuracy {acc:.1%}")
        print(f"  {mode.name.replace('_', '')}_WEIGHTS: Final = (" + ", ".join(f"{v:.2f}" for v in w) + ")")
        for i, (name, v) in enumerate(zip(ev.names, w, strict=True)):
            print(f"    {name:>8} {v:+.3f}" + (" (held)" if i in kept else ""))


def _hold(text: str) -> tuple[str, float]:
    name, _, value = text.partition("=")
    return name, float(value)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=200, help="games per map (default 200)")
    ap.add_argument("modes", nargs="*", help="modes to fit (koth, payload, team_play; default all)")
    ap.add_argument("--hold", action="append", type=_hold, default=[], metavar="NAME=WEIGHT",
                    help="keep a feature's weight at WEIGHT and fit the others around it (repeatable)")
    args = ap.parse_args()
    main(args.games, args.modes or None, dict(args.hold))
