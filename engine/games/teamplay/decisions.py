"""Team Play's decisions between actions (:mod:`engine.games.decisions`), one handler class per kind.

A team's turn is its characters' actions (phase ``act``); everything else that
needs a choice is a decision in the state's queue, made by the flow of the game
(:mod:`.flow`) or by an action (:mod:`.acting`):

- set-up: :class:`Draft` (003 "Choosing characters"), :class:`Load` (paying for
  the characters' own weapons), :class:`Control` (who of a two-player team takes
  the shared character: this turn, to spawn it, to respawn it), :class:`Spawn`
  (discard a powerup, place a character on a spawnpoint of its colour);
- after a shot or an ability: :class:`Scope` (add a Targeting Scope) and
  :class:`Tagback` (the damaged team answers with Tagback Grenades);
- at the end of the turn: :class:`Abilities`, the buffer rewards :class:`Heal`,
  :class:`Cube` and :class:`Draw`, respawns (:class:`Control`, :class:`Spawn`)
  and :class:`Reload`;
- at the limit of loaded weapons: :class:`Drop` (after a grab) and
  :class:`Unload` (after a reload).

A decision with no legal action is skipped. Where one player of the team decides
(a spawn, a Targeting Scope, a drop), the decision is a :class:`PlayerDecision`
and its ``player`` is that player's index.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final, Literal

from engine.games.decisions import Decision
from engine.games.phases import Phase
from engine.games.teamplay.decks import draw_powerup
from engine.games.teamplay.draft import draftable
from engine.games.teamplay.economy import ANY, can_pay, letters, pay
from engine.games.teamplay.pieces import COLOURS, card_colour, card_kind, player_name
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.legal import NO_TARGET, Group

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["Abilities", "Control", "Cube", "Draft", "Draw", "Drop", "Heal", "Load", "PlayerDecision", "Reload",
           "Scope", "Spawn", "Tagback", "TeamDecision", "Unload", "load_weapon"]

_PASS: Final[Group] = (Verb.PASS, "", None, NO_TARGET, None, "")


def _choice(verb: Verb, name: str, detail: str = "") -> Group:
    return (verb, name, None, NO_TARGET, None, detail)


def _k(action: Action) -> int:
    """The player index an action names in ``with pK``."""
    return int(action.detail[1:]) - 1


def load_weapon(s: TeamPlayState, team: Team, k: int, weapon: str, cost: str) -> None:
    """``team``'s player ``k`` pays ``cost`` and takes ``weapon`` from the team's table, loaded."""
    s.discards.extend(pay(s.hands[team][k], cost))
    s.table[team].remove(weapon)
    s.hands[team][k].weapons.append(weapon)


@dataclass(frozen=True, slots=True)
class TeamDecision(Decision):
    """A Team Play decision of ``team`` (subclassed once per kind); the verbs that answer it are ``answers``."""

    #: the verbs that answer the decision (another is refused with "must first decide")
    answers: ClassVar[frozenset[Verb]] = frozenset()
    #: what it waits for ({t}: the team, {who}: the deciding player or the team)
    words: ClassVar[str] = ""

    def describe(self, s: TeamPlayState) -> str:
        t = self.team.value
        who = f"{t} {player_name(self.player)}" if isinstance(self, PlayerDecision) else t
        return self.words.format(t=t, who=who)

    def why_not(self, s: TeamPlayState, a: Action) -> str:
        told = self.refusal(s, a) if a.verb in self.answers else ""
        return told or f"{self.team.value} must first decide: {s.describe_decision()}"

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        """Why ``a``, a verb that answers this decision, does not ('' for "must first decide")."""
        return ""

    def waits(self, s: TeamPlayState) -> bool:
        """Whether the decision has an action to choose (the flow drops one without): ``groups`` is not empty. A
        kind whose groups cost much to list may answer sooner."""
        return bool(self.groups(s))


@dataclass(frozen=True, slots=True)
class PlayerDecision(TeamDecision):
    """A decision one player of ``team`` takes: ``player``, the index of that player's hand."""

    player: int


