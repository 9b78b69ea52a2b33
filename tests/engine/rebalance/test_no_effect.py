"""The race drops an edit that changes no game: its first games all ended as the starting map's own.

An edit of a hex no unit ever uses plays the same games as the map on the same seeds. It
cannot bring the map nearer even, and confirming it would "fix" the map only when fresh
seeds happen to land near even, with a hex that does nothing (Ridge asym-blu-wall, session
19: "raise 1,1 to height 2" played 48 games identical to the map's and went on to a
1,000-game confirmation).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.mapmodel import Team
from engine.parallel.backends import InProcess
from engine.rebalance.play import NO_EFFECT, Round, Runner
from engine.rebalance.search import rebalance
from engine.scenario import Scenario
from tests.engine.rebalance.lanes import FAIR, UNFAIR
from tests.engine.rebalance.test_search import FAR, QUICK, ModelRunner


def spawn_edge(v: Scenario) -> float:
    """A model in which only the spawn zones matter: RED's extra spawn hexes give it five points each."""
    zones = v.map.spawns
    return min(1.0, 0.5 + 0.05 * (len(zones[Team.RED]) - len(zones[Team.BLU])))


class SpawnModel(ModelRunner):
    """:class:`ModelRunner` whose games of a version depend on its spawn zones alone, so every other edit plays
    exactly the map's games (the same digests, as real games of an edit nobody walks on)."""

    def round(self, versions: Sequence[Scenario], seed: int, start: int, stop: int, progress=None) -> Round:  # type: ignore[no-untyped-def]
        rnd = super().round(versions, seed, start, stop, progress)
        plays = tuple(hash((seed, start, stop, tuple(sorted(v.map.spawns[Team.RED])),
                            tuple(sorted(v.map.spawns[Team.BLU])))) for v in versions)
        return replace(rnd, plays=plays)


def test_an_edit_that_changes_no_game_is_dropped_after_its_first_round_and_never_confirmed() -> None:
    out = rebalance(FAR, replace(QUICK, candidates=12), SpawnModel(spawn_edge))
    raced = [t for t in out.trials if t.tally.games]
    no_effect = [t for t in raced if t.status == f"dropped: {NO_EFFECT}"]
    assert no_effect, "the lane's kit, wall and height edits leave the spawn zones as they were"
    for t in raced:
        if t.step == 1:  # the first step's edits are made on FAR itself
            same = t.proposal.apply_to(FAR).map.spawns == FAR.map.spawns
            assert (t in no_effect) == same, t.words
    assert all(t.tally.games == QUICK.first_round and t.confirm is None for t in no_effect)
    assert out.status == "fixed" and all(t not in no_effect for t in out.chosen)


def test_a_round_of_real_games_tells_the_same_map_from_an_edited_one() -> None:
    """Two copies of a map end every game alike on the same seeds; a map with one spawn hex more does not."""
    rnd = Runner(InProcess(), ("heuristic", "heuristic")).round([UNFAIR, UNFAIR, FAIR], 5, 0, 8)
    assert len(rnd.plays) == 3
    assert rnd.plays[0] == rnd.plays[1] != rnd.plays[2]
    assert rnd.tallies[0] == rnd.tallies[1]
