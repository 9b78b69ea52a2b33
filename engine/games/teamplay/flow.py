"""The order of a Team Play game: set-up steps, team turns, the end-of-turn sequence, and the queued decisions.

The state's ``step`` names where the game is; :func:`run` performs automatic
steps until a decision waits — either a team's own actions (step ``act``) or
the head of the decision queue (:mod:`.decisions`). Steps, in order:

``draft`` → ``load`` → ``spawn`` → (each turn) ``start`` → ``act`` →
``replace`` → ``abilities`` → ``venom`` → ``score`` → ``respawn`` → ``reload``
→ ``next`` → ``start`` ...

which is 003's order: "Choosing characters", "Character setup", "Spawning
round", then per turn "Control" (a two-player team hands its shared character to
one player), "Actions", and "End of turn": replace tiles and weapons, abilities,
flush, killshots, respawn, reload. Each queued decision is a handler of
:mod:`.decisions`: it lists its legal actions and plays one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from engine.games.state import Phase
from engine.games.teamplay import endturn
from engine.games.teamplay.decisions import (
    Abilities,
    Control,
    Cube,
    Draft,
    Draw,
    Heal,
    Load,
    Reload,
    Spawn,
    load_weapon,
)
from engine.games.teamplay.draft import DRAFT, check_rosters, draftable, last_pick
from engine.games.teamplay.economy import can_pay, letters, pay
from engine.games.teamplay.pieces import Character, Hand, player_name
from engine.mapmodel import Team
from engine.ruleset import RulesetError

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["run", "set_up"]


# -- set-up ---------------------------------------------------------------------------------------------------

def set_up(s: TeamPlayState) -> None:
    """003 "Main board setup": players and their ammo, the starting team, the reward tile, each character's
    own weapon, the racks and ammo tiles; then the draft (or the scenario's fixed characters)."""
    o = s.options
    start = int(o["start_cubes"])
    for team in Team:
        n = int(o[f"players_{team.value.lower()}"])
        if not 1 <= n <= 3:
            raise RulesetError(f"players_{team.value.lower()} is {n}; a team has 1, 2 or 3 players")
        s.hands[team] = [Hand(player_name(k), [start] * 3) for k in range(n)]
    if o["random_first_team"]:
        s.first = Team.RED if s.dice.roll(1, 2, "starting team").total == 1 else Team.BLU
    s.turn_team = s.team = s.first
    tiles = list(s.ruleset.reward_tiles)
    chosen = str(o["reward_tile"])
    if chosen and chosen not in tiles:
        raise RulesetError(f"reward_tile {chosen!r} is not one of this ruleset's tiles: {', '.join(tiles)}")
    s.reward_tile = chosen or tiles[s.dice.roll(1, len(tiles), "reward tile").total - 1]
    s.revealed = {}
    for kind, st in s.game.stats.items():
        s.revealed[kind] = st.weapons[s.dice.roll(1, len(st.weapons), f"{kind} weapon").total - 1]
    endturn.replace(s, quiet=True)
    tile = s.ruleset.reward_tiles[s.reward_tile]
    s.log.append(f"{s.first.value} starts; reward tile: {tile.title}; players: "
                 f"RED {s.players(Team.RED)}, BLU {s.players(Team.BLU)}")
    s.log.append("own weapons: " + ", ".join(f"{s.stats(k).name} {s.card(w).title}" for k, w in s.revealed.items()))
    fixed = {t: [u.unit for u in s.scenario.team(t).starting] for t in Team}
    s.check_setup()
    kinds = list(s.game.stats)
    for team in Team:
        got = fixed[team]
        if got and (len(got) != 3 or len(set(got)) != 3):
            raise RulesetError(f"{team.value} lists {len(got)} characters; list three different ones or none "
                               "(then they are drafted)")
    if fixed[Team.RED] and fixed[Team.BLU] and set(fixed[Team.RED]) & set(fixed[Team.BLU]):
        raise RulesetError("both teams list the same character; every character is fielded once")
    rosters = s.game.rosters
    for team in Team:
        outside = [k for k in fixed[team] if k not in rosters[team]]
        if outside:  # as the other games refuse it (a review found Team Play taking units outside the roster)
            raise RulesetError(f"{team.value} lists {', '.join(outside)}, which its roster lacks; list characters of "
                               "its roster, or change the roster")
    for team in Team:
        if fixed[team]:
            s.drafted[team] = list(fixed[team])
            if not fixed[team.other]:
                s.drafted[team.other] = draftable(kinds, rosters[team.other], set(fixed[team]))
                if len(s.drafted[team.other]) != 3:
                    raise RulesetError(f"{team.value} lists its three characters, which leaves {team.other.value} "
                                       f"{', '.join(s.drafted[team.other]) or 'none'} of its roster; list its three too")
    if not s.drafted[Team.RED]:
        if any(set(rosters[t]) != set(kinds) for t in Team):  # no roster: the book's draft, which cannot stall
            check_rosters(kinds, rosters, list(Team) if o["random_first_team"] else [s.first])
        s.draft_order = [s.first if k == 0 else s.first.other for k in DRAFT]
    s.step = "draft"


def _finish_draft(s: TeamPlayState) -> None:
    """The last character goes to the team with two; the characters are made and assigned to players (003
    "Assigning characters": draft order — a one-player team has all, on a two-player team the first two are
    each player's own and the third is shared, on a three-player team one each)."""
    taken = set(s.drafted[Team.RED]) | set(s.drafted[Team.BLU])
    for team in Team:
        if len(s.drafted[team]) < 3:
            s.drafted[team] += last_pick(list(s.game.stats), s.game.rosters[team], taken, len(s.drafted[team]))
    for team in (s.first, s.first.other):
        n = s.players(team)
        for slot, kind in enumerate(s.drafted[team]):
            u = Character(s.next_uid, team, kind, -1, 0, slot, weapon=s.revealed[kind])
            s.next_uid += 1
            s.units[u.uid] = u
            s.sync(u)
            s.owner[u.uid] = 0 if n == 1 else (slot if slot < n else -1)
            s.table[team].append(u.weapon)
        s.log.append(f"{team.value} fields " + ", ".join(
            f"{s.stats(k).name} ({_owner_text(s, s.character(k))})" for k in s.drafted[team]))  # type: ignore[arg-type]


def _owner_text(s: TeamPlayState, u: Character) -> str:
    k = s.owner[u.uid]
    return "shared" if k < 0 else player_name(k)


def _auto_load(s: TeamPlayState, team: Team) -> bool:
    """Pay for ``team``'s own weapons without asking when nothing is to choose: each has one possible payer
    and together they are affordable. True when done."""
    payers = []
    for u in s.characters(team):
        ks = [k for k in range(s.players(team)) if s.may_control(u, k)]
        if len(ks) != 1:
            return False
        payers.append((u, ks[0]))
    trial = {k: s.hands[team][k].copy() for k in range(s.players(team))}
    for u, k in payers:
        cost = s.card(u.weapon).grab_cost
        if not can_pay(trial[k], cost):
            return False
        pay(trial[k], cost)
    for u, k in payers:
        load_weapon(s, team, k, u.weapon, s.card(u.weapon).grab_cost)
    s.log.append(f"{team.value} pays for its own weapons: " + ", ".join(
        f"{s.card(u.weapon).title} ({letters(s.card(u.weapon).grab_cost)})" for u, _ in payers))
    return True


def _spawning_round(s: TeamPlayState) -> None:
    """003 "Spawning round": the starting team first, then the other; powerups drawn as its player count says."""
    for team in (s.first, s.first.other):
        chars = s.characters(team)
        n = s.players(team)
        if n == 1:
            s.queue.append(Spawn(team, 0, tuple(u.kind for u in chars), draws=4))
        elif n == 2:
            s.queue.append(Control(team, chars[2].kind, "spawn"))
        else:
            for k, u in enumerate(chars):
                s.queue.append(Spawn(team, k, (u.kind,), draws=2))


# -- running ------------------------------------------------------------------------------------------------

def run(s: TeamPlayState) -> None:
    """Run automatic steps until a decision waits or the game is over (see the module docstring)."""
    while s.phase is not Phase.OVER:
        if s.queue:
            head = s.queue[0]
            if isinstance(head, Spawn) and head.draws:
                s.queue[0] = head = head.draw(s)
            if not head.waits(s):  # type: ignore[attr-defined]  # a TeamDecision: Team Play queues no other
                s.queue.pop(0)
                continue
            s.phase = head.phase
            s.team = head.team
            return
        if s.step == "act":
            s.team = s.turn_team
            s.phase = Phase.ACT
            if s.acting < 0 and not s.more_to_do():
                s.log.append(f"{s.team.value} has nothing left to do")
                s.step = "replace"
                continue
            return
        _STEPS[s.step](s)


def _draft(s: TeamPlayState) -> None:
    if s.draft_order:
        s.queue.append(Draft(s.draft_order[0]))
        return
    _finish_draft(s)
    s.step = "load"


def _load_step(s: TeamPlayState) -> None:
    for team in (s.first, s.first.other):
        if not _auto_load(s, team):
            s.queue.append(Load(team))
    s.step = "spawn"


def _spawn_step(s: TeamPlayState) -> None:
    _spawning_round(s)
    s.step = "start"


def _start(s: TeamPlayState) -> None:
    s.done = {}
    s.acting, s.acting_mode = -1, ""
    s.used_abilities = []
    team = s.turn_team
    s.log.append(f"-- turn {s.turn + 1}: {team.value}")
    if s.players(team) == 2:
        shared = next(u for u in s.characters(team) if s.is_shared(u))
        s.queue.append(Control(team, shared.kind, "turn"))
    s.step = "act"


def _replace(s: TeamPlayState) -> None:
    s.acting, s.acting_mode = -1, ""
    endturn.replace(s)
    s.step = "abilities"


def _abilities(s: TeamPlayState) -> None:
    s.log.append("end of turn 2/5, abilities")
    s.queue.append(Abilities(s.turn_team))
    s.step = "venom"


def _venom(s: TeamPlayState) -> None:
    endturn.automatic_abilities(s)
    s.step = "score"


def _score(s: TeamPlayState) -> None:
    team = s.turn_team
    reward, heals = endturn.flush_and_score(s)
    limit = int(s.options["turn_limit"])
    equal = team is not s.first  # both teams have played as many turns (003 "Game over")
    if equal and (s.skulls_left == 0 or (limit and s.turn + 1 >= limit)):
        endturn.finish(s)
        return
    if s.skulls_left == 0 and not s.final_turn:
        s.final_turn = True
        s.log.append(f"the last skull is taken: {team.other.value} plays one last turn")
    s.queue.extend([Heal(team)] * (reward.heal + heals))
    s.queue.extend([Cube(team)] * reward.cubes)
    s.queue.extend([Draw(team)] * reward.powerups)
    s.step = "respawn"


def _respawn(s: TeamPlayState) -> None:
    for uid in s.killed:
        u = s.units[uid]
        if s.is_shared(u):
            s.queue.append(Control(u.team, u.kind, "respawn"))
        else:
            s.queue.append(Spawn(u.team, s.owner[uid], (u.kind,), draws=1))
    s.killed = []
    s.step = "reload"


def _reload(s: TeamPlayState) -> None:
    s.log.append("end of turn 5/5, reload")
    s.queue.append(Reload(s.turn_team))
    s.step = "next"


def _next(s: TeamPlayState) -> None:
    s.turn += 1
    s.turn_team = s.turn_team.other
    s.step = "start"


_STEPS: Final[dict[str, Callable[[TeamPlayState], None]]] = {
    "draft": _draft, "load": _load_step, "spawn": _spawn_step, "start": _start, "replace": _replace,
    "abilities": _abilities, "venom": _venom, "score": _score, "respawn": _respawn, "reload": _reload,
    "next": _next,
}
