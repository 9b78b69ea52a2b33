"""003's set-up: the board, the draft, assigning characters, player ammo, the spawning round, control.

Each test is named after the 003 section it covers (docs/rules-teamplay.md lists them).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.game import Game
from engine.games.modes import GAMES
from engine.games.state import Phase
from engine.games.teamplay.decisions import Control, Draft, Load
from engine.games.teamplay.state import TeamPlayState
from engine.games.teamplay.views import board_view
from engine.mapmodel import Mode, Team
from engine.rules.actions import Verb
from engine.rules.dice import DiceSpec
from engine.ruleset import RulesetError
from engine.scenario import TeamSetup, UnitStart
from tests.engine.games.teamplay.helpers import FIELD, game, scenario, texts, through_setup


def test_team_play_is_registered_with_its_ruleset_and_no_accuracy_throw() -> None:
    rules = GAMES[Mode.TEAM_PLAY]
    assert rules.playable and rules.ruleset == "builtin:teamplay" and rules.team_size == 3
    assert rules.dice == DiceSpec(1, 6, rules.dice.crit)  # a d6 lays the six ammo tiles
    s = through_setup(game())
    assert s.hit_chance(99) == 1.0
    assert all(not o.rolled and o.hit_chance == 1.0 for u in s.characters(Team.RED) for o in
               s.attack_options(s.board.hexes[u.cell]))


def test_main_board_setup_random_starting_team_and_reward_tile() -> None:
    firsts, tiles = set(), set()
    for seed in range(24):
        s = game(seed=seed, random_first_team=True, reward_tile="")
        firsts.add(s.first)
        tiles.add(s.reward_tile)
        assert any(r.purpose == "starting team" for r in s.dice.rolls)
        assert any(r.purpose == "reward tile" for r in s.dice.rolls)
    assert firsts == set(Team) and tiles == {"focus", "spread", "supply"}
    s = game(reward_tile="supply")
    assert s.reward_tile == "supply" and s.first is Team.RED
    with pytest.raises(RulesetError, match="reward_tile 'gold'"):
        game(reward_tile="gold")


def test_choosing_characters_draft_is_one_two_two_one_with_a_weapon_revealed_for_each() -> None:
    s = game(red=(), blu=())
    revealed = dict(s.revealed)
    assert set(revealed) == set(s.game.stats)
    for kind, w in revealed.items():
        assert w in s.stats(kind).weapons  # one of its two, chosen at random
    order = []
    while s.queue and isinstance(s.queue[0], Draft):
        order.append(s.team)
        s.apply(texts(s)[0])
    assert order == [Team.RED, Team.BLU, Team.BLU, Team.RED, Team.RED]
    assert len(s.drafted[Team.RED]) == len(s.drafted[Team.BLU]) == 3  # BLU got the last one without choosing
    assert set(s.drafted[Team.RED]) | set(s.drafted[Team.BLU]) == set(s.game.stats)
    assert {u.kind: u.weapon for u in s.units.values()} == revealed
    weapons = {tuple(sorted({s.revealed[k] for k in s.game.stats})) for s in (game(red=(), blu=(), seed=k)
                                                                             for k in range(12))}
    assert len(weapons) > 1  # the reveal is random per game


def test_choosing_characters_a_team_may_be_fixed_by_the_scenario() -> None:
    s = game(red=("echo", "sprog", "violet"), blu=())
    assert s.drafted[Team.BLU] == ["dozer", "banshee", "dstructor"]
    with pytest.raises(RulesetError, match="three different ones"):
        game(red=("echo", "sprog"), blu=())
    with pytest.raises(RulesetError, match="same character"):
        game(red=("echo", "sprog", "violet"), blu=("echo", "dozer", "banshee"))


def test_choosing_characters_the_validator_names_every_team_listing_a_wrong_number() -> None:
    """The game refuses the first line-up it meets; the validator reports each team's (a new-user audit, session
    27: RED with four and BLU with two showed RED's error alone, and BLU's came up only once RED's was mended)."""
    from engine.validation.runner import scenario_problems

    sc = scenario(red=("echo", "sprog", "violet", "dozer"), blu=("banshee", "dstructor"))
    errors = {p.where: p.message for p in scenario_problems(sc) if p.code == "HF603"}
    assert errors["$.teams.RED.units"].startswith("RED starts with 4 units but a team fields 3")
    assert errors["$.teams.BLU.units"] == ("BLU lists 2 characters but a team fields 3; list 3 different characters "
                                           "or none (then they are drafted)")
    assert not [p for p in scenario_problems(scenario(red=("echo", "sprog", "violet"), blu=())) if p.code == "HF603"]


