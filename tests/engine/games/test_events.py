"""The games' records of what happens (engine/games/events.py): off unless watched, never a change to a game,
never recorded by a copy, and every point of every mode recorded once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.formats import load_scenario
from engine.formats.schemas import validator
from engine.games.events import Score
from engine.mapmodel import Team
from engine.simulation.balance import play_watched
from engine.simulation.batch import play_one, start_game

MAPS = Path(__file__).resolve().parents[3] / "maps"
BUNDLED = ["koth_ridge", "payload_bridges", "teamplay_bunker"]


@pytest.mark.parametrize("name", BUNDLED)
def test_a_watched_game_is_the_same_game_and_records_every_point_once(name: str) -> None:
    args = (load_scenario(MAPS / f"{name}.scenario.json"), 5, 1, ("heuristic", "random"))
    plain, players = start_game(args)
    assert plain.events is None  # nobody watches: nothing is recorded
    watched, others = start_game(args)
    events = watched.watch()
    seen = []
    while (team := watched.current_team()) is not None:
        a = others[team].choose(watched)
        assert players[team].choose(plain) == a
        plain.apply_unchecked(a)
        watched.apply_unchecked(a)
        seen += events
        events.clear()
    assert plain.fingerprint() == watched.fingerprint() and plain.dice.rolls == watched.dice.rolls
    assert plain.events is None
    for t in Team:
        assert sum(e.points for e in seen if isinstance(e, Score) and e.team is t) == watched.points[t]
    assert any(watched.points.values())


@pytest.mark.parametrize("name", BUNDLED)
def test_a_copy_of_a_watched_game_records_nothing(name: str) -> None:
    """A search plays thousands of moves on copies: none of them is the game."""
    state, players = start_game((load_scenario(MAPS / f"{name}.scenario.json"), 2, 0, ("random", "random")))
    events = state.watch()
    copy = state.clone(keep_undo=False)
    assert copy.events is None
    while (team := copy.current_team()) is not None:
        copy.apply_unchecked(players[team].choose(copy))
    assert events == [] and state.events is events


@pytest.mark.parametrize("name", ["payload_canal", "teamplay_arena"])
def test_watching_a_game_does_not_change_its_result(name: str) -> None:
    args = (load_scenario(MAPS / f"{name}.scenario.json"), 3, 0, ("heuristic", "heuristic"))
    assert play_watched(args)[0] == play_one(args)  # pickups included: the same records, counted twice


def test_simulate_json_carries_pickups_per_team_and_follows_its_schema(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "editor.cli", "simulate", str(MAPS / "teamplay_arena.scenario.json"),
                          "-n", "2", "--format", "json"], capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)
    assert not list(validator("simulate").iter_errors(doc))
    for t in ("RED", "BLU"):
        got = doc["pickups"][t]
        assert got["total"] == sum(got["by_kind"].values()) > 0 and set(got["by_kind"]) <= {"ammo", "weapon"}
