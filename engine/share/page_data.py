"""Everything ``hexfort share`` puts on its web page, computed by the engine when the page is made.

The page only draws and looks up: each hex's height, terrain and features; what
a unit standing on it sees (:func:`engine.rules.fov.seers`, the game's own sight
rule with the scenario's options); the turns each unit kind needs to reach it
from each spawn (the game's movement flood, ceiling of steps / speed); the
validator's problems with their hexes; a scenario's teams; a balance study's
verdict; and a replay as one frame per action (units, scores, the action).
Hexes are referred to by their index in :attr:`PageData.hexes`.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.games.game import Game, base_scenario, playing_ruleset
from engine.games.modes import GAMES, NotPlayableError
from engine.hexgrid import DIRECTIONS, Hex
from engine.mapmodel import Colour, HexMap, Team, Terrain
from engine.replay import Replay
from engine.rules.board import Board
from engine.rules.fov import seers
from engine.rules.movement import flood
from engine.rules.sight import Sight
from engine.ruleset import RulesetError
from engine.scenario import Scenario
from engine.validation.problem import Problem

__all__ = ["page_data"]

_TERRAIN_WORDS = {Terrain.OPEN: "open ground", Terrain.WALL: "wall", Terrain.LOW: "low obstacle",
                  Terrain.STAIRS: "stairs"}


def _board_and_sight(scenario: Scenario) -> tuple[Board, Sight, Game | None]:
    """The board and sight the game plays with (its options applied); the mode's defaults when it cannot start."""
    try:
        game = Game.of(scenario)
        return game.board, game.sight, game
    except (RulesetError, NotPlayableError, ValueError):
        board = Board.for_map(scenario.map)
        return board, Sight.for_board(board, GAMES[scenario.mode].heights_block_sight), None


