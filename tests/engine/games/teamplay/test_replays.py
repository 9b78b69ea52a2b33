"""Team Play games replay exactly from their files: every kind of action round-trips through the replay
schema's action pattern, and the recorded dice (card draws, ammo tiles) are checked on load."""

from __future__ import annotations

import json
import random

import pytest

from engine.formats.errors import LoadError
from engine.games.game import Game
from engine.replay import Replay, dumps_replay, loads_replay
from engine.rules.actions import Action
from tests.engine.games.teamplay.conformance import MAPS
from tests.engine.games.teamplay.helpers import scenario


def _played(seed: int, players: tuple[int, int]):  # type: ignore[no-untyped-def]
    sc = scenario(MAPS[seed % 2], red=(), blu=(), seed=seed, turn_limit=10, players_red=players[0],
                  players_blu=players[1])
    s = Game.of(sc).new_initial_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    return s


@pytest.mark.parametrize(("seed", "players"), [(1, (1, 1)), (2, (2, 3)), (3, (3, 2)), (4, (2, 2))])
def test_team_play_replays_load_to_the_same_game(seed: int, players: tuple[int, int]) -> None:
    s = _played(seed, players)
    text = dumps_replay(Replay.of(s), s)
    replay, again = loads_replay(text)
    assert again.fingerprint() == s.fingerprint() and replay.actions == tuple(s.history)
    verbs = {a.verb.value for a in s.history}
    assert {"draft", "spawn"} <= verbs
    for a in s.history:
        assert Action.parse(a.text()) == a


def test_a_team_play_replay_with_a_changed_draw_is_refused() -> None:
    s = _played(5, (1, 1))
    doc = json.loads(dumps_replay(Replay.of(s), s))
    k = next(i for i, r in enumerate(doc["rolls"]) if r != "1")
    doc["rolls"][k] = "1"
    with pytest.raises(LoadError, match="does not reproduce"):
        loads_replay(json.dumps(doc))