def _rostered(red: tuple[str, ...], blu: tuple[str, ...], red_units: tuple[str, ...] = ()) -> TeamPlayState:
    """A game whose teams draft from ``red`` and ``blu`` (rosters; hexfort's own, docs/rules-teamplay.md)."""
    sc = scenario(red=(), blu=())
    teams = {Team.RED: TeamSetup(red, tuple(UnitStart(k) for k in red_units)), Team.BLU: TeamSetup(blu)}
    state = Game.of(replace(sc, teams=teams)).new_initial_state()
    assert isinstance(state, TeamPlayState)
    return state


def test_choosing_characters_a_team_drafts_only_from_its_roster() -> None:
    """A scenario's rosters were read by the validator and the balance fixer but not by the draft: ten splits of
    the six characters played the same games as no split (a new-user audit, session 12)."""
    s = _rostered(("sprog", "violet", "echo"), ("dozer", "banshee", "dstructor"))
    drafts = 0
    while s.queue and isinstance(s.queue[0], Draft):
        offered = {a.kind for a in s.legal_actions()}
        assert offered and offered <= set(s.game.rosters[s.team])
        s.apply(s.legal_actions()[-1])
        drafts += 1
    assert drafts == 5  # the book's draft order still, each team choosing among its own
    assert set(s.drafted[Team.RED]) == {"sprog", "violet", "echo"}
    assert set(s.drafted[Team.BLU]) == {"dozer", "banshee", "dstructor"}


def test_choosing_characters_three_a_side_in_the_rosters_fix_the_sides() -> None:
    s = through_setup(_rostered(("sprog", "violet", "echo"), ("dozer", "banshee", "dstructor")))
    assert {u.kind for u in s.characters(Team.RED)} == {"sprog", "violet", "echo"}
    assert {u.kind for u in s.characters(Team.BLU)} == {"dozer", "banshee", "dstructor"}


def test_choosing_characters_rosters_that_can_leave_a_team_nothing_are_refused() -> None:
    """With six characters, sharing one is enough: BLU may draft echo and dozer and leave RED two."""
    with pytest.raises(RulesetError, match="can leave RED short of three characters"):
        _rostered(("sprog", "violet", "echo", "dozer"), ("banshee", "dstructor", "dozer", "echo"))
    with pytest.raises(RulesetError, match="can leave RED short of three characters"):
        _rostered(("sprog", "violet", "echo"), ("sprog", "violet", "echo", "dozer", "banshee", "dstructor"))
    with pytest.raises(RulesetError, match="leaves BLU sprog of its roster"):
        _rostered(("violet", "echo", "dozer"), ("sprog", "violet"), red_units=("violet", "echo", "dozer"))
    with pytest.raises(RulesetError, match="RED lists dozer, banshee, dstructor, which its roster lacks"):
        _rostered(("sprog", "violet", "echo"), (), red_units=("dozer", "banshee", "dstructor"))


@pytest.mark.parametrize(("players", "owners"), [(1, [0, 0, 0]), (2, [0, 1, -1]), (3, [0, 1, 2])])
def test_assigning_characters_one_two_or_three_players(players: int, owners: list[int]) -> None:
    s = game(players_red=players)
    assert [s.owner[u.uid] for u in s.characters(Team.RED)] == owners
    assert len(s.hands[Team.RED]) == players
    shared = [u for u in s.characters(Team.RED) if s.is_shared(u)]
    assert len(shared) == (1 if players == 2 else 0)


