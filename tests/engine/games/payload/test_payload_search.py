"""The strong player's Payload Race candidates: it weighs stepping beside the enemy cart, which the heuristic's
jobs rank low, and plays it when stopping the enemy's next push is clearly right."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ai import HeuristicPlayer
from engine.ai.evaluation import evaluator_for
from engine.ai.modes import ai_of
from engine.ai.search import SearchPlayer
from engine.games.payload.ai.candidates import blocking_moves
from engine.games.payload.ground import stops_push
from engine.mapmodel import Mode, Team
from engine.rules.actions import Verb
from tests.engine.games.payload.conftest import GameFactory, at

#: RED pushes along row 0 and has four pushes to go; BLU's cart stands one push from its end, far from RED's.
RED_LONG = [(c, 0) for c in range(2, 7)]
BLU_LAST = [(6, 3), (5, 3)]


def _race(game: GameFactory):  # type: ignore[no-untyped-def]
    """RED to move: a Heavy by its own cart and a Medic (an escort by its class, so the heuristic walks him
    home) two rows from BLU's cart, whose Heavy will push it home next turn unless stopped."""
    return game(red=[("heavy", (1, 0), "minigun"), ("medic", (6, 1), "medi_gun")],
                blu=[("heavy", (7, 3), "minigun")], red_track=RED_LONG, blu_track=BLU_LAST)


def _red_turn(state, player) -> None:  # type: ignore[no-untyped-def]
    while state.current_team() is Team.RED and state.turn == 0:
        state.apply(player.choose(state))


def _blu_can_push(state) -> bool:  # type: ignore[no-untyped-def]
    return any(a.verb is Verb.PUSH for a in state.legal_actions())


def test_the_blocking_move_of_an_escort_is_a_candidate(game: GameFactory) -> None:
    """002 "Pushing the cart" 3: a token beside the enemy cart stops its push. The Medic's steps beside
    BLU's cart are named, the best-scored one only; the Heavy by RED's cart, out of reach, has none."""
    state = _race(game)
    acts = state.legal_actions()
    scores = HeuristicPlayer(0).action_scores(state, acts)
    picked = blocking_moves(state, acts, scores)
    b = state.board
    cart = state.cart_cell(Team.BLU)
    assert len(picked) == 1
    move = acts[picked[0]]
    assert move.actor == at(6, 1) and move.verb is Verb.MOVE
    assert stops_push(b, b.index[move.target], Team.RED, cart, True)
    assert scores[picked[0]] < max(scores), "the heuristic ranks it below its favourite"


def test_the_heuristic_lets_the_enemy_cart_home_and_the_search_stops_it(game: GameFactory,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The race is lost unless BLU's last push is stopped: the Medic (6 health) beside BLU's cart takes at
    most four damage from the Minigun (four throws of 1), so he holds for a turn. The heuristic walks its
    escort home; the search (Payload Race's own settings) steps him beside BLU's cart."""
    state = _race(game)
    _red_turn(state, HeuristicPlayer(1))
    assert state.current_team() is Team.BLU and _blu_can_push(state)

    state = _race(game)
    _red_turn(state, SearchPlayer(1))
    assert state.current_team() is Team.BLU and not _blu_can_push(state)

    # without the extra candidates the search never tries the step: the heuristic's best few are all homeward
    plain = replace(ai_of(Mode.PAYLOAD), candidates=None)
    monkeypatch.setattr("engine.ai.search.ai_of", lambda mode: plain)
    state = _race(game)
    _red_turn(state, SearchPlayer(1))
    assert state.current_team() is Team.BLU and _blu_can_push(state)


def _wide(cols: int = 28) -> str:
    """Three rows of ``cols`` flat hexes: RED's spawn the first two columns, BLU's the last two."""
    row = " ".join(["0.R", "0.R"] + ["0. "] * (cols - 4) + ["0.B", "0.B"])
    return "\n" + "\n".join([row] * 3) + "\n"


def test_the_evaluation_counts_a_kill_for_the_killer(game: GameFactory) -> None:
    """002 "Dying/respawning": a killed token is back in its spawn at once, at full health, but on a long
    map it is far from both carts, out of the play. So a BLU Medic at 1 health beside his cart is worth
    more to BLU than the same Medic killed and back in a far spawn at full health: RED's value rises."""
    def value(medic_at: tuple[int, int], health: int) -> float:
        state = game(text=_wide(), red=[("heavy", (14, 1), "minigun")], blu=[("medic", medic_at, "medi_gun", health)],
                     red_track=[(c, 0) for c in range(12, 17)], blu_track=[(c, 2) for c in range(15, 10, -1)])
        return evaluator_for(state).value(state)

    beside_cart, back_in_spawn = value((16, 2), 1), value((26, 1), 6)
    assert back_in_spawn > beside_cart
