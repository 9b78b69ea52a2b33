"""HF607 compares what each side fields as set-up deals it (a new-user audit, session 12): Payload Race fills a
team's open places from its roster, Team Play fields each character once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine.formats import load_scenario
from engine.mapmodel import Team
from engine.scenario import Scenario, TeamSetup, UnitStart
from engine.validation.runner import scenario_problems

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _hf607(s: Scenario) -> list[str]:
    return [p.message for p in scenario_problems(s) if p.code == "HF607"]


def _units(*kinds: str) -> tuple[UnitStart, ...]:
    return tuple(UnitStart(k) for k in kinds)


def test_payload_three_listed_tokens_are_dealt_the_other_three() -> None:
    canal = load_scenario(MAPS / "payload_canal.scenario.json")
    three = replace(canal, teams={Team.RED: TeamSetup(), Team.BLU: TeamSetup(starting=_units("scout", "pyro", "demoman"))})
    assert _hf607(three) == []


def test_payload_a_roster_of_three_is_a_difference() -> None:
    canal = load_scenario(MAPS / "payload_canal.scenario.json")
    short = replace(canal, teams={Team.RED: TeamSetup(), Team.BLU: TeamSetup(roster=("scout", "pyro", "demoman"))})
    [message] = _hf607(short)
    assert "RED: Demoman, Heavy, Medic, Pyro, Scout, Soldier; BLU: Demoman, Pyro, Scout" in message


def test_team_play_a_side_that_lists_nothing_fields_the_rest_and_the_advice_fits_the_game() -> None:
    arena = load_scenario(MAPS / "teamplay_arena.scenario.json")
    red_only = replace(arena, teams={Team.RED: TeamSetup(starting=_units("sprog", "banshee", "dozer")), Team.BLU: TeamSetup()})
    [message] = _hf607(red_only)
    assert "BLU: D-Struct-Or, Echo, Violet" in message and "any kind" not in message
    assert "each character is fielded once" in message and "field the same kinds" not in message


def test_a_first_team_the_rules_throw_for_is_named() -> None:
    """HF609: Payload Race throws a d8 for the first turn and ignored a scenario's BLU first team without a word (a
    new-user audit). Named while the throw is on; not with it off, nor in King of the Board (RED starts by the book,
    and the scenario's first team counts), nor for RED (every saved scenario carries it)."""
    def hf609(s: Scenario) -> list[str]:
        return [p.message for p in scenario_problems(s) if p.code == "HF609"]

    canal = load_scenario(MAPS / "payload_canal.scenario.json")
    said = hf609(replace(canal, first_team=Team.BLU))
    assert len(said) == 1 and "d8 roll-off" in said[0] and "set roll_for_first to false" in said[0]
    assert not hf609(replace(canal, first_team=Team.BLU, rules={**canal.rules, "roll_for_first": False}))
    assert not hf609(canal)
    ridge = load_scenario(MAPS / "koth_ridge.scenario.json")
    assert not hf609(replace(ridge, first_team=Team.BLU))


def test_a_rule_the_game_refuses_is_named_at_that_rule() -> None:
    """HF605 for players_blu 7 pointed at $.teams (a new-user audit): a rule the scenario sets and the game refuses is
    named at $.rules.<rule>."""
    arena = load_scenario(MAPS / "teamplay_arena.scenario.json")
    [p] = [p for p in scenario_problems(replace(arena, rules={**arena.rules, "players_blu": 7})) if p.code == "HF605"]
    assert p.where == "$.rules.players_blu" and "players_blu is 7" in p.message


def test_payload_same_kinds_with_another_weapon_card_or_less_health_are_a_difference() -> None:
    """002 "Initial setup" gives each token its weapon card: a session-15 audit gave BLU's Soldier the Direct Hit
    (RED's the Rocket Launcher), or BLU's Heavy 3 health, and the validator said nothing while the balance tools
    would not call the games even. HF607 now names the pair; the bundled scenario (alike) stays silent."""
    canal = load_scenario(MAPS / "payload_canal.scenario.json")
    assert _hf607(canal) == []

    def blu_changed(kind: str, **change: object) -> Scenario:
        blu = canal.team(Team.BLU)
        units = tuple(replace(u, **change) if u.unit == kind else u for u in blu.starting)  # type: ignore[arg-type]
        return replace(canal, teams={**canal.teams, Team.BLU: replace(blu, starting=units)})

    red_weapon = {u.unit: u.weapon for u in canal.team(Team.RED).starting}
    assert red_weapon["soldier"] in (None, "rocket_launcher")
    [message] = _hf607(blu_changed("soldier", weapon="direct_hit"))
    assert "the sides field the same kinds but not alike:" in message and "BLU's the Direct Hit" in message
    [message] = _hf607(blu_changed("heavy", health=3))
    assert "RED's Heavy starts at full health, BLU's at 3 health" in message
    heavy = next(u for u in canal.team(Team.BLU).starting if u.unit == "heavy")
    assert _hf607(blu_changed("heavy", health=99 if heavy.health is None else heavy.health)) == []  # full is full


def test_full_health_written_out_is_full_health_for_even_by_construction_too() -> None:
    """HF607 reads a health of the kind's full health as full; the even-by-construction answer compared the numbers
    as written, so a unit with ``health: 12`` beside its counterpart with none was not "even by construction"."""
    from engine.games.game import playing_ruleset
    from engine.validation.construction import construction_reason

    canal = load_scenario(MAPS / "payload_canal.scenario.json")
    assert construction_reason(canal) is not None
    full = playing_ruleset(canal).units["heavy"].max_health

    def blu_heavy(health: int) -> Scenario:
        blu = canal.team(Team.BLU)
        units = tuple(replace(u, health=health) if u.unit == "heavy" else u for u in blu.starting)
        return replace(canal, teams={**canal.teams, Team.BLU: replace(blu, starting=units)})

    assert construction_reason(blu_heavy(full)) is not None
    assert construction_reason(blu_heavy(3)) is None


def test_turns_mirrored_units_listed_in_other_orders_are_a_warning_in_king_of_the_board() -> None:
    """001 "Turns": a team's units act in the order its blueprint lists them. A new-user audit (session 27)
    reversed RED's list on Crossroads — the same kinds on the same mirrored hexes — and the validator said
    "0 warnings" beside HF401 while BLU won 86% of 800 games. In Payload Race every token acts in its side's
    turn, so the order is no difference there."""
    cross = load_scenario(MAPS / "koth_crossroads.scenario.json")
    red = cross.team(Team.RED)
    flipped = replace(cross, teams={**cross.teams, Team.RED: replace(red, starting=red.starting[::-1])})
    [warning] = [p for p in scenario_problems(flipped) if p.code == "HF404"]
    kinds = [u.unit for u in red.starting]
    assert f"RED's act {', '.join(kinds[::-1])}; BLU's {', '.join(kinds)}" in warning.message
    assert "take their turns in the order listed" in warning.message and warning.where == "$.teams"
    assert not [p for p in scenario_problems(cross) if p.code == "HF404"]
    canal = load_scenario(MAPS / "payload_canal.scenario.json")
    red = canal.team(Team.RED)
    flipped = replace(canal, teams={**canal.teams, Team.RED: replace(red, starting=red.starting[::-1])})
    assert not [p for p in scenario_problems(flipped) if p.code == "HF404"]
