"""Ruleset data: unit statistics, weapon cards, area stencils and table options, from a JSON data file.

A designer makes a variant by copying a bundled ruleset (``engine/data/*.ruleset.json``)
and editing numbers; no code changes. Numbers a rule needs beyond speed, range,
damage and health (splash rings, burn damage, scope steps...) live in each unit's
``params``; switches for readings of the rulebook live in ``options``. Modes whose
units carry cards (Payload Race's weapon cards) list them in ``weapons``, and the
shapes of area attacks in ``stencils``. Team Play adds the powerup deck
(``powerups``), the buffer reward tiles (``reward_tiles``) and the ammo tiles
(``ammo_tiles``); its weapon cards carry a reload ``cost``, ``marks`` and ``venom``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.frozendict import FrozenDict

__all__ = ["OptionValue", "Powerup", "Reward", "RewardTile", "Ruleset", "RulesetError", "Stencil", "UnitStats",
           "WeaponCard"]

OptionValue = bool | int | float | str


class RulesetError(ValueError):
    """A ruleset or an override of it does not make sense; the message says why."""


@dataclass(frozen=True, slots=True)
class UnitStats:
    """One unit type: movement, attack and health numbers plus its specials.

    ``min_range`` is the closest distance it may attack at (1 = adjacent).
    ``specials`` names the unit's special abilities; ``passive`` lists those that
    are always on and cannot be taken as an action. ``params`` holds the extra
    numbers those specials use, by name.
    """

    kind: str
    name: str
    speed: int
    range: int
    damage: int
    health: int
    min_range: int = 1
    specials: tuple[str, ...] = ()
    passive: tuple[str, ...] = ()
    params: Mapping[str, OptionValue] = field(default_factory=lambda: FrozenDict({}))
    mobile: bool = True
    pickable: bool = True
    #: the weapon cards this unit may carry (one is chosen when it is placed), in the order offered
    weapons: tuple[str, ...] = ()

    def param(self, name: str) -> OptionValue:
        """A named parameter; raises RulesetError naming the unit if it is missing."""
        try:
            return self.params[name]
        except KeyError:
            raise RulesetError(f"unit {self.kind!r} has no parameter {name!r}") from None

    @property
    def max_health(self) -> int:
        """Health plus any passive extra health (the Heavy's sandwich)."""
        extra = self.params.get("extra_health", 0)
        return self.health + int(extra)


@dataclass(frozen=True, slots=True)
class WeaponCard:
    """A weapon card: how its holder attacks.

    ``kind``: ``direct`` (a rolled shot at one unit), ``blast`` (a rolled shot at a
    hex; the ``stencil`` centred there is hit), ``fire`` (the ``stencil`` laid next
    to the holder, no roll) or ``heal`` (a teammate regains ``damage`` health).
    ``accuracy`` adds to the throw; ``falloff`` takes damage off per hex beyond
    the first; ``shots`` is the number of throws per attack; ``lobbed`` shots
    need no line of sight; ``charge`` names what a full charge deploys
    (``uber`` or ``kritz``) and ``charge_needed`` how many heals fill it.
    Team Play: ``marks`` are given to each target after its damage; ``cost``
    is the reload cost as cube letters (``R``, ``B``, ``Y``), its first cube
    the one a weapon comes with when grabbed; ``venom`` puts a venom token on
    each target.
    """

    name: str
    title: str
    kind: str
    range: int
    damage: int = 0
    min_range: int = 1
    accuracy: int = 0
    falloff: int = 0
    shots: int = 1
    stencil: str = ""
    lobbed: bool = False
    charge: str = ""
    charge_needed: int = 0
    text: str = ""
    marks: int = 0
    cost: str = ""
    venom: bool = False

    @property
    def grab_cost(self) -> str:
        """What grabbing the card costs: its reload cost without the first cube (003 "Player ammo")."""
        return self.cost[1:]


@dataclass(frozen=True, slots=True)
class Powerup:
    """A kind of powerup card (Team Play): ``use`` names its effect; ``copies`` of it in each colour."""

    name: str
    title: str
    use: str
    copies: int = 2
    text: str = ""


@dataclass(frozen=True, slots=True)
class Reward:
    """What flushing a buffer gives the flushing team: points, heals, cubes of its choice, powerups."""

    points: int = 0
    heal: int = 0
    cubes: int = 0
    powerups: int = 0

    def describe(self) -> str:
        """``"2 points, 1 heal"`` (``"nothing"`` when empty)."""
        parts = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in
                 ((self.points, "point"), (self.heal, "heal"), (self.cubes, "cube"), (self.powerups, "powerup")) if n]
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True, slots=True)
class RewardTile:
    """A buffer reward tile: the reward for a flushed buffer holding damage of 1, 2 or 3 colours (by count)."""

    name: str
    title: str
    rewards: Mapping[int, Reward]
    text: str = ""

    def reward(self, colours: int) -> Reward:
        """The reward for a buffer with damage of ``colours`` characters (none for an unknown count)."""
        return self.rewards.get(colours, Reward())


