"""003's end of turn and end of game: the steps in order, flushing, rewards, killshots, respawn, reload,
the eighth skull, leftover damage and ties; and the six characters' abilities.

Each test is named after the 003 section it covers (docs/rules-teamplay.md lists them).
"""

from __future__ import annotations

import pytest

from engine.games.state import Phase
from engine.games.teamplay.decisions import Control
from engine.games.teamplay.state import TeamPlayState
from engine.mapmodel import Team
from engine.textmap import hex_at
from tests.engine.games.teamplay.helpers import H, finish_turn, give, play, put, ready, texts


def _apart(s: TeamPlayState) -> None:
    for kind, (c, r) in {"sprog": (0, 0), "violet": (0, 2), "dozer": (0, 4),
                         "banshee": (7, 0), "dstructor": (7, 2), "echo": (7, 4)}.items():
        put(s, kind, c, r)


def _board(s: TeamPlayState, kind: str) -> int:
    u = s.character(kind)
    assert u is not None
    return u.damage


def test_end_of_turn_steps_in_the_books_order() -> None:
    s = ready()
    _apart(s)
    s.buffer[Team.BLU] = {"echo": 6}
    s.character("echo").damage = 6  # type: ignore[union-attr]
    s.character("violet").tile = 1  # type: ignore[union-attr]
    s.table[Team.RED] = ["cutter"]
    give(s, Team.RED, cubes=[1, 1, 1])
    play(s, f"sprog@{H(0, 0)} move {H(1, 0)}")
    n = len(s.log)
    finish_turn(s)
    steps = [line.split(",")[0] for line in s.log[n:] if line.startswith("end of turn")]
    assert steps == [f"end of turn {k}/5" for k in (1, 2, 3, 4, 5)]
    assert s.character("echo").cell >= 0 and s.turn_team is Team.BLU  # type: ignore[union-attr]  # respawned


@pytest.mark.parametrize(("damage", "flushes"), [({"echo": 5}, False), ({"echo": 3, "banshee": 2}, False),
                                                 ({"echo": 6}, True), ({"echo": 2, "banshee": 2, "dstructor": 3}, True)])
def test_flushing_the_damage_buffer_only_at_six_or_more_and_marks_stay(damage: dict[str, int], flushes: bool) -> None:
    s = ready()
    _apart(s)
    s.buffer[Team.BLU] = dict(damage)
    s.marks[Team.BLU] = {"echo": 2}
    finish_turn(s)
    if flushes:
        assert s.buffer[Team.BLU] == {} and {k: _board(s, k) for k in damage} == damage
    else:
        assert s.buffer[Team.BLU] == damage and all(_board(s, k) == 0 for k in damage)
    assert s.marks[Team.BLU] == {"echo": 2}


@pytest.mark.parametrize(("tile", "damage", "points", "heals", "cubes", "draws"), [
    ("spread", {"echo": 6}, 1, 0, 0, 0),
    ("spread", {"echo": 3, "banshee": 3}, 1, 1, 0, 0),
    ("spread", {"echo": 2, "banshee": 2, "dstructor": 2}, 3, 0, 0, 0),
    ("focus", {"echo": 6}, 2, 1, 0, 0),
    ("focus", {"echo": 3, "banshee": 3}, 1, 0, 1, 0),
    ("focus", {"echo": 2, "banshee": 2, "dstructor": 2}, 0, 0, 2, 1),
    ("supply", {"echo": 6}, 0, 0, 2, 0),
    ("supply", {"echo": 3, "banshee": 3}, 0, 0, 1, 1),
    ("supply", {"echo": 2, "banshee": 2, "dstructor": 2}, 2, 0, 0, 1),
])
def test_damage_buffer_rewards_by_the_number_of_colours_from_the_tile_chosen_at_set_up(
        tile: str, damage: dict[str, int], points: int, heals: int, cubes: int, draws: int) -> None:
    s = ready(reward_tile=tile)
    _apart(s)
    s.buffer[Team.BLU] = dict(damage)
    s.buffer[Team.BLU]["sprog_marks_are_not_colours"] = 0
    s.marks[Team.BLU] = {"violet": 3}  # marks are ignored when counting colours
    s.character("sprog").tile = 1  # type: ignore[union-attr]  # someone to heal
    give(s, Team.RED, cubes=[0, 0, 0])
    seen: list[str] = []
    s.apply("end")
    while s.turn_team is Team.RED:
        acts = texts(s)
        seen.append(acts[0].split()[0])
        s.apply("pass" if "pass" in acts else acts[0])
    assert s.points[Team.RED] == points
    assert seen.count("recover") == heals and seen.count("cube") == cubes and seen.count("draw") == draws
    assert sum(s.hands[Team.RED][0].cubes) == cubes


