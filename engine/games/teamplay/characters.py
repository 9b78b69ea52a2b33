"""The six characters' end-of-turn abilities, one behaviour each (chosen by the special a character has).

003 "Character abilities": after all three characters have acted, each that
acted uses its ability, in any order; abilities come after the ammo tiles and
weapons are replaced and before the opponents' buffer is checked, so damage or
marks they add count toward this turn's flush. 003 leaves the abilities to the
base game's expansion; hexfort's six are its own (docs/rules-teamplay.md,
"Characters"), each a few lines:

- Sprog, ``venom`` (mandatory, automatic): every enemy with a venom token takes
  ``venom_damage`` straight onto its board, skipping the buffer (003 names it as
  the one exception), and loses the token;
- Violet, ``overwatch``: ``overwatch_marks`` marks on an enemy she sees within
  ``overwatch_range``;
- Dozer, ``shove``: an adjacent enemy is pushed one hex straight away from him;
- Banshee, ``wail``: ``wail_marks`` marks on every enemy she sees within ``wail_range``;
- D-Struct-Or, ``salvage``: the player controlling him gains ``salvage_cubes``
  cube(s) of a colour he chooses (before reloading, where it can pay);
- Echo, ``reverb``: ``reverb_damage`` more damage, through the buffer, to an
  enemy she sees within ``reverb_range`` that already has damage in its buffer;
  like a shot's damage, the victim's team may answer it with Tagback Grenades.

Sprog's venom is mandatory (003 "Character abilities" under "End of turn"): it
fires at every end of his team's turn, whether or not he acted; the chosen
abilities are used only by characters that acted (their cards turned).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from engine.games.behaviour import Behaviour
from engine.games.teamplay.acting import offer_tagback
from engine.games.teamplay.pieces import COLOURS, Character
from engine.games.units import UnitTurn
from engine.rules.actions import Action, Verb
from engine.rules.legal import NO_TARGET, Group
from engine.rules.movement import can_step

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["ABILITIES", "Banshee", "Dozer", "DStructor", "Echo", "Fighter", "Sprog", "Violet"]


class Fighter(Behaviour["TeamPlayState", Character]):
    """A character without an ability: it moves, grabs and shoots (the state does those for every character)."""

    #: the verb of the ability's decision ("" for none or an automatic one)
    verb: Verb | None = None

    def ability_groups(self, state: TeamPlayState, u: Character) -> list[Group]:
        """The ability's decisions now (empty when it has nothing to do)."""
        return []

    def use_ability(self, state: TeamPlayState, u: Character, action: Action) -> None:
        """Resolve the ability's decision ``action``."""
        raise NotImplementedError(f"the {self.stats.name} has no ability to use")

    def automatic(self, state: TeamPlayState, u: Character) -> None:
        """The ability's mandatory part, run after the chosen abilities (Sprog's venom)."""

    def p(self, name: str) -> int:
        """A number of the ability from the ruleset (RulesetError names a missing one)."""
        return int(self.stats.param(name))

    def _seen_enemies(self, state: TeamPlayState, u: Character, reach: int) -> list[Character]:
        b = state.board
        return [v for v in state.units.values() if v.team is not u.team and v.cell >= 0
                and b.distance(u.cell, v.cell) <= reach and state.sight.sees(u.cell, v.cell)]

    @staticmethod
    def target(state: TeamPlayState, action: Action) -> Character:
        """The figure on the hex ``action`` aims at (the action is legal, so one stands there)."""
        assert action.target is not None
        v = state.unit_at(action.target)
        assert v is not None
        return v

    def _aimed(self, state: TeamPlayState, u: Character, targets: list[Character]) -> list[Group]:
        if not targets or self.verb is None:
            return []
        b = state.board
        return [(self.verb, u.kind, b.hexes[u.cell], sorted(v.cell for v in targets), b.hexes, "")]

    def why_not(self, state: TeamPlayState, u: Character, action: Action) -> str:
        if self.verb is not None and action.verb is self.verb:
            return f"the {self.stats.name}'s {self.verb.value} has no target now"
        return f"the {self.stats.name} cannot {action.verb.value.replace('_', ' ')}"

    def end_of_own_turn(self, state: TeamPlayState, u: Character, done: UnitTurn) -> None:
        """Nothing: abilities are decisions of the end-of-turn sequence (:meth:`ability_groups`)."""

    def ability_tip(self) -> str:
        """What the character's end-of-turn ability does, with this ruleset's numbers."""
        return "No ability"

    def tip(self, verb: Verb) -> str:
        """A button's tooltip: the character's actions with this ruleset's numbers, or its ability."""
        o = self.game.options
        if verb is self.verb:
            return self.ability_tip()
        texts = {
            Verb.MOVE: f"Move up to {self.stats.speed} hexes (one square) and grab the ammo tile there, "
                       "or a weapon from the rack there (paying its grab cost)",
            Verb.ATTACK: "Shoot with a loaded weapon of the player controlling this character: every shot that "
                         "may be made hits; damage and marks go to the enemy's buffer",
            Verb.DASH: f"Adrenaline (from {o['adrenaline_1']} damage): move up to {o['dash_hexes']} hexes and grab",
            Verb.STEP: f"Adrenaline (from {o['adrenaline_2']} damage): move up to {o['step_hexes']} hexes, then shoot",
            Verb.RUSH: "Adrenaline rush: slide the adrenaline tile one space left (the killshot comes one damage "
                       "earlier) to take an adrenaline action now",
            Verb.NEWTON: f"Newton: move an enemy figure up to {o['newton_hexes']} hexes in a straight line",
            Verb.TELEPORT: "Teleporter: put a character you control on any free hex",
        }
        return texts.get(verb, super().tip(verb))


