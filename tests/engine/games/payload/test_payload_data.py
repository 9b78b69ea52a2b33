"""Payload Race's class card, weapon cards and stencils are data: a designer changes them without code.

A ruleset that breaks an invariant of the mode is refused with a message that
names what to fix; a scenario may override the table options.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.formats.errors import LoadError
from engine.formats.ruleset_file import builtin_ruleset, builtin_ruleset_path, ruleset_from_document
from engine.games.game import new_game
from engine.games.payload.stencils import lay, turned
from engine.hexgrid import Hex, hexes_within
from engine.rules.actions import Action, Verb
from engine.ruleset import RulesetError, Stencil
from tests.engine.games.payload.conftest import GameFactory, at, payload_scenario

REPO = Path(__file__).resolve().parents[4]


def _doc() -> dict:  # type: ignore[type-arg]
    return json.loads(builtin_ruleset_path("payload").read_text())


def test_the_bundled_ruleset_has_six_classes_with_two_weapon_cards_each() -> None:
    rs = builtin_ruleset("payload")
    assert list(rs.units) == ["scout", "soldier", "pyro", "demoman", "heavy", "medic"]
    assert all(len(u.weapons) == 2 for u in rs.units.values())
    assert {rs.weapons[w].kind for u in rs.units.values() for w in u.weapons} == {"direct", "blast", "fire", "heal"}


@pytest.mark.parametrize(("change", "where", "words"), [
    (lambda d: d["units"]["scout"].update(weapons=["laser"]), "$.units.scout.weapons[0]", "unknown weapon card 'laser'"),
    (lambda d: d["weapons"]["rocket_launcher"].update(stencil="nuke"), "$.weapons.rocket_launcher.stencil", "unknown stencil"),
    (lambda d: d["weapons"]["flamethrower"].pop("stencil"), "$.weapons.flamethrower.stencil", "needs a stencil"),
    (lambda d: d["weapons"]["medi_gun"].pop("charge_needed"), "$.weapons.medi_gun.charge_needed", "how many heals"),
])
def test_a_broken_ruleset_file_is_refused_at_its_place(change, where: str, words: str) -> None:  # type: ignore[no-untyped-def]
    doc = _doc()
    change(doc)
    with pytest.raises(LoadError) as info:
        ruleset_from_document(doc, "custom.ruleset.json")
    p = info.value.problems[0]
    assert p.where == where and words in p.message


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["units"]["scout"].pop("weapons"), "carries no weapon card"),
    (lambda d: d["units"]["scout"].update(weapons=["medi_gun"]), "is not a Medic"),
    (lambda d: d["units"]["medic"].update(weapons=["scattergun"]), "not a healing card"),
    (lambda d: d["stencils"]["flame"]["cells"].update({"0,0": 5}), "covers the Pyro's own hex"),
    (lambda d: d["stencils"]["fury"]["cells"].update({"3,0": None}), "needs a printed damage"),
    (lambda d: d["units"]["soldier"]["params"].pop("rocket_jump_cost"), "rocket_jump_cost"),
])
def test_a_ruleset_that_breaks_an_invariant_is_refused_when_the_game_is_built(change, words: str) -> None:  # type: ignore[no-untyped-def]
    doc = _doc()
    change(doc)
    rs = ruleset_from_document(doc, "custom.ruleset.json")
    with pytest.raises(RulesetError, match=words):
        new_game(payload_scenario(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (7, 0), "minigun")]), ruleset=rs)


def test_a_designer_changes_a_number_without_code(game: GameFactory) -> None:
    doc = _doc()
    doc["weapons"]["scattergun"]["damage"] = 9
    rs = ruleset_from_document(doc, "custom.ruleset.json")
    scenario = payload_scenario(red=[("scout", (3, 2), "scattergun")], blu=[("heavy", (4, 2), "minigun")])
    state = new_game(scenario, ruleset=rs)
    assert state.attack_options(at(3, 2))[0].damage == 9


def test_a_scenario_overrides_the_options_friendly_fire(game: GameFactory) -> None:
    state = game(red=[("soldier", (2, 2), "rocket_launcher"), ("scout", (5, 1), "scattergun")],
                 blu=[("heavy", (5, 2), "minigun")], dice=[6], friendly_fire=True)
    state.apply(Action(Verb.ATTACK, "soldier", at(2, 2), at(5, 2)))
    assert state.unit_at(at(5, 1)).health == 5 - 3, "the blast also hits the Scout beside the target"


@pytest.mark.parametrize("name", ["blast", "direct", "flame", "fury"])
def test_stencils_turn_to_the_six_directions(name: str) -> None:
    stencil = builtin_ruleset("payload").stencils[name]
    base = {(q, r) for q, r, _ in turned(stencil, 0)}
    assert {(q, r) for q, r, _ in turned(stencil, 6)} == base
    for d in range(6):
        cells = turned(stencil, d)
        assert len(cells) == len(stencil.cells)
        dist = sorted(Hex(q, r).length() for q, r, _ in cells)
        assert dist == sorted(Hex(q, r).length() for q, r, _ in stencil.cells)  # a turn keeps distances


def test_a_flame_does_not_pass_a_wall(game: GameFactory) -> None:
    walled = "0.R 0.R 0.  0.  0.  0#  0.  0.  0.B 0.B\n" * 4
    state = game(text=walled, red=[("pyro", (3, 0), "flamethrower")], blu=[("heavy", (8, 3), "minigun")])
    flame = state.ruleset.stencils["flame"]
    laid = {state.board.hexes[c] for c, _ in lay(state.sight, flame, state.board.index[at(3, 0)], 0)}
    assert at(4, 0) in laid and at(5, 0) not in laid and at(6, 0) not in laid


def test_a_turned_stencil_keeps_its_printed_damage() -> None:
    s = Stencil("t", ((1, 0, 3), (2, 0, 1)))
    assert turned(s, 3) == ((-1, 0, 3), (-2, 0, 1))  # half a turn: straight behind, same numbers


def _drawing(stencil: Stencil) -> str:
    """The stencil as docs/rules-payload.md draws it: pointy-topped rows, hexes two characters apart, each row
    half a hex (one character) over from the one above; ``●`` the anchor, ``·`` a hex without a number."""
    cells = {(q, r): "·" if dmg is None else str(dmg) for q, r, dmg in stencil.cells}
    cells[(0, 0)] = "●"
    cols = {(q, r): 2 * q + r for q, r in cells}
    left = min(cols.values())
    rows = []
    for r in range(min(r for _, r in cells), max(r for _, r in cells) + 1):
        line = [" "] * (max(cols.values()) - left + 1)
        for (q, rr), mark in cells.items():
            if rr == r:
                line[cols[(q, rr)] - left] = mark
        rows.append("".join(line).rstrip())
    return "\n".join(rows)


def test_the_stencil_drawings_in_the_docs_match_the_data() -> None:
    doc = (REPO / "docs" / "rules-payload.md").read_text(encoding="utf-8")
    drawn = dict(re.findall(r"\*\*(\w+)\*\* \([^\n]*\):\n\n```text\n(.*?)\n```", doc, re.S))
    stencils = builtin_ruleset("payload").stencils
    assert set(drawn) == set(stencils)
    for name, stencil in stencils.items():
        assert drawn[name] == _drawing(stencil), f"{name}:\n{_drawing(stencil)}"


def test_a_lopsided_fire_stencil_is_refused() -> None:
    flame = builtin_ruleset("payload").stencils["flame"]
    cone = {(q, r) for q, r, _ in flame.cells}
    ahead = {k: Hex(k, 0) for k in (1, 2, 3)}
    assert cone == {(h.q, h.r) for k, a in ahead.items() for h in hexes_within(a, k // 2) if h.length() == k}, \
        "the flame is a 60-degree cone: at distance k, the hexes within k // 2 of the hex straight ahead"
    doc = _doc()
    doc["stencils"]["flame"]["cells"] = {"1,0": 3, "2,0": 2, "2,-1": 2, "3,0": 1, "3,-1": 1, "3,-2": 1}
    rs = ruleset_from_document(doc, "custom.ruleset.json")
    with pytest.raises(RulesetError, match="stencil 'flame' is lopsided"):
        new_game(payload_scenario(red=[("pyro", (2, 0), "flamethrower")], blu=[("heavy", (7, 0), "minigun")]),
                 ruleset=rs)


def test_a_class_cards_range_is_its_longest_weapon_card_and_its_damage_is_on_the_cards() -> None:
    rs = builtin_ruleset("payload")
    for kind, st in rs.units.items():
        assert st.range == max(rs.weapons[w].range for w in st.weapons), kind
        assert st.damage == 0, kind