def test_buffer_rewards_are_shared_out_by_the_team() -> None:
    s = ready(reward_tile="supply", players_red=3)
    _apart(s)
    s.buffer[Team.BLU] = {"echo": 6}
    for k in range(3):
        give(s, Team.RED, k, cubes=[0, 0, 0])
    s.apply("end")
    assert s.phase is Phase.CHOOSE and len(texts(s)) == 9  # any colour to any of the three players
    play(s, "cube red with p3", "cube red with p3")
    assert s.hands[Team.RED][2].cubes == [2, 0, 0]


@pytest.mark.parametrize(("skulls", "value"), [(0, 8), (1, 6), (2, 4), (3, 2), (4, 1), (5, 1), (7, 1)])
def test_scoring_a_board_eight_six_four_two_one_one_and_no_first_blood(skulls: int, value: int) -> None:
    s = ready()
    _apart(s)
    echo = s.character("echo")
    assert echo is not None
    echo.skulls = skulls
    s.buffer[Team.BLU] = {"echo": 11}
    before = s.skulls_left
    finish_turn(s)
    assert s.points[Team.RED] == value + 1  # + the Spread tile's 1 point for one colour
    assert echo.skulls == skulls + 1 and echo.damage == 0 and s.skulls_left == before - 1


def test_overkill_one_point_and_a_heal_extra_damage_wasted() -> None:
    s = ready()
    _apart(s)
    s.character("violet").tile = 2  # type: ignore[union-attr]
    s.buffer[Team.BLU] = {"echo": 15}
    finish_turn(s, {"recover": "recover violet"})
    assert s.points[Team.RED] == 8 + 1 + 1  # board, overkill, Spread's point
    assert s.character("violet").tile == 1  # type: ignore[union-attr]
    assert any("overkill" in line for line in s.log)
    assert any("onto the BLU Echo's board (12)" in line for line in s.log)  # 15 sent, 12 spaces


@pytest.mark.parametrize(("damage", "bonus"), [({"echo": 11}, 0), ({"echo": 11, "banshee": 11}, 2),
                                               ({"echo": 11, "banshee": 11, "dstructor": 11}, 4)])
def test_doublekill_and_triplekill_bonuses(damage: dict[str, int], bonus: int) -> None:
    s = ready()
    _apart(s)
    s.buffer[Team.BLU] = dict(damage)
    finish_turn(s)
    tile = {1: 1, 2: 1, 3: 3}[len(damage)]  # Spread
    assert s.points[Team.RED] == 8 * len(damage) + bonus + tile
    assert s.skulls_left == 8 - len(damage)


def test_sprog_venom_skips_the_buffer_and_its_killshot_counts() -> None:
    s = ready()
    _apart(s)
    echo, banshee = s.character("echo"), s.character("banshee")
    assert echo is not None and banshee is not None
    echo.venom = banshee.venom = True
    echo.damage = 10
    s.buffer[Team.BLU] = {"banshee": 10}  # not 6 of... it is: banshee 10 flushes and kills too
    play(s, f"sprog@{H(0, 0)} move {H(1, 0)}")  # Sprog must have acted for his ability
    finish_turn(s)
    assert not echo.venom and not banshee.venom
    assert any("venom: 1 damage onto the BLU Echo's board (11)" in line for line in s.log)
    assert s.points[Team.RED] == 8 + 8 + 2 + 1  # two killshots, a double kill, Spread's point for 1 colour


def test_character_abilities_sprog_venom_is_mandatory_even_when_he_did_not_act() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 1, 0)  # next to Sprog: she sees him, and holds a Tagback Grenade
    echo = s.character("echo")
    assert echo is not None
    echo.venom = True
    give(s, Team.BLU, cards=["tagback_grenade_red"])
    play(s, f"violet@{H(0, 2)} move {H(1, 2)}")  # Sprog takes no action
    finish_turn(s)
    assert not echo.venom and _board(s, "echo") == 1 and s.buffer[Team.BLU] == {}
    # venom skips the buffer, so it adds no damage there for a Tagback Grenade to answer
    assert s.hands[Team.BLU][0].cards == ["tagback_grenade_red"] and s.marks[Team.RED] == {}