class Sprog(Fighter):
    """Venom: automatic damage that skips the buffer."""

    def automatic(self, state: TeamPlayState, u: Character) -> None:
        dmg = self.p("venom_damage")
        for v in state.units.values():
            if v.team is not u.team and v.venom:
                v.venom = False
                placed = state.board_damage(v, dmg, f"{self.stats.name}'s venom")
                if state.events is not None:
                    state.note_damage(v, placed, u)

    def ability_tip(self) -> str:
        return (f"Venom (automatic): at the end of his team's turn every enemy with a venom token takes "
                f"{self.p('venom_damage')} damage straight onto its board, skipping the buffer")


class Violet(Fighter):
    """Overwatch: marks on an enemy she sees."""

    verb = Verb.OVERWATCH

    def ability_groups(self, state: TeamPlayState, u: Character) -> list[Group]:
        return self._aimed(state, u, self._seen_enemies(state, u, self.p("overwatch_range")))

    def use_ability(self, state: TeamPlayState, u: Character, action: Action) -> None:
        state.add_marks(self.target(state, action), self.p("overwatch_marks"), f"{self.stats.name}'s overwatch")

    def ability_tip(self) -> str:
        return (f"Overwatch: {self.p('overwatch_marks')} mark(s) on an enemy she sees within "
                f"{self.p('overwatch_range')} hexes")


class Dozer(Fighter):
    """Shove: an adjacent enemy goes one hex straight away from him."""

    verb = Verb.SHOVE

    def landing(self, state: TeamPlayState, u: Character, v: Character) -> int:
        """Where a shove sends ``v`` (board index), or -1 when it cannot go (wall, cliff, figure, edge)."""
        b = state.board
        away = b.hexes[v.cell] + (b.hexes[v.cell] - b.hexes[u.cell])
        c = b.index.get(away, -1)
        if c < 0 or b.wall[c] or b.low[c] or state.occupant(c) is not None:
            return -1
        return c if can_step(b, v.cell, c, state.walk) else -1

    def ability_groups(self, state: TeamPlayState, u: Character) -> list[Group]:
        b = state.board
        near = [v for v in state.units.values() if v.team is not u.team and v.cell >= 0
                and b.distance(u.cell, v.cell) == 1 and self.landing(state, u, v) >= 0]
        return self._aimed(state, u, near)

    def use_ability(self, state: TeamPlayState, u: Character, action: Action) -> None:
        v = self.target(state, action)
        c = self.landing(state, u, v)
        state.log.append(f"{state.name_of(u)} shoves the {state.name_of(v)} to {state.board.hexes[c]}")
        v.cell = c

    def ability_tip(self) -> str:
        return "Shove: push an adjacent enemy one hex straight away from Dozer"