@dataclass(frozen=True, slots=True)
class Draft(TeamDecision):
    """``team`` drafts one of the characters nobody has taken that its roster holds (all six without one)."""

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.DRAFT})
    words: ClassVar[str] = "{t} drafts a character"

    def groups(self, s: TeamPlayState) -> list[Group]:
        taken = set(s.drafted[Team.RED]) | set(s.drafted[Team.BLU])
        return [_choice(Verb.DRAFT, k) for k in draftable(list(s.game.stats), s.game.rosters[self.team], taken)]

    def decide(self, s: TeamPlayState, a: Action) -> None:
        s.drafted[self.team].append(a.kind)
        s.draft_order.pop(0)
        s.log.append(f"{self.team.value} drafts {s.stats(a.kind).name} "
                     f"(own weapon: {s.card(s.revealed[a.kind]).title})")


@dataclass(frozen=True, slots=True)
class Load(TeamDecision):
    """``team`` pays for its characters' own weapons (their grab cost), one at a time, while any is payable."""

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.RELOAD})
    words: ClassVar[str] = "{t} pays for its characters' own weapons (grab cost)"

    def groups(self, s: TeamPlayState) -> list[Group]:
        hands = s.hands[self.team]
        out = []
        for u in s.characters(self.team):
            if u.weapon in s.table[self.team]:
                cost = s.card(u.weapon).grab_cost
                out += [_choice(Verb.RELOAD, u.weapon, player_name(k)) for k in range(len(hands))
                        if s.may_control(u, k) and can_pay(hands[k], cost)]
        return out

    def decide(self, s: TeamPlayState, a: Action) -> None:
        load_weapon(s, self.team, _k(a), a.kind, s.card(a.kind).grab_cost)
        s.log.append(f"{self.team.value} {a.detail} pays for the {s.card(a.kind).title}")
        if self.groups(s):
            s.queue.insert(0, self)

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        return _reload_refusal(s, self.team, a)


@dataclass(frozen=True, slots=True)
class Control(TeamDecision):
    """A two-player ``team`` chooses who controls its shared character ``kind``: this ``turn``, to ``spawn`` it
    in the spawning round (that player draws 3 powerups, the other 2) or to ``respawn`` it."""

    kind: str
    why: Literal["turn", "spawn", "respawn"]

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.CONTROL})

    def groups(self, s: TeamPlayState) -> list[Group]:
        return [_choice(Verb.CONTROL, self.kind, player_name(k)) for k in range(len(s.hands[self.team]))]

    def decide(self, s: TeamPlayState, a: Action) -> None:
        team, k = self.team, _k(a)
        s.shared_by[team] = k
        s.log.append(f"{team.value} p{k + 1} controls the shared {s.stats(self.kind).name}"
                     + {"turn": " this turn", "spawn": " and spawns it", "respawn": " and respawns it"}[self.why])
        if self.why == "spawn":
            mine = {s.owner[u.uid]: u.kind for u in s.characters(team) if s.owner[u.uid] >= 0}
            other = 1 - k
            s.queue[0:0] = [Spawn(team, other, (mine[other],), draws=2),
                            Spawn(team, k, (mine[k], self.kind), draws=3)]
        elif self.why == "respawn":
            s.queue.insert(0, Spawn(team, k, (self.kind,), draws=1))

    def describe(self, s: TeamPlayState) -> str:
        t, name = self.team.value, s.stats(self.kind).name
        return {"turn": f"{t} chooses who controls the shared {name} this turn",
                "spawn": f"{t} chooses who spawns the shared {name} (that player draws 3 powerups)",
                "respawn": f"{t} chooses who respawns the shared {name}"}[self.why]