def _echo_sees_banshee() -> TeamPlayState:
    """RED Echo, Violet, Dozer on the left column; BLU Banshee three hexes from Echo, the rest far right."""
    s = ready(red=("echo", "violet", "dozer"), blu=("banshee", "dstructor", "sprog"))
    for kind, (c, r) in {"echo": (0, 0), "violet": (0, 2), "dozer": (0, 4),
                         "banshee": (3, 0), "dstructor": (7, 2), "sprog": (7, 4)}.items():
        put(s, kind, c, r)
    return s


def test_tagback_grenade_answers_echos_reverb_before_the_rest_of_the_abilities() -> None:
    s = _echo_sees_banshee()
    s.buffer[Team.BLU] = {"banshee": 1}
    give(s, Team.BLU, cards=["tagback_grenade_red"])
    play(s, f"echo@{H(0, 0)} move {H(0, 1)}", f"violet@{H(0, 2)} move {H(1, 2)}")
    s.apply("end")
    reverb, overwatch = f"echo@{H(0, 1)} reverb {H(3, 0)}", f"violet@{H(1, 2)} overwatch {H(3, 0)}"
    assert reverb in texts(s) and overwatch in texts(s)
    play(s, reverb)
    assert s.buffer[Team.BLU] == {"banshee": 2}
    assert s.phase is Phase.REACT and s.current_team() is Team.BLU
    assert "answer the reverb with Tagback Grenades" in s.describe_decision()
    tag = f"banshee@{H(3, 0)} tagback {H(0, 1)} with p1"
    assert texts(s) == [tag, "pass"]
    play(s, tag)
    assert s.marks[Team.RED] == {"echo": 1}
    # BLU has no grenade left: RED's abilities go on where they were
    assert s.current_team() is Team.RED and overwatch in texts(s) and reverb not in texts(s)


@pytest.mark.parametrize("mark_first", [True, False])
def test_character_abilities_a_mark_from_one_becomes_damage_when_a_later_reverb_arrives(mark_first: bool) -> None:
    s = _echo_sees_banshee()
    s.buffer[Team.BLU] = {"banshee": 1}
    play(s, f"echo@{H(0, 0)} move {H(0, 1)}", f"violet@{H(0, 2)} move {H(1, 2)}")
    s.apply("end")
    reverb, overwatch = f"echo@{H(0, 1)} reverb {H(3, 0)}", f"violet@{H(1, 2)} overwatch {H(3, 0)}"
    play(s, *((overwatch, reverb) if mark_first else (reverb, overwatch)))
    if mark_first:  # the overwatch mark was there when the reverb's damage came: decision 12
        assert s.buffer[Team.BLU] == {"banshee": 3} and s.marks[Team.BLU].get("banshee", 0) == 0
    else:
        assert s.buffer[Team.BLU] == {"banshee": 2} and s.marks[Team.BLU] == {"banshee": 1}


def test_character_abilities_come_after_replacing_and_before_the_flush_and_only_after_acting() -> None:
    s = _echo_sees_banshee()
    s.buffer[Team.BLU] = {"banshee": 5}
    play(s, f"echo@{H(0, 0)} move {H(0, 1)}")
    s.apply("end")
    assert s.phase is Phase.CHOOSE
    acts = texts(s)
    assert acts == [f"echo@{H(0, 1)} reverb {H(3, 0)}", "pass"]  # Violet and Dozer did not act
    play(s, acts[0])
    assert _board(s, "banshee") == 6  # reverb made the buffer 6 before it was checked


@pytest.mark.parametrize(("kind", "verb"), [("violet", "overwatch"), ("banshee", "wail"), ("dozer", "shove"),
                                            ("dstructor", "salvage"), ("echo", "reverb")])
