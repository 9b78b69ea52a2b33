"""The automatic parts of Team Play's end of turn.

003 "End of turn", in the book's order: replace the ammo tiles and weapons
grabbed (:func:`replace`), abilities (the decisions, then Sprog's mandatory
venom, :func:`automatic_abilities`), flush the opponents' buffer if it holds
``flush_at`` or more damage and score the killshots (:func:`flush_and_score`);
respawns and reloads are decisions (:mod:`.flow`). :func:`finish` is 003 "Game
over" and "Scoring leftover damage". Every step writes its lines to the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.events import Death, Score
from engine.games.phases import Phase
from engine.games.teamplay.decks import draw_weapon
from engine.mapmodel import Team
from engine.ruleset import Reward

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["automatic_abilities", "finish", "flush_and_score", "replace"]


def replace(s: TeamPlayState, quiet: bool = False) -> None:
    """Lay an ammo tile on every empty ammo hex (one die face per tile) and fill every rack from the deck."""
    laid = 0
    for cell in s.ammo:
        if not s.ammo[cell]:
            tiles = s.ruleset.ammo_tiles
            s.ammo[cell] = tiles[s.dice.roll(1, len(tiles), "ammo tile").total - 1]
            laid += 1
    dealt = 0
    size = int(s.options["rack_size"])
    for rack in s.racks.values():
        while len(rack) < size:
            w = draw_weapon(s)
            if not w:
                break
            rack.append(w)
            dealt += 1
    if not quiet:
        s.log.append(f"end of turn 1/5, replace: {laid} ammo tile(s) laid, {dealt} weapon(s) put on racks")


def automatic_abilities(s: TeamPlayState) -> None:
    """After the chosen abilities: the mandatory ones (Sprog's venom), whether or not the character acted
    (003 "Character abilities": venom is mandatory; Decision 11 in docs/rules-teamplay.md)."""
    for u in s.characters(s.turn_team):
        if u.cell >= 0:
            s.behaviour(u.kind).automatic(s, u)  # type: ignore[attr-defined]


def flush_and_score(s: TeamPlayState) -> tuple[Reward, int]:
    """Flush the opponents' buffer at ``flush_at`` or more (points now; the other rewards are returned to
    be chosen), then score every killshot on their boards. Returns (the buffer reward, overkill heals)."""
    team = s.turn_team
    other = team.other
    total = s.buffer_total(other)
    reward = Reward()
    if total >= int(s.options["flush_at"]):
        buf = s.buffer[other]
        colours = sum(1 for d in buf.values() if d > 0)
        for u in s.characters(other):
            d = buf.get(u.kind, 0)
            if d:
                s.board_damage(u, d, f"flush: {d} for the {s.name_of(u)}")
        s.buffer[other] = {}
        tile = s.ruleset.reward_tiles[s.reward_tile]
        reward = tile.reward(colours)
        s.points[team] += reward.points
        if s.events is not None and reward.points:
            s.events.append(Score(team, reward.points, ()))
        s.log.append(f"end of turn 3/5, flush: {team.value} sends {total} damage in {colours} colour(s) from the "
                     f"{other.value} buffer ({tile.title}: {reward.describe()})")
    else:
        s.log.append(f"end of turn 3/5, flush: the {other.value} buffer holds {total} damage "
                     f"(under {s.options['flush_at']}): it stays")
    heals = 0
    dead = [u for u in s.characters(other) if u.damage >= s.killshot(u)]
    if not dead:
        s.log.append(f"end of turn 4/5, killshots: none on {other.value}'s boards")
    for u in dead:
        value = s.value_of(u)
        over = u.damage >= s.killshot(u) + 1
        s.points[team] += value
        u.skulls += 1
        s.skulls_left = max(0, s.skulls_left - 1)
        extra = ""
        if over:
            s.points[team] += int(s.options["overkill_points"])
            heals += 1
            extra = f", overkill +{s.options['overkill_points']} and a heal"
        s.log.append(f"end of turn 4/5, killshot: the {s.name_of(u)} for {value}{extra} "
                     f"({s.skulls_left} skull(s) left)")
        if s.events is not None:  # the team scores the killshot; engine.games.events credits a character
            s.events += [Death(u.team, u.kind, u.cell, team, ""), Score(team, value, (u.cell,))]
            if over:
                s.events.append(Score(team, int(s.options["overkill_points"]), ()))
        u.damage = 0
        u.venom = False
        u.cell = -1
        s.sync(u)
        s.killed.append(u.uid)
    bonus = {2: int(s.options["double_kill"]), 3: int(s.options["triple_kill"])}.get(len(dead), 0)
    if bonus:
        s.points[team] += bonus
        if s.events is not None:
            s.events.append(Score(team, bonus, ()))
        s.log.append(f"{'double' if len(dead) == 2 else 'triple'} kill: {team.value} +{bonus}")
    s.kills[team] += len(dead)
    return reward, heals


def finish(s: TeamPlayState) -> None:
    """End the game: buffers emptied onto the boards without rewards (up to the overkill space), then one
    point for every ``leftover_per_point`` damage tokens on the enemy's boards."""
    s.turn += 1
    for team in Team:
        for u in s.characters(team):
            d = s.buffer[team].get(u.kind, 0)
            if d:
                s.board_damage(u, d, f"leftover: the {team.value} buffer empties {d} onto the {s.stats(u.kind).name}")
        s.buffer[team] = {}
    per = int(s.options["leftover_per_point"])
    for team in Team:
        tokens = sum(u.damage for u in s.characters(team.other))
        s.leftover[team] = tokens // per
        s.points[team] += s.leftover[team]
        if s.events is not None and s.leftover[team]:
            s.events.append(Score(team, s.leftover[team], ()))
        s.log.append(f"leftover damage: {tokens} token(s) on {team.other.value}'s boards: {team.value} "
                     f"+{s.leftover[team]}")
    s.queue = []
    s.phase = Phase.OVER
    s.acting = -1
    w = s.winner()
    s.log.append(f"game over: RED {s.points[Team.RED]}, BLU {s.points[Team.BLU]} — "
                 + (f"{w.value} wins" if w else "a draw"))
