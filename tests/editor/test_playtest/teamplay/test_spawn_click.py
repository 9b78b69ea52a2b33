"""A spawn click in the Team Play playtest (Qt-free): it uses the card the pick buttons show, and a refused one says
where the character may appear (003 "Spawning round"; docs/rules-teamplay.md decision 5)."""

from __future__ import annotations

from editor.playtest.explain import choices, click_action, explain
from engine.games.state import Phase
from engine.games.teamplay.state import TeamPlayState
from engine.hexgrid import Hex
from engine.mapmodel import Colour, Team
from engine.rules.actions import Verb
from tests.engine.games.teamplay.helpers import SPAWNS, game, put


def _blu_spawning_with_blue_taken() -> tuple[TeamPlayState, Hex]:
    """BLU to spawn holding a blue and a yellow Newton; a RED character stands on the only blue spawnpoint."""
    s = game(SPAWNS)
    while not (s.phase is Phase.SPAWN and s.team is Team.BLU):
        s.apply(s.legal_actions()[0])
    s.hands[Team.BLU][0].cards[:] = ["newton_blue", "newton_yellow"]
    (blue,) = s.points_cells[Colour.BLUE]
    put(s, "sprog", 8, 2)
    assert not s.free(blue)
    return s, s.board.hexes[blue]


def test_spawning_round_a_pick_left_from_another_players_spawn_is_not_used() -> None:
    """A new-user audit: after the other player discarded a red Newton, a click was refused for "newton red" while
    the buttons showed the blue card checked. A pick no longer offered falls back to the first card, as the buttons
    show it, for the board's choices and for the click alike."""
    s, _ = _blu_spawning_with_blue_taken()
    stale = "newton_red"
    shown = choices(s, Verb.SPAWN, None, None, stale)
    assert shown and {c.action.detail for c in shown.values()} == {"newton_blue"}
    far = s.board.hexes[s.points_cells[Colour.RED][0]]
    action = click_action(s, Verb.SPAWN, far, None, None, stale)
    assert action is not None and action.detail == "newton_blue"
    assert "newton red" not in explain(s, Verb.SPAWN, far, None, None, stale)


def test_spawning_round_a_full_colour_is_explained_with_the_hexes_left() -> None:
    """Decision 5: when every spawnpoint of the colour discarded is taken, the character appears on the free hex
    nearest one. A click on the taken spawnpoint says so and names those hexes (it said "spawns on a free blue
    spawnpoint", with none free)."""
    s, taken = _blu_spawning_with_blue_taken()
    why = explain(s, Verb.SPAWN, taken, None, None, "newton_blue")
    near = sorted(str(h) for h in choices(s, Verb.SPAWN, None, None, "newton_blue"))
    assert why.startswith("every blue spawnpoint is taken: discarding a blue powerup spawns on the free hex nearest")
    assert all(h in why for h in near) and "decision 5" in why
