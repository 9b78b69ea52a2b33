"""Team Play for the conformance suite (tests/engine/games/test_conformance.py): small arenas with one or
two skulls, the bundled arenas, a keen random player, and what must hold after every action.

The player is random but keen (it shoots when it can, and ends a turn only when
nothing else is left), so buffers fill, flush and kill. After every action: a
buffer only loses damage by flushing at ``flush_at`` or more; the skulls left plus
those on the boards make the starting count; boards, marks, cubes and hands stay
within their limits; and a game ends on equal turns.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Any, Final

from engine.formats import load_scenario
from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.scenario import Scenario
from tests.engine.games.teamplay.helpers import scenario

MAPS: Final = (
    """
modes: team_play
0.Sr 0.   0.A  0.   0.Sb
0.   0.W  0.   0.   0.
0.A  0.   1#   0.W  0.A
0.   0.   0.   0.   0.
0.Sy 0.   0.A  0.   0.
""",
    """
modes: team_play
0.Sr 0.   1.   1.A  0.
0.   0.A  2#   0.W  0.Sb
0.W  0.   1.   0.   0.A
0.   0.Sy 0.   0.   0.
""",
)
REPO = Path(__file__).resolve().parents[4]
SHOOT: Final = frozenset({Verb.ATTACK, Verb.TARGETING, Verb.STEP})
#: The log line of a flush: who sends how much from whose buffer.
FLUSH: Final = re.compile(r"flush: (RED|BLU) sends (\d+) damage .* from the (RED|BLU) buffer")


def scenarios() -> list[Scenario]:
    """Both arenas, drafted, with one and two skulls and every pairing of players a side."""
    out = []
    for k, text in enumerate(MAPS):
        for skulls, (red, blu) in ((1, (1, 2)), (2, (3, 1)), (1, (2, 3))):
            out.append(scenario(text, red=(), blu=(), seed=k, turn_limit=16, skulls=skulls, random_first_team=True,
                                reward_tile="", players_red=red, players_blu=blu))
    return out


def bundled() -> list[Scenario]:
    """The bundled Team Play arenas."""
    return [load_scenario(p) for p in sorted((REPO / "maps").glob("teamplay_*.scenario.json"))]


def shorten(s: Scenario) -> Scenario:
    """``s`` with two skulls, for the suite's bundled-arena games."""
    return dataclasses.replace(s, rules={**s.rules, "skulls": 2, "turn_limit": 30})


def choose(state: Any, rng: random.Random) -> Action:
    """A keen random choice: a shot nine times in ten when there is one; ``end`` only when nothing else is left."""
    acts = state.legal_actions_view()
    if state.phase is Phase.ACT:
        listed = acts[:]
        shots = [a for a in listed if a.verb in SHOOT]
        if shots and rng.random() < 0.9:
            return rng.choice(shots)
        rest = [a for a in listed if a.verb is not Verb.END]
        if rest:
            return rng.choice(rest)
    return acts[rng.randrange(len(acts))]


def snapshot(state: Any) -> dict[str, Any]:
    return {"buf": {t: state.buffer_total(t) for t in Team}, "log": len(state.log), "skulls": state.skulls_left
            + sum(u.skulls for u in state.units.values())}


def check(state: Any, before: dict[str, Any]) -> None:
    """Team Play's invariants of any reachable position (see the module docstring)."""
    s = state
    o = s.options
    flushed = {}
    for line in s.log[before["log"]:]:
        m = FLUSH.search(line)
        if m is not None:
            assert int(m.group(2)) >= int(o["flush_at"]), line
            flushed[Team(m.group(3))] = int(m.group(2))
    for t in Team:
        if s.buffer_total(t) < before["buf"][t] and not s.is_terminal():
            assert t in flushed, f"{t.value} buffer fell without a flush"
    assert s.skulls_left == max(0, before["skulls"] - sum(u.skulls for u in s.units.values()))
    for u in s.units.values():
        assert 0 <= u.damage <= s.killshot(u) + 1 and 0 <= u.tile <= int(o["rush_limit"])
    for t in Team:
        assert all(0 <= m <= int(o["max_marks"]) for m in s.marks[t].values())
        for h in s.hands[t]:
            assert all(0 <= c <= int(o["max_cubes"]) for c in h.cubes)
            if s.phase is Phase.ACT:
                assert len(h.cards) <= int(o["max_powerups"]) + 1
                assert s.loaded_arena(h) <= int(o["max_loaded"])
    if s.is_terminal():
        assert s.turn % 2 == 0, "the game ended on unequal turns"
