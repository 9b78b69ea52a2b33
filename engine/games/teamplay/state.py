"""Team Play (rulebook 003) as a variant of the generic turn machine.

Two teams of three characters; each team has 1, 2 or 3 players (options
``players_red`` / ``players_blu``). Decisions:

- set-up: the draft (003 "Choosing characters": 1-2-2-1, each character's own
  weapon revealed at random beforehand), paying for the characters' own weapons,
  the spawning round (003 "Spawning round"), all as queued decisions
  (:mod:`.decisions`);
- ``act``: a team turn, one action per character in any order (003 "Actions"):
  ``move`` (up to one square = ``speed`` hexes, grabbing the ammo tile there, or
  ``with`` a weapon from the rack there), ``attack ... with`` a loaded weapon,
  the adrenaline actions ``dash`` (two squares and grab, from ``adrenaline_1``
  damage) and ``step`` (one square, then shoot, from ``adrenaline_2``), ``rush``
  (slide the adrenaline tile to use one now); before or after any of them a
  Newton or Teleporter; ``end`` ends the turn;
- during the acting team's turn the other team may answer a shot with Tagback
  Grenades (phase ``react``), and the acting team may add a Targeting Scope;
- the end of the turn runs in 003's order (:mod:`.endturn`): replace tiles and
  weapons, abilities, flush the opponents' buffer at ``flush_at`` or more,
  score killshots, respawn at once (the killed team decides), reload.

All damage and marks go to the opponents' damage buffer, never straight onto a
board, except Sprog's venom. Every rule reading is in docs/rules-teamplay.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, Final

from engine.games.behaviour import AttackOption, Behaviour
from engine.games.game import Game
from engine.games.modes import GAMES
from engine.games.saved import Saved
from engine.games.state import Phase, TurnState
from engine.games.teamplay import acting, flow, groups, views
from engine.games.teamplay.characters import ABILITIES, Fighter
from engine.games.teamplay.decisions import PlayerDecision
from engine.games.teamplay.options import DEFAULT_OPTIONS
from engine.games.teamplay.pieces import (
    Character,
    Hand,
    card_colour,
    card_name,
    player_name,
)
from engine.games.teamplay.reasons import teamplay_reason
from engine.games.teamplay.weapons import aims, area, hits
from engine.hexgrid import Hex
from engine.mapmodel import Colour, Team
from engine.rules.actions import Action, Verb
from engine.rules.legal import Excluding, Group, LegalActions
from engine.rules.movement import flood
from engine.ruleset import OptionValue, RulesetError, WeaponCard

__all__ = ["TeamPlaySaved", "TeamPlayState"]

_P_ACT, _P_OVER = Phase.ACT, Phase.OVER
_SLOT: Final = attrgetter("slot")
#: Verbs as module constants: a member looked up on the open vocabulary costs a call (:mod:`engine.vocabulary`).
_V_ATTACK, _V_DRAFT, _V_DRAW, _V_END, _V_PASS, _V_SPAWN = Verb.ATTACK, Verb.DRAFT, Verb.DRAW, Verb.END, Verb.PASS, Verb.SPAWN


@dataclass(frozen=True, slots=True)
class TeamPlaySaved(Saved):
    """Team Play's own saved state (everything that changes during play besides the units)."""

    step: str
    turn_team: Team
    first: Team
    final_turn: bool
    acting: int
    acting_mode: str
    hands: dict[Team, list[Hand]]
    owner: dict[int, int]
    shared_by: dict[Team, int]
    table: dict[Team, list[str]]
    buffer: dict[Team, dict[str, int]]
    marks: dict[Team, dict[str, int]]
    ammo: dict[int, str]
    racks: dict[int, list[str]]
    weapon_deck: list[str]
    powerup_deck: list[str]
    discards: list[str]
    skulls_left: int
    killed: list[int]
    used_abilities: list[int]
    leftover: dict[Team, int]
    drafted: dict[Team, list[str]]
    draft_order: list[Team]
    kills: dict[Team, int]