@dataclass(frozen=True, slots=True)
class Spawn(PlayerDecision):
    """``team``'s ``player`` spawns one of ``kinds`` by discarding a powerup (after drawing ``draws`` of them);
    the rest wait for the next one."""

    kinds: tuple[str, ...]
    draws: int = 0

    phase: ClassVar[Phase] = Phase.SPAWN
    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.SPAWN})

    def groups(self, s: TeamPlayState) -> list[Group]:
        hand = s.hands[self.team][self.player]
        out: list[Group] = []
        for kind in self.kinds:
            for card in dict.fromkeys(hand.cards):
                cells = s.spawn_cells(card_colour(card))
                if cells:
                    out.append((Verb.SPAWN, kind, None, cells, s.board.hexes, card))
        return out

    def decide(self, s: TeamPlayState, a: Action) -> None:
        hand = s.hands[self.team][self.player]
        hand.cards.remove(a.detail)
        s.discards.append(a.detail)
        u = s.character(a.kind)
        assert u is not None and a.target is not None
        u.cell = s.board.index[a.target]
        s.log.append(f"{s.player_label(self.team, hand)} discards {a.detail.replace('_', ' ')}: the "
                     f"{s.name_of(u)} spawns on {a.target}")
        rest = tuple(k for k in self.kinds if k != a.kind)
        if rest:
            s.queue.insert(0, Spawn(self.team, self.player, rest))

    def draw(self, s: TeamPlayState) -> Spawn:
        """Draw the powerups this decision draws first; the decision without them."""
        hand = s.hands[self.team][self.player]
        for _ in range(self.draws):
            draw_powerup(s, hand)
        return Spawn(self.team, self.player, self.kinds)

    def describe(self, s: TeamPlayState) -> str:
        names = ", ".join(s.stats(k).name for k in self.kinds)
        return f"{self.team.value} {player_name(self.player)} discards a powerup to spawn {names} on a " \
               "spawnpoint of its colour"

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        hand = s.hands[self.team][self.player]
        if a.kind not in self.kinds:
            return f"this decision spawns {', '.join(s.stats(k).name for k in self.kinds)}"
        if a.detail not in hand.cards:
            return f"{hand.name} holds no {a.detail.replace('_', ' ') or 'card'}; discard one of: " \
                   f"{', '.join(c.replace('_', ' ') for c in hand.cards)}"
        colour = card_colour(a.detail)
        cells = s.spawn_cells(colour)
        if any(s.free(c) for c in s.points_cells[colour]) or not cells:
            return f"discarding a {colour.value} powerup spawns on a free {colour.value} spawnpoint"
        where = " ".join(str(s.board.hexes[c]) for c in cells)
        return (f"every {colour.value} spawnpoint is taken: discarding a {colour.value} powerup spawns on the free "
                f"hex nearest one ({where}; decision 5)")


@dataclass(frozen=True, slots=True)
class Scope(PlayerDecision):
    """``team``'s ``player`` may add a Targeting Scope to the shot the character ``shooter`` (a uid) just fired
    at those it damaged (``hit``, uids)."""

    shooter: int
    hit: tuple[int, ...]

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.TARGETING, Verb.PASS})
    words: ClassVar[str] = "{who} may add a Targeting Scope (1 cube of any colour) to the shot, or pass"

    def groups(self, s: TeamPlayState) -> list[Group]:
        b = s.board
        shooter = s.units[self.shooter]
        hand = s.hands[self.team][self.player]
        if not any(card_kind(c) == "targeting_scope" and can_pay(hand, ANY, c) for c in hand.cards):
            return []
        cells = [s.units[v].cell for v in self.hit if s.units[v].cell >= 0]
        return [(Verb.TARGETING, shooter.kind, b.hexes[shooter.cell], cells, b.hexes, ""), _PASS] if cells else []

    def decide(self, s: TeamPlayState, a: Action) -> None:
        if a.verb is Verb.PASS:
            return
        shooter = s.units[self.shooter]
        hand = s.hands[self.team][self.player]
        card = next(c for c in hand.cards if card_kind(c) == "targeting_scope" and can_pay(hand, ANY, c))
        hand.cards.remove(card)
        s.discards.append(card)
        s.discards.extend(pay(hand, ANY))
        assert a.target is not None
        v = s.unit_at(a.target)
        assert v is not None
        # 003 "Marks in the buffer": the Scope is part of the shot, and the marks its target holds now are the
        # shot's own (its damage turned the older ones into damage), so they wait for a later action
        s.add_damage(v, int(s.options["scope_damage"]), f"{s.player_label(self.team, hand)}'s Targeting Scope "
                                                        f"(with the {s.name_of(shooter)})", convert=False, by=shooter)


