"""Small Team Play positions for rule tests: a text arena, fixed characters, and hands set by hand.

Tests build a game with :func:`game` (characters fixed by the scenario, so no
draft; RED starts; the Spread reward tile unless told), play the set-up with
:func:`through_setup`, then put figures and cards where the rule under test
needs them (:func:`put`, :func:`give`) — like setting up a chess position from
a FEN — and play actions by their text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.games.game import Game
from engine.games.state import Phase
from engine.games.teamplay.pieces import Character, Hand
from engine.games.teamplay.state import TeamPlayState
from engine.mapmodel import Mode, Team
from engine.rules.actions import Action
from engine.scenario import Scenario, TeamSetup, UnitStart
from engine.textmap import hex_at, map_from_text

#: 8 x 5 open ground: a spawnpoint of each colour, ammo tiles (A), weapon racks (W), one wall.
FIELD = """
modes: team_play
0.Sr 0.   0.   0.   0.   0.   0.   0.
0.   0.   0.A  0.   0.   0.W  0.   0.
0.   0.   0.   0.   1#   0.   0.   0.Sb
0.   0.W  0.   0.   0.   0.   0.A  0.
0.Sy 0.   0.   0.   0.   0.   0.   0.
"""
#: Open ground: spawnpoints red (north-west), yellow (south-west), blue (east); a rack beside the yellow one.
SPAWNS = """
modes: team_play
0.Sr 0.   0.   0.   0.   0.   0.   0.   0.
0.   0.   0.   0.   0.   0.   0.   0.   0.
0.   0.   0.   0.   0.   0.   0.   0.   0.Sb
0.   0.   0.   0.   0.   0.   0.   0.   0.A
0.Sy 0.W  0.   0.   0.   0.   0.   0.   0.
"""

RED = ("sprog", "violet", "dozer")
BLU = ("banshee", "dstructor", "echo")


def H(col: int, row: int) -> str:  # noqa: N802 - reads like a coordinate
    """The axial text of the hex at text column ``col``, row ``row`` of the field."""
    return str(hex_at(col, row))


def scenario(text: str = FIELD, red: Sequence[str] = RED, blu: Sequence[str] = BLU, seed: int = 1,
             **rules: Any) -> Scenario:
    """A Team Play scenario on ``text``; ``red`` / ``blu`` fix the characters (empty: drafted)."""
    opts: dict[str, Any] = {"random_first_team": False, "reward_tile": "spread"}
    opts.update(rules)
    teams = {Team.RED: TeamSetup(starting=tuple(UnitStart(k) for k in red)),
             Team.BLU: TeamSetup(starting=tuple(UnitStart(k) for k in blu))}
    return Scenario("test", Mode.TEAM_PLAY, map_from_text(text), rules=opts, teams=teams, seed=seed)


def game(text: str = FIELD, red: Sequence[str] = RED, blu: Sequence[str] = BLU, seed: int = 1,
         **rules: Any) -> TeamPlayState:
    """A new game of :func:`scenario` (at its first decision)."""
    state = Game.of(scenario(text, red, blu, seed, **rules)).new_initial_state()
    assert isinstance(state, TeamPlayState)
    return state


def through_setup(s: TeamPlayState, pick: Callable[[list[Action]], Action] = lambda acts: acts[0]) -> TeamPlayState:
    """Play the set-up decisions (``pick`` chooses) until the first team acts; returns ``s``."""
    while s.phase is not Phase.ACT:
        s.apply(pick(s.legal_actions()))
    return s


def ready(text: str = FIELD, **rules: Any) -> TeamPlayState:
    """A game past its set-up, RED to act, every hand emptied of cards and weapons, no venom, nothing in buffers."""
    s = through_setup(game(text, **rules))
    for team in Team:
        for h in s.hands[team]:
            h.cards.clear()
            h.weapons.clear()
    return s


def put(s: TeamPlayState, kind: str, col: int, row: int) -> Character:
    """Move the character ``kind`` to the field's hex (col, row) and return it."""
    u = s.character(kind)
    assert u is not None
    u.cell = s.board.index[hex_at(col, row)]
    return u


def give(s: TeamPlayState, team: Team, player: int = 0, cubes: Sequence[int] | None = None,
         cards: Sequence[str] = (), weapons: Sequence[str] = ()) -> Hand:
    """Set a player's cubes (red, blue, yellow), powerup cards and loaded weapons."""
    h = s.hands[team][player]
    if cubes is not None:
        h.cubes[:] = list(cubes)
    h.cards[:] = list(cards)
    h.weapons[:] = list(weapons)
    return h


def texts(s: TeamPlayState) -> list[str]:
    """The legal actions as text."""
    return [a.text() for a in s.legal_actions()]


def play(s: TeamPlayState, *actions: str) -> TeamPlayState:
    """Apply actions given as text, in order."""
    for a in actions:
        s.apply(a)
    return s


def finish_turn(s: TeamPlayState, choose: Mapping[str, str] | None = None) -> TeamPlayState:
    """End the acting team's turn and answer the end-of-turn decisions with their first legal action
    (or ``pass``), until the next team acts or the game ends. ``choose`` maps a verb to a preferred text."""
    team = s.turn_team
    s.apply("end")
    while not s.is_terminal() and not (s.phase is Phase.ACT and s.turn_team is not team):
        acts = texts(s)
        pref = [a for a in acts if choose and any(a.startswith(v) for v in choose.values())]
        s.apply(pref[0] if pref else ("pass" if "pass" in acts else acts[0]))
    return s
