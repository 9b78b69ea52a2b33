"""Payload Race set-up (002 "Map setup", "Player setup"): what a game starts from, and the maps, starts and
options it refuses with a clear message rather than start a game that could stall or break its invariants."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.games.game import Game, new_game
from engine.games.modes import GAMES
from engine.games.payload.state import PayloadState
from engine.games.state import Phase
from engine.mapmodel import Mode, Team
from engine.rules.actions import Action, Verb
from engine.ruleset import RulesetError
from engine.scenario import TeamSetup
from tests.engine.games.payload.conftest import STRIP, GameFactory, at, payload_scenario

#: RED's spawn is the two hexes of column 0 in rows 0-1; its track starts on one of them.
CRAMPED = """
0.R 0.  0.  0.  0.  0.  0.B 0.B
0.R 0.  0.  0.  0.  0.  0.B 0.B
0.  0.  0.  0.  0.  0.  0.  0.
"""

#: The strip with a wall at column 4 of row 0 and a low obstacle at column 3 of row 2.
ROUGH = """
0.R 0.R 0.  0.  0#  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0o  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
"""


def _sides(red: tuple[str, ...], blu: tuple[str, ...], text: str = STRIP, **kw: Any) -> Any:
    """A scenario whose tokens are all placed at set-up (rosters only, no fixed starts)."""
    s = payload_scenario(text, team_size=max(len(red), len(blu)), **kw)
    return replace(s, teams={Team.RED: TeamSetup(red), Team.BLU: TeamSetup(blu)})


# -- 002 "Map setup" ---------------------------------------------------------------------------------------


def test_map_setup_carts_start_on_their_track_starts(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (7, 0), "minigun")])
    for team in Team:
        assert state.carts[team] == 0 and state.progress(team) == 0.0
        assert state.cart_hex(team) == state.scenario.map.track(team)[0]
    assert state.cart_hex(Team.RED) == at(2, 1) and state.cart_hex(Team.BLU) == at(7, 3)


@pytest.mark.parametrize(("red_track", "blu_track", "words"), [
    ([(2, 1), (3, 1), (4, 1)], [(5, 1), (4, 1), (4, 2)], "share 4,1:"),
    ([(2, 1), (4, 1), (5, 1)], [(7, 3), (6, 3), (5, 3)], "jumps from 2,1 to 4,1"),
])
def test_map_setup_tracks_that_share_a_hex_or_jump_are_refused(red_track, blu_track, words: str) -> None:  # type: ignore[no-untyped-def]
    scenario = payload_scenario(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (7, 0), "minigun")],
                                red_track=red_track, blu_track=blu_track)
    with pytest.raises(RulesetError, match=words):
        Game.of(scenario)


class _Unchecked(PayloadState):
    """Payload Race without its map checks: what would happen on a map that slipped through."""

    @classmethod
    def check_game(cls, game: Game) -> None:
        return None


def test_map_setup_a_cart_never_rolls_onto_the_other_cart() -> None:
    scenario = payload_scenario(red=[("heavy", (3, 0), "minigun")], blu=[("heavy", (8, 0), "minigun")],
                                red_track=[(2, 1), (3, 1), (4, 1)], blu_track=[(3, 1), (3, 2)])
    rules = replace(GAMES[Mode.PAYLOAD], state=f"{__name__}:_Unchecked")
    state = Game.of(scenario, rules=rules).new_initial_state()
    assert not [a for a in state.legal_actions() if a.verb is Verb.PUSH]
    assert "BLU cart stands on the track" in state.why_not(Action(Verb.PUSH, "heavy", at(3, 0), at(3, 1)))


# -- 002 "Player setup" ------------------------------------------------------------------------------------


def test_who_goes_first_a_scenario_may_fix_it_to_blu(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (7, 0), "minigun")], first=Team.BLU)
    assert state.first_team is Team.BLU and state.current_team() is Team.BLU and not state.dice.rolls
    placing = new_game(_sides(("heavy",), ("scout",), first=Team.BLU))
    assert placing.phase is Phase.SPAWN and placing.current_team() is Team.BLU, "BLU also places first"


def test_initial_setup_a_spawn_without_room_for_the_team_beside_the_cart_is_refused() -> None:
    """The cart's start takes one of RED's two spawn hexes: two tokens could never both be placed."""
    scenario = _sides(("heavy", "medic"), ("heavy", "medic"), CRAMPED, red_track=[(0, 1), (1, 1), (2, 1)],
                      blu_track=[(5, 2), (4, 2), (3, 2)])
    with pytest.raises(RulesetError, match=r"RED's spawn has 1 hex a token can be placed on .* a team fields 2; paint 1 more RED spawn hex,"):
        Game.of(scenario)
    roomy = replace(scenario, rules=scenario.rules | {"team_size": 1})
    state = new_game(replace(roomy, teams={Team.RED: TeamSetup(("heavy",)), Team.BLU: TeamSetup(("heavy",))}))
    assert state.legal_actions(), "one token fits: set-up goes on"


@pytest.mark.parametrize(("red", "words"), [
    (("heavy", (4, 0), "minigun"), "wall at 4,0"),
    (("heavy", (8, 0), "minigun"), "in BLU's spawn"),
    (("heavy", (2, 1), "minigun"), "a cart stands on 2,1"),
    (("heavy", (3, 2), "minigun"), "low obstacle"),
])
def test_initial_setup_a_start_where_the_token_cannot_stand_is_refused(red, words: str) -> None:  # type: ignore[no-untyped-def]
    scenario = payload_scenario(ROUGH, red=[red], blu=[("heavy", (7, 0), "minigun")])
    with pytest.raises(RulesetError, match=words) as info:
        new_game(scenario)
    assert f"cannot start at {at(*red[1])}" in str(info.value)


def test_initial_setup_a_scout_may_start_on_a_low_obstacle(game: GameFactory) -> None:
    state = game(text=ROUGH, red=[("scout", (3, 2), "scattergun")], blu=[("heavy", (7, 0), "minigun")])
    assert state.unit_at(at(3, 2)) is not None


# -- options (docs/rules-payload.md) -----------------------------------------------------------------------


@pytest.mark.parametrize(("option", "value", "words"), [
    ("uber_lasts", "forever", r"'uber_lasts' is 'forever'; it must be one of 'turn', 'round'"),
    ("kritz_die", -2, r"'kritz_die' is -2; it must be one of 0, 4, 6, 8, 10, 12, 20"),
    ("blast_damage_per_hex", -1, r"'blast_damage_per_hex' is -1; it must be a whole number of 1 or more"),
    ("team_size", 0, r"'team_size' is 0; it must be a whole number of 1 or more"),
    ("turn_limit", 0, r"'turn_limit' is 0; it must be a whole number of 2 or more"),
    ("low_obstacle_height", 3, r"'low_obstacle_height' is 3; it must be one of 0, 1, 2"),
])
def test_an_option_out_of_its_range_is_refused_naming_the_allowed_values(option: str, value: Any, words: str) -> None:
    scenario = payload_scenario(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (7, 0), "minigun")])
    with pytest.raises(RulesetError, match=words):
        Game.of(replace(scenario, rules=scenario.rules | {option: value}))


def test_an_option_of_the_wrong_type_in_a_ruleset_file_is_refused() -> None:
    from engine.formats.ruleset_file import builtin_ruleset

    rs = builtin_ruleset("payload")
    broken = replace(rs, options=rs.options | {"friendly_fire": "yes"})
    scenario = payload_scenario(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (7, 0), "minigun")])
    with pytest.raises(RulesetError, match="'friendly_fire' must be true or false, not 'yes'"):
        Game.of(scenario, broken)


def test_a_killed_token_is_placed_back_right_after_the_attack_and_the_replay_says_so(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """002 "Dying/respawning": on the bundled Canal the heuristic kills random tokens; each respawn is the
    action right after the attack that killed, carries its weapon card, and a saved replay holds it."""
    import dataclasses
    from pathlib import Path

    from engine.ai import HeuristicPlayer, RandomPlayer
    from engine.formats import load_scenario
    from engine.games.game import new_game
    from engine.replay import Replay, load_replay, save_replay
    from engine.rules.actions import Verb

    repo = Path(__file__).resolve().parents[4]
    state = new_game(dataclasses.replace(load_scenario(repo / "maps" / "payload_canal.scenario.json"), seed=2),
                     keep_undo=False)
    players = {Team.RED: HeuristicPlayer(2), Team.BLU: RandomPlayer(3)}
    while not state.is_terminal():
        state.apply_unchecked(players[state.current_team()].choose(state))
    first = next(i for i, a in enumerate(state.history) if a.verb is not Verb.SPAWN)
    respawns = [k for k, a in enumerate(state.history) if k > first and a.verb is Verb.SPAWN]
    assert respawns and all(state.history[k].detail for k in respawns), "respawns carry their weapon cards"
    assert state.history[respawns[0] - 1].verb is Verb.ATTACK, "placed right after the attack that killed"
    path = tmp_path / "race.replay.json"
    save_replay(Replay.of(state), path, state)
    replay, again = load_replay(path)
    assert again.fingerprint() == state.fingerprint() and replay.actions == tuple(state.history)