@dataclass(frozen=True, slots=True)
class Tagback(TeamDecision):
    """``team`` may answer damage the character ``shooter`` (a uid) dealt to its characters ``hit`` (uids) with
    Tagback Grenades; ``answered``: (character, player) of each grenade played so far (either player may answer
    for a shared character, not both); ``ability``: the ability that dealt it ('' for a shot)."""

    shooter: int
    hit: tuple[int, ...]
    answered: tuple[tuple[str, str], ...] = ()
    ability: str = ""

    phase: ClassVar[Phase] = Phase.REACT
    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.TAGBACK, Verb.PASS})

    def groups(self, s: TeamPlayState) -> list[Group]:
        b = s.board
        shooter = s.units[self.shooter]
        answered = dict(reversed(self.answered))
        out: list[Group] = []
        for uid in dict.fromkeys(self.hit):
            v = s.units[uid]
            if v.cell < 0 or not s.sight.sees(v.cell, shooter.cell):
                continue
            by = answered.get(v.kind)
            for k, hand in enumerate(s.hands[self.team]):
                if by is not None and by != hand.name:
                    continue  # 003 "Powerups": either player may answer for the shared character, not both
                if s.may_control(v, k) and any(card_kind(c) == "tagback_grenade" for c in hand.cards):
                    out.append((Verb.TAGBACK, v.kind, b.hexes[v.cell], (shooter.cell,), b.hexes, hand.name))
        return [*out, _PASS] if out else []

    def decide(self, s: TeamPlayState, a: Action) -> None:
        if a.verb is Verb.PASS:
            return
        hand = s.hand(self.team, a.detail)
        card = next(c for c in reversed(hand.cards) if card_kind(c) == "tagback_grenade")
        hand.cards.remove(card)
        s.discards.append(card)
        s.add_marks(s.units[self.shooter], int(s.options["tagback_marks"]),
                    f"{s.player_label(self.team, hand)}'s Tagback Grenade (for the {s.stats(a.kind).name})")
        tag = (a.kind, hand.name)
        answered = self.answered if tag in self.answered else (*self.answered, tag)
        s.queue.insert(0, Tagback(self.team, self.shooter, self.hit, answered, self.ability))

    def describe(self, s: TeamPlayState) -> str:
        return f"{self.team.value} may answer the {self.ability or 'shot'} with Tagback Grenades, or pass"

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        if a.verb is Verb.TAGBACK:
            return "a Tagback Grenade answers for a damaged character you control that sees the shooter"
        return ""


