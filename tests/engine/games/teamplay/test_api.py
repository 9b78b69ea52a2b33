"""What the UI and the AI ask a Team Play game: reasons, decisions in words, boards, shots with their area."""

from __future__ import annotations

import pytest

from engine.games.state import Phase
from engine.games.teamplay.decisions import Spawn
from engine.games.teamplay.state import TeamPlayState
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.textmap import hex_at
from tests.engine.games.teamplay.helpers import H, game, give, play, put, ready, texts


def _apart(s: TeamPlayState) -> None:
    for kind, (c, r) in {"sprog": (0, 0), "violet": (0, 2), "dozer": (0, 4),
                         "banshee": (7, 0), "dstructor": (7, 2), "echo": (7, 4)}.items():
        put(s, kind, c, r)


@pytest.mark.parametrize(("text", "words"), [
    (f"sprog@{H(0, 0)} move {H(4, 0)}", "this action moves up to 3"),
    (f"sprog@{H(0, 0)} move {H(0, 2)}", "taken"),
    (f"sprog@{H(0, 0)} dash {H(3, 0)}", "dashing needs 3"),
    (f"sprog@{H(0, 0)} step {H(1, 0)}", "step-and-shoot needs 6"),
    (f"sprog@{H(0, 0)} attack {H(7, 0)} with rail_gun", "not in p1's hand"),
    (f"sprog@{H(0, 0)} attack {H(7, 0)} with plasma_gun", "out of range: 7 hexes, the Plasma Gun reaches 5"),
    (f"sprog@{H(0, 0)} attack {H(7, 0)}", "say which weapon"),
    (f"banshee@{H(7, 0)} move {H(6, 0)}", "it is RED's turn"),
    (f"violet@{H(0, 0)} move {H(1, 0)}", "is Sprog, not violet"),
    (f"echo@{H(7, 4)} newton {H(6, 4)} with p1", "holds no Newton"),
    (f"sprog@{H(0, 0)} newton {H(1, 0)} with p1", "enemy figures only"),
    (f"sprog@{H(0, 0)} teleport {H(3, 3)}", "holds no Teleporter"),
    (f"nobody@{H(3, 3)} move {H(3, 4)}", "no character stands on"),
    ("draft echo", "characters are acting"),
    ("pass", "characters are acting"),
])
def test_why_not_says_why_in_plain_words(text: str, words: str) -> None:
    s = ready()
    _apart(s)
    give(s, Team.RED, cubes=[0, 0, 0], weapons=["plasma_gun"])
    reason = s.why_not(Action.parse(text))
    assert words in reason, reason
    assert s.why_not(s.legal_actions()[0]) == ""