def test_character_abilities_each_does_what_its_tip_says(kind: str, verb: str) -> None:
    red = (kind, *[k for k in ("sprog", "violet", "dozer", "banshee", "dstructor", "echo") if k != kind][:2])
    blu = tuple(k for k in ("sprog", "violet", "dozer", "banshee", "dstructor", "echo") if k not in red)
    s = ready(red=red, blu=blu)
    me = s.character(kind)
    assert me is not None
    spots = iter([(6, 0), (6, 2), (6, 4)])
    for u in s.characters(Team.BLU):
        put(s, u.kind, *next(spots))
    put(s, red[1], 0, 0)
    put(s, red[2], 0, 4)
    put(s, kind, 2, 3)
    target = s.characters(Team.BLU)[0]
    put(s, target.kind, 3, 3)  # next to him, with open ground beyond: in reach of every ability
    s.buffer[Team.BLU] = {target.kind: 1}
    give(s, Team.RED, cubes=[0, 0, 0])
    play(s, f"{kind}@{H(2, 3)} move {H(2, 4)}")
    put(s, kind, 2, 3)
    s.apply("end")
    acts = [a for a in texts(s) if f" {verb}" in a]
    assert acts, texts(s)
    before_marks = s.marks[Team.BLU].get(target.kind, 0)
    before_cell = target.cell
    play(s, acts[0])
    if verb in ("overwatch", "wail"):
        assert s.marks[Team.BLU][target.kind] == before_marks + 1
    elif verb == "shove":
        assert target.cell != before_cell and s.board.distance(me.cell, target.cell) == 2
    elif verb == "salvage":
        assert sum(s.hands[Team.RED][0].cubes) == 1
    else:
        assert s.buffer[Team.BLU][target.kind] == 2
    assert tip_words(s, kind).lower().startswith(verb)


def tip_words(s: TeamPlayState, kind: str) -> str:
    beh = s.behaviour(kind)
    return beh.tip(beh.verb) if beh.verb is not None else beh.ability_tip()  # type: ignore[attr-defined]


def test_respawn_immediately_by_the_killed_team_drawing_then_discarding_a_powerup() -> None:
    s = ready()
    _apart(s)
    give(s, Team.BLU, cards=["newton_red"])
    s.buffer[Team.BLU] = {"echo": 11}
    s.apply("end")
    while s.phase is not Phase.SPAWN:
        s.apply("pass" if "pass" in texts(s) else texts(s)[0])
    assert s.current_team() is Team.BLU and s.turn_team is Team.RED
    hand = s.hands[Team.BLU][0]
    assert len(hand.cards) == 2  # drew one
    a = s.legal_actions()[0]
    assert a.kind == "echo" and a.detail in hand.cards
    play(s, a.text())
    assert len(hand.cards) == 1 and s.character("echo").cell >= 0  # type: ignore[union-attr]


def test_respawn_the_shared_character_by_either_player() -> None:
    s = ready(players_blu=2)
    _apart(s)
    echo = s.character("echo")
    assert echo is not None and s.is_shared(echo)
    s.buffer[Team.BLU] = {"echo": 11}
    s.apply("end")
    while not (s.queue and isinstance(s.queue[0], Control) and s.queue[0].why == "respawn"):
        s.apply("pass" if "pass" in texts(s) else texts(s)[0])
    assert texts(s) == ["control echo with p1", "control echo with p2"]
    play(s, "control echo with p2")
    assert s.phase is Phase.SPAWN and s.current_player() == "p2" and len(s.hands[Team.BLU][1].cards) == 1


def test_reload_last_with_what_the_turn_gave_only_own_weapons_by_their_controllers() -> None:
    s = ready(reward_tile="supply", players_red=3)
    _apart(s)
    violet = s.character("violet")
    assert violet is not None
    s.table[Team.RED] = ["cutter", violet.weapon]
    for k in range(3):
        give(s, Team.RED, k, cubes=[1, 1, 0] if k == 0 else [0, 1, 0])
    assert s.card(violet.weapon).cost == "RB"
    s.buffer[Team.BLU] = {"echo": 6}  # Supply: 2 cubes of the team's choice
    s.apply("end")
    play(s, "cube red with p2", "cube yellow with p3")
    acts = texts(s)
    assert "reload cutter with p1" in acts and "reload cutter with p3" in acts  # an arena weapon: anyone who can pay
    assert f"reload {violet.weapon} with p2" in acts  # Violet's own, with the reward cube, by p2 who controls her
    assert not any(a.startswith(f"reload {violet.weapon} with p1") for a in acts)  # p1 could pay, but does not control her


def test_reload_at_the_weapons_limit_unloads_one_onto_the_table() -> None:
    s = ready()
    _apart(s)
    give(s, Team.RED, cubes=[0, 1, 0], weapons=["tracer", "plasma_gun", "marker_rifle"])
    s.table[Team.RED] = ["cutter"]
    s.apply("end")
    while not texts(s)[0].startswith("reload"):
        s.apply("pass" if "pass" in texts(s) else texts(s)[0])
    play(s, "reload cutter with p1")
    assert s.phase is Phase.CHOOSE and texts(s)[0].startswith("drop ")
    play(s, "drop tracer with p1")
    assert s.table[Team.RED] == ["tracer"] and "cutter" in s.hands[Team.RED][0].weapons


