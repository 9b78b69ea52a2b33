"""Team Play's pieces: characters with their player boards, and each player's ammo, powerups and hand.

A :class:`Character` is a figure on the board with its player board (003
"Character setup"): damage tokens, skulls of the killshots scored on it, the
adrenaline rush tile's position and a venom token. A :class:`Hand` is what one
*player* owns (003 "Player ammo", "Weapons", "Powerups"): cubes, powerup cards
and loaded weapons. Both copy themselves for undo and clone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine.games.units import Unit
from engine.mapmodel import Colour

__all__ = ["COLOURS", "Character", "Hand", "card_colour", "card_kind", "card_name", "player_name"]

#: Cube colours in the order of a hand's ``cubes`` list (the letters of costs).
COLOURS: Final = (Colour.RED, Colour.BLUE, Colour.YELLOW)


@dataclass(slots=True)
class Character(Unit):
    """A character (``cell`` -1 while waiting to respawn).

    ``damage``: tokens on its board; ``skulls``: killshots scored on it (each
    lowers what the next is worth); ``tile``: spaces its adrenaline rush tile has
    slid left (0 = full strength; each moves the killshot space one earlier);
    ``venom``: it carries a venom token; ``weapon``: its character-specific weapon.
    ``health`` is kept as the tokens it can still take before the killshot space.
    """

    damage: int = 0
    skulls: int = 0
    tile: int = 0
    venom: bool = False
    weapon: str = ""

    def copy(self) -> Character:
        """An independent copy."""
        return Character(self.uid, self.team, self.kind, self.cell, self.health, self.slot, self.damage,
                         self.skulls, self.tile, self.venom, self.weapon)


@dataclass(slots=True)
class Hand:
    """What one player holds: ``cubes`` (red, blue, yellow counts), powerup ``cards`` and loaded ``weapons``."""

    name: str
    cubes: list[int] = field(default_factory=lambda: [0, 0, 0])
    cards: list[str] = field(default_factory=list)
    weapons: list[str] = field(default_factory=list)

    def copy(self) -> Hand:
        """An independent copy."""
        return Hand(self.name, list(self.cubes), list(self.cards), list(self.weapons))


def player_name(index: int) -> str:
    """``p1`` for player index 0: how actions name a team's players."""
    return f"p{index + 1}"


def card_name(kind: str, colour: Colour) -> str:
    """The id of a powerup card: its kind and colour, ``newton_red``."""
    return f"{kind}_{colour.value}"


def card_colour(card: str) -> Colour:
    """The colour of a powerup card id."""
    return Colour(card.rsplit("_", 1)[1])


def card_kind(card: str) -> str:
    """The powerup kind of a card id (``newton`` of ``newton_red``)."""
    hit = _KINDS.get(card)
    if hit is None:
        if len(_KINDS) >= 4_096:  # card ids come from rulesets: a few dozen; never grow without bound
            _KINDS.clear()
        hit = _KINDS[card] = card.rsplit("_", 1)[0]
    return hit


#: card id -> its kind: the legal actions of every decision look at every card in the acting team's hands.
_KINDS: dict[str, str] = {}
