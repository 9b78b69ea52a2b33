"""Every registered mode keeps the same promises, checked through the public state API (OpenSpiel's
``random_sim_test`` idea, run on each mode the registry holds, the tests' toy mode included).

For each mode, on its conformance module's small scenarios and its bundled ones:

- random playouts end, and after every action the generic invariants hold — one unit
  a hex, on the map and off walls, health not negative, scores only rising, a
  legal action in every live position and none after the end, a winner that
  agrees with the returns — and so do the mode's own (its ``check``);
- every legal action reads back from its text, is legal, and has no reason against
  it; an action made illegal (another hex, another kind) has one, and ``apply``
  refuses it with that reason;
- undoing an action gives back the position before it, dice, log and legal actions
  included, and playing it again gives the same position; undoing a whole game
  retraces every position it passed;
- a clone is the same game and independent of it;
- replaying a game from its seed and actions, through a saved replay file too,
  gives the same position and the same dice.

Each mode's conformance module (:data:`CONFORMANCE`) gives its scenarios, its
invariants and, optionally, how its random player chooses. Longer campaigns of the
same checks: ``bench/conformance.py``.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine.games.game import Game
from engine.games.modes import GAMES
from engine.games.state import IllegalActionError
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.replay import Replay, load_replay, replay_game, save_replay
from engine.rules.actions import Action
from engine.scenario import Scenario

#: Each registered mode's conformance module, by the mode's value (a new mode adds its line here).
CONFORMANCE = {
    "koth": "tests.engine.games.koth.conformance",
    "payload": "tests.engine.games.payload.conformance",
    "team_play": "tests.engine.games.teamplay.conformance",
    "tag": "tests.toymode.conformance",
}
MODES = [m.value for m in GAMES]
#: Decisions after which a game that has not ended fails the test.
MAX_DECISIONS = 6000
#: Random games per small scenario (``bench/conformance.py`` plays hundreds).
GAMES_PER_SCENARIO = 12


def module(mode: str) -> ModuleType:
    """The conformance module of ``mode``."""
    return importlib.import_module(CONFORMANCE[mode])


def choose(mod: ModuleType, state: Any, rng: random.Random) -> Action:
    """The module's random choice, else a uniformly random legal action."""
    own = getattr(mod, "choose", None)
    if own is not None:
        return own(state, rng)  # type: ignore[no-any-return]
    acts = state.legal_actions_view()
    return acts[rng.randrange(len(acts))]  # type: ignore[no-any-return]


def generic_check(state: Any, points: dict[Team, int]) -> None:
    """What every mode's reachable positions share (see the module docstring)."""
    b = state.board
    cells = [u.cell for u in state.units.values() if u.cell >= 0]
    assert len(cells) == len(set(cells)), "two units on one hex"
    for u in state.units.values():
        assert u.health >= 0, u
        if u.cell >= 0:
            assert 0 <= u.cell < b.n and not b.wall[u.cell], f"{u.kind} on a wall"
    for t in Team:
        assert state.points[t] >= points[t], "a score went down"
    if state.is_terminal():
        assert state.current_team() is None and len(state.legal_actions_view()) == 0
        w = state.winner()
        r = state.returns()
        assert (w is None and set(r.values()) == {0.0}) or (w is not None and r[w] == 1.0 and r[w.other] == -1.0)
    else:
        assert state.current_team() is not None and len(state.legal_actions_view()) > 0, state.describe_decision()


def play(mod: ModuleType, scenario: Scenario, seed: int, keep_undo: bool = False,
         each: Any = None) -> Any:
    """Play ``scenario`` with ``seed`` by the module's random choices, checking every action; returns the end."""
    state = Game.of(dataclasses.replace(scenario, seed=seed)).new_initial_state(keep_undo=keep_undo)
    rng = random.Random(seed)
    generic_check(state, state.scores())
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            return state
        a = choose(mod, state, rng)
        before = mod.snapshot(state)
        points = state.scores()
        if each is not None:
            each(state, a)
        state.apply_unchecked(a)
        generic_check(state, points)
        mod.check(state, before)
    raise AssertionError(f"no end after {MAX_DECISIONS} decisions: {state.describe_decision()}")


def test_every_registered_mode_has_a_conformance_module() -> None:
    assert set(MODES) == set(CONFORMANCE), "add the mode's conformance module to CONFORMANCE"
    assert "tag" in MODES  # the tests' toy mode is registered like the bundled ones


@pytest.mark.parametrize("mode", MODES)
def test_random_playouts_end_and_keep_every_invariant(mode: str) -> None:
    mod = module(mode)
    ended = [play(mod, s, seed) for s in mod.scenarios() for seed in range(GAMES_PER_SCENARIO)]
    assert all(s.is_terminal() for s in ended)
    assert any(s.winner() is not None for s in ended), "nobody ever won: the scenarios should allow it"