@dataclass(frozen=True, slots=True)
class Abilities(TeamDecision):
    """``team`` uses its characters' abilities at the end of its turn, in any order, then passes."""

    words: ClassVar[str] = "{t} uses its characters' abilities in any order, then passes"

    def groups(self, s: TeamPlayState) -> list[Group]:
        out: list[Group] = []
        for u in s.characters(self.team):
            if u.cell >= 0 and s.acted(u) and u.uid not in s.used_abilities:
                out += s.behaviour(u.kind).ability_groups(s, u)  # type: ignore[attr-defined]
        return [*out, _PASS] if out else []

    def waits(self, s: TeamPlayState) -> bool:
        """Whether a character may still use its ability: the first one found answers (asked at the end of every
        turn, before the groups are listed)."""
        return any(u.cell >= 0 and s.acted(u) and u.uid not in s.used_abilities
                   and s.behaviour(u.kind).ability_groups(s, u)  # type: ignore[attr-defined]
                   for u in s.characters(self.team))

    def decide(self, s: TeamPlayState, a: Action) -> None:
        if a.verb is Verb.PASS:
            return
        assert a.actor is not None
        u = s.unit_at(a.actor)
        assert u is not None
        s.queue.insert(0, self)  # before the ability, which may put a Tagback decision ahead of it
        s.behaviour(u.kind).use_ability(s, u, a)  # type: ignore[attr-defined]
        s.used_abilities.append(u.uid)

    def why_not(self, s: TeamPlayState, a: Action) -> str:
        if a.actor is None:
            return super().why_not(s, a)
        u = s.unit_at(a.actor)
        if u is None:
            return f"no character stands on {a.actor}"
        if u.team is not self.team or not s.acted(u):
            return "only characters that acted this turn use their ability"
        if u.uid in s.used_abilities:
            return f"the {s.stats(u.kind).name} already used its ability this turn"
        return s.behaviour(u.kind).why_not(s, u, a)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Heal(TeamDecision):
    """A buffer reward: ``team`` slides a character's adrenaline tile back one space."""

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.RECOVER})
    words: ClassVar[str] = "{t} heals a character (slides its adrenaline tile back)"

    def groups(self, s: TeamPlayState) -> list[Group]:
        return [_choice(Verb.RECOVER, u.kind) for u in s.characters(self.team) if u.tile > 0]

    def decide(self, s: TeamPlayState, a: Action) -> None:
        u = s.character(a.kind)
        assert u is not None
        u.tile -= 1
        s.sync(u)
        s.log.append(f"{self.team.value} heals the {s.stats(a.kind).name}: its tile slides back to killshot "
                     f"space {s.killshot(u)}")

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        return "healing slides back an adrenaline tile that has slid; that character is at full strength"


@dataclass(frozen=True, slots=True)
class Cube(TeamDecision):
    """A buffer reward: ``team`` takes an ammo cube of its choice for one of its players."""

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.CUBE})
    words: ClassVar[str] = "{t} takes an ammo cube of its choice for one of its players"

    def groups(self, s: TeamPlayState) -> list[Group]:
        limit = int(s.options["max_cubes"])
        return [_choice(Verb.CUBE, c.value, hand.name) for i, c in enumerate(COLOURS) for hand in s.hands[self.team]
                if hand.cubes[i] < limit]

    def decide(self, s: TeamPlayState, a: Action) -> None:
        hand = s.hand(self.team, a.detail)
        hand.cubes[[c.value for c in COLOURS].index(a.kind)] += 1
        s.log.append(f"{s.player_label(self.team, hand)} takes a {a.kind} cube")

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        return f"that player already has {s.options['max_cubes']} cubes of that colour"


@dataclass(frozen=True, slots=True)
class Draw(TeamDecision):
    """A buffer reward: ``team`` chooses which of its players draws a powerup."""

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.DRAW})
    words: ClassVar[str] = "{t} chooses which player draws a powerup"

    def groups(self, s: TeamPlayState) -> list[Group]:
        limit = int(s.options["max_powerups"])
        if not s.powerup_deck and not s.discards:
            return []
        return [_choice(Verb.DRAW, hand.name) for hand in s.hands[self.team] if len(hand.cards) < limit]

    def decide(self, s: TeamPlayState, a: Action) -> None:
        hand = s.hand(self.team, a.kind)
        if draw_powerup(s, hand):
            s.log.append(f"{s.player_label(self.team, hand)} draws a powerup")

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        return f"that player already holds {s.options['max_powerups']} powerups"


