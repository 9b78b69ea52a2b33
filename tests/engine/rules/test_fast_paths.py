"""The engine's fast paths change no game: lazy legal actions, cached move destinations, golden replays.

The golden digests were recorded with the engine *before* the speed work
(commit 5fd6e2c): every decision's legal actions, attack options and move paths,
then the final position, dice and log of seeded games. Any change to the order
of legal actions, to the dice drawn or to a rule shows up here.

Games with seeds 0, 3, 6 let the heuristic player choose some of BLU's actions.
When the heuristic began breaking ties between equal scores at random (it used to
take the first in hex order, which favoured one side on symmetric maps), the four
of those games where a tie came up were re-recorded (marked below); the other
twelve still match the engine from before the speed work.

Rule fixes since then re-recorded only the games they change (each marked below):

- a sentry drops its target once the target is out of range or sight, and an
  inactive sentry forgets it (001 "Units" Sentry Gun): small 7, where a sentry
  used to keep aiming at a unit that had walked away and come back;
- an engineer killed while carrying his sentry drops it, inactive, where he fell
  (it was destroyed; 001 "Units" Engineer says it becomes inactive): tall 1.

When the engine became a game family (engine/games), the digest stopped hashing
the internal ``fingerprint()`` (whose layout changed) and hashes the public final
summary of tests/engine/corpus/record.py instead; all sixteen digests were
recomputed with the engine from just before that change (commit d80dc73) and the
new engine gives the same sixteen.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine.ai import HeuristicPlayer, RandomPlayer
from engine.games.game import new_game
from engine.games.koth.pieces import KothUnit as Unit
from engine.games.koth.state import KothState
from engine.hexgrid import DIRECTIONS, Hex, hex_ring
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.rules.areas import cone, splash_rings
from engine.rules.board import Board
from engine.rules.movement import destinations, flood
from engine.textmap import koth_scenario
from tests.engine.corpus.record import final_summary
from tests.engine.games.koth.conformance import MAPS

#: small 0 and 6, tall 0 and 6 were re-recorded after the heuristic tie-break change (see above);
#: small 7 after the sentry target fix; tall 1 after the carried-sentry fix.
#: Games where BLU is the heuristic (seed % 3 == 0) changed on 2026-11-25 when the King of the Board
#: heuristic learned kits, height, cover and tempo (an AI change, not a rules change): their digests were
#: re-recorded from the rules before the ai-core fast paths with the new heuristic, and the fast paths give
#: the same; the random-only seeds are unchanged since the first recording.
GOLDEN = {
    ("small", 0): "3be988527290a4a8", ("small", 1): "14748e535b6e6bcf", ("small", 2): "36b0b4b054c08c34",
    ("small", 3): "22a52f9b76cdfb11", ("small", 4): "135d0240c8b7ea13", ("small", 5): "5064a65e0b4b3bf3",
    ("small", 6): "ea7ee090d8a86f5d", ("small", 7): "4749aa88a1fd1903", ("tall", 0): "5fa2c440a2103d8a",
    ("tall", 1): "582a2e40d41d6807", ("tall", 2): "8f4d7294c75d1a9e", ("tall", 3): "e312ec04f68c247c",
    ("tall", 4): "14b8ae6a2133b4df", ("tall", 5): "bf84ea33c4037c82", ("tall", 6): "d14aca46b15791de",
    ("tall", 7): "3c60860c54fbdd4d",
}


def _digest(name: str, seed: int) -> str:
    """Hash of a seeded game's every decision (legal actions, attack options, move paths) and its end."""
    state = new_game(koth_scenario(MAPS[name], seed=seed), keep_undo=False)
    rng = random.Random(seed)
    heuristic = HeuristicPlayer(seed)
    h = hashlib.sha256()
    while not state.is_terminal():
        acts = state.legal_actions()
        h.update("|".join(a.text() for a in acts).encode())
        for o in state.attack_options():
            area = sorted((str(k), v) for k, v in o.area.items())
            h.update(f"{o.action} {o.hit_chance:.6f} {o.crit_chance:.6f} {o.damage} {o.rolls} {area}".encode())
        h.update(repr(sorted((str(k), [str(x) for x in v]) for k, v in state.move_paths().items())).encode())
        if state.current_team() is Team.BLU and seed % 3 == 0:
            a = heuristic.choose(state)
        else:
            a = acts[rng.randrange(len(acts))]
        state.apply_unchecked(a)
    h.update(json.dumps(final_summary(state), sort_keys=True).encode())
    h.update("|".join(str(r) for r in state.dice.rolls).encode())
    h.update("|".join(state.log).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("name", "seed"), sorted(GOLDEN))
def test_games_match_the_engine_before_the_speed_work(name: str, seed: int) -> None:
    """Same legal actions in the same order, same odds, paths, dice and outcome as before."""
    assert _digest(name, seed) == GOLDEN[(name, seed)]