@pytest.mark.parametrize("mode", MODES)
def test_bundled_maps_play_to_the_end(mode: str) -> None:
    mod = module(mode)
    for scenario in mod.bundled():
        play(mod, getattr(mod, "shorten", lambda s: s)(scenario), 1)


@pytest.mark.parametrize("mode", MODES)
def test_legal_actions_read_back_and_illegal_ones_say_why(mode: str) -> None:
    mod = module(mode)
    seen = 0

    def each(state: Any, chosen: Action) -> None:
        nonlocal seen
        legal = state.legal_actions()
        assert legal == list(state.legal_actions_view()) and len(set(legal)) == len(legal)
        for a in legal[:: max(1, len(legal) // 12)]:
            assert Action.parse(a.text()) == a and state.is_legal(a) and state.why_not(a) == ""
        wrong = _illegal(state, chosen, set(legal))
        if wrong is not None:
            seen += 1
            reason = state.why_not(wrong)
            assert reason, f"no reason against {wrong}"
            with pytest.raises(IllegalActionError, match="not legal now"):
                state.apply(wrong)

    for s in mod.scenarios()[:2]:
        play(mod, s, 3, each=each)
    assert seen > 20


def _illegal(state: Any, a: Action, legal: set[Action]) -> Action | None:
    """``a`` toward a far hex, or naming another kind: an action that is not legal now (None if none found)."""
    b = state.board
    if a.target is not None:
        far = max(b.hexes, key=lambda h: (h.distance(a.target), h))
        for h in (far, Hex(a.target.q + 40, a.target.r)):
            try:
                other = dataclasses.replace(a, target=h)
            except ValueError:
                continue
            if other not in legal:
                return other
    if a.kind:
        other = dataclasses.replace(a, kind=a.kind + "x")
        if other not in legal:
            return other
    return None


@pytest.mark.parametrize("mode", MODES)
def test_undo_takes_every_action_back_exactly(mode: str) -> None:
    mod = module(mode)
    prints: list[Any] = []

    def each(state: Any, chosen: Action) -> None:
        before = (state.fingerprint(), len(state.history), len(state.log), state.legal_actions())
        prints.append(before[0])
        state.apply(chosen)
        after = state.fingerprint()
        state.undo()
        assert (state.fingerprint(), len(state.history), len(state.log), state.legal_actions()) == before
        state.apply(chosen)
        assert state.fingerprint() == after
        state.undo()

    for s in mod.scenarios()[:3]:
        prints.clear()
        end = play(mod, s, 5, keep_undo=True, each=each)
        assert len(prints) == len(end.history) and len(set(prints)) > 1
        while end.can_undo():  # and the whole game back to its start, through every position it passed
            end.undo()
            assert end.fingerprint() == prints[len(end.history)]
        assert not end.history


@pytest.mark.parametrize("mode", MODES)
def test_a_clone_is_the_same_game_and_independent(mode: str) -> None:
    mod = module(mode)
    clones = 0

    def each(state: Any, chosen: Action) -> None:
        nonlocal clones
        if len(state.history) % 7:
            return
        twin = state.clone()
        assert twin.fingerprint() == state.fingerprint() and twin.legal_actions() == state.legal_actions()
        before = state.fingerprint()
        twin.apply(chosen)
        assert state.fingerprint() == before and twin.fingerprint() != before
        clones += 1

    for s in mod.scenarios()[:2]:
        play(mod, s, 7, each=each)
    assert clones >= 4


@pytest.mark.parametrize("mode", MODES)
def test_a_game_replays_from_its_seed_and_actions(mode: str, tmp_path: Path) -> None:
    mod = module(mode)
    for k, s in enumerate(mod.scenarios()[:2]):
        end = play(mod, s, 11)
        again = replay_game(end.scenario, end.dice.seed, end.history, keep_undo=False)
        assert again.fingerprint() == end.fingerprint()
        assert [str(r) for r in again.dice.rolls] == [str(r) for r in end.dice.rolls]
        path = tmp_path / f"{k}.replay.json"
        save_replay(Replay.of(end), path, end)
        replay, loaded = load_replay(path)
        assert loaded.fingerprint() == end.fingerprint() and replay.actions == tuple(end.history)


def test_the_heuristic_plays_every_mode_with_its_own_scorer() -> None:
    """Each mode's AI scorer answers every decision with a legal action (the toy's too)."""
    from engine.ai import HeuristicPlayer

    for mode in MODES:
        mod = module(mode)
        s = mod.scenarios()[0]
        state = Game.of(dataclasses.replace(s, seed=2)).new_initial_state(keep_undo=False)
        ai = {t: HeuristicPlayer(k) for k, t in enumerate(Team)}
        for _ in range(MAX_DECISIONS):
            if state.is_terminal():
                break
            a = ai[state.current_team()].choose(state)
            assert state.is_legal(a), (mode, a)
            state.apply_unchecked(a)
        assert state.is_terminal(), mode