class Banshee(Fighter):
    """Wail: marks on every enemy she sees nearby."""

    verb = Verb.WAIL

    def ability_groups(self, state: TeamPlayState, u: Character) -> list[Group]:
        if not self._seen_enemies(state, u, self.p("wail_range")):
            return []
        return [(Verb.WAIL, u.kind, state.board.hexes[u.cell], NO_TARGET, None, "")]

    def use_ability(self, state: TeamPlayState, u: Character, action: Action) -> None:
        for v in self._seen_enemies(state, u, self.p("wail_range")):
            state.add_marks(v, self.p("wail_marks"), f"{self.stats.name}'s wail")

    def ability_tip(self) -> str:
        return f"Wail: {self.p('wail_marks')} mark(s) on every enemy she sees within {self.p('wail_range')} hexes"


class DStructor(Fighter):
    """Salvage: his player gains a cube of a chosen colour."""

    verb = Verb.SALVAGE

    def ability_groups(self, state: TeamPlayState, u: Character) -> list[Group]:
        hand = state.hand_of(u)
        limit = int(state.options["max_cubes"])
        here = state.board.hexes[u.cell]
        return [(Verb.SALVAGE, u.kind, here, NO_TARGET, None, c.value)
                for i, c in enumerate(COLOURS) if hand.cubes[i] < limit]

    def use_ability(self, state: TeamPlayState, u: Character, action: Action) -> None:
        hand = state.hand_of(u)
        i = [c.value for c in COLOURS].index(action.detail)
        n = self.p("salvage_cubes")
        hand.cubes[i] = min(int(state.options["max_cubes"]), hand.cubes[i] + n)
        state.log.append(f"{state.name_of(u)} salvages {n} {action.detail} cube(s) for {state.player_label(u.team, hand)}")

    def ability_tip(self) -> str:
        return f"Salvage: his player gains {self.p('salvage_cubes')} cube(s) of a colour of his choice"


class Echo(Fighter):
    """Reverb: more damage to an enemy already in the buffer."""

    verb = Verb.REVERB

    def ability_groups(self, state: TeamPlayState, u: Character) -> list[Group]:
        hurt = state.buffer[u.team.other]
        return self._aimed(state, u, [v for v in self._seen_enemies(state, u, self.p("reverb_range"))
                                      if hurt.get(v.kind, 0) > 0])

    def use_ability(self, state: TeamPlayState, u: Character, action: Action) -> None:
        v = self.target(state, action)
        state.add_damage(v, self.p("reverb_damage"), f"{self.stats.name}'s reverb", by=u)
        offer_tagback(state, u, [v.uid], "reverb")  # damage an opponent added: Decision 3, docs/rules-teamplay.md

    def ability_tip(self) -> str:
        return (f"Reverb: {self.p('reverb_damage')} more damage, through the buffer, to an enemy she sees within "
                f"{self.p('reverb_range')} hexes that already has damage in its buffer")


#: The behaviour of a character, by the special that names its ability.
ABILITIES: Final[Mapping[str, type[Behaviour[Any, Any]]]] = {
    "venom": Sprog,
    "overwatch": Violet,
    "shove": Dozer,
    "wail": Banshee,
    "salvage": DStructor,
    "reverb": Echo,
}

#: The ability verbs, for the state's decision dispatch.
ABILITY_VERBS: Final = frozenset(c.verb for c in ABILITIES.values() if c.verb is not None)  # type: ignore[attr-defined]