@pytest.mark.parametrize("seed", range(6))
def test_legal_actions_view_equals_the_list_at_every_decision(seed: int) -> None:
    """len, every index (negative too), slices and iteration of the view match legal_actions()."""
    state = new_game(koth_scenario(MAPS["small" if seed % 2 else "tall"], seed=seed), keep_undo=False)
    rng = random.Random(seed)
    while not state.is_terminal():
        acts = state.legal_actions()
        view = state.legal_actions_view()
        assert len(view) == len(acts) > 0
        assert [view[k] for k in range(len(acts))] == acts
        assert view[-1] == acts[-1] and view[1:3] == acts[1:3] and list(view) == acts
        with pytest.raises(IndexError):
            view[len(acts)]
        state.apply_unchecked(acts[rng.randrange(len(acts))])
    assert len(state.legal_actions_view()) == 0


class _ListRandomPlayer:
    """The random player as it was: build the whole list, pick an index."""

    name = "list-random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: KothState) -> Action:
        acts = state.legal_actions()
        return acts[self.rng.randrange(len(acts))]


@pytest.mark.parametrize("seed", range(4))
def test_random_player_plays_the_same_games_as_the_list_based_one(seed: int) -> None:
    """Drawing an index into the lazy view picks the very action the full list would (same RNG draws)."""
    scenario = koth_scenario(MAPS["tall"], seed=seed)
    games = []
    for make in (RandomPlayer, _ListRandomPlayer):
        state = new_game(scenario, keep_undo=False)
        players: dict[Team, RandomPlayer | _ListRandomPlayer] = {Team.RED: make(seed), Team.BLU: make(seed + 1)}
        while (team := state.current_team()) is not None:
            state.apply_unchecked(players[team].choose(state))
        games.append((state.history, state.fingerprint()))
    assert games[0] == games[1]


@pytest.mark.parametrize("name", sorted(MAPS))
def test_cached_destinations_minus_occupied_equal_a_flood_with_occupied(name: str) -> None:
    """Units never block, so static destinations filtered by occupied hexes equal the flood's."""
    state = new_game(koth_scenario(MAPS[name]), keep_undo=False)
    board = state.board
    rng = random.Random(3)
    open_cells = [i for i in range(board.n) if not board.wall[i]]
    for kind in ("scout", "soldier", "pyro"):
        for team in Team:
            profile = state.profile(Unit(0, team, kind, 0, 1, 0))
            for _ in range(30):
                start = rng.choice(open_cells)
                occupied = set(rng.sample(open_cells, 5)) - {start}
                steps = state.stats(kind).speed
                want = [c for c in flood(board, [start], profile, steps, occupied).distances() if c != start]
                got = [c for c in destinations(board, start, profile, steps) if c not in occupied]
                assert got == want


def _reference_within(board: Board, center: int, radius: int) -> tuple[int, ...]:
    c = board.hexes[center]
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            j = board.index.get(Hex(c.q + dq, c.r + dr))
            if j is not None:
                out.append(j)
    return tuple(out)


def _reference_cone(board: Board, origin: int, direction: int, reach: int, wide: bool) -> tuple[int, ...]:
    c = board.hexes[origin]
    d = DIRECTIONS[direction % 6]
    out = []
    for k in range(1, reach + 1):
        ring = hex_ring(c, k)
        at = ring.index(Hex(c.q + d.q * k, c.r + d.r * k))
        half = k if wide else k // 2
        for off in range(-half, half + 1):
            j = board.index.get(ring[(at + off) % len(ring)])
            if j is not None and not board.wall[j]:
                out.append(j)
    return tuple(out)


@pytest.mark.parametrize("name", sorted(MAPS))
def test_grid_lookups_match_hex_arithmetic(name: str) -> None:
    """Board.at, Board.within, cone and splash_rings (grid arithmetic) equal the Hex-based definitions."""
    board = new_game(koth_scenario(MAPS[name]), keep_undo=False).board
    for q in range(min(board.q) - 2, max(board.q) + 3):
        for r in range(min(board.r) - 2, max(board.r) + 3):
            assert board.at(q, r) == board.index.get(Hex(q, r), -1)
    for i in range(board.n):
        for radius in (0, 1, 3, 8):
            assert board.within(i, radius) == _reference_within(board, i, radius)
        for direction in range(6):
            for wide in (False, True):
                assert cone(board, i, direction, 3, wide) == _reference_cone(board, i, direction, 3, wide)
        h0 = board.stand[i]
        rings = [(i, 0)] + [
            (j, k) for k in (1, 2) for h in hex_ring(board.hexes[i], k)
            if (j := board.index.get(h)) is not None and not board.wall[j] and board.stand[j] == h0
        ]
        assert splash_rings(board, i, 2) == tuple(rings)
