"""A replay carries the rules it was played under (mode, the engine's rules version, the ruleset's
fingerprint and its parts): a replay of changed rules says which rules differ instead of failing on an
illegal action, and old replays without the record still load (format 1 → 2)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.ai.random_player import RandomPlayer
from engine.formats import load_scenario
from engine.formats.errors import LoadError
from engine.formats.ruleset_file import builtin_ruleset
from engine.games.game import Game
from engine.mapmodel import Mode
from engine.replay import Replay, load_replay, save_replay
from engine.replay_rules import differences, stamp_of
from engine.ruleset import Ruleset

REPO = Path(__file__).resolve().parents[2]


def _recorded(folder: Path, actions: int = 80) -> Path:
    """A King of the Board game of random moves on Crossroads under ``my.ruleset.json`` in ``folder``."""
    shutil.copy(REPO / "engine" / "data" / "koth.ruleset.json", folder / "my.ruleset.json")
    shutil.copy(REPO / "maps" / "koth_crossroads.map.json", folder / "koth_crossroads.map.json")
    doc = json.loads((REPO / "maps" / "koth_crossroads.scenario.json").read_text(encoding="utf-8"))
    doc["ruleset"] = "my.ruleset.json"
    doc.pop("$schema")
    (folder / "game.scenario.json").write_text(json.dumps(doc), encoding="utf-8")
    state = Game.of(load_scenario(folder / "game.scenario.json")).new_initial_state(7)
    player = RandomPlayer(7)
    for _ in range(actions):
        state.apply(player.choose(state))
    save_replay(Replay.of(state), folder / "game.replay.json", state)
    return folder / "game.replay.json"


def _edit(path: Path, change: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_a_replay_records_mode_engine_version_and_ruleset_fingerprint(tmp_path: Path) -> None:
    doc = json.loads(_recorded(tmp_path, 10).read_text(encoding="utf-8"))
    assert doc["format"] == 2
    rules = doc["rules"]
    assert rules["mode"] == "koth" and rules["engine"] == 1 and len(rules["ruleset"]) == 16
    assert rules["options"]["points_to_win"] == 10
    assert set(rules["units"]) == set(builtin_ruleset("koth").units)
    replay, _ = load_replay(tmp_path / "game.replay.json")
    assert replay.rule_changes == ()


def test_a_replay_of_changed_unit_stats_names_them_not_an_illegal_action(tmp_path: Path) -> None:
    path = _recorded(tmp_path)
    _edit(tmp_path / "my.ruleset.json", lambda d: d["units"]["soldier"].update(speed=1))
    _edit(tmp_path / "my.ruleset.json", lambda d: d["units"]["pyro"].update(speed=1))
    with pytest.raises(LoadError) as info:
        load_replay(path)
    assert info.value.where == "$.rules"
    message = info.value.message
    assert "recorded under other rules" in message and "unit soldier: changed" in message
    assert "unit pyro: changed" in message and "unit medic" not in message


def test_changed_options_that_did_not_change_this_game_load_with_both_values_listed(tmp_path: Path) -> None:
    path = _recorded(tmp_path)
    _edit(tmp_path / "my.ruleset.json", lambda d: d["options"].update(respawn_turns=0, crit_bonus=99))
    replay, _ = load_replay(path)  # these moves threw the same dice and reached the same result
    assert replay.rule_changes == ("option crit_bonus: 20 then, 99 now", "option respawn_turns: 3 then, 0 now")


def test_descriptive_texts_do_not_count_as_rule_changes(tmp_path: Path) -> None:
    path = _recorded(tmp_path, 20)
    _edit(tmp_path / "my.ruleset.json", lambda d: d["units"]["soldier"].update(name="Rocketeer"))
    replay, _ = load_replay(path)
    assert replay.rule_changes == ()


def test_a_replay_from_a_newer_engine_that_still_reproduces_loads_and_lists_the_difference(tmp_path: Path) -> None:
    path = _recorded(tmp_path, 20)
    _edit(path, lambda d: d["rules"].update(engine=2))
    replay, _ = load_replay(path)
    assert replay.rule_changes == ("hexfort's King of the Board rules: version 2 then (a newer hexfort), "
                                   "version 1 now",)


def test_a_replay_from_a_newer_engine_that_does_not_reproduce_says_so(tmp_path: Path) -> None:
    path = _recorded(tmp_path, 20)

    def newer_and_different(d: dict[str, Any]) -> None:
        d["rules"]["engine"] = 5
        d["actions"][3], d["actions"][4] = d["actions"][4], d["actions"][3]  # what newer rules might allow

    _edit(path, newer_and_different)
    with pytest.raises(LoadError) as info:
        load_replay(path)
    assert info.value.where == "$.rules"
    assert "version 5 then (a newer hexfort), version 1 now" in info.value.message
    assert "$.actions[" in info.value.message  # and where it stopped replaying


def test_an_old_replay_without_the_rules_record_still_loads(tmp_path: Path) -> None:
    path = _recorded(tmp_path, 30)

    def format_1(d: dict[str, Any]) -> None:
        d["format"] = 1
        del d["rules"]

    _edit(path, format_1)
    replay, state = load_replay(path)
    assert len(replay.actions) == 30 and replay.rule_changes == ()
    # and without the record a changed rule is the old error again, at the action
    _edit(tmp_path / "my.ruleset.json", lambda d: d["units"]["soldier"].update(speed=1))
    _edit(tmp_path / "my.ruleset.json", lambda d: d["units"]["pyro"].update(speed=1))
    with pytest.raises(LoadError) as info:
        load_replay(path)
    assert info.value.where.startswith("$.actions[")


def _variant(base: Ruleset, **changes: Any) -> Ruleset:
    import dataclasses

    return dataclasses.replace(base, **changes)


def test_differences_name_each_part() -> None:
    base = builtin_ruleset("payload")
    weapons = dict(base.weapons)
    first = next(iter(weapons))
    weapons[first] = _variant(weapons[first], damage=weapons[first].damage + 1)
    weapons.pop(list(weapons)[-1])
    changed = _variant(base.with_overrides({}), weapons=weapons)
    found = differences(stamp_of(Mode.PAYLOAD, base), stamp_of(Mode.PAYLOAD, changed))
    assert sorted(found) == sorted([f"weapon {first}: changed", f"weapon {list(base.weapons)[-1]}: gone"])
    assert differences(stamp_of(Mode.PAYLOAD, base), stamp_of(Mode.PAYLOAD, base)) == []
    assert differences(stamp_of(Mode.KOTH, builtin_ruleset("koth")), stamp_of(Mode.PAYLOAD, base)) == [
        "mode: King of the Board then, Payload Race now"]