def _bits(indices: set[int], n: int) -> str:
    """Indices as a little-endian bitset in base64 (bit i of byte i // 8)."""
    out = bytearray((n + 7) // 8)
    for i in indices:
        out[i >> 3] |= 1 << (i & 7)
    return base64.b64encode(bytes(out)).decode("ascii")


def _spawns(scenario: Scenario) -> list[tuple[str, Team | None, list[Hex]]]:
    """Each place the mode's units spawn: its label, its team (None for Team Play's coloured spawnpoints) and its
    hexes — team spawn zones in a mode that has them, else the spawnpoints (a stray zone on a Team Play map, HF113,
    is no place its characters start: a new-user audit saw it as a column of their table)."""
    m = scenario.map
    if GAMES[scenario.mode].spawn_zones:
        return [(f"{t.value} spawn", t, sorted(m.spawns[t])) for t in Team if m.spawns.get(t)]
    return [(f"{c.value} spawnpoints", None, sorted(m.spawnpoints[c])) for c in Colour if m.spawnpoints.get(c)]


def _kinds(scenario: Scenario, game: Game | None) -> list[tuple[str, str, int, tuple[str, ...]]]:
    """(kind, name, speed, specials) of the unit kinds the reach table shows: the scenario's rosters, else all. A map
    its game cannot start on (a cart track with a gap) still has its ruleset's units: walking needs no cart (a
    new-user audit found the table missing on the map most in need of review); none only when the ruleset fails."""
    if game is not None:
        stats: Mapping[str, Any] = game.stats
    else:
        try:
            rules = playing_ruleset(scenario)
            stats = {k: rules.unit(k) for k in rules.units}
        except (RulesetError, ValueError):
            return []
    fielded = [k for t in Team for k in (scenario.team(t).roster or tuple(u.unit for u in scenario.team(t).starting))]
    wanted = fielded or [k for k, u in stats.items() if u.pickable]
    seen: list[str] = []
    for k in wanted:
        if k not in seen and k in stats and stats[k].mobile:
            seen.append(k)
    return [(k, stats[k].name, max(1, stats[k].speed), tuple(stats[k].specials)) for k in seen]


def _reach(scenario: Scenario, board: Board, game: Game | None) -> dict[str, Any]:
    """Per hex, per spawn, per kind: turns to reach it (None: never)."""
    spawns, kinds = _spawns(scenario), _kinds(scenario, game)
    rules = GAMES[scenario.mode]
    table: list[list[list[int | None]]] = [[[None] * len(kinds) for _ in spawns] for _ in board.hexes]
    for s, (_, team, hexes) in enumerate(spawns):
        starts = [h for h in hexes if not board.wall[board.idx(h)]]
        for k, (_, _, speed, specials) in enumerate(kinds):
            steps = flood(board, starts, rules.move_profile(specials, team)).distances() if starts else {}
            for i, n in steps.items():
                table[i][s][k] = math.ceil(n / speed)
    return {"spawns": [label for label, _, _ in spawns], "kinds": [name for _, name, _, _ in kinds],
            "turns": table}


def _teams(scenario: Scenario, index: Mapping[Hex, int]) -> list[dict[str, Any]]:
    """Each team's roster and starting units, a placed unit with its hex's index (``at``, drawn on the board: a folder
    audit found them only listed in words) and a short label that tells its kind from the others'."""
    kinds = sorted({u.unit for t in Team for u in scenario.team(t).starting})
    labels = unit_labels([k.capitalize() for k in kinds])
    out = []
    for t in Team:
        setup = scenario.team(t)
        units = [{"kind": u.unit, "hex": str(u.hex) if u.hex else None,
                  "at": index.get(u.hex, -1) if u.hex is not None else -1, "label": labels[u.unit.capitalize()]}
                 for u in setup.starting]
        out.append({"team": t.value, "roster": list(setup.roster), "units": units})
    return out


def _balance(doc: Mapping[str, Any]) -> dict[str, Any]:
    study = doc.get("map", {})
    verdict = study.get("verdict", {}) if isinstance(study, dict) else {}
    return {"games": doc.get("games"), "players": doc.get("players"), "file": doc.get("file"), "seed": doc.get("seed"),
            # the two headline answers in words; the other strings (by_construction, favoured) are what the side
            # answer already says, and read as a fragment on their own (a new-user audit)
            "verdict": {k: verdict[k] for k in ("sides", "first_move") if isinstance(verdict.get(k), str)},
            "evidence": [e for e in verdict.get("evidence", []) if isinstance(e, str)]}


def unit_labels(names: Sequence[str]) -> dict[str, str]:
    """A short label per unit name, unique among ``names``: its first letter, or as many letters as tell it from
    the others (Scout "Sc", Soldier "So", Sniper "Sn"; Dozer "Do", D-Struct-Or "D-"): the replay's first letters alone
    drew three units as "S" (a new-user audit)."""
    out = {}
    for n in names:
        k = 1
        while k < len(n) and any(o != n and o[:k].lower() == n[:k].lower() for o in names):
            k += 1
        out[n] = n[:k]
    return out


def _replay(replay: Replay, index: Mapping[Hex, int]) -> dict[str, Any]:
    """One frame per position: the start, then after each action (turn, scores, action text, units, and where each
    team scores — Payload Race's carts, the control point's hexes a side holds — so a replay shows the objective
    move, not only the units: a new-user audit watched carts that never moved)."""
    game = Game.of(replay.scenario)
    state = game.new_initial_state(replay.seed, keep_undo=False)
    plan = game.rules.race_plan(game)
    names: dict[int, dict[str, Any]] = {}

    def frame(action: str) -> list[Any]:
        units = []
        for uid, u in sorted(state.units.items()):
            if uid not in names:
                names[uid] = {"id": uid, "team": u.team.value, "kind": u.kind, "name": state.stats(u.kind).name}
            units.append([uid, index.get(state.board.hexes[u.cell], -1) if u.cell >= 0 else -1, u.health])
        marks = [[index[h], t.value] for t in Team for c in state.scoring_cells(t)
                 if (h := state.board.hexes[c]) in index]
        return [state.turn, state.points[Team.RED], state.points[Team.BLU], action, units, marks]

    frames = [frame("start")]
    for a in replay.actions:
        state.apply(a)
        frames.append(frame(a.text()))
    winner = state.winner()
    labels = unit_labels(sorted({u["name"] for u in names.values()}))
    return {"units": [{**names[k], "label": labels[names[k]["name"]]} for k in sorted(names)], "frames": frames,
            "goal": plan.goals[0].words if plan is not None and plan.goals else "the objective",
            "result": f"{winner.value} wins" if winner is not None else "no winner yet",
            "rule_changes": list(replay.rule_changes)}


def page_data(value: HexMap | Scenario, problems: Sequence[Problem] = (), balance: Mapping[str, Any] | None = None,
              replay: Replay | None = None) -> dict[str, Any]:
    """The page's data for a map or scenario (JSON-ready); see the module docstring for what it holds.

    ``replay`` must be one :func:`engine.replay.load_replay` accepted (its actions are played again here).
    """
    scenario = replay.scenario if replay is not None else base_scenario(value)
    m = scenario.map
    board, sight, game = _board_and_sight(scenario)
    index = {h: i for i, h in enumerate(board.hexes)}
    standing = [i for i in range(len(board.hexes)) if not board.wall[i]]
    hexes = []
    sees = []
    for i, h in enumerate(board.hexes):
        cell = m.cells[h]
        hexes.append({"q": h.q, "r": h.r, "height": cell.height, "terrain": _TERRAIN_WORDS[cell.terrain],
                      "up": cell.stairs_up, "features": m.features_at(h)})
        sees.append(_bits(seers(sight, i, standing) - {i}, len(board.hexes)) if not board.wall[i] else "")
    out: dict[str, Any] = {
        "name": scenario.name if isinstance(value, Scenario) or replay is not None else m.meta.name,
        "map": m.meta.name, "author": m.meta.author, "description": m.meta.description,
        "mode": GAMES[scenario.mode].name, "orientation": m.meta.orientation.value,
        "hexes": hexes, "directions": [[d.q, d.r] for d in DIRECTIONS], "sees": sees, "reach": _reach(scenario, board, game),
        "problems": [{"code": p.code, "severity": p.severity.value, "message": p.message,
                      "hexes": [index[h] for h in p.hexes if h in index]} for p in problems],
    }
    if isinstance(value, Scenario) or replay is not None:
        out["teams"] = _teams(scenario, index)
    if balance is not None:
        out["balance"] = _balance(balance)
    if replay is not None:
        out["replay"] = _replay(replay, index)
    return out
