"""Fit the search player's position evaluation (engine/ai/evaluation.py) on heuristic self-play.

Plays ``games`` seeded heuristic-vs-heuristic games on every bundled King of the
Board map (first team alternating), records the features of the position at the
start of every turn and who won, and fits a logistic regression (Newton's
method, a little ridge) of "RED wins" on them; draws are left out. Prints the
weights to paste into ``KOTH_WEIGHTS`` with the fit's log-loss and accuracy on
held-out games (every fifth seed), beside a model that always says 50%.
Run: ``python bench/fit_evaluation.py [games per map]``.
"""

from __future__ import annotations

import sys
from dataclasses import replace

import numpy as np
from _common import koth_scenarios

from engine.ai import HeuristicPlayer
from engine.ai.evaluation import KOTH_FEATURES, koth_features
from engine.games.game import Game
from engine.mapmodel import Team


def positions(games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, RED won, held out) rows: one per turn start of every decided game."""
    rows: list[list[float]] = []
    won: list[float] = []
    held: list[bool] = []
    for scenario in koth_scenarios().values():
        for seed in range(games):
            first = Team.RED if seed % 2 == 0 else Team.BLU
            state = Game.of(replace(scenario, first_team=first)).new_initial_state(seed, keep_undo=False)
            players = {Team.RED: HeuristicPlayer(seed), Team.BLU: HeuristicPlayer(seed + 1)}
            mine: list[list[float]] = []
            last_turn = -1
            while (team := state.current_team()) is not None:
                if state.turn != last_turn:
                    last_turn = state.turn
                    mine.append(koth_features(state))
                state.apply_unchecked(players[team].choose(state))
            w = state.winner()
            if w is None:
                continue
            rows += mine
            won += [1.0 if w is Team.RED else 0.0] * len(mine)
            held += [seed % 5 == 4] * len(mine)
    return np.array(rows), np.array(won), np.array(held)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-5, steps: int = 30) -> np.ndarray:
    """Logistic regression weights (no intercept: the features are RED-minus-BLU, so 0 means even)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + ridge * len(y) * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * len(y) * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(games: int = 200) -> None:
    x, y, held = positions(games)
    w = fit(x[~held], y[~held])
    test_x, test_y = x[held], y[held]
    acc = float(np.mean(((test_x @ w) > 0) == (test_y > 0.5)))
    print(f"{len(y)} positions ({int((~held).sum())} to fit, {int(held.sum())} held out)")
    print(f"held-out log-loss {log_loss(test_x, test_y, w):.3f} (coin: {np.log(2):.3f}), accuracy {acc:.1%}")
    print("KOTH_WEIGHTS: Final = (" + ", ".join(f"{v:.2f}" for v in w) + ")")
    for name, v in zip(KOTH_FEATURES, w, strict=True):
        print(f"  {name:>8} {v:+.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