@dataclass(frozen=True, slots=True)
class Stencil:
    """An area attack's shape: hex offsets (``dq, dr``) with the damage printed on each.

    Offsets are axial, for the stencil pointing in direction 0 from its anchor:
    a blast's anchor is its centre (0,0 is the aimed hex); a fire stencil's anchor
    is its holder, so its hexes start next to him. A printed damage of None means
    the rule decides it (a blast's damage is the shooter's distance, 002 "AOE
    blast and fire"). Rotations to the other five directions are computed.
    """

    name: str
    cells: tuple[tuple[int, int, int | None], ...]
    text: str = ""


@dataclass(frozen=True)
class Ruleset:
    """Unit stats in blueprint order plus the table options a scenario may override.

    ``weapons`` and ``stencils`` are the weapon cards and area-attack shapes, by name
    (empty for modes without them). ``powerups``, ``reward_tiles`` and
    ``ammo_tiles`` (each a string of cube letters, ``P`` for a powerup) are
    Team Play's.
    """

    name: str
    units: Mapping[str, UnitStats]
    options: Mapping[str, OptionValue]
    description: str = ""
    weapons: Mapping[str, WeaponCard] = field(default_factory=lambda: FrozenDict({}))
    stencils: Mapping[str, Stencil] = field(default_factory=lambda: FrozenDict({}))
    powerups: Mapping[str, Powerup] = field(default_factory=lambda: FrozenDict({}))
    reward_tiles: Mapping[str, RewardTile] = field(default_factory=lambda: FrozenDict({}))
    ammo_tiles: tuple[str, ...] = ()

    def weapon(self, name: str) -> WeaponCard:
        """The weapon card ``name``; raises RulesetError listing the known cards."""
        try:
            return self.weapons[name]
        except KeyError:
            known = ", ".join(self.weapons) or "none"
            raise RulesetError(f"unknown weapon card {name!r}; this ruleset has: {known}") from None

    def unit(self, kind: str) -> UnitStats:
        """Stats of ``kind``; raises RulesetError listing the known kinds."""
        try:
            return self.units[kind]
        except KeyError:
            known = ", ".join(self.units)
            raise RulesetError(f"unknown unit {kind!r}; this ruleset has: {known}") from None

    def option(self, name: str) -> OptionValue:
        """The value of a table option; raises RulesetError if it is not defined."""
        try:
            return self.options[name]
        except KeyError:
            raise RulesetError(f"ruleset {self.name!r} has no option {name!r}") from None

    def with_overrides(self, overrides: Mapping[str, OptionValue]) -> Ruleset:
        """A copy with some options replaced.

        Raises RulesetError for an unknown option or a value of another type than
        the default (ints are accepted where floats are expected).
        """
        merged = dict(self.options)
        for key, value in overrides.items():
            if key not in self.options:
                known = ", ".join(sorted(self.options))
                raise RulesetError(f"unknown rule option {key!r}; known options: {known}")
            default = self.options[key]
            ok = type(value) is type(default) or (
                isinstance(default, float) and type(value) is int
            )
            if not ok:
                raise RulesetError(
                    f"rule option {key!r} must be {type(default).__name__}, "
                    f"got {value!r}"
                )
            merged[key] = value
        return replace(self, options=FrozenDict(merged))
