"""The engine's cached tables and short cuts answer exactly what the plain rules code answers.

Each fast path (a table built once per map, a flood cut short, a cached answer) is
compared here with the slow code it replaces, on every bundled map: same hexes,
in the same order, since the random player picks legal actions by index.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from engine.formats import load_map, load_scenario
from engine.games.game import Game
from engine.games.payload.pieces import PayloadUnit
from engine.games.payload.state import PayloadState
from engine.games.payload.stencils import lay
from engine.games.payload.units import Armed, Medic
from engine.games.teamplay.groups import _Here, powerup_groups
from engine.games.teamplay.pieces import Character
from engine.games.teamplay.state import TeamPlayState
from engine.games.teamplay.weapons import aims
from engine.hexgrid import DIRECTIONS
from engine.rules.actions import Verb
from engine.rules.board import Board
from engine.rules.memo import make_room
from engine.rules.movement import Climb, MoveProfile, bounded_reach, can_step, flood
from engine.ruleset import WeaponCard

MAPS = sorted(p.name.removesuffix(".map.json") for p in (Path(__file__).resolve().parents[3] / "maps").glob("*.map.json"))
PROFILES = [MoveProfile(), MoveProfile(over_low=True, keep_height=True), MoveProfile(climb=Climb.STAIRS_ONLY)]


def _board(repo: Path, name: str) -> Board:
    return Board.for_map(load_map(repo / "maps" / f"{name}.map.json"))


def test_a_full_answer_cache_drops_its_older_half() -> None:
    """The answer caches stay bounded and keep the answers of the last turns (insertion order)."""
    cache = {k: str(k) for k in range(8)}
    make_room(cache, 9)
    assert len(cache) == 8
    make_room(cache, 8)
    assert list(cache) == [4, 5, 6, 7]


@pytest.mark.parametrize("name", MAPS)
def test_board_distances_from_the_grid_table_equal_hex_arithmetic(repo: Path, name: str) -> None:
    """001 "Distance and Line of Sight": the board's table by grid offset gives every pair's hex distance."""
    board = _board(repo, name)
    for a in range(board.n):
        for b in range(board.n):
            assert board.distance(a, b) == board.hexes[a].distance(board.hexes[b])


@pytest.mark.parametrize("name", MAPS)
def test_bounded_reach_with_blocked_hexes_equals_the_flood(repo: Path, name: str) -> None:
    """002 "Moving examples": hexes a move may not enter (enemy tokens, carts) give the flood's destinations,
    in its order, with its steps."""
    board = _board(repo, name)
    rng = random.Random(name)
    open_cells = [i for i in range(board.n) if not board.wall[i]]
    for profile in PROFILES:
        for _ in range(40):
            start = rng.choice(open_cells)
            near = [c for c in board.within(start, 3) if c != start]
            blocked = set(rng.sample(near, min(len(near), rng.randrange(0, 6))))
            for steps in (1, 3, 4):
                reach = flood(board, [start], profile, steps, blocked=blocked).distances()
                want = [c for c in reach if c != start]
                cells, got = bounded_reach(board, start, profile, steps, blocked)
                assert list(cells) == want
                assert list(got) == [reach[c] for c in want]


# -- Payload Race: moves and aims from tables, against the plain rules they replace --------------------------

def _flood_moves(state: PayloadState, u: PayloadUnit) -> list[int]:
    """002: the flood of the token's move (what move_paths floods), without its own hex."""
    occupied, blocked = state.move_blockers(u)
    reach = flood(state.board, [u.cell], state.profile(u), state.stats(u.kind).speed, occupied, blocked)
    return [c for c in reach.distances() if c != u.cell]


def _plain_aims(state: PayloadState, u: PayloadUnit) -> list[Any]:
    """002 "Attacking examples", "AOE blast and fire": where ``u``'s card may aim, worked out from scratch."""
    beh = state.behaviour(u.kind)
    assert isinstance(beh, Armed)
    card = beh.card(state, u)
    b = state.board

    def reach(c: int) -> bool:
        d = b.distance(u.cell, c)
        return card.min_range <= d <= card.range and (card.lobbed or state.sight.sees(u.cell, c))

    def hurts(cells: list[int]) -> bool:
        return any(state.can_hurt(u, v) for v in state.units_on(cells))

    stencil = state.ruleset.stencils.get(card.stencil)
    if card.kind == "direct":
        return [v.cell for v in state.units.values() if v.cell >= 0 and state.can_hurt(u, v) and reach(v.cell)]
    if card.kind == "blast":
        assert stencil is not None
        centres = {c for v in state.units.values() if v.cell >= 0 and state.can_hurt(u, v)
                   for dq, dr, _ in stencil.cells
                   if (c := b.at(b.q[v.cell] - dq, b.r[v.cell] - dr)) >= 0 and not b.wall[c] and c != u.cell and reach(c)}
        return sorted(c for c in centres if hurts([x for x, _ in lay(state.sight, stencil, c)]))
    if card.kind == "fire":
        assert stencil is not None
        return [b.hexes[u.cell] + DIRECTIONS[d] for d in range(6)
                if hurts([x for x, _ in lay(state.sight, stencil, u.cell, d)])]
    return []


