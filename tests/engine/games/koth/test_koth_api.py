"""The game API: action text, undo, clone, replay files (issue 3 "Game API")."""

from __future__ import annotations

import json
import random

import pytest

from engine.formats.errors import LoadError
from engine.games.game import new_game
from engine.games.koth.state import KothState
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.replay import Replay, dumps_replay, load_replay, loads_replay, save_replay
from engine.rules.actions import Action, ActionParseError, Verb
from engine.textmap import koth_scenario
from tests.engine.games.koth.conftest import GameFactory

MAP = """
0.R 0.R 0.  0.  0.  1.  0.  0.  0.  0.
0.R 0.R 0.  0#  0.  1.  0o  0.  0.  0.
0.R 0.  0.  1.  2.C 2.C 1.  0.  0.B 0.B
0.  0.  0o  1.  2.C 2.C 1.  0.  0.B 0.B
0.  0.  0.  0.  1.  0#  0.+ 0.  0.B 0.B
"""


@pytest.mark.parametrize(
    "action",
    [
        Action(Verb.MOVE, "soldier", Hex(3, -1), Hex(5, -2)),
        Action(Verb.ATTACK, "pyro", Hex(0, 0), Hex(1, 0)),
        Action(Verb.HEAL, "medic", Hex(0, 1), Hex(1, 1)),
        Action(Verb.SCOPE, "sniper", Hex(-4, 7)),
        Action(Verb.PICKUP, "engineer", Hex(1, 1)),
        Action(Verb.END, "scout", Hex(0, 0)),
        Action(Verb.SPAWN, "heavy", None, Hex(0, 5)),
        Action(Verb.TARGET, "sentry", Hex(4, 4), Hex(6, 4)),
        Action(Verb.ROCKET_JUMP, "soldier", Hex(0, 0), Hex(8, -8)),
    ],
)
def test_action_text_round_trips(action: Action) -> None:
    """Every action has one text form and parses back to itself."""
    assert Action.parse(action.text()) == action
    assert Action.parse(f"  {action.text()}  ") == action


@pytest.mark.parametrize("text", ["", "move 1,2", "soldier@1,2 fly 3,4", "soldier@1,2 move", "sniper@0,0 scope 1,1",
                                  "spawn 1,2", "Soldier@1,2 end"])
def test_action_parse_errors(text: str) -> None:
    """Text that is not an action raises ActionParseError (a ValueError)."""
    with pytest.raises(ActionParseError):
        Action.parse(text)


def _play_random(state: KothState, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if state.is_terminal():
            return
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])


@pytest.mark.parametrize("seed", range(5))
def test_undo_restores_the_previous_state_dice_included(seed: int) -> None:
    """Undo takes back one action at a time, down to the start, dice and all."""
    state = new_game(koth_scenario(MAP, seed=seed))
    rng = random.Random(seed)
    prints = [state.fingerprint()]
    for _ in range(60):
        if state.is_terminal():
            break
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
        prints.append(state.fingerprint())
    while state.can_undo():
        prints.pop()
        state.undo()
        assert state.fingerprint() == prints[-1]
    with pytest.raises(IndexError):
        state.undo()


def test_clone_is_independent_and_rolls_the_same() -> None:
    """A clone continues exactly like the original and shares nothing mutable with it."""
    state = new_game(koth_scenario(MAP, seed=11))
    _play_random(state, random.Random(1), 30)
    twin = state.clone()
    assert twin.fingerprint() == state.fingerprint()
    rng_a, rng_b = random.Random(5), random.Random(5)
    _play_random(state, rng_a, 40)
    before = twin.fingerprint()
    assert twin.fingerprint() == before  # playing the original left the clone alone
    _play_random(twin, rng_b, 40)
    assert twin.fingerprint() == state.fingerprint()


def test_a_clone_given_its_own_dice_throws_those() -> None:
    """``clone(dice=...)`` copies the position but throws the given dice (a search's play-outs), leaving the
    original's dice alone."""
    from engine.rules.dice import Dice

    def position(s: KothState) -> tuple[object, ...]:
        return tuple(kv for kv in s.fingerprint() if kv[0] != "dice_state")

    state = new_game(koth_scenario(MAP, seed=11))
    _play_random(state, random.Random(1), 20)
    rolled = len(state.dice.rolls)
    own = Dice(99)
    twin = state.clone(keep_undo=False, dice=own)
    assert twin.dice is own and own.rolls == [] and own.state == Dice(99).state
    assert position(twin) == position(state)  # type: ignore[arg-type]
    again = state.clone(dice=Dice(99))
    _play_random(twin, random.Random(5), 40)
    _play_random(again, random.Random(5), 40)
    assert twin.fingerprint() == again.fingerprint() and own.rolls  # the throws came from the given dice
    assert len(state.dice.rolls) == rolled  # the original's dice did not move


def test_replay_file_round_trip_and_schema(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A saved replay validates against replay.schema.json and loads back to the same game."""
    state = new_game(koth_scenario(MAP, seed=3))
    _play_random(state, random.Random(3), 80)
    path = tmp_path / "game.replay.json"
    save_replay(Replay.of(state, {Team.RED: "random", Team.BLU: "random"}), path, state)
    replay, again = load_replay(path)
    assert again.fingerprint()[:-1] == state.fingerprint()[:-1]
    assert [a.text() for a in replay.actions] == [a.text() for a in state.history]
    assert dumps_replay(replay) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("tamper", "where"),
    [
        (lambda d: d["rolls"].__setitem__(0, "1+1" if d["rolls"][0] != "1+1" else "2+2"), "$.actions"),
        (lambda d: d["actions"].__setitem__(-1, "scout@99,99 end"), "$.actions"),
        (lambda d: d["result"]["scores"].__setitem__("RED", 99), "$.result"),
        (lambda d: d.__setitem__("format", 7), "$.format"),
        (lambda d: d["actions"].__setitem__(0, "not an action"), "$.actions[0]"),
    ],
)
def test_replay_load_refuses_a_replay_that_does_not_reproduce(tamper, where: str) -> None:  # type: ignore[no-untyped-def]
    """Loading re-plays the game: a wrong roll, action or result is a LoadError naming the place."""
    state = new_game(koth_scenario(MAP, seed=4))
    rng = random.Random(4)
    while not state.dice.rolls:
        _play_random(state, rng, 10)
    doc = json.loads(dumps_replay(Replay.of(state), state))
    tamper(doc)
    with pytest.raises(LoadError) as err:
        loads_replay(json.dumps(doc))
    assert err.value.where.startswith(where)


def test_ui_queries_move_paths_attack_options_and_sight(game: GameFactory) -> None:
    """Reachable hexes come with legal paths; attacks with odds, damage and area; sight is symmetric."""
    state = game("0. 0. 0. 0. 0. 0.\n0. 0# 0. 0. 0. 0.", red=[("soldier", (0, 0))], blu=[("heavy", (4, 0))])
    paths = state.move_paths()
    assert paths and all(p[0] == Hex(0, 0) and p[-1] == h and len(p) <= 4 for h, p in paths.items())
    moves = {a.target for a in state.legal_actions() if a.verb is Verb.MOVE}
    assert set(paths) == moves
    (opt,) = state.attack_options()
    assert 0 < opt.hit_chance < 1 and opt.damage == 100 and opt.area[Hex(4, 0)] == 100
    for a in (Hex(0, 0), Hex(4, 0), Hex(0, 1)):
        for b in (Hex(5, 0), Hex(2, 1), Hex(4, 1)):
            assert state.line_of_sight(a, b) == state.line_of_sight(b, a)
