"""The AI players use what a designer paints on a Team Play map: weapon racks, ammo tiles, spawnpoints, walls.

Each test sets up a small position where using the feature is clearly right and
checks that the normal AI (the heuristic) does it, and the strong AI (the search)
where one decision's search is cheap. 003 "Weapons", "Actions", "Spawning round",
"Respawn"; the base game's racks and ammo tiles as docs/rules-teamplay.md has them.
"""

from __future__ import annotations

import pytest

from engine.ai import HeuristicPlayer
from engine.ai.search import SearchPlayer
from engine.games.state import Phase
from engine.games.teamplay.state import TeamPlayState
from engine.mapmodel import Team
from engine.rules.actions import Verb
from engine.textmap import hex_at
from tests.engine.games.teamplay.helpers import FIELD, SPAWNS, game, put, ready

PLAYERS = {"normal": HeuristicPlayer, "strong": SearchPlayer}


@pytest.mark.parametrize("who", PLAYERS)
def test_racks_an_empty_handed_team_grabs_a_weapon_from_a_rack(who: str) -> None:
    """003 "Weapons": weapons are grabbed from the racks. RED holds no loaded weapon at all (every hand
    emptied) and the rack at 0,3 is in reach: its first action takes a weapon from it."""
    s = ready()
    action = PLAYERS[who](1).choose(s)
    assert action.verb is Verb.MOVE and action.detail and s.board.index[action.target] in s.racks  # type: ignore[index]
    assert action.detail in s.racks[s.board.index[action.target]]  # type: ignore[index]


@pytest.mark.parametrize("who", PLAYERS)
def test_ammo_a_player_who_cannot_reload_goes_for_an_ammo_tile(who: str) -> None:
    """003 "Reload": reloading is paid in cubes. RED's weapons all lie unloaded on the table, its player has
    no cube and the racks are empty: a character steps onto the ammo tile at 2,1."""
    s = ready()
    for c in s.racks:
        s.racks[c] = []
    s.table[Team.RED] = [s.character(k).weapon for k in ("sprog", "violet", "dozer")]  # type: ignore[union-attr]
    action = PLAYERS[who](1).choose(s)
    assert action.verb is Verb.MOVE and s.board.index[action.target] in s.ammo  # type: ignore[index]



def _blu_spawning(armed: bool) -> TeamPlayState:
    """The spawning round at BLU's turn to place its characters: RED stands four steps east of the red
    spawnpoint; BLU holds a red and a yellow Newton (the same to keep) and, if ``armed``, its weapons."""
    s = game(SPAWNS)
    while not (s.phase is Phase.SPAWN and s.team is Team.BLU):
        s.apply(s.legal_actions()[0])
    for kind, col in (("sprog", 4), ("violet", 5), ("dozer", 6)):
        put(s, kind, col, 0)
    hand = s.hands[Team.BLU][0]
    hand.cards[:] = ["newton_red", "newton_yellow"]
    if not armed:
        hand.weapons.clear()
    return s


# Over several seeds: with the place left out of the score, the two Newtons (the same to keep) tie and the seed
# picks, about one time in two; one seed passed so by chance (an AI audit, session 17).
@pytest.mark.parametrize("who", PLAYERS)
@pytest.mark.parametrize("seed", range(6))
def test_spawnpoints_an_armed_player_spawns_within_a_few_steps_of_the_enemy(who: str, seed: int) -> None:
    """003 "Spawning round": a character appears on a spawnpoint of the colour discarded. With loaded
    weapons BLU takes the red spawnpoint, four steps from RED, not the yellow one far from everybody."""
    s = _blu_spawning(armed=True)
    action = PLAYERS[who](seed).choose(s)
    assert action.verb is Verb.SPAWN and action.target == hex_at(0, 0)


@pytest.mark.parametrize("seed", range(6))
def test_spawnpoints_an_empty_handed_player_spawns_by_a_weapon_rack(seed: int) -> None:
    """With nothing loaded to shoot with, BLU spawns on the yellow spawnpoint beside the rack."""
    s = _blu_spawning(armed=False)
    action = HeuristicPlayer(seed).choose(s)
    assert action.verb is Verb.SPAWN and action.target == hex_at(0, 4)


#: A wall between RED's Dozer and the enemy, open round its northern end only.
WALL = """
modes: team_play
0.Sr 0.   0.   0.   0.   0.   0.   0.
0.   0.   0.   0#   0.   0.   0.   0.Sb
0.   0.   0.   0#   0.   0.   0.   0.
0.   0.   0.   0#   0.   0.   0.   0.A
0.Sy 0.W  0.   0#   0.   0.   0.   0.
"""


def test_walls_a_character_walks_round_a_wall_to_the_enemy() -> None:
    """Walls stop a walk (docs/rules-teamplay.md, "Climbing"): with nothing in reach, RED's Dozer heads north
    for the gap at the wall's end, not east against the wall, nearest the enemy as the crow flies."""
    s = ready(WALL)
    hand = s.hands[Team.RED][0]
    dozer = s.character("dozer")
    assert dozer is not None
    hand.weapons[:] = [dozer.weapon]
    for kind in ("sprog", "violet"):
        s.character(kind).cell = -1  # type: ignore[union-attr]  # off the board: only the Dozer acts
    put(s, "dozer", 1, 3)
    for c in s.racks:
        s.racks[c] = []  # nothing to grab on the way
    for kind, (col, row) in (("banshee", (6, 3)), ("dstructor", (6, 4)), ("echo", (7, 4))):
        put(s, kind, col, row)
    action = HeuristicPlayer(1).choose(s)
    assert action.verb is Verb.MOVE and action.target is not None
    assert action.target.r <= 1  # toward the gap in row 0


#: helpers.FIELD on a plateau at height 2 but for the ammo tile at 2,1, which lies in a pit at height 0: a
#: character that steps onto it climbs one level a step and never gets out (docs/rules-teamplay.md "Climbing").
AMMO_IN_A_PIT = FIELD.replace("0.", "2.").replace("2.A", "0.A", 1)


@pytest.mark.parametrize("who", PLAYERS)
def test_ammo_a_player_who_cannot_reload_does_not_drop_into_a_pit_for_it(who: str) -> None:
    """As above, but the nearer ammo tile lies in a pit two levels deep (the validator's HF207): no character
    steps into it; the tile on the plateau is the one to go for."""
    s = ready(AMMO_IN_A_PIT)
    for c in s.racks:
        s.racks[c] = []
    s.table[Team.RED] = [s.character(k).weapon for k in ("sprog", "violet", "dozer")]  # type: ignore[union-attr]
    pit = s.board.index[hex_at(2, 1)]
    for _ in range(3):  # RED's three characters act in turn
        if s.current_team() is not Team.RED:
            break
        action = PLAYERS[who](1).choose(s)
        assert action.target is None or s.board.index[action.target] != pit, action
        s.apply(action)
