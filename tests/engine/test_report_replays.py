"""Every mode's balance report says what its games did (issue #19 item 4).

For each mode a few seeded games of a report are played, then each game is replayed from its action log
through the public API and counted here, independently of the games' event records the report reads:
deaths and where, kills per unit kind, points and where they were scored, first points, pickups by kind
and where. Each count is compared with the report's. Then the regressions the issue names: Team Play's races
were all "never", its deaths, kills and scoring heat empty, and Payload Race credited no kills.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.ai.match import play_game
from engine.formats import load_scenario
from engine.games.protocol import GameState
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.scenario import Scenario
from engine.simulation.balance import PairingStudy, StudyPlan, run_study, study_of
from engine.simulation.batch import start_game
from engine.simulation.verdict import judge

MAPS = Path(__file__).resolve().parents[2] / "maps"


@dataclass
class Tally:
    """What the replays show, counted by this module (cells are board indices)."""

    deaths: dict[Team, dict[int, int]] = field(default_factory=lambda: {t: {} for t in Team})
    scores: dict[Team, dict[int, int]] = field(default_factory=lambda: {t: {} for t in Team})
    pickups: dict[Team, dict[int, int]] = field(default_factory=lambda: {t: {} for t in Team})
    items: dict[Team, dict[str, int]] = field(default_factory=lambda: {t: {} for t in Team})
    kills: dict[str, int] = field(default_factory=dict)
    first: dict[Team, list[int]] = field(default_factory=lambda: {t: [] for t in Team})
    points: list[tuple[int, int]] = field(default_factory=list)
    #: Team Play: the victim's kind -> the dealer's kind -> damage this life (latest dealer last), log lines read
    ledger: dict[str, dict[str, int]] = field(default_factory=dict)
    seen: int = 0

    def add(self, what: dict[Any, int], key: Any, n: int = 1) -> None:
        what[key] = what.get(key, 0) + n


#: ``count(before, action, after, tally)`` after each replayed action; ``prepare(state, tally)`` once per game.
Counter = Callable[[GameState, Action, GameState, Tally], None]


def _replay(scenario: Scenario, plan: StudyPlan, count: Counter,
            prepare: Callable[[GameState, Tally], None] | None = None) -> Tally:
    """Replay every game of ``plan`` from its action log, counting with ``count``."""
    tally = Tally()
    pair = plan.pairings[0]
    for i in range(plan.games):
        args = (scenario, plan.seed, i, pair)
        state, players = start_game(args)
        log = list(play_game(state, players).history)
        game, _ = start_game(args)
        if prepare is not None:
            prepare(game, tally)
        first: dict[Team, int | None] = {t: None for t in Team}
        for a in log:
            before = game.clone(keep_undo=False)
            game.apply(a)  # checked: the log replays through the public API
            count(before, a, game, tally)
            for t in Team:
                if first[t] is None and game.points[t] > before.points[t]:
                    first[t] = before.turn + 1  # the turn it was scored in, counted from 1
        assert game.is_terminal()
        for t in Team:
            if first[t] is not None:
                tally.first[t].append(first[t])  # type: ignore[arg-type]
        tally.points.append((game.points[Team.RED], game.points[Team.BLU]))
    return tally


def _study(name: str, players: tuple[str, str], games: int, seed: int) -> tuple[Scenario, StudyPlan, PairingStudy]:
    scenario = load_scenario(MAPS / f"{name}.scenario.json")
    plan = StudyPlan(scenario, (players,), games, seed)
    study, _ = study_of(plan, run_study(plan))
    return scenario, plan, study.pairings[0]


def _check(p: PairingStudy, tally: Tally) -> None:
    """The report's deaths, kills, scoring, first points and pickups equal the replays'."""
    for t in Team:
        assert p.heat["deaths"][t] == dict(sorted(tally.deaths[t].items())), f"{t.value} deaths"
        assert p.heat["scores"][t] == dict(sorted(tally.scores[t].items())), f"{t.value} scoring"
        assert p.heat["pickups"][t] == dict(sorted(tally.pickups[t].items())), f"{t.value} pickups"
        assert p.summary.pickups[t.value] == tally.items[t], f"{t.value} pickups by kind"
        assert list(p.first_point[t]) == tally.first[t], f"{t.value} first points"
    assert {c.kind: c.kills for c in p.classes if c.kills} == tally.kills
    assert [(r.red_points, r.blu_points) for r in p.results] == tally.points


def _vanished(before: GameState, after: GameState) -> list[Any]:
    """Units of pickable kinds on the board before an action and gone after it (dead)."""
    return [u for uid, u in before.units.items() if uid not in after.units and before.stats(u.kind).pickable]


# -- King of the Board ----------------------------------------------------------------------------------------

def _koth_prepare(state: Any, tally: Tally) -> None:
    """Count deaths and kills where the damage is dealt (a sentry's kill for its Engineer, burn for the Pyro,
    a fallen Demoman's grenade for the Demoman), and points where the point's hexes are held as the turn scores."""
    hurt, score_turn = state.hurt, state.score_turn
    kinds = {sp: k for k, st in state.game.stats.items() for sp in st.specials}

    def watched_hurt(target: Any, amount: int, source: Any) -> None:
        alive = target.uid in state.units
        dropped = dict(state.dropped_grenades)
        hurt(target, amount, source)
        if not alive or target.uid in state.units or not state.stats(target.kind).pickable:
            return
        tally.add(tally.deaths[target.team], target.cell)  # where it stood when it died (it may have moved)
        tally.seen += 1
        if source is None and state.active == target.uid:
            team, kind = target.team.other, kinds["burn"]  # burn: only the enemy Pyro sets it
        elif source is None:
            team = state.team
            kind = dropped[team][2] if team in dropped else kinds["blind_eye"]  # a fallen Demoman's grenade
        elif source.kind == "sentry":
            team, kind = source.team, state.units[source.owner].kind
        else:
            team, kind = source.team, source.kind
        if team is not target.team:
            tally.add(tally.kills, kind)

    def watched_score_turn() -> None:
        had = dict(state.points)
        score_turn()
        for t in Team:
            gained = state.points[t] - had[t]
            for u in state.units.values():
                if gained and u.team is t and u.cell >= 0 and state.board.control[u.cell] >= 0 and u.kind != "sentry":
                    tally.add(tally.scores[t], u.cell, gained)

    state.hurt, state.score_turn = watched_hurt, watched_score_turn


def _koth_count(before: Any, a: Action, after: Any, tally: Tally) -> None:
    assert tally.seen == len(_vanished(before, after))  # every unit gone died by damage
    tally.seen = 0
    for c, left in before.kit_timer.items():
        if left == 0 and after.kit_timer[c] > 0:  # used this action (it waits kit_respawn_turns turns)
            user = after.occupant(c) or next(u for u in _vanished(before, after) if u.cell == c)
            tally.add(tally.pickups[user.team], c)
            tally.add(tally.items[user.team], "kit")


@pytest.mark.parametrize(("name", "players", "games"), [
    ("koth_quarry", ("random", "random"), 10),  # sentries, grenades, burns and kits: random units wander hurt
    ("koth_crossroads", ("heuristic", "heuristic"), 4),
])
def test_king_of_the_board_report_equals_its_replays(name: str, players: tuple[str, str], games: int) -> None:
    scenario, plan, p = _study(name, players, games, 2)
    tally = _replay(scenario, plan, _koth_count, _koth_prepare)
    _check(p, tally)
    assert sum(tally.kills.values()) and any(tally.scores.values())
    if players == ("random", "random"):
        assert any(tally.items.values()) and tally.kills.get("engineer")


# -- Payload Race ---------------------------------------------------------------------------------------------

def _payload_count(before: Any, a: Action, after: Any, tally: Tally) -> None:
    dead = _vanished(before, after)
    if dead:
        # Payload damage comes only from attacks: this one, or the one an UberCharge decision held back
        assert a.verb in (Verb.ATTACK, Verb.UBER, Verb.PASS)
        attacker = before.units[before.pending[0]] if before.pending else before.unit_at(a.actor)
        for u in dead:
            tally.add(tally.deaths[u.team], u.cell)
            if attacker.team is not u.team:
                tally.add(tally.kills, attacker.kind)
    for t in Team:
        if after.points[t] > before.points[t]:  # a push: the point is made where the cart rolls to
            tally.add(tally.scores[t], after.board.index[after.scenario.map.track(t)[after.points[t]]])


def test_payload_race_report_equals_its_replays() -> None:
    scenario, plan, p = _study("payload_canal", ("heuristic", "heuristic"), 2, 3)
    tally = _replay(scenario, plan, _payload_count)
    _check(p, tally)
    assert sum(tally.kills.values()) > 0 and not any(tally.items.values())


# -- Team Play ------------------------------------------------------------------------------------------------

#: Log lines of Team Play: damage put in a buffer or on a board (who deals it, the amount, marks it turned
#: into damage, the victim), an enemy moved (Newton, shove) and a killshot.
_DAMAGE = re.compile(r"^(?P<who>.*?): (?P<n>\d+) damage (?:for|onto) the (?P<victim>(?:RED|BLU) .+?)"
                     r"(?:'s board| \(\+(?P<marks>\d+) from marks\)| into)")
_MOVED = re.compile(r"(?:plays a Newton: the (?P<a>(?:RED|BLU) .+?) goes \S+ → |shoves the (?P<b>(?:RED|BLU) .+?) to )"
                    r"(?P<to>-?\d+,-?\d+)$")
_KILLSHOT = re.compile(r"killshot: the (?P<victim>(?:RED|BLU) .+?) for \d+")


def _teamplay_prepare(state: Any, tally: Tally) -> None:
    tally.ledger = {}
    tally.seen = len(state.log)


def _dealer(state: Any, who: str) -> str:
    """The kind whose action a log line's damage comes from: "the RED Echo's Reverb Gun", "RED p1's Targeting
    Scope (with the RED Echo)", "Echo's reverb", "Sprog's venom"."""
    named = [u.kind for u in state.units.values() if f"{u.team.value} {state.stats(u.kind).name}" in who]
    if named:
        return max(named, key=lambda k: who.rindex(state.stats(k).name))
    return next(u.kind for u in state.units.values() if who.startswith(f"{state.stats(u.kind).name}'s "))


def _teamplay_count(before: Any, a: Action, after: Any, tally: Tally) -> None:
    """Walk the action's log: damage by whose action (a ledger per victim's life), enemies moved, killshots
    (credited to the scoring team's character that dealt the victim most, the later of equal ones)."""
    names = {f"{u.team.value} {after.stats(u.kind).name}": u for u in after.units.values()}
    values = [int(x) for x in str(after.options["board_values"]).split(",")]
    where = {u.uid: u.cell for u in before.units.values()}
    shots = 0
    for line in after.log[tally.seen:]:
        if (m := _DAMAGE.match(line)) and not line.startswith(("flush", "leftover")):  # a flush moves damage
            got = tally.ledger.setdefault(names[m["victim"]].kind, {})
            k = _dealer(after, m["who"])
            got[k] = got.pop(k, 0) + int(m["n"]) + int(m["marks"] or 0)
        elif m := _MOVED.search(line):
            where[names[m["a"] or m["b"]].uid] = after.board.index[Hex.parse(m["to"])]
        elif m := _KILLSHOT.search(line):
            v = before.units[names[m["victim"]].uid]
            dealt = tally.ledger.pop(v.kind, {})
            best = max((n for k, n in dealt.items() if after.character(k).team is not v.team), default=0)
            mine = [k for k, n in dealt.items() if n == best and after.character(k).team is not v.team]
            if mine:
                tally.add(tally.kills, mine[-1])
            tally.add(tally.deaths[v.team], where[v.uid])
            tally.add(tally.scores[v.team.other], where[v.uid], values[min(v.skulls, len(values) - 1)])
            shots += 1
    tally.seen = len(after.log)
    assert shots == sum(after.units[u.uid].skulls - u.skulls for u in before.units.values())
    if a.verb in (Verb.MOVE, Verb.DASH):
        u = before.character(a.kind)
        assert a.target is not None
        cell = before.board.index[a.target]
        item = "weapon" if a.detail else "ammo" if before.ammo.get(cell) else ""
        if item:
            tally.add(tally.pickups[u.team], cell)
            tally.add(tally.items[u.team], item)


def test_team_play_report_equals_its_replays() -> None:
    scenario, plan, p = _study("teamplay_arena", ("heuristic", "heuristic"), 3, 5)
    tally = _replay(scenario, plan, _teamplay_count, _teamplay_prepare)
    _check(p, tally)
    assert sum(tally.kills.values()) and all(tally.items.values()) and all(tally.scores.values())


# -- the regressions of issue #19 -------------------------------------------------------------------------------

def test_team_play_report_is_not_empty_where_the_games_are_not() -> None:
    """Arena: races not all "never", deaths and kills credited, a scoring heat map (each game ends on its
    eighth killshot)."""
    scenario = load_scenario(MAPS / "teamplay_arena.scenario.json")
    plan = StudyPlan(scenario, (("heuristic", "heuristic"),), 3, 1)
    study, _ = study_of(plan, run_study(plan))
    (p,) = study.pairings
    assert any(t is not None for r in study.races for t in r.turns.values())
    assert {r.goal for r in study.races} == {"a hex in sight of another colour's spawnpoints", "an ammo tile",
                                             "a weapon rack"}
    deaths = sum(sum(c.values()) for c in p.heat["deaths"].values())
    assert deaths >= 8 * sum(r.winner is not None for r in p.results)
    assert sum(c.kills for c in p.classes) > 0
    assert all(p.heat["scores"][t] for t in Team)
    evidence = judge(study).evidence
    assert any("die most at" in e for e in evidence)
    assert not any("to the point" in e for e in evidence)


def test_payload_race_credits_kills_to_kinds() -> None:
    scenario, plan, p = _study("payload_canal", ("heuristic", "heuristic"), 1, 7)
    deaths = sum(sum(c.values()) for c in p.heat["deaths"].values())
    kills = sum(c.kills for c in p.classes)
    assert deaths > 0 and 0 < kills <= deaths  # friendly fire is off: every death is an enemy's kill