def test_game_over_the_eighth_skull_gives_the_second_team_one_more_turn() -> None:
    s = ready()
    _apart(s)
    s.skulls_left = 1
    s.buffer[Team.BLU] = {"echo": 11}
    finish_turn(s)  # RED started; it takes the last skull
    assert s.skulls_left == 0 and s.final_turn and not s.is_terminal() and s.turn_team is Team.BLU
    _apart(s)
    s.buffer[Team.RED] = {"sprog": 11}
    finish_turn(s)
    assert s.is_terminal() and s.turn == 2
    assert s.skulls_left == 0  # killshots after the last skull still score
    assert s.points[Team.BLU] >= 8


def test_game_over_at_once_when_the_second_team_takes_the_eighth_skull() -> None:
    s = ready()
    _apart(s)
    finish_turn(s)
    assert s.turn_team is Team.BLU
    _apart(s)
    s.skulls_left = 1
    s.buffer[Team.RED] = {"violet": 11}
    finish_turn(s)
    assert s.is_terminal() and s.turn == 2


@pytest.mark.parametrize(("limit", "turns"), [(1, 2), (2, 2), (3, 4), (4, 4), (5, 6)])
def test_game_over_a_turn_limit_ends_the_game_only_after_equal_turns(limit: int, turns: int) -> None:
    s = ready(turn_limit=limit)
    _apart(s)
    for _ in range(turns - 1):
        finish_turn(s)
        assert not s.is_terminal()
    finish_turn(s)
    assert s.is_terminal() and s.turn == turns and s.turn_team is Team.BLU  # the second team played last


def test_scoring_leftover_damage_buffers_emptied_without_rewards_one_point_per_three_tokens() -> None:
    s = ready(turn_limit=2)
    _apart(s)
    s.buffer[Team.BLU] = {"echo": 4}  # not flushed: under 6
    s.character("banshee").damage = 10  # type: ignore[union-attr]
    s.buffer[Team.BLU]["banshee"] = 1  # 10 + 1 = 11: a killshot space, but no killshot at the end
    finish_turn(s)
    finish_turn(s)
    assert s.is_terminal()
    # RED: 4 (echo) + 11 (banshee) = 15 tokens on BLU's boards -> 5 points, no flush reward, no killshot
    assert s.leftover[Team.RED] == 5 and s.points[Team.RED] == 5 and s.character("banshee").skulls == 0  # type: ignore[union-attr]
    assert s.buffer[Team.BLU] == {} and any(line.startswith("leftover damage") for line in s.log)


def test_winning_the_game_ties_go_to_more_leftover_points() -> None:
    s = ready(turn_limit=2)
    _apart(s)
    s.character("echo").damage = 3  # type: ignore[union-attr]
    finish_turn(s)
    s.points[Team.BLU] = 1  # as if BLU had scored one point some other way
    finish_turn(s)
    assert s.points[Team.RED] == s.points[Team.BLU] == 1 and s.leftover == {Team.RED: 1, Team.BLU: 0}
    assert s.winner() is Team.RED and s.returns() == {Team.RED: 1.0, Team.BLU: -1.0}


def test_cells_for_the_field_are_what_the_tests_think() -> None:
    s = ready()
    assert s.board.hexes[s.board.index[hex_at(4, 2)]] == hex_at(4, 2) and s.board.wall[s.board.index[hex_at(4, 2)]]


def test_end_of_turn_replaces_the_ammo_tiles_and_weapons_grabbed() -> None:
    s = ready()
    _apart(s)
    tile = s.board.index[hex_at(2, 1)]
    rack = s.board.index[hex_at(5, 1)]
    s.ammo[tile] = "RRY"
    s.racks[rack] = ["cutter", "tracer", "flamer"]
    deck = len(s.weapon_deck)
    give(s, Team.RED, cubes=[1, 1, 1])
    put(s, "sprog", 2, 0)
    put(s, "violet", 5, 0)
    play(s, f"sprog@{H(2, 0)} move {H(2, 1)}", f"violet@{H(5, 0)} move {H(5, 1)} with cutter")
    assert s.ammo[tile] == "" and s.racks[rack] == ["tracer", "flamer"]
    finish_turn(s)
    assert s.ammo[tile] in s.ruleset.ammo_tiles and len(s.racks[rack]) == 3 and len(s.weapon_deck) == deck - 1
    assert any(r.purpose == "ammo tile" for r in s.dice.rolls) and any(r.purpose == "weapon draw" for r in s.dice.rolls)
