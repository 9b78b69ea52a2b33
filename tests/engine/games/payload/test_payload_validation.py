"""The validator's Payload Race checks agree with the game: HF104's spawn room, HF309's class figures, and
HF310/HF311's contest (who stops a push is the game's own ``stops_push``), under a scenario's own ruleset."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.formats.ruleset_file import builtin_ruleset
from engine.frozendict import FrozenDict
from engine.games.game import new_game
from engine.games.payload.map_checks import stand_by
from engine.games.payload.state import PayloadState
from engine.mapmodel import HexMap, Mode, Team
from engine.scenario import Scenario, TeamSetup, UnitStart
from engine.textmap import hex_at, map_from_text
from engine.validation.checks import check_map
from engine.validation.registry import CheckContext
from engine.validation.runner import scenario_problems

#: Two small spawns on the top row, both next to BLU's track, which runs down the middle column.
CLOSE = """
0.R 0.R 0.  0.B 0.B
0.R 0.R 0.  0.B 0.B
0.  0.  0.  0.  0.
0.  0.  0.  0.  0.
0.  0.  0.  0.  0.
0.  0.  0.  0.  0.
"""


def _close_map(red_track: list[tuple[int, int]] | None = None) -> HexMap:
    red = red_track or [(0, 2), (0, 3), (0, 4), (0, 5)]
    tracks = {"BLU": [str(hex_at(2, r)) for r in range(6)], "RED": [str(hex_at(c, r)) for c, r in red]}
    return map_from_text(CLOSE, modes=["payload"], tracks=tracks)


def _scenario(m: HexMap, **rules: object) -> Scenario:
    teams = {Team.RED: TeamSetup(("heavy",), (UnitStart("heavy", hex_at(0, 0), weapon="minigun"),)),
             Team.BLU: TeamSetup(("heavy",), (UnitStart("heavy", hex_at(4, 0), weapon="minigun"),))}
    return Scenario("close", Mode.PAYLOAD, m, rules=FrozenDict({"team_size": 1, "roll_for_first": False, **rules}),
                    teams=FrozenDict(teams))


def _codes(problems: list, code: str) -> list:  # type: ignore[type-arg]
    return [p for p in problems if p.code == code]


def test_hf104_leaves_out_the_cart_track_hexes_of_a_payload_spawn() -> None:
    m = _close_map(red_track=[(1, 1), (1, 2), (1, 3), (1, 4)])  # RED's track starts inside its spawn
    four = builtin_ruleset("payload").with_overrides({"team_size": 4})
    hf104 = _codes(check_map(m, Mode.PAYLOAD, four), "HF104")
    assert [p.message for p in hf104] == [
        "RED's spawn zone has 3 usable hexes (not counting 1 hex of a cart track), but a team starts with 4 units; "
        "paint 1 more"]
    assert not _codes(check_map(m, Mode.PAYLOAD, four.with_overrides({"team_size": 3})), "HF104")


def test_hf309_figures_come_from_the_scenarios_ruleset() -> None:
    m = _close_map()
    built_in = _codes(check_map(m, Mode.PAYLOAD), "HF309")[0].message
    rs = builtin_ruleset("payload")
    slow = replace(rs, units=FrozenDict({**rs.units, "heavy": replace(rs.units["heavy"], speed=1)}))
    scenario = replace(_scenario(m), ruleset=slow)
    own = _codes(scenario_problems(scenario), "HF309")[0].message
    assert "RED: Scout 0/1/1," in built_in and "Heavy 0/1/2," in built_in, built_in
    # the scenario fields only Heavies (its roster), at its ruleset's speed
    assert own.endswith("RED: Heavy 0/2/3; BLU: Heavy 0/1/3"), own


@pytest.mark.parametrize("protected", [True, False])
def test_hf310_stands_where_the_game_says_a_token_stops_a_push(protected: bool) -> None:
    """For every hex next to every step of BLU's track: the validator counts a RED token there as
    stopping the push exactly when the game's ``blockers`` does."""
    m = _close_map()
    rs = builtin_ruleset("payload").with_overrides({"spawn_protection": protected, "team_size": 1})
    ctx = CheckContext(m, (Mode.PAYLOAD,), ruleset=rs)
    state = new_game(_scenario(m, spawn_protection=protected))
    assert isinstance(state, PayloadState)
    red = state.units_of(Team.RED)[0]
    b = state.board
    compared = 0
    for k in range(len(state.tracks[Team.BLU]) - 1):
        state.carts[Team.BLU] = k
        cart = state.cart_cell(Team.BLU)
        counted = set(stand_by(ctx, Team.RED, Team.BLU, k))
        for n in b.hexes[cart].neighbors():
            i = b.index.get(n)
            if i is None or state.standing_reason(Team.RED, "heavy", i) not in ("", f"{n} is taken by the BLU Heavy"):
                continue
            red.cell = i
            assert (i in counted) == bool(state.blockers(Team.BLU)), (k, n)
            compared += 1
    assert compared > 10
    in_spawn = {i for k in range(5) for i in stand_by(ctx, Team.RED, Team.BLU, k) if b.spawn_team(i) is Team.RED}
    assert bool(in_spawn) is not protected, "a token in its own spawn stops nothing under spawn protection"


def test_hf310_and_hf311_use_the_scenarios_spawn_protection() -> None:
    m = _close_map()
    protected = scenario_problems(_scenario(m))
    open_spawns = scenario_problems(_scenario(m, spawn_protection=False))
    assert _codes(protected, "HF310")[0].message.startswith("RED can contest 3 of 5 steps of the BLU track")
    assert _codes(open_spawns, "HF310")[0].message.startswith("RED can contest 5 of 5 steps of the BLU track")
    # both sides field only Heavies (the scenario's roster): BLU's cannot get to RED's track first
    assert "(RED 3 steps, BLU 0)" in _codes(protected, "HF311")[0].message
    warning = _codes(open_spawns, "HF311")
    assert warning and "RED can block much more of the BLU cart's way" in warning[0].message
    assert "(RED 5 steps, BLU 0)" in warning[0].message