class TeamPlayState(TurnState[Character]):
    """A Team Play game in progress; make it with ``Game.of(scenario).new_initial_state()``."""

    default_options: ClassVar[Mapping[str, OptionValue]] = DEFAULT_OPTIONS
    behaviours: ClassVar[Mapping[str, type[Behaviour[Any, Any]]]] = ABILITIES
    default_behaviour: ClassVar[type[Behaviour[Any, Any]]] = Fighter
    saved_class: ClassVar[type[Saved]] = TeamPlaySaved
    #: 003 "Team turns": each character gets one action.
    actions_per_turn: ClassVar[int] = 1

    @classmethod
    def check_game(cls, game: Game) -> None:
        """Refuse a ruleset or map Team Play cannot be played with, naming what to fix."""
        from engine.games.teamplay.checks import check_teamplay_game

        check_teamplay_game(game)

    # -- set-up ---------------------------------------------------------------------------------------

    def start(self) -> None:
        o = self.options
        b = self.board
        m = self.scenario.map
        self.walk = GAMES[self.game.rules.mode].move_profile((), None)
        self.points_cells: dict[Colour, tuple[int, ...]] = {
            c: tuple(sorted(b.index[h] for h in m.spawnpoints.get(c, ()))) for c in Colour}
        self.values = tuple(int(x) for x in str(o["board_values"]).split(","))
        self.arena_weapons = tuple(w for w in self.ruleset.weapons if w not in self._own_weapons())
        self.weapon_of_kind = {w: k for k, st in self._stats.items() for w in st.weapons}
        self.step = "draft"
        self.first: Team = self.scenario.first_team
        self.turn_team: Team = self.first
        self.final_turn = False
        self.acting = -1
        self.acting_mode = ""
        self.hands: dict[Team, list[Hand]] = {}
        self.owner: dict[int, int] = {}
        self.shared_by: dict[Team, int] = {t: -1 for t in Team}
        self.table: dict[Team, list[str]] = {t: [] for t in Team}
        self.buffer: dict[Team, dict[str, int]] = {t: {} for t in Team}
        self.marks: dict[Team, dict[str, int]] = {t: {} for t in Team}
        self.ammo: dict[int, str] = {b.index[h]: "" for h in sorted(m.ammo)}
        self.racks: dict[int, list[str]] = {b.index[h]: [] for h in sorted(m.racks)}
        self.weapon_deck: list[str] = list(self.arena_weapons)
        self.powerup_deck: list[str] = [card_name(p.name, c) for p in self.ruleset.powerups.values()
                                        for c in Colour for _ in range(p.copies)]
        self.discards: list[str] = []
        self.skulls_left = int(o["skulls"])
        self.killed: list[int] = []
        self.used_abilities: list[int] = []
        self.leftover: dict[Team, int] = {t: 0 for t in Team}
        self.drafted: dict[Team, list[str]] = {t: [] for t in Team}
        self.draft_order: list[Team] = []
        self.kills: dict[Team, int] = {t: 0 for t in Team}
        #: fixed at set-up (never change afterwards, so not in the saved record): the buffer reward tile's
        #: name and each character's own weapon for this game
        self.reward_tile = ""
        self.revealed: dict[str, str] = {}
        flow.set_up(self)
        self.run()

    def _own_weapons(self) -> set[str]:
        return {w for st in self._stats.values() for w in st.weapons}

    # -- small queries ------------------------------------------------------------------------------------

    @property
    def first_team(self) -> Team:
        """The team that took the first turn (drawn at set-up unless the scenario fixes it)."""
        return self.first

    def name_of(self, u: Character) -> str:
        """``"RED Sprog"``."""
        return f"{u.team.value} {self.stats(u.kind).name}"

    def player_label(self, team: Team, hand: Hand) -> str:
        """``"RED p1"``."""
        return f"{team.value} {hand.name}"

    def players(self, team: Team) -> int:
        """How many players ``team`` has (1, 2 or 3)."""
        return len(self.hands.get(team, ())) or int(self.options[f"players_{team.value.lower()}"])

    def character(self, kind: str) -> Character | None:
        """The character of ``kind`` (every kind is fielded once), or None before the draft placed it."""
        for u in self.units.values():
            if u.kind == kind:
                return u
        return None

    def characters(self, team: Team) -> list[Character]:
        """``team``'s characters, on the board or waiting to respawn, in draft order."""
        return sorted([u for u in self.units.values() if u.team is team], key=_SLOT)

    def is_shared(self, u: Character) -> bool:
        """Whether ``u`` is the shared character of a two-player team (003 "Assigning characters")."""
        return self.owner.get(u.uid, 0) < 0

    def controller(self, u: Character) -> int:
        """Index of the player controlling ``u`` now (for a shared character, this turn's; -1 if undecided)."""
        k = self.owner.get(u.uid, 0)
        return k if k >= 0 else self.shared_by[u.team]

    def may_control(self, u: Character, player: int) -> bool:
        """Whether ``player`` of ``u``'s team controls or shares ``u`` (who may reload its weapon, answer for it)."""
        k = self.owner.get(u.uid, 0)
        return k == player or k < 0

    def hand_of(self, u: Character) -> Hand:
        """The hand of the player controlling ``u`` now."""
        k = self.controller(u)
        return self.hands[u.team][max(k, 0)]

    def hand(self, team: Team, name: str) -> Hand:
        """``team``'s player called ``name`` (``p1``...); KeyError for another name."""
        for h in self.hands[team]:
            if h.name == name:
                return h
        raise KeyError(f"{team.value} has no player {name!r}")

    def card(self, weapon: str) -> WeaponCard:
        """The weapon card ``weapon``."""
        return self.ruleset.weapon(weapon)

    def is_arena(self, weapon: str) -> bool:
        """Whether ``weapon`` is an arena weapon (not a character's own)."""
        return weapon not in self.weapon_of_kind

    def loaded_arena(self, hand: Hand) -> int:
        """Loaded arena weapons in ``hand`` (what the hand limit counts, 003 "Weapons limit")."""
        return sum(1 for w in hand.weapons if self.is_arena(w))

    def killshot(self, u: Character) -> int:
        """The damage space that kills ``u`` now (its adrenaline tile slid ``tile`` spaces left)."""
        return int(self.options["killshot_space"]) - u.tile

    def value_of(self, u: Character) -> int:
        """Points the next killshot on ``u``'s board scores (003 "Scoring a board")."""
        return self.values[min(u.skulls, len(self.values) - 1)]

    def adrenaline(self, u: Character) -> int:
        """Adrenaline actions ``u`` has unlocked: 0, 1 (dash) or 2 (dash and step)."""
        return (u.damage >= int(self.options["adrenaline_2"])) + (u.damage >= int(self.options["adrenaline_1"]))

    def sync(self, u: Character) -> None:
        """Keep ``u.health`` equal to the tokens it may still take before its killshot space."""
        u.health = max(0, self.killshot(u) - 1 - u.damage)

    def buffer_total(self, team: Team) -> int:
        """Damage tokens in ``team``'s buffer (marks not counted)."""
        return sum(self.buffer[team].values())

    def usable_weapons(self, u: Character) -> list[str]:
        """Loaded weapons ``u`` may fire now: its controller's arena weapons and its own weapon if he holds it."""
        k = self.owner.get(u.uid, 0)
        if k < 0:
            k = self.shared_by[u.team]
            if k < 0:
                return []
        own = self.weapon_of_kind  # a character's own weapon is not an arena weapon
        return [w for w in dict.fromkeys(self.hands[u.team][k].weapons) if w not in own or w == u.weapon]

    def acted(self, u: Character) -> bool:
        """Whether ``u`` took its action this turn."""
        d = self.done.get(u.uid)
        return d is not None and d.actions > 0

    def current_player(self) -> str | None:
        """The name of the player deciding now (``p2``), or None when the game is over or any player of
        the team may decide (a team turn of a team with several players: each plays his characters)."""
        if self.phase is _P_OVER:
            return None
        if self.queue:
            head = self.queue[0]
            k = head.player if isinstance(head, PlayerDecision) else -1
            return player_name(k) if k >= 0 else None if self.players(head.team) > 1 else "p1"
        if self.acting >= 0:
            return player_name(self.controller(self.units[self.acting]))
        return "p1" if self.players(self.team) == 1 else None

    def player_of(self, action: Action) -> str | None:
        """Who plays ``action`` (a legal one): the player named in it, or the controller of its character."""
        if action.detail.startswith("p") and action.detail[1:].isdigit():
            return action.detail
        if action.verb in (_V_SPAWN, _V_DRAFT, _V_PASS, _V_END, _V_DRAW) or action.actor is None:
            return self.current_player()
        u = self.unit_at(action.actor)
        if u is None or u.team is not self.team:
            return self.current_player()
        k = self.controller(u)
        return player_name(k) if k >= 0 else None

    # -- movement ---------------------------------------------------------------------------------------

    def free(self, cell: int) -> bool:
        """Whether a figure may end a move on board index ``cell``: not a wall, a low obstacle or a figure's hex."""
        b = self.board
        return not b.wall[cell] and not b.low[cell] and self.occupant(cell) is None

    def reach(self, u: Character, hexes: int) -> Sequence[int]:
        """Where ``u`` may move with up to ``hexes`` hexes (figures are passed, not ended on); without its own hex."""
        base, where = self.game.targets.moves(self.walk, hexes, u.cell)
        holes = [p for v in self.units.values() if v.cell >= 0 and (p := where.get(v.cell)) is not None]
        if not holes:
            return base
        holes.sort()
        return Excluding(base, holes)

    def grab_here(self, cell: int) -> bool:
        """Whether standing on ``cell`` there is an ammo tile to grab."""
        return bool(self.ammo.get(cell))

    def newton_cells(self, v: Character) -> list[int]:
        """Where a Newton may put ``v``: up to ``newton_hexes`` in a straight line, each step a walkable one."""
        return groups.newton_cells(self, v)

    def spawn_cells(self, colour: Colour) -> list[int]:
        """Free hexes of ``colour``'s spawnpoints; when all are taken, the free hexes nearest to them."""
        cells = [c for c in self.points_cells[colour] if self.free(c)]
        if cells or not self.points_cells[colour]:
            return cells
        b = self.board
        for r in range(1, 6):
            near = sorted({c for p in self.points_cells[colour] for c in b.within(p, r) if self.free(c)})
            if near:
                return near
        return []

    # -- damage, marks and the buffer ---------------------------------------------------------------------

    def add_damage(self, v: Character, n: int, why: str, convert: bool = True,
                   by: Character | None = None) -> None:
        """Put ``n`` damage (by ``by``'s action) for ``v`` in its team's buffer; its marks there become damage too
        (003 "Marks in the buffer") unless ``convert`` is False: this action dealt them, a later one converts them."""
        if n <= 0:
            return
        marks = self.marks[v.team].pop(v.kind, 0) if convert else 0
        buf = self.buffer[v.team]
        buf[v.kind] = buf.get(v.kind, 0) + n + marks
        if by is not None and self.events is not None:
            self.note_damage(v, n + marks, by)
        extra = f" (+{marks} from marks)" if marks else ""
        self.log.append(f"{why}: {n} damage for the {self.name_of(v)}{extra} into the {v.team.value} buffer "
                        f"({self.buffer_total(v.team)})")

    def add_marks(self, v: Character, n: int, why: str) -> None:
        """Put up to ``n`` marks for ``v`` in its team's buffer (at most ``max_marks`` of a character)."""
        if n <= 0:
            return
        cap = int(self.options["max_marks"])
        had = self.marks[v.team].get(v.kind, 0)
        now = min(cap, had + n)
        if now != had:
            self.marks[v.team][v.kind] = now
            self.log.append(f"{why}: {now - had} mark(s) for the {self.name_of(v)} in the {v.team.value} buffer")

    def board_damage(self, v: Character, n: int, why: str) -> int:
        """Put ``n`` damage tokens on ``v``'s board (beyond the overkill space they are wasted); returns those placed."""
        room = self.killshot(v) + 1 - v.damage
        got = max(0, min(n, room))
        v.damage += got
        self.sync(v)
        if why:
            self.log.append(f"{why}: {got} damage onto the {self.name_of(v)}'s board ({v.damage})")
        return got

    # -- legal actions ------------------------------------------------------------------------------------

    def legal_actions_view(self) -> LegalActions:
        if self.phase is _P_OVER:
            return LegalActions(())
        if self.queue:
            return LegalActions(self.queue[0].groups(self))
        return LegalActions(groups.act_groups(self))

    def more_to_do(self) -> bool:
        """Whether the acting team may still do something besides ``end``: a character that has not acted
        (it can at least grab or move, unless boxed in), or a Newton or Teleporter to play."""
        return groups.more_to_do(self)

    def add_unit_groups(self, u: Character, groups_: list[Group]) -> None:
        """The action groups of ``u`` now (none once it acted, or while another character is mid-action)."""
        groups.unit_groups(self, u, groups_)

    def may_rush(self, u: Character) -> bool:
        """Whether ``u`` may pay an adrenaline rush now: not both actions unlocked, the tile can slide, and the
        slide does not put its damage on the new killshot space."""
        return (self.adrenaline(u) < 2 and u.tile < int(self.options["rush_limit"])
                and u.damage < self.killshot(u) - 1)

    # -- acting ---------------------------------------------------------------------------------------------

    def apply_unchecked(self, action: Action) -> None:
        if self.keep_undo:
            self._undo.append(self.saved_class.capture(self))
        self.history.append(action)
        if self.queue:
            self.queue.pop(0).decide(self, action)
        else:
            self._act(action)
        self.run()

    def _act(self, a: Action) -> None:
        acting.act(self, a)

    # -- the flow of decisions ------------------------------------------------------------------------------

    def run(self) -> None:
        """Run automatic steps until a decision waits (or the game is over); sets phase and deciding team."""
        flow.run(self)

    def end_turn(self, advance: bool = True) -> None:
        """End the acting team's turn (the ``end`` action, or nothing left to do)."""
        self.step = "replace"
        self.run()

    def winner(self) -> Team | None:
        """More points wins; a tie goes to the team with more points from leftover damage (003 "Winning the game")."""
        if self.phase is not _P_OVER:
            return None
        key = {t: (self.points[t], self.leftover[t]) for t in Team}
        r, bl = key[Team.RED], key[Team.BLU]
        return Team.RED if r > bl else Team.BLU if bl > r else None

    # -- explanations and what the UI asks ----------------------------------------------------------------------

    def describe_decision(self) -> str:
        if self.phase is _P_OVER:
            return super().describe_decision()
        if self.queue:
            return self.queue[0].describe(self)
        if self.acting >= 0:
            u = self.units[self.acting]
            what = "shoots (or ends its action)" if self.acting_mode == "step" else "takes an adrenaline action"
            return f"the {self.name_of(u)} {what}"
        return f"{self.team.value}'s turn: one action for each character, in any order, then end the turn"

    def why_not(self, action: Action) -> str:
        if action in self.legal_actions():
            return ""
        return teamplay_reason(self, action) or super().why_not(action)

    def move_paths(self, h: Hex | None = None) -> dict[Hex, list[Hex]]:
        """Hexes the character on ``h`` may move to with a standard move now, each with a shortest path."""
        u = self.active_unit() if h is None else self.unit_at(h)
        if u is None or self.phase is not _P_ACT or u.team is not self.team or self.acted(u) or self.acting >= 0:
            return {}
        occupied = {v.cell for v in self.units.values() if v.uid != u.uid and v.cell >= 0}
        r = flood(self.board, [u.cell], self.walk, self.stats(u.kind).speed, occupied)
        return {self.board.hexes[c]: r.path(c) for c in r.distances() if c != u.cell and self.free(c)}

    def active_unit(self) -> Character | None:
        return self.units.get(self.acting)

    def attack_options(self, h: Hex | None = None) -> list[AttackOption]:
        """Every shot the character on ``h`` could fire from where it stands with its usable weapons.

        No dice: each hits (``hit_chance`` 1, ``rolled`` False); ``damage`` is
        the most any enemy takes; ``area`` every hex covered with its damage.
        """
        u = self.active_unit() if h is None else self.unit_at(h)
        if u is None or u.cell < 0:
            return []
        here = self.board.hexes[u.cell]
        out = []
        for w in self.usable_weapons(u):
            card = self.card(w)
            targets, _ = aims(self, u, card)
            for t in targets:
                aim: Hex = self.board.hexes[t] if isinstance(t, int) else t
                struck = hits(self, u, card, aim)
                out.append(AttackOption(Action(_V_ATTACK, u.kind, here, aim, w),
                                        1.0, 0.0, max((d for _, d in struck), default=0),
                                        area(self, u, card, aim), 1, False))
        return out

    def hit_chance(self, need: int) -> float:
        """Every shot that may be made hits (no accuracy throw in Team Play)."""
        return 1.0

    def board_view(self, u: Character) -> views.BoardView:
        """What ``u``'s player board shows (see :class:`~.views.BoardView`)."""
        return views.board_view(self, u)

    def buffer_view(self, team: Team) -> views.BufferView:
        """``team``'s damage buffer: damage and marks waiting for each character (:class:`~.views.BufferView`)."""
        return views.buffer_view(self, team)

    def hand_views(self, team: Team) -> list[views.HandView]:
        """Each of ``team``'s players: cubes, powerups, loaded weapons, characters controlled."""
        return views.hand_views(self, team)

    def arena_view(self) -> views.ArenaView:
        """Ammo tiles, racks, decks, tables, skulls left and the reward tile (:class:`~.views.ArenaView`)."""
        return views.arena_view(self)

    def colour_of(self, card: str) -> Colour:
        """The colour of a powerup card."""
        return card_colour(card)

    def check_setup(self) -> None:
        """Raise RulesetError for a scenario set-up Team Play cannot start (fixed characters with hexes, ...)."""
        for team in Team:
            for s in self.scenario.team(team).starting:
                if s.hex is not None:
                    raise RulesetError(f"{team.value} {s.unit} starts on {s.hex}: Team Play characters appear at "
                                       "spawnpoints in the spawning round; remove the hex")

