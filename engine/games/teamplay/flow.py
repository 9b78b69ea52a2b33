"""The order of a Team Play game: set-up steps, team turns, the end-of-turn sequence, and the queued decisions.

The state's ``step`` names where the game is; :func:`run` performs automatic
steps until a decision waits — either a team's own actions (step ``act``) or
the head of the decision queue (:class:`~.pending.Pending`). Steps, in order:

``draft`` → ``load`` → ``spawn`` → (each turn) ``start`` → ``act`` →
``replace`` → ``abilities`` → ``venom`` → ``score`` → ``respawn`` → ``reload``
→ ``next`` → ``start`` ...

which is 003's order: "Choosing characters", "Character setup", "Spawning
round", then per turn "Control" (a two-player team hands its shared character to
one player), "Actions", and "End of turn": replace tiles and weapons, abilities,
flush, killshots, respawn, reload. :func:`groups` lists the legal actions of a
queued decision and :func:`decide` plays one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from engine.games.state import Phase
from engine.games.teamplay import endturn
from engine.games.teamplay.decks import draw_powerup
from engine.games.teamplay.economy import ANY, can_pay, letters, pay
from engine.games.teamplay.pending import Pending, What
from engine.games.teamplay.pieces import COLOURS, Character, Hand, card_colour, card_kind, player_name
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.legal import NO_TARGET, Group
from engine.ruleset import RulesetError

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["decide", "describe", "groups", "run", "set_up"]

_PASS: Final[Group] = (Verb.PASS, "", None, NO_TARGET, None, "")
_PHASE: Final = {What.SPAWN: Phase.SPAWN, What.TAGBACK: Phase.REACT}
#: 003 "Choosing characters": the starting team picks 1, the other 2, the starting team 2, the other the last.
_DRAFT: Final = (0, 1, 1, 0, 0)


def _k(action: Action) -> int:
    """The player index an action names in ``with pK``."""
    return int(action.detail[1:]) - 1


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
    for team in Team:
        if fixed[team]:
            s.drafted[team] = list(fixed[team])
            if not fixed[team.other]:
                s.drafted[team.other] = [k for k in kinds if k not in fixed[team]]
    if not s.drafted[Team.RED]:
        s.draft_order = [s.first if k == 0 else s.first.other for k in _DRAFT]
    s.step = "draft"


def _finish_draft(s: TeamPlayState) -> None:
    """The last character goes to the team with two; the characters are made and assigned to players (003
    "Assigning characters": draft order — a one-player team has all, on a two-player team the first two are
    each player's own and the third is shared, on a three-player team one each)."""
    taken = set(s.drafted[Team.RED]) | set(s.drafted[Team.BLU])
    for team in Team:
        if len(s.drafted[team]) < 3:
            s.drafted[team] += [k for k in s.game.stats if k not in taken][: 3 - len(s.drafted[team])]
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
        _load(s, team, k, u.weapon, s.card(u.weapon).grab_cost)
    s.log.append(f"{team.value} pays for its own weapons: " + ", ".join(
        f"{s.card(u.weapon).title} ({letters(s.card(u.weapon).grab_cost)})" for u, _ in payers))
    return True


def _load(s: TeamPlayState, team: Team, k: int, weapon: str, cost: str) -> None:
    hand = s.hands[team][k]
    s.discards.extend(pay(hand, cost))
    s.table[team].remove(weapon)
    hand.weapons.append(weapon)


def _spawning_round(s: TeamPlayState) -> None:
    """003 "Spawning round": the starting team first, then the other; powerups drawn as its player count says."""
    for team in (s.first, s.first.other):
        chars = s.characters(team)
        n = s.players(team)
        if n == 1:
            s.queue.append(Pending(What.SPAWN, team, 0, tuple(u.kind for u in chars), draws=4))
        elif n == 2:
            s.queue.append(Pending(What.CONTROL, team, -1, (chars[2].kind,), why="spawn"))
        else:
            for k, u in enumerate(chars):
                s.queue.append(Pending(What.SPAWN, team, k, (u.kind,), draws=2))


# -- running ------------------------------------------------------------------------------------------------

def run(s: TeamPlayState) -> None:
    """Run automatic steps until a decision waits or the game is over (see the module docstring)."""
    while s.phase is not Phase.OVER:
        if s.queue:
            head = s.queue[0]
            if head.draws:
                hand = s.hands[head.team][head.player]
                for _ in range(head.draws):
                    draw_powerup(s, hand)
                s.queue[0] = head = replace(head, draws=0)
            if not groups(s, head):
                s.queue.pop(0)
                continue
            s.phase = _PHASE.get(head.what, Phase.CHOOSE)
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
        s.queue.append(Pending(What.DRAFT, s.draft_order[0]))
        return
    _finish_draft(s)
    s.step = "load"


def _load_step(s: TeamPlayState) -> None:
    for team in (s.first, s.first.other):
        if not _auto_load(s, team):
            s.queue.append(Pending(What.LOAD, team))
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
        s.queue.append(Pending(What.CONTROL, team, -1, (shared.kind,), why="turn"))
    s.step = "act"


def _replace(s: TeamPlayState) -> None:
    s.acting, s.acting_mode = -1, ""
    endturn.replace(s)
    s.step = "abilities"


def _abilities(s: TeamPlayState) -> None:
    s.log.append("end of turn 2/5, abilities")
    s.queue.append(Pending(What.ABILITIES, s.turn_team))
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
    s.queue.extend([Pending(What.HEAL, team)] * (reward.heal + heals))
    s.queue.extend([Pending(What.CUBE, team)] * reward.cubes)
    s.queue.extend([Pending(What.DRAW, team)] * reward.powerups)
    s.step = "respawn"


def _respawn(s: TeamPlayState) -> None:
    for uid in s.killed:
        u = s.units[uid]
        if s.is_shared(u):
            s.queue.append(Pending(What.CONTROL, u.team, -1, (u.kind,), why="respawn"))
        else:
            s.queue.append(Pending(What.SPAWN, u.team, s.owner[uid], (u.kind,), draws=1))
    s.killed = []
    s.step = "reload"


def _reload(s: TeamPlayState) -> None:
    s.log.append("end of turn 5/5, reload")
    s.queue.append(Pending(What.RELOAD, s.turn_team))
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


# -- the legal actions of a queued decision ----------------------------------------------------------------------

def _choice(verb: Verb, name: str, detail: str = "") -> Group:
    return (verb, name, None, NO_TARGET, None, detail)


def groups(s: TeamPlayState, p: Pending) -> list[Group]:
    """The legal actions of decision ``p`` as groups ([] when it has nothing to decide: it is skipped)."""
    b = s.board
    team = p.team
    hands = s.hands[team]
    w = p.what
    if w is What.DRAFT:
        taken = set(s.drafted[Team.RED]) | set(s.drafted[Team.BLU])
        return [_choice(Verb.DRAFT, k) for k in s.game.stats if k not in taken]
    if w is What.LOAD:
        out = []
        for u in s.characters(team):
            if u.weapon in s.table[team]:
                cost = s.card(u.weapon).grab_cost
                out += [_choice(Verb.RELOAD, u.weapon, player_name(k)) for k in range(len(hands))
                        if s.may_control(u, k) and can_pay(hands[k], cost)]
        return out
    if w is What.CONTROL:
        return [_choice(Verb.CONTROL, p.kinds[0], player_name(k)) for k in range(len(hands))]
    if w is What.SPAWN:
        hand = hands[p.player]
        out = []
        for kind in p.kinds:
            for card in dict.fromkeys(hand.cards):
                cells = s.spawn_cells(card_colour(card))
                if cells:
                    out.append((Verb.SPAWN, kind, None, cells, b.hexes, card))
        return out
    if w is What.SCOPE:
        shooter = s.units[p.uids[0]]
        hand = hands[p.player]
        if not any(card_kind(c) == "targeting_scope" and can_pay(hand, ANY, c) for c in hand.cards):
            return []
        cells = [s.units[v].cell for v in p.uids[1:] if s.units[v].cell >= 0]
        return [(Verb.TARGETING, shooter.kind, b.hexes[shooter.cell], cells, b.hexes, ""), _PASS] if cells else []
    if w is What.TAGBACK:
        shooter = s.units[p.uids[0]]
        out = []
        for uid in dict.fromkeys(p.uids[1:]):
            v = s.units[uid]
            if v.cell < 0 or not s.sight.sees(v.cell, shooter.cell):
                continue
            answered = [x for x in p.kinds if x.startswith(f"{v.kind}@")]
            for k, hand in enumerate(hands):
                if answered and answered[0] != f"{v.kind}@{hand.name}":
                    continue  # 003 "Powerups": either player may answer for the shared character, not both
                if s.may_control(v, k) and any(card_kind(c) == "tagback_grenade" for c in hand.cards):
                    out.append((Verb.TAGBACK, v.kind, b.hexes[v.cell], (shooter.cell,), b.hexes, hand.name))
        return [*out, _PASS] if out else []
    if w is What.ABILITIES:
        out = []
        for u in s.characters(team):
            if u.cell >= 0 and s.acted(u) and u.uid not in s.used_abilities:
                beh = s.behaviour(u.kind)
                out += beh.ability_groups(s, u)  # type: ignore[attr-defined]
        return [*out, _PASS] if out else []
    if w is What.HEAL:
        return [_choice(Verb.RECOVER, u.kind) for u in s.characters(team) if u.tile > 0]
    if w is What.CUBE:
        limit = int(s.options["max_cubes"])
        return [_choice(Verb.CUBE, c.value, hand.name) for i, c in enumerate(COLOURS) for hand in hands
                if hand.cubes[i] < limit]
    if w is What.DRAW:
        limit = int(s.options["max_powerups"])
        if not s.powerup_deck and not s.discards:
            return []
        return [_choice(Verb.DRAW, hand.name) for hand in hands if len(hand.cards) < limit]
    if w is What.RELOAD:
        out = []
        for weapon in dict.fromkeys(s.table[team]):
            cost = s.card(weapon).cost
            own = s.weapon_of_kind.get(weapon)
            holder = s.character(own) if own else None
            for k, hand in enumerate(hands):
                if holder is not None and (holder.team is not team or not s.may_control(holder, k)):
                    continue
                if can_pay(hand, cost):
                    out.append(_choice(Verb.RELOAD, weapon, hand.name))
        return [*out, _PASS] if out else []
    if w is What.DROP:
        hand = hands[p.player]
        return [_choice(Verb.DROP, x, hand.name) for x in dict.fromkeys(hand.weapons)
                if s.is_arena(x) and x != p.kinds[0]]
    if w is What.UNLOAD:
        hand = hands[p.player]
        return [_choice(Verb.DROP, x, hand.name) for x in dict.fromkeys(hand.weapons) if s.is_arena(x)]
    return []


# -- playing a queued decision ---------------------------------------------------------------------------------------

def decide(s: TeamPlayState, a: Action) -> None:
    """Play ``a`` (legal) for the decision at the head of the queue."""
    p = s.queue.pop(0)
    team = p.team
    w = p.what
    if a.verb is Verb.PASS:
        return
    if w is What.DRAFT:
        s.drafted[team].append(a.kind)
        s.draft_order.pop(0)
        s.log.append(f"{team.value} drafts {s.stats(a.kind).name} (own weapon: {s.card(s.revealed[a.kind]).title})")
    elif w is What.LOAD:
        _load(s, team, _k(a), a.kind, s.card(a.kind).grab_cost)
        s.log.append(f"{team.value} {a.detail} pays for the {s.card(a.kind).title}")
        if groups(s, p):
            s.queue.insert(0, p)
    elif w is What.CONTROL:
        _control(s, p, _k(a))
    elif w is What.SPAWN:
        _spawn(s, p, a)
    elif w is What.SCOPE:
        shooter = s.units[p.uids[0]]
        hand = s.hands[team][p.player]
        card = next(c for c in hand.cards if card_kind(c) == "targeting_scope" and can_pay(hand, ANY, c))
        hand.cards.remove(card)
        s.discards.append(card)
        s.discards.extend(pay(hand, ANY))
        assert a.target is not None
        v = s.unit_at(a.target)
        assert v is not None
        # 003 "Marks in the buffer": the Scope is part of the shot, and the marks its target holds now are the
        # shot's own (its damage turned the older ones into damage), so they wait for a later action
        s.add_damage(v, int(s.options["scope_damage"]), f"{s.player_label(team, hand)}'s Targeting Scope "
                                                        f"(with the {s.name_of(shooter)})", convert=False, by=shooter)
    elif w is What.TAGBACK:
        hand = s.hand(team, a.detail)
        card = next(c for c in reversed(hand.cards) if card_kind(c) == "tagback_grenade")
        hand.cards.remove(card)
        s.discards.append(card)
        shooter = s.units[p.uids[0]]
        s.add_marks(shooter, int(s.options["tagback_marks"]),
                    f"{s.player_label(team, hand)}'s Tagback Grenade (for the {s.stats(a.kind).name})")
        tag = f"{a.kind}@{hand.name}"
        s.queue.insert(0, replace(p, kinds=p.kinds if tag in p.kinds else (*p.kinds, tag)))
    elif w is What.ABILITIES:
        assert a.actor is not None
        u = s.unit_at(a.actor)
        assert u is not None
        s.queue.insert(0, p)  # before the ability, which may put a Tagback decision ahead of it
        s.behaviour(u.kind).use_ability(s, u, a)  # type: ignore[attr-defined]
        s.used_abilities.append(u.uid)
    elif w is What.HEAL:
        u = s.character(a.kind)
        assert u is not None
        u.tile -= 1
        s.sync(u)
        s.log.append(f"{team.value} heals the {s.stats(a.kind).name}: its tile slides back to killshot space "
                     f"{s.killshot(u)}")
    elif w is What.CUBE:
        hand = s.hand(team, a.detail)
        hand.cubes[[c.value for c in COLOURS].index(a.kind)] += 1
        s.log.append(f"{s.player_label(team, hand)} takes a {a.kind} cube")
    elif w is What.DRAW:
        hand = s.hand(team, a.kind)
        if draw_powerup(s, hand):
            s.log.append(f"{s.player_label(team, hand)} draws a powerup")
    elif w is What.RELOAD:
        k = _k(a)
        hand = s.hands[team][k]
        s.discards.extend(pay(hand, s.card(a.kind).cost))
        s.table[team].remove(a.kind)
        hand.weapons.append(a.kind)
        s.log.append(f"{s.player_label(team, hand)} reloads the {s.card(a.kind).title} "
                     f"({letters(s.card(a.kind).cost)})")
        s.queue.insert(0, p)
        if s.is_arena(a.kind) and s.loaded_arena(hand) > int(s.options["max_loaded"]):
            s.queue.insert(0, Pending(What.UNLOAD, team, k))
    elif w is What.DROP:
        hand = s.hands[team][p.player]
        hand.weapons.remove(a.kind)
        s.racks[p.uids[0]].append(a.kind)
        s.log.append(f"{s.player_label(team, hand)} leaves the {s.card(a.kind).title} on the rack")
    elif w is What.UNLOAD:
        hand = s.hands[team][p.player]
        hand.weapons.remove(a.kind)
        s.table[team].append(a.kind)
        s.log.append(f"{s.player_label(team, hand)} unloads the {s.card(a.kind).title} onto the table")


def _control(s: TeamPlayState, p: Pending, k: int) -> None:
    team = p.team
    s.shared_by[team] = k
    shared = s.character(p.kinds[0])
    assert shared is not None
    s.log.append(f"{team.value} p{k + 1} controls the shared {s.stats(shared.kind).name}"
                 + {"turn": " this turn", "spawn": " and spawns it", "respawn": " and respawns it"}[p.why])
    if p.why == "spawn":
        mine = {s.owner[u.uid]: u.kind for u in s.characters(team) if s.owner[u.uid] >= 0}
        other = 1 - k
        s.queue[0:0] = [Pending(What.SPAWN, team, other, (mine[other],), draws=2),
                        Pending(What.SPAWN, team, k, (mine[k], shared.kind), draws=3)]
    elif p.why == "respawn":
        s.queue.insert(0, Pending(What.SPAWN, team, k, (shared.kind,), draws=1))


def _spawn(s: TeamPlayState, p: Pending, a: Action) -> None:
    hand = s.hands[p.team][p.player]
    hand.cards.remove(a.detail)
    s.discards.append(a.detail)
    u = s.character(a.kind)
    assert u is not None and a.target is not None
    u.cell = s.board.index[a.target]
    s.log.append(f"{s.player_label(p.team, hand)} discards {a.detail.replace('_', ' ')}: the {s.name_of(u)} "
                 f"spawns on {a.target}")
    rest = tuple(k for k in p.kinds if k != a.kind)
    if rest:
        s.queue.insert(0, Pending(What.SPAWN, p.team, p.player, rest))


# -- words --------------------------------------------------------------------------------------------------------

#: What each decision waits for, in words ({t}: the team, {who}: the deciding player or the team).
_WORDS: Final = {
    What.DRAFT: "{t} drafts a character",
    What.LOAD: "{t} pays for its characters' own weapons (grab cost)",
    What.SCOPE: "{who} may add a Targeting Scope (1 cube of any colour) to the shot, or pass",
    What.TAGBACK: "{t} may answer the {why} with Tagback Grenades, or pass",
    What.ABILITIES: "{t} uses its characters' abilities in any order, then passes",
    What.HEAL: "{t} heals a character (slides its adrenaline tile back)",
    What.CUBE: "{t} takes an ammo cube of its choice for one of its players",
    What.DRAW: "{t} chooses which player draws a powerup",
    What.RELOAD: "{t} reloads weapons from its table, then passes",
    What.DROP: "{who} is at the limit of loaded weapons: leave one on the rack",
    What.UNLOAD: "{who} is at the limit of loaded weapons: unload one onto the table",
}


def describe(s: TeamPlayState, p: Pending) -> str:
    """Plain words for the decision ``p`` (status bars, error messages)."""
    t = p.team.value
    who = f"{t} {player_name(p.player)}" if p.player >= 0 else t
    if p.what is What.CONTROL:
        name = s.stats(p.kinds[0]).name
        return {"turn": f"{t} chooses who controls the shared {name} this turn",
                "spawn": f"{t} chooses who spawns the shared {name} (that player draws 3 powerups)",
                "respawn": f"{t} chooses who respawns the shared {name}"}[p.why]
    if p.what is What.SPAWN:
        names = ", ".join(s.stats(k).name for k in p.kinds)
        return f"{who} discards a powerup to spawn {names} on a spawnpoint of its colour"
    return _WORDS[p.what].format(t=t, who=who, why=p.why or "shot")