def test_character_setup_a_fresh_board_with_the_adrenaline_tile_on_its_one_point_side() -> None:
    s = through_setup(game())
    assert s.options["overkill_points"] == 1  # the tile's side with the 1-point icon below the overkill space
    for u in s.units.values():
        b = s.board_view(u)
        assert (b.tile, b.killshot, b.damage, b.skulls, b.value, b.adrenaline) == (0, 11, 0, 0, 8, 0), b
        assert not b.venom and not b.acted and b.hex is not None  # ability card upright, figure on the board
    echo = s.character("echo")
    assert echo is not None
    s.buffer[Team.BLU] = {"echo": 12}  # the 11th token is the killshot, the 12th the overkill
    while s.turn_team is Team.RED and not s.is_terminal():
        acts = texts(s)
        s.apply("end" if "end" in acts else "pass" if "pass" in acts else acts[0])
    assert s.points[Team.RED] == 8 + 1 + 1  # the board, the 1-point overkill, the Spread tile's point for 1 colour


def test_player_ammo_one_cube_of_each_colour_then_own_weapons_paid() -> None:
    s = game(players_red=3)
    # sprog's spore pod costs R to grab, violet's mind lance B, dozer's wrecking fist Y (seed 1's reveal)
    assert {u.kind: s.card(u.weapon).grab_cost for u in s.characters(Team.RED)} == {
        "sprog": "R", "violet": "B", "dozer": "Y"}
    assert [h.cubes for h in s.hands[Team.RED]] == [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    assert [h.weapons for h in s.hands[Team.RED]] == [["spore_pod"], ["mind_lance"], ["wrecking_fist"]]


def test_player_ammo_one_player_team_with_two_same_cube_weapons_starts_one_unloaded() -> None:
    # Dozer's Wrecking Fist and Echo's Phase Blade both take a yellow cube to grab
    for seed in range(40):
        s = game(seed=seed, red=("dozer", "echo", "sprog"), blu=("violet", "banshee", "dstructor"))
        costs = [s.card(u.weapon).grab_cost for u in s.characters(Team.RED)]
        if any(costs.count(c) > 1 for c in costs if c):
            break
    else:  # pragma: no cover - the reveal table makes this happen for small seeds
        pytest.fail("no seed with a cube conflict")
    assert s.phase is Phase.CHOOSE and isinstance(s.queue[0], Load)
    choices = texts(s)
    assert all(t.startswith("reload ") and t.endswith("with p1") for t in choices)
    while s.queue and isinstance(s.queue[0], Load):
        s.apply(texts(s)[0])
    assert [s.card(w).grab_cost for w in s.table[Team.RED]] == ["Y"]  # the one not paid for starts unloaded
    assert s.hands[Team.RED][0].cubes[2] == 0


def test_player_ammo_two_player_team_chooses_who_pays_for_the_shared_weapon() -> None:
    s = game(players_red=2)
    shared = next(u for u in s.characters(Team.RED) if s.is_shared(u))
    assert isinstance(s.queue[0], Load)
    options = texts(s)
    assert f"reload {shared.weapon} with p1" in options and f"reload {shared.weapon} with p2" in options
    s.apply(f"reload {shared.weapon} with p2")
    while s.queue and isinstance(s.queue[0], Load):
        s.apply(texts(s)[0])
    assert shared.weapon in s.hands[Team.RED][1].weapons


@pytest.mark.parametrize(("players", "draws", "left"), [(1, [4], [1]), (2, [2, 3], [1, 1]), (3, [2, 2, 2], [1, 1, 1])])
def test_spawning_round_draws_by_team_size_and_spawns_on_the_discarded_colour(
        players: int, draws: list[int], left: list[int]) -> None:
    s = game(players_red=players)
    while isinstance(s.queue[0], Load):
        s.apply(texts(s)[0])
    seen_draws: dict[int, int] = {}
    while s.team is Team.RED and s.phase is not Phase.ACT:
        head = s.queue[0]
        if isinstance(head, Control):
            s.apply(texts(s)[0])  # p1 spawns the shared character and draws 3
            continue
        hand = s.hands[Team.RED][head.player]
        seen_draws.setdefault(head.player, len(hand.cards))
        a = s.legal_actions()[0]
        colour = s.colour_of(a.detail)
        s.apply(a)
        cell = s.board.index[a.target]  # type: ignore[index]
        assert cell in s.points_cells[colour] or not any(s.free(c) for c in s.points_cells[colour])
    assert sorted(seen_draws.values()) == sorted(draws)
    assert [len(h.cards) for h in s.hands[Team.RED]] == left
    assert all(u.cell >= 0 for u in s.characters(Team.RED))
    assert s.team is Team.BLU  # then the other team spawns


def test_spawning_round_starting_team_first_then_the_other() -> None:
    s = game()
    teams = []
    while s.phase is not Phase.ACT:
        if s.phase is Phase.SPAWN:
            teams.append(s.team)
        s.apply(texts(s)[0])
    assert teams == [Team.RED] * 3 + [Team.BLU] * 3
    assert s.turn_team is Team.RED


def test_control_two_player_team_decides_each_turn_who_controls_the_shared_character() -> None:
    s = game(players_red=2)
    while not (s.queue and isinstance(s.queue[0], Control) and s.queue[0].why == "turn"):
        s.apply(texts(s)[0])
    shared = next(u for u in s.characters(Team.RED) if s.is_shared(u))
    assert s.phase is Phase.CHOOSE and texts(s) == [f"control {shared.kind} with p1", f"control {shared.kind} with p2"]
    s.apply(f"control {shared.kind} with p2")
    assert s.controller(shared) == 1 and s.hand_of(shared) is s.hands[Team.RED][1]
    # the board names who controls it, not just "shared" (a new-user audit read that as no one)
    assert board_view(s, shared).controller == "p2 (shared, chosen each turn)"
    assert s.current_player() is None  # two players act: each for his characters
    a = next(a for a in s.legal_actions() if a.kind == shared.kind)
    assert s.player_of(a) == "p2"


def test_team_play_refuses_starting_hexes_and_bad_player_counts() -> None:
    sc = scenario()
    bad = TeamSetup(starting=(UnitStart("sprog", next(iter(sc.map.cells))), UnitStart("violet"), UnitStart("dozer")))
    from dataclasses import replace
    with pytest.raises(RulesetError, match="spawnpoints in the spawning round"):
        Game.of(replace(sc, teams={Team.RED: bad, Team.BLU: sc.team(Team.BLU)})).new_initial_state()
    # the validator says so (HF605) and no longer also calls the hex "fine for a 'play from here' situation"
    # (HF601, which spoke of a RED spawn zone Team Play does not have: a new-user audit)
    from engine.validation.runner import scenario_problems
    problems = scenario_problems(replace(sc, teams={Team.RED: bad, Team.BLU: sc.team(Team.BLU)}))
    assert "HF601" not in {p.code for p in problems}
    [hf605] = [p for p in problems if p.code == "HF605"]  # at the unit's hex, not $.teams alone (an audit)
    assert hf605.hexes == (bad.starting[0].hex,) and hf605.where == "$.teams.RED.units[0].hex"
    with pytest.raises(RulesetError, match="1, 2 or 3 players"):
        game(players_blu=4)
    no_yellow = FIELD.replace("0.Sy", "0.  ")
    with pytest.raises(RulesetError, match="no yellow spawnpoint"):
        game(no_yellow)


def test_state_class_and_verbs() -> None:
    s = game()
    assert isinstance(s, TeamPlayState)
    assert {Verb.DRAFT, Verb.RELOAD} <= set(Verb)