def _plain_reach(state: PayloadState, u: PayloadUnit) -> list[PayloadUnit]:
    """002 "Deploying kritz or uber": the Medic's teammates in his card's range and in sight, in unit order."""
    card = state.ruleset.weapons[u.weapon]
    b = state.board
    return [v for v in state.units.values() if v.team is u.team and v.uid != u.uid and v.cell >= 0
            and card.min_range <= b.distance(u.cell, v.cell) <= card.range and state.sight.sees(u.cell, v.cell)]


@pytest.mark.parametrize("rules", [{}, {"friendly_fire": True, "pass_through_teammates": False},
                                   {"spawn_protection": False}], ids=["default", "friendly", "unprotected"])
@pytest.mark.parametrize("name", [m for m in MAPS if m.startswith("payload")])
def test_payload_moves_and_aims_equal_the_flood_and_the_stencils(repo: Path, name: str, rules: dict[str, Any]) -> None:
    """At every decision of seeded random games, every token's moves and attack aims are the plain rules' answer."""
    scenario = load_scenario(repo / "maps" / f"{name}.scenario.json")
    game = Game.of(dataclasses.replace(scenario, rules={**scenario.rules, **rules}))
    for seed in range(1 if rules else 3):
        state = game.new_initial_state(seed, keep_undo=False)
        assert isinstance(state, PayloadState)
        rng = random.Random(seed)
        while not state.is_terminal() and state.turn < 40:
            for u in list(state.units.values()):
                assert list(state.move_cells(u)) == _flood_moves(state, u)
                group = state.behaviour(u.kind).attack_group(state, u)
                if group is not None and group[0] is Verb.ATTACK:
                    assert list(group[3]) == _plain_aims(state, u), (u.kind, u.weapon)
                beh = state.behaviour(u.kind)
                if isinstance(beh, Medic):
                    assert beh.reach(state, u) == _plain_reach(state, u)
            acts = state.legal_actions_view()
            state.apply_unchecked(acts[rng.randrange(len(acts))])


# -- Team Play: aims, Newton lines and Teleporter hexes from tables, against the plain rules ----------------------

def _plain_tp_aims(state: TeamPlayState, u: Character, card: WeaponCard) -> list[Any]:
    """003 (docs/rules-teamplay.md, "Weapons"): where ``card`` fired by ``u`` may aim, worked out from scratch."""
    b = state.board
    enemies = [v for v in state.units.values() if v.team is not u.team and v.cell >= 0]
    where = {v.cell for v in enemies}
    stencil = state.ruleset.stencils.get(card.stencil)

    def reach(c: int) -> bool:
        d = b.distance(u.cell, c)
        return card.min_range <= d <= card.range and (card.lobbed or state.sight.sees(u.cell, c))

    if card.kind == "direct":
        return [v.cell for v in enemies if reach(v.cell)]
    assert stencil is not None
    if card.kind == "blast":
        centres = {c for v in enemies for dq, dr, _ in stencil.cells
                   if (c := b.at(b.q[v.cell] - dq, b.r[v.cell] - dr)) >= 0 and not b.wall[c] and reach(c)}
        return sorted(c for c in centres if any(x in where for x, _ in lay(state.sight, stencil, c)))
    return [b.hexes[u.cell] + DIRECTIONS[d] for d in range(6)
            if any(x in where for x, _ in lay(state.sight, stencil, u.cell, d))]


def _plain_newton(state: TeamPlayState, v: Character) -> list[int]:
    b = state.board
    out = []
    for d in DIRECTIONS:
        at = v.cell
        for _ in range(int(state.options["newton_hexes"])):
            nxt = b.index.get(b.hexes[at] + d, -1)
            if nxt < 0 or b.wall[nxt] or b.low[nxt] or not can_step(b, at, nxt, state.walk):
                break
            at = nxt
            if state.occupant(nxt) is None:
                out.append(nxt)
    return sorted(set(out))


@pytest.mark.parametrize("name", [m for m in MAPS if m.startswith("teamplay")])
def test_teamplay_aims_newtons_and_teleports_equal_the_plain_rules(repo: Path, name: str) -> None:
    """At every decision of seeded random games: every character's aims with every weapon card, where a Newton
    may push it, and where a Teleporter may put a figure, as the plain rules work them out."""
    game = Game.of(load_scenario(repo / "maps" / f"{name}.scenario.json"))
    for seed in range(2):
        state = game.new_initial_state(seed, keep_undo=False)
        assert isinstance(state, TeamPlayState)
        rng = random.Random(seed)
        while not state.is_terminal():
            for u in list(state.units.values()):
                if u.cell < 0:
                    continue
                for w in state.ruleset.weapons.values():
                    assert aims(state, u, w)[0] == _plain_tp_aims(state, u, w), (u.kind, w.name)
                assert state.newton_cells(u) == _plain_newton(state, u)
            groups: list[Any] = []
            powerup_groups(state, groups, _Here(state))
            for g in groups:
                if g[0] is Verb.TELEPORT:
                    assert list(g[3]) == [c for c in range(state.board.n) if state.free(c)]
            acts = state.legal_actions_view()
            state.apply_unchecked(acts[rng.randrange(len(acts))])