def test_why_not_during_decisions() -> None:
    s = game(red=(), blu=())
    assert "RED must first decide: RED drafts a character" in s.why_not(Action.parse(f"sprog@{H(0, 0)} move {H(1, 0)}"))
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    give(s, Team.RED, weapons=["plasma_gun"])
    give(s, Team.BLU, cards=["tagback_grenade_red"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with plasma_gun")
    assert s.phase is Phase.REACT
    assert "Tagback" in s.describe_decision()
    assert "sees the shooter" in s.why_not(Action.parse(f"echo@{H(3, 0)} tagback {H(7, 2)} with p1"))


def test_describe_decision_names_who_does_what() -> None:
    s = game(red=(), blu=())
    assert s.describe_decision() == "RED drafts a character"
    s = ready()
    assert "one action for each character" in s.describe_decision()
    s = game(players_red=2)
    while not s.queue or not isinstance(s.queue[0], Spawn):
        s.apply(texts(s)[0])
    assert "discards a powerup to spawn" in s.describe_decision()


def test_board_view_shows_the_player_board_and_what_waits_in_the_buffer() -> None:
    s = ready()
    _apart(s)
    echo = s.character("echo")
    assert echo is not None
    echo.damage, echo.skulls, echo.tile, echo.venom = 4, 1, 1, True
    s.buffer[Team.BLU] = {"echo": 3}
    s.marks[Team.BLU] = {"echo": 2}
    v = s.board_view(echo)
    assert (v.damage, v.killshot, v.pending, v.marks, v.skulls, v.value, v.tile, v.adrenaline, v.venom) == (
        4, 10, 3, 2, 1, 6, 1, 1, True)
    assert v.name == "Echo" and v.team is Team.BLU and v.hex == s.board.hexes[echo.cell] and v.controller == "p1"
    assert v.loaded_by == ("p1" if echo.weapon in s.hands[Team.BLU][0].weapons else "")


def test_attack_options_list_every_shot_with_its_area_and_no_dice() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 2, 0)
    put(s, "banshee", 3, 0)
    give(s, Team.RED, weapons=["rocket_launcher", "rail_gun"])
    opts = s.attack_options(s.board.hexes[s.character("sprog").cell])  # type: ignore[union-attr]
    assert opts and all(o.hit_chance == 1.0 and not o.rolled for o in opts)
    east = next(o for o in opts if o.action.detail == "rail_gun" and o.action.target == hex_at(1, 0))
    assert east.damage == 3 and {hex_at(c, 0) for c in (1, 2, 3)} <= set(east.area)  # the line through both
    rockets = [o for o in opts if o.action.detail == "rocket_launcher"]
    assert any(o.area.get(o.action.target) == 2 for o in rockets)  # type: ignore[arg-type]
    assert {o.action for o in opts} <= set(s.legal_actions())


def test_current_player_and_player_of_actions() -> None:
    s = ready(players_red=3)
    assert s.current_player() is None
    violet = next(a for a in s.legal_actions() if a.kind == "violet")
    assert s.player_of(violet) == "p2"
    s1 = ready()
    assert s1.current_player() == "p1"
    s1.apply("end")
    assert s1.current_player() in ("p1", None) or s1.is_terminal()


def test_end_of_turn_steps_are_written_to_the_log_one_by_one() -> None:
    s = ready()
    n = len(s.log)
    s.apply("end")
    while s.turn_team is Team.RED:
        s.apply("pass" if "pass" in texts(s) else texts(s)[0])
    lines = s.log[n:]
    for k in range(1, 6):
        assert any(line.startswith(f"end of turn {k}/5") for line in lines)
    assert lines[0] == "RED ends its turn" and lines[-1] == "-- turn 2: BLU"


def test_buffer_hand_and_arena_views_show_what_the_table_shows() -> None:
    s = ready(players_red=2)
    _apart(s)
    s.buffer[Team.BLU] = {"echo": 4, "banshee": 1}
    s.marks[Team.BLU] = {"echo": 2}
    give(s, Team.RED, 1, cubes=[3, 0, 1], cards=["newton_blue"], weapons=["cutter"])
    buf = s.buffer_view(Team.BLU)
    assert buf.total == 5 and dict(buf.damage) == {"echo": 4, "banshee": 1} and dict(buf.marks) == {"echo": 2}
    assert buf.flushes_at == 6
    hands = s.hand_views(Team.RED)
    assert [h.name for h in hands] == ["p1", "p2"]
    assert hands[1].cubes == (3, 0, 1) and hands[1].powerups == (("newton", "blue"),) and hands[1].weapons == ("cutter",)
    shared = next(u.kind for u in s.characters(Team.RED) if s.is_shared(u))
    assert shared in hands[s.shared_by[Team.RED]].controls and shared not in hands[1 - s.shared_by[Team.RED]].controls
    arena = s.arena_view()
    assert arena.skulls_left == 8 and arena.reward_tile == "Spread"
    assert {h for h, _ in arena.racks} == {s.board.hexes[c] for c in s.racks}
    assert arena.weapons_left == len(s.weapon_deck) and dict(arena.tables)[Team.RED] == tuple(s.table[Team.RED])


@pytest.mark.parametrize(("verb", "words"), [("move", "up to 3 hexes"), ("dash", "from 3 damage"),
                                             ("step", "up to 3 hexes, then shoot"), ("rush", "killshot comes"),
                                             ("newton", "6 hexes"), ("attack", "every shot that may be made hits")])
def test_button_tips_give_the_rulesets_numbers(verb: str, words: str) -> None:
    from engine.rules.actions import Verb

    s = ready()
    assert words in s.behaviour("sprog").tip(Verb(verb))
    assert s.behaviour("violet").tip(Verb.OVERWATCH).startswith("Overwatch: 1 mark")
    assert "skipping the buffer" in s.behaviour("sprog").ability_tip()  # type: ignore[attr-defined]
