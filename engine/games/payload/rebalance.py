"""Payload Race's part of the balance fixer (:mod:`engine.rebalance.modes`; ``ModeRules.rebalance``).

Each side races to the hexes beside the middle of its own track. The mode's own
measures are the validator's HF303/HF308 (pushes each cart needs) and
HF310/HF311 (where each side can contest the other's cart, :func:`.map_checks.contest`);
its own edits give the favoured side's cart more pushes and the other's fewer. A track changes
by its end (one step more or fewer: "move a track's end") or by a stretch
rerouted (a two-step detour that costs two pushes, or a shortcut that saves
some). Steps go on open ground that holds no feature and no other track step;
whether the cart can roll there is the validator's to say (screened later).
This module sits at the rebalance layer (pyproject's layers contract); nothing
in :mod:`engine.games` imports it.
"""

from __future__ import annotations

from engine.games.game import playing_ruleset
from engine.games.payload import PAYLOAD
from engine.games.payload.map_checks import contest
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team, Terrain
from engine.rebalance.changes import Proposal, SetTrack
from engine.rebalance.measures import Place
from engine.rebalance.modes import ModeFixes, register_fixes
from engine.rules.board import Board
from engine.rules.movement import Reach
from engine.scenario import Scenario
from engine.validation.registry import CheckContext

__all__ = ["FIXES", "track_changes"]


def race_to(scenario: Scenario, team: Team) -> list[Hex] | None:
    """The hexes beside the middle of ``team``'s track (None when it has no track to speak of)."""
    m = scenario.map
    track = m.track(team)
    if len(track) < 2:
        return None
    mid = track[len(track) // 2]
    return [n for n in mid.neighbors() if n in m.cells]


def pushes_and_contest(scenario: Scenario, board: Board, reach: dict[Team, Reach]) -> dict[str, dict[Team, int]]:
    """Per team, the pushes its cart needs and the steps of the other track it can contest."""
    m = scenario.map
    if not all(len(m.track(t)) >= 2 for t in Team):
        return {}
    ctx = CheckContext(m, (scenario.mode,), ruleset=playing_ruleset(scenario))
    return {"pushes": {t: len(m.track(t)) - 1 for t in Team}, "contest": {t: len(contest(ctx, t)) for t in Team}}


def _free(m: HexMap, h: Hex, taken: set[Hex]) -> bool:
    return (h in m.cells and h not in taken and m.cells[h].terrain is Terrain.OPEN
            and not m.spawn_team(h) and h not in m.kits)


def _extend(m: HexMap, team: Team, taken: set[Hex]) -> list[tuple[Hex, ...]]:
    t = m.track(team)
    last, prev = t[-1], t[-2]
    ahead = last + (last - prev)
    options = sorted((n for n in last.neighbors() if _free(m, n, taken) and m.cells[n].height == m.cells[last].height),
                     key=lambda n: (n.distance(ahead), n))
    return [t + (n,) for n in options[:2]]


def _detours(m: HexMap, team: Team, taken: set[Hex]) -> list[tuple[Hex, ...]]:
    t = m.track(team)
    out: list[tuple[Hex, ...]] = []
    middle = sorted(range(1, len(t) - 2), key=lambda i: (abs(i - len(t) // 2), i))
    for i in middle:
        a, b = t[i], t[i + 1]
        for x in a.neighbors():
            if not _free(m, x, taken) or x in b.neighbors():
                continue
            y = next((y for y in x.neighbors() if y in b.neighbors() and y != a and _free(m, y, taken | {x})), None)
            if y is not None and all(m.cells[h].height == m.cells[a].height for h in (x, y, b)):
                out.append(t[:i + 1] + (x, y) + t[i + 1:])
                break
        if len(out) >= 2:
            break
    return out


def _shortcuts(m: HexMap, team: Team) -> list[tuple[Hex, ...]]:
    t = m.track(team)
    out = []
    for i in range(len(t) - 2):
        for j in range(len(t) - 1, i + 1, -1):
            if t[j] in t[i].neighbors():
                out.append(t[:i + 1] + t[j:])
                break
    out.sort(key=lambda p: -len(p))
    return out[:1]


def track_changes(scenario: Scenario, favoured: Team, place: Place | None = None) -> list[Proposal]:
    """Track edits that slow ``favoured``'s cart or speed up the other's (module docstring); none while a
    track is shorter than three steps."""
    m = scenario.map
    if not all(len(m.track(t)) >= 3 for t in Team):
        return []
    dis = favoured.other
    taken = {h for t in Team for h in m.track(t)}
    fav_track, dis_track = m.track(favoured), m.track(dis)
    out = [Proposal((SetTrack(favoured, fav_track, p),), f"{favoured.value}'s cart has a push more to make", "track")
           for p in _extend(m, favoured, taken)]
    out.append(Proposal((SetTrack(dis, dis_track, dis_track[:-1]),), f"{dis.value}'s cart has a push fewer to make",
                        "track"))
    out += [Proposal((SetTrack(favoured, fav_track, p),), f"{favoured.value}'s cart takes a longer way", "track")
            for p in _detours(m, favoured, taken)]
    out += [Proposal((SetTrack(dis, dis_track, p),), f"{dis.value}'s cart takes a shorter way", "track")
            for p in _shortcuts(m, dis)]
    return out


FIXES = register_fixes(PAYLOAD, ModeFixes(race_to=race_to, figures=pushes_and_contest, candidates=track_changes))
