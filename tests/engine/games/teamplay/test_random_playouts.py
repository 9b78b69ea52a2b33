"""Team Play through its public API: 1,008 seeded random games, invariants checked after every action.

The player is random but keen (it shoots whenever it can, and ends a turn only
when nothing else is left), so buffers fill, flush and kill often on these small
maps with one or two skulls: about half the games end by the last skull, the
others at a 16-turn limit. Every game checks, after every action:

- a buffer only loses damage by flushing at ``flush_at`` or more (or at the end);
- skulls: those left on the skull board plus those on the player boards make the
  starting count (never fewer than none left);
- scores only rise; no two figures share a hex; boards, marks, cubes and hands
  stay within their limits;
- the game ends on equal turns, and when the last skull went, at the first
  turn end with equal turns after it;
- every 4th game is replayed from its actions to the same fingerprint, every
  4th (another) is undone to its start and matches its first fingerprint (252
  games each; replaying and undoing all of them would double the test's time).

A second block plays 24 games on each bundled Team Play arena (maps/teamplay_*)
at full size: the full 8 skulls and a turn limit far enough away (400) that the
games end by the eighth skull, except every 4th, which keeps an odd limit of 81
so the limit too must wait for equal turns. Undo is spot-checked after random
actions there: a 20th of the actions is taken back, the position must match its
fingerprint from before, and played again it must come out the same.

Marked slow: it runs in the suite, not again in the Qt-free rerun of tests/test_layering.py.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path
from typing import Final

import pytest

from engine.formats import load_scenario
from engine.games.game import Game
from engine.games.state import Phase
from engine.games.teamplay.state import TeamPlayState
from engine.mapmodel import Team
from engine.replay import replay_game
from engine.rules.actions import Verb
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
GAMES: Final = 1008
SHOOT: Final = frozenset({Verb.ATTACK, Verb.TARGETING, Verb.STEP})
#: The log line of a flush: who sends how much from whose buffer.
FLUSH: Final = re.compile(r"flush: (RED|BLU) sends (\d+) damage .* from the (RED|BLU) buffer")


def _keen(s: TeamPlayState, rng: random.Random) -> int:
    acts = s.legal_actions_view()
    n = len(acts)
    if s.phase is Phase.ACT:
        listed = acts[:]
        shots = [k for k, a in enumerate(listed) if a.verb in SHOOT]
        if shots and rng.random() < 0.9:
            return rng.choice(shots)
        rest = [k for k, a in enumerate(listed) if a.verb is not Verb.END]
        if rest:
            return rng.choice(rest)
    return rng.randrange(n)


def _check(s: TeamPlayState, before: dict[str, object], skulls: int) -> None:
    o = s.options
    prev_buf: dict[Team, int] = before["buf"]  # type: ignore[assignment]
    lines: list[str] = s.log[before["log"]:]  # type: ignore[misc]
    flushed = {}
    for line in lines:
        m = FLUSH.search(line)
        if m is not None:
            assert int(m.group(2)) >= int(o["flush_at"]), line
            flushed[Team(m.group(3))] = int(m.group(2))
    for t in Team:
        now = s.buffer_total(t)
        if now < prev_buf[t] and not s.is_terminal():
            assert t in flushed, f"{t.value} buffer fell from {prev_buf[t]} to {now} without a flush"
        assert s.points[t] >= before["pts"][t]  # type: ignore[index]
    on_boards = sum(u.skulls for u in s.units.values())
    assert s.skulls_left == max(0, skulls - on_boards)
    cells = [u.cell for u in s.units.values() if u.cell >= 0]
    assert len(cells) == len(set(cells))
    for u in s.units.values():
        assert 0 <= u.damage <= s.killshot(u) + 1 and 0 <= u.tile <= int(o["rush_limit"])
    for t in Team:
        assert all(0 <= m <= int(o["max_marks"]) for m in s.marks[t].values())
        for h in s.hands[t]:
            assert all(0 <= c <= int(o["max_cubes"]) for c in h.cubes)
            if s.phase is Phase.ACT:
                assert len(h.cards) <= int(o["max_powerups"]) + 1
                assert s.loaded_arena(h) <= int(o["max_loaded"])


def _players(seed: int) -> dict[str, int]:
    """Every pairing of team sizes (1, 2 or 3 players a side) in turn."""
    return {"players_red": 1 + seed % 3, "players_blu": 1 + (seed // 3) % 3}


def _play(seed: int) -> None:
    skulls = 1 + seed % 2
    sc = scenario(MAPS[seed % 2], red=(), blu=(), seed=seed, turn_limit=16, skulls=skulls,
                  random_first_team=True, reward_tile="", **_players(seed))
    _run(sc, seed, skulls, replay=seed % 4 == 0, rewind=seed % 4 == 3)


def _spot_undo(s: TeamPlayState, k: int) -> None:
    """Apply the ``k``-th legal action, undo it (the position must be as before), then apply it again (the
    dice are restored too, so it must come out the same)."""
    before = (s.fingerprint(), len(s.history), len(s.log), s.legal_actions_view()[:])
    s.apply_unchecked(s.legal_actions_view()[k])
    after = s.fingerprint()
    s.undo()
    assert (s.fingerprint(), len(s.history), len(s.log), s.legal_actions_view()[:]) == before
    s.apply_unchecked(s.legal_actions_view()[k])
    assert s.fingerprint() == after


def _run(sc: Scenario, seed: int, skulls: int, replay: bool = False, rewind: bool = False,
         spot_undo: float = 0.0) -> str:
    """Play one keen random game of ``sc`` checking the invariants after every action; returns how it ended
    (``skulls`` or ``limit``). ``replay``: replay it from its actions at the end; ``rewind``: undo it all to
    its start; ``spot_undo``: the share of actions undone and played again on the way."""
    rng = random.Random(seed)
    s = Game.of(sc).new_initial_state(keep_undo=rewind or spot_undo > 0)
    assert isinstance(s, TeamPlayState)
    start = s.fingerprint()
    last_skull_turn = -1
    while not s.is_terminal():
        before = {"buf": {t: s.buffer_total(t) for t in Team}, "pts": dict(s.points), "log": len(s.log)}
        k = _keen(s, rng)
        if spot_undo and rng.random() < spot_undo:
            _spot_undo(s, k)
        else:
            s.apply_unchecked(s.legal_actions_view()[k])
        _check(s, before, skulls)
        if s.skulls_left == 0 and last_skull_turn < 0:
            last_skull_turn = s.turn + (0 if s.is_terminal() else 1)  # turns completed once this one ends
    assert s.turn % 2 == 0, "the game ended on unequal turns"
    if last_skull_turn > 0:
        assert s.turn == last_skull_turn + (last_skull_turn % 2), (last_skull_turn, s.turn)
    ending = "skulls" if last_skull_turn > 0 else "limit"
    ENDINGS[ending] += 1
    if replay:
        assert replay_game(sc, seed, s.history, keep_undo=False).fingerprint() == s.fingerprint()
    if rewind:
        while s.can_undo():
            s.undo()
        assert s.fingerprint() == start
    return ending


ENDINGS: Final[dict[str, int]] = {"skulls": 0, "limit": 0}


@pytest.mark.slow
@pytest.mark.parametrize("block", range(12))
def test_random_playouts_keep_the_invariants(block: int) -> None:
    per = GAMES // 12
    ENDINGS.update(skulls=0, limit=0)
    for seed in range(block * per, (block + 1) * per):
        _play(seed)
    assert ENDINGS["skulls"] >= per // 4, ENDINGS  # the skull rule is really exercised


ARENAS: Final = sorted(Path(__file__).resolve().parents[4].joinpath("maps").glob("teamplay_*.scenario.json"))
ARENA_GAMES: Final = 24


def test_random_playouts_cover_every_bundled_team_play_arena() -> None:
    assert [p.name for p in ARENAS] == ["teamplay_arena.scenario.json", "teamplay_bunker.scenario.json"]


@pytest.mark.slow
@pytest.mark.parametrize("path", ARENAS, ids=lambda p: p.name.split(".")[0])
def test_random_playouts_on_the_bundled_arenas_end_by_the_eighth_skull_after_equal_turns(path: Path) -> None:
    base = load_scenario(path)
    skulls = int(Game.of(base).options["skulls"])
    assert skulls == 8
    ENDINGS.update(skulls=0, limit=0)
    limited = 0
    for seed in range(ARENA_GAMES):
        limit = 81 if seed % 4 == 1 else 400  # an odd limit must still end on equal turns
        limited += limit == 81
        rules = {**base.rules, **_players(seed), "random_first_team": True, "reward_tile": "", "turn_limit": limit}
        sc = dataclasses.replace(base, rules=rules, seed=seed)
        ending = _run(sc, seed, skulls, replay=seed % 6 == 0, spot_undo=0.05)
        if limit == 400:
            assert ending == "skulls", f"seed {seed}: 400 turns without the eighth skull"
    assert ENDINGS["limit"] >= 1 and ENDINGS["skulls"] >= ARENA_GAMES - limited, ENDINGS  # both endings seen
