"""Payload Race (rulebook 002) as a variant of the generic turn machine.

Decisions:

- ``spawn`` — set-up and respawns: a class token goes on a free hex of its team's
  spawn with a weapon card (002 "Player setup"). A token that dies goes back at
  once (002 "Dying/respawning"): when the action that killed it is over, its own
  side places it and picks its card, even in the other side's turn (like the
  uber question), and it acts from its side's next turn. With no free spawn hex
  it waits and is placed at the start of its side's next turn with a free hex;
- ``act`` — a team turn: every token of the side may move, attack (or push the
  cart) and use its special, move and attack in either order and the special
  last (002 "Taking a turn"); tokens act in any order; ``end`` ends the turn, which
  also ends by itself once no token has anything left to do;
- ``react`` — when an enemy attack would hurt a Medic holding a full UberCharge,
  or a teammate in his reach, his side may pop it (``uber``) or ``pass``.

Who goes first is a d8 roll-off (the higher goes first, 002 "Who goes first?"),
thrown with the game's dice and logged, unless ``roll_for_first`` is off (then
the scenario's ``first_team``). The first cart to the end of its track wins at
once (002 "Objective & victory"); at the turn limit the cart further along (as a
share of its track) wins. Every rule reading is in docs/rules-payload.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from engine.games.behaviour import Behaviour
from engine.games.decisions import ask
from engine.games.events import Score
from engine.games.game import Game
from engine.games.payload.decisions import PlaceToken, UberAnswer
from engine.games.payload.ground import stops_push
from engine.games.payload.groups import add_token_groups, idle, token_groups
from engine.games.payload.moves import Crowd, move_cells
from engine.games.payload.options import DEFAULT_OPTIONS
from engine.games.payload.pieces import PayloadUnit
from engine.games.payload.reasons import payload_reason
from engine.games.payload.units import BEHAVIOURS, Armed, Medic
from engine.games.saved import Saved
from engine.games.state import Phase, Step, TurnState
from engine.games.units import UnitTurn
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.board import TEAM_CODE
from engine.rules.legal import NO_TARGET, Group
from engine.rules.movement import flood
from engine.ruleset import OptionValue, RulesetError

__all__ = ["PayloadSaved", "PayloadState"]

_P_SPAWN, _P_ACT, _P_REACT, _P_OVER = Phase.SPAWN, Phase.ACT, Phase.REACT, Phase.OVER
_V_SPAWN, _V_ATTACK, _V_PUSH, _V_UBER, _V_PASS = Verb.SPAWN, Verb.ATTACK, Verb.PUSH, Verb.UBER, Verb.PASS
#: 002 "Taking a turn": move and attack in either order, the special only last.
_AFTER_MOVE: Final = Step.ATTACK | Step.SPECIAL
_AFTER_ATTACK: Final = Step.MOVE | Step.SPECIAL
_PASS_GROUP: Final[Group] = (_V_PASS, "", None, NO_TARGET, None, "")
#: Each team's spawn code.
_CODE: Final = TEAM_CODE


@dataclass(frozen=True, slots=True)
class PayloadSaved(Saved):
    """Payload Race's own saved state: carts, pushes this turn, tokens waiting for a free hex (its decisions —
    tokens to place, an attack an UberCharge may answer — wait in the queue)."""

    carts: dict[Team, int]
    pushed: dict[Team, bool]
    waiting: dict[Team, list[tuple[str, int]]]
    acting: Team
    returned: list[int]
    winner_team: Team | None
    first: Team


class PayloadState(TurnState[PayloadUnit]):
    """A Payload Race game in progress; make it with ``Game.of(scenario).new_initial_state()``."""

    default_options: ClassVar[Mapping[str, OptionValue]] = DEFAULT_OPTIONS
    behaviours: ClassVar[Mapping[str, type[Behaviour[Any, Any]]]] = BEHAVIOURS
    default_behaviour: ClassVar[type[Behaviour[Any, Any]]] = Armed
    saved_class: ClassVar[type[Saved]] = PayloadSaved
    #: 002 "Taking a turn": each token may move, attack and use its special.
    actions_per_turn: ClassVar[int] = 3

    @classmethod
    def check_game(cls, game: Game) -> None:
        """Refuse a ruleset or map this mode cannot play, naming what to fix."""
        from engine.games.payload.checks import check_payload_game

        check_payload_game(game)

    # -- set-up -------------------------------------------------------------------------------------

    def start(self) -> None:
        b = self.board
        self.tracks: dict[Team, tuple[int, ...]] = {t: tuple(b.index[h] for h in self.scenario.map.track(t))
                                                    for t in Team}
        self.carts: dict[Team, int] = {t: 0 for t in Team}
        self.pushed: dict[Team, bool] = {t: False for t in Team}
        #: dead tokens that found no free spawn hex: placed when their side's turn starts with one
        self.waiting: dict[Team, list[tuple[str, int]]] = {t: [] for t in Team}
        #: uids of tokens placed back in their own side's turn: they act from its next turn
        self.returned: list[int] = []
        self.winner_team: Team | None = None
        # options read at every decision (fixed for the game)
        self._friendly_fire = bool(self.options["friendly_fire"])
        self._spawn_protection = bool(self.options["spawn_protection"])
        self._pass_mates = bool(self.options["pass_through_teammates"])
        self.first: Team = self._roll_off() if self.options["roll_for_first"] else self.scenario.first_team
        self.team = self.acting = self.first
        self._init_tokens()
        self.finish_setup()

    def _roll_off(self) -> Team:
        """002 "Who goes first?": each side throws a d8, again on a tie; the higher goes first."""
        while True:
            red = self.dice.roll(1, 8, "RED roll-off").total
            blu = self.dice.roll(1, 8, "BLU roll-off").total
            if red != blu:
                first = Team.RED if red > blu else Team.BLU
                self.log.append(f"roll-off: RED {red}, BLU {blu}: {first.value} goes first")
                return first

    def _init_tokens(self) -> None:
        size = int(self.options["team_size"])
        for team in (self.first, self.first.other):
            starts = self.scenario.team(team).starting
            if len(starts) > size:
                raise RulesetError(f"{team.value} starts with {len(starts)} tokens; the team size is {size}")
            kinds = [s.unit for s in starts]
            if len(set(kinds)) != len(kinds):
                raise RulesetError(f"{team.value} starts with the same class twice; each token is unique")
            for k in kinds:
                if k not in self.game.rosters[team]:
                    raise RulesetError(f"{team.value} cannot field {k!r} (not in its roster)")
            rest = [k for k in self.game.rosters[team] if k not in kinds][: size - len(starts)]
            for slot, s in enumerate(starts):
                if s.hex is None:
                    self.queue.append(PlaceToken(team, s.unit, slot))
                    continue
                if s.hex not in self.board.index:
                    raise RulesetError(f"{team.value} {s.unit} starts off the map at {s.hex}")
                cell = self.board.index[s.hex]
                why = self.standing_reason(team, s.unit, cell)
                if why:
                    raise RulesetError(f"the {team.value} {self.stats(s.unit).name} cannot start at {s.hex}: {why}; "
                                       "move it in the scenario's set-up")
                weapon = s.weapon or self.stats(s.unit).weapons[0]
                self.place(team, s.unit, slot, cell, weapon, s.health)
            for slot, kind in enumerate(rest, len(starts)):
                self.queue.append(PlaceToken(team, kind, slot))

    def place(self, team: Team, kind: str, slot: int, cell: int, weapon: str, health: int | None = None,
              ) -> PayloadUnit:
        """Put a ``kind`` token of ``team`` carrying ``weapon`` on board index ``cell``; return it."""
        u = PayloadUnit(self.next_uid, team, kind, cell, health or self.max_health(kind), slot, weapon)
        self.next_uid += 1
        self.units[u.uid] = u
        return u

    # -- small queries ------------------------------------------------------------------------------

    @property
    def first_team(self) -> Team:
        """The team that won the d8 roll-off (or the scenario's, without ``roll_for_first``)."""
        return self.first

    def cart_cell(self, team: Team) -> int:
        """Board index of ``team``'s cart."""
        return self.tracks[team][self.carts[team]]

    def scoring_cells(self, team: Team) -> list[int]:
        """Where ``team`` scored: its cart's hex (it scores by pushing the cart)."""
        return [self.cart_cell(team)]

    def cart_hex(self, team: Team) -> Hex:
        """Where ``team``'s cart stands."""
        return self.board.hexes[self.cart_cell(team)]

    def progress(self, team: Team) -> float:
        """How far ``team``'s cart has come, 0 at its start to 1 at its end."""
        return self.carts[team] / max(1, len(self.tracks[team]) - 1)

    def taken_cells(self) -> set[int]:
        """Board indices a token may not end on: tokens' and carts' hexes."""
        taken = {u.cell for u in self.units.values() if u.cell >= 0}
        taken.add(self.cart_cell(Team.RED))
        taken.add(self.cart_cell(Team.BLU))
        return taken

    def in_own_spawn(self, u: PayloadUnit) -> bool:
        """Whether ``u`` stands in its own team's spawn."""
        return u.cell >= 0 and self.board.spawn[u.cell] == TEAM_CODE[u.team]

    def can_hurt(self, attacker: PayloadUnit, v: PayloadUnit) -> bool:
        """Whether an attack by ``attacker`` may hurt ``v``: an enemy (or a teammate, with ``friendly_fire``)
        outside its own spawn (with ``spawn_protection``)."""
        if v.uid == attacker.uid or (v.team is attacker.team and not self._friendly_fire):
            return False
        return not (self._spawn_protection and v.team is not attacker.team and self.in_own_spawn(v))

    def kritz_bonus(self, u: PayloadUnit) -> int:
        """The kritz die thrown for a hit by ``u`` when it is kritzed, else 0."""
        sides = int(self.options["kritz_die"])
        if not u.kritz or sides <= 0:
            return 0
        return self.dice.roll(1, sides, f"{u.kind} kritz").total

    def unit_name(self, u: PayloadUnit) -> str:
        """"BLU Heavy" style name of a token."""
        return f"{u.team.value} {self.stats(u.kind).name}"

    def sight_reason(self, a: int, b: int) -> str:
        """Why board index ``a`` does not see ``b`` (002: only invalid terrain blocks)."""
        walls = [self.board.hexes[i] for i in self.sight.blockers(a, b)][:3]
        return "no line of sight: " + (", ".join(f"wall at {h}" for h in walls) if walls else "blocked")

    def landing_reason(self, u: PayloadUnit, i: int) -> str:
        """Why ``u`` cannot land on board index ``i``, or ''."""
        b = self.board
        h = b.hexes[i]
        if b.wall[i]:
            return f"wall at {h}: nothing stands there"
        if i in (self.cart_cell(Team.RED), self.cart_cell(Team.BLU)):
            return f"a cart stands on {h}"
        occ = self.occupant(i)
        if occ is not None and occ.uid != u.uid:
            return f"{h} is taken by the {self.unit_name(occ)}"
        if b.in_enemy_spawn(i, u.team):
            return f"{h} is in {u.team.other.value}'s spawn: enemies may not enter"
        return ""

    def standing_reason(self, team: Team, kind: str, i: int) -> str:
        """Why a ``kind`` token of ``team`` cannot stand on board index ``i`` at all, or '' (a start, a spawn)."""
        b = self.board
        if b.low[i] and not b.wall[i] and "double_jump" not in self.stats(kind).specials:
            return f"{b.hexes[i]} is a low obstacle: only the Scout stands there"
        return self.landing_reason(PayloadUnit(-1, team, kind, -1, 1, -1), i)

    # -- the shape of a turn --------------------------------------------------------------------------

    def allowed_steps(self, u: PayloadUnit, done: UnitTurn) -> int:
        """002 "Taking a turn": move and attack in either order, the special last; a push (which takes the
        attack and the special, decision 10) may still be followed by a move when the token has not moved."""
        if done.special or self.returned and u.uid in self.returned:
            return Step.MOVE if done.pushed and not done.moved else Step.NONE
        if done.moved:
            return Step.SPECIAL if done.attacked else _AFTER_MOVE
        return _AFTER_ATTACK if done.attacked else Step.ALL

    def crowd(self) -> Crowd:
        """Who stands where now (:class:`~.moves.Crowd`): what every token's legal actions read."""
        return Crowd(self)

    def act_groups(self) -> list[Group]:
        """Every token's actions, then ``end``: the generic groups, with one :meth:`crowd` for all tokens."""
        crowd = Crowd(self)
        groups: list[Group] = []
        for u in self.actors():
            add_token_groups(self, u, crowd, groups)
        groups.extend(self.end_groups())
        return groups

    def add_unit_groups(self, u: PayloadUnit, groups: list[Group], crowd: Crowd | None = None) -> None:
        """The generic groups (moves, attacks, specials by :meth:`allowed_steps`), then a push; ``crowd``
        (:meth:`crowd` now) saves working out who stands where again for each token."""
        add_token_groups(self, u, crowd or Crowd(self), groups)

    def token_groups(self, u: PayloadUnit, crowd: Crowd) -> Iterator[Group]:
        """:meth:`add_unit_groups`, one group at a time (:func:`.groups.token_groups`)."""
        return token_groups(self, u, crowd)

    def push_cells(self, u: PayloadUnit, crowd: Crowd | None = None) -> list[int]:
        """[the next track hex] when ``u`` may push its cart now (002 "Pushing the cart"), else []."""
        team = u.team
        track = self.tracks[team]
        i = self.carts[team]
        if i >= len(track) - 1 or self.pushed[team] or self.phase is not _P_ACT:
            return []
        cart = track[i]
        if cart not in self.board.neighbors[u.cell]:  # not next to the cart
            return []
        if self.blockers(team):
            return []
        nxt = track[i + 1]
        taken = self.occupant(nxt) is not None if crowd is None else nxt in crowd.unit_at
        if taken or nxt == self.cart_cell(team.other):
            return []  # decision 11: a cart never rolls onto a token or the other cart
        return [nxt]

    def blockers(self, team: Team) -> list[PayloadUnit]:
        """Enemies of ``team`` that stop a push of its cart (:func:`~engine.games.payload.ground.stops_push`:
        next to it, and with ``spawn_protection`` not inside their own spawn)."""
        b = self.board
        cart = self.cart_cell(team)
        shielded = bool(self.options["spawn_protection"])
        return [v for v in self.units.values() if v.team is not team and v.cell >= 0
                and stops_push(b, v.cell, v.team, cart, shielded)]

    def move_blockers(self, u: PayloadUnit) -> tuple[set[int], set[int]]:
        """(hexes ``u`` passes through but may not end on, hexes it may not enter) for a move.

        Teammates are passed (with ``pass_through_teammates``); enemies and carts stop it.
        """
        mates = {v.cell for v in self.units.values() if v.team is u.team and v.uid != u.uid and v.cell >= 0}
        block = {v.cell for v in self.units.values() if v.team is not u.team and v.cell >= 0}
        block.add(self.cart_cell(Team.RED))
        block.add(self.cart_cell(Team.BLU))
        if not self.options["pass_through_teammates"]:
            block |= mates
        return mates, block

    def move_cells(self, u: PayloadUnit) -> Sequence[int]:
        """Where ``u`` may move now, in flood order: the flood of :meth:`move_blockers` (what
        :meth:`move_paths` floods), read from the game's tables (see :func:`.moves.move_cells`)."""
        return move_cells(self, u, Crowd(self))

    def after_action(self, u: PayloadUnit, done: UnitTurn) -> None:
        """Tokens the action killed are placed back first; the turn goes on until the team ends it or no
        token has anything left to do."""
        if self.phase is _P_ACT and not self._ask_respawn():
            self._end_when_idle()

    def _end_when_idle(self) -> None:
        """End the turn once ``end`` is the only legal action (:func:`.groups.idle`)."""
        if idle(self):
            self.end_turn()

    # -- acting ---------------------------------------------------------------------------------------

    def _act(self, a: Action) -> None:
        if a.verb is _V_PUSH:
            u = self.actor_of(a)
            self._push(u)
            done = self.done_by(u)
            done.attacked = done.special = done.pushed = True  # decision 10: a push takes both the attack and the special
            done.actions += 1
            if self.phase is not _P_OVER:
                self.after_action(u, done)
            return
        if a.verb is _V_ATTACK:
            u = self.actor_of(a)
            assert a.target is not None
            if self.uber_targets(u, a):
                done = self.done_by(u)
                done.attacked = True
                done.actions += 1
                ask(self, UberAnswer(u.team.other, u.uid, a))
                return
        super()._act(a)

    def _push(self, u: PayloadUnit) -> None:
        team = u.team
        self.carts[team] += 1
        self.points[team] = self.carts[team]
        self.pushed[team] = True
        track = self.tracks[team]
        if self.events is not None:
            self.events.append(Score(team, 1, (track[self.carts[team]],)))
        self.log.append(f"the {team.value} cart is {self.carts[team]}/{len(track) - 1} along its track")
        if self.carts[team] >= len(track) - 1:
            self.winner_team = team
            self.end_game()
            self.log.append(f"the {team.value} cart reaches the end of its track: {team.value} wins")

    def uber_targets(self, attacker: PayloadUnit, a: Action) -> list[tuple[PayloadUnit, list[PayloadUnit]]]:
        """(Medic, teammates he may cover) for each enemy Medic who may pop an UberCharge against ``a``."""
        beh = self._beh[attacker.kind]
        assert isinstance(beh, Armed) and a.target is not None
        hurt = {v.uid for v, _ in beh.hits(self, attacker, a.target)[0] if not v.uber}
        if not hurt:
            return []
        out = []
        for m in self.units.values():
            mb = self._beh[m.kind]
            if m.team is attacker.team or not isinstance(mb, Medic) or not mb.charged(self, m, "uber"):
                continue
            reach = mb.reach(self, m)
            if m.uid in hurt or any(v.uid in hurt for v in reach):
                out.append((m, reach))
        return out

    # -- decisions other than unit actions -------------------------------------------------------------

    def spawn_slot(self) -> tuple[Team, str, int]:
        """(team, class, slot) of the token the current spawn decision places."""
        head = self.queue[0]
        assert isinstance(head, PlaceToken)
        return head.team, head.kind, head.slot

    @property
    def pending(self) -> tuple[int, Action] | None:
        """(attacker's uid, attack) of the attack an UberCharge may answer now, or None."""
        head = self.queue[0] if self.queue else None
        return (head.attacker, head.attack) if isinstance(head, UberAnswer) else None

    def spawn_cells(self, team: Team, kind: str) -> list[int]:
        """Free hexes of ``team``'s spawn a ``kind`` token may stand on."""
        b = self.board
        taken = self.taken_cells()
        scout = "double_jump" in self.stats(kind).specials
        return [c for c in b.spawn_zone(team) if not b.wall[c] and c not in taken and (scout or not b.low[c])]

    def _ready(self, team: Team) -> int:
        """Index in ``waiting[team]`` of the first token with a free hex in the spawn now, or -1."""
        for k, (kind, _) in enumerate(self.waiting[team]):
            if self.spawn_cells(team, kind):
                return k
        return -1

    def _ask_respawn(self) -> bool:
        """Ask the next dead token's placement of its own side (in either side's turn); True when asked.

        A token with no free hex in its spawn now waits for the start of its side's turn (decision 3).
        """
        q = self.queue
        while q:
            head = q[0]
            assert isinstance(head, PlaceToken) and head.why == "respawn"
            if self.spawn_cells(head.team, head.kind):
                self.phase = _P_SPAWN
                self.team = head.team
                return True
            q.pop(0)
            self.waiting[head.team].append((head.kind, head.slot))
            self.log.append(f"the {head.team.value} {self.stats(head.kind).name} waits for a free hex in its spawn")
        return False

    def resume_turn(self) -> None:
        """After a token was placed back: the next one, else the acting side's turn goes on (or ends, idle)."""
        if not self._ask_respawn():
            self.phase = _P_ACT
            self.team = self.acting
            self._end_when_idle()

    def place_waiting(self) -> None:
        """Ask the placement of the first of the deciding side's waiting tokens that has a free hex, if any;
        else the side acts."""
        k = self._ready(self.team)
        if k < 0:
            self.phase = _P_ACT
            return
        kind, slot = self.waiting[self.team][k]
        ask(self, PlaceToken(self.team, kind, slot, "waiting"))

    # -- the turn cycle -------------------------------------------------------------------------------

    def finish_setup(self) -> None:
        """Ask the set-up placements still open (first team, then the other), then run turns."""
        if self.queue:
            self.phase = _P_SPAWN
            self.team = self.queue[0].team
            return
        self.advance()

    def begin_turn(self) -> bool:
        """A team's turn starts with placing its tokens that waited for a free spawn hex, while one is free."""
        self.done = {}
        self.returned = []
        self.active = -1
        self.acting = self.team
        self.place_waiting()
        return True

    def end_of_turn(self) -> None:
        """Kritz ends with the turn it was deployed in; an UberCharge by ``uber_lasts``; pushes reset."""
        ending = self.team
        for u in self.units.values():
            u.kritz = False
            if u.uber and (self.options["uber_lasts"] == "turn" or u.team is ending):
                u.uber = False
        self.pushed = {t: False for t in Team}

    def is_decided(self) -> bool:
        return self.winner_team is not None

    def on_damage(self, target: PayloadUnit, amount: int, source: PayloadUnit | None) -> int:
        """An UberCharge blocks every attack on its holders (002 "Deploying kritz or uber")."""
        return 0 if target.uber else amount

    def on_kill(self, target: PayloadUnit, source: PayloadUnit | None, overkill: int) -> None:
        """002 "Dying/respawning": back to its spawn at once, placed as soon as the action that killed it is over."""
        self.queue.append(PlaceToken(target.team, target.kind, target.slot, "respawn"))

    def winner(self) -> Team | None:
        """The team whose cart reached its end; at the turn limit, the cart further along (None: level)."""
        if self.phase is not _P_OVER:
            return None
        if self.winner_team is not None:
            return self.winner_team
        r, b = self.progress(Team.RED), self.progress(Team.BLU)
        return Team.RED if r > b else Team.BLU if b > r else None

    # -- explanations -----------------------------------------------------------------------------------

    def describe_decision(self) -> str:
        if self.phase is _P_ACT:
            return f"{self.team.value}'s turn: move, attack or push with any token, then end the turn"
        return super().describe_decision()

    def why_not(self, action: Action) -> str:
        if action in self.legal_actions():
            return ""
        return payload_reason(self, action) or super().why_not(action)

    def move_paths(self, h: Hex | None = None) -> dict[Hex, list[Hex]]:
        u = self.active_unit() if h is None else self.unit_at(h)
        if u is None or self.phase is not _P_ACT or u.team is not self.team:
            return {}
        if not self.allowed_steps(u, self.done_of(u)) & Step.MOVE:
            return {}
        occupied, blocked = self.move_blockers(u)
        reach = flood(self.board, [u.cell], self.profile(u), self.stats(u.kind).speed, occupied, blocked)
        return {self.board.hexes[c]: reach.path(c) for c in reach.distances() if c != u.cell}