@dataclass(frozen=True, slots=True)
class Reload(TeamDecision):
    """The end of ``team``'s turn: its players reload weapons from its table, one at a time, then pass."""

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.RELOAD, Verb.PASS})
    words: ClassVar[str] = "{t} reloads weapons from its table, then passes"

    def groups(self, s: TeamPlayState) -> list[Group]:
        team = self.team
        out = []
        for weapon in dict.fromkeys(s.table[team]):
            cost = s.card(weapon).cost
            own = s.weapon_of_kind.get(weapon)
            holder = s.character(own) if own else None
            for k, hand in enumerate(s.hands[team]):
                if holder is not None and (holder.team is not team or not s.may_control(holder, k)):
                    continue
                if can_pay(hand, cost):
                    out.append(_choice(Verb.RELOAD, weapon, hand.name))
        return [*out, _PASS] if out else []

    def decide(self, s: TeamPlayState, a: Action) -> None:
        if a.verb is Verb.PASS:
            return
        k = _k(a)
        hand = s.hands[self.team][k]
        load_weapon(s, self.team, k, a.kind, s.card(a.kind).cost)
        s.log.append(f"{s.player_label(self.team, hand)} reloads the {s.card(a.kind).title} "
                     f"({letters(s.card(a.kind).cost)})")
        s.queue.insert(0, self)
        if s.is_arena(a.kind) and s.loaded_arena(hand) > int(s.options["max_loaded"]):
            s.queue.insert(0, Unload(self.team, k))

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        return _reload_refusal(s, self.team, a) if a.verb is Verb.RELOAD else ""


def _reload_refusal(s: TeamPlayState, team: Team, a: Action) -> str:
    if a.kind not in s.table[team]:
        return f"the {a.kind} is not on {team.value}'s table of unloaded weapons"
    return (f"{a.detail or 'that player'} cannot reload the {s.card(a.kind).title}: it costs "
            f"{letters(s.card(a.kind).cost)}, and a character's own weapon only goes to a player who "
            "controls that character")


@dataclass(frozen=True, slots=True)
class Drop(PlayerDecision):
    """``team``'s ``player`` grabbed ``keep`` from the rack on board index ``rack`` and is over the limit of
    loaded weapons: he leaves another arena weapon on that rack."""

    keep: str
    rack: int

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.DROP})
    words: ClassVar[str] = "{who} is at the limit of loaded weapons: leave one on the rack"

    def groups(self, s: TeamPlayState) -> list[Group]:
        hand = s.hands[self.team][self.player]
        return [_choice(Verb.DROP, x, hand.name) for x in dict.fromkeys(hand.weapons)
                if s.is_arena(x) and x != self.keep]

    def decide(self, s: TeamPlayState, a: Action) -> None:
        hand = s.hands[self.team][self.player]
        hand.weapons.remove(a.kind)
        s.racks[self.rack].append(a.kind)
        s.log.append(f"{s.player_label(self.team, hand)} leaves the {s.card(a.kind).title} on the rack")

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        return "drop one of that player's loaded arena weapons (not the one just grabbed)"


@dataclass(frozen=True, slots=True)
class Unload(PlayerDecision):
    """``team``'s ``player`` reloaded over the limit of loaded weapons: he unloads one onto the team's table."""

    answers: ClassVar[frozenset[Verb]] = frozenset({Verb.DROP})
    words: ClassVar[str] = "{who} is at the limit of loaded weapons: unload one onto the table"

    def groups(self, s: TeamPlayState) -> list[Group]:
        hand = s.hands[self.team][self.player]
        return [_choice(Verb.DROP, x, hand.name) for x in dict.fromkeys(hand.weapons) if s.is_arena(x)]

    def decide(self, s: TeamPlayState, a: Action) -> None:
        hand = s.hands[self.team][self.player]
        hand.weapons.remove(a.kind)
        s.table[self.team].append(a.kind)
        s.log.append(f"{s.player_label(self.team, hand)} unloads the {s.card(a.kind).title} onto the table")

    def refusal(self, s: TeamPlayState, a: Action) -> str:
        return "unload one of that player's loaded arena weapons onto the table"
