"""Drawing from Team Play's decks: a powerup for a hand, an arena weapon for a rack (003 "Powerups", "Weapons")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.games.teamplay.pieces import Hand
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["draw_powerup", "draw_weapon"]


def draw_powerup(s: TeamPlayState, hand: Hand) -> str:
    """``hand`` draws a powerup (the discards are shuffled back when the deck is out); '' if none is left."""
    if not s.powerup_deck:
        s.powerup_deck, s.discards = s.discards, []
    if not s.powerup_deck:
        return ""
    k = s.dice.roll(1, len(s.powerup_deck), "powerup draw").total - 1
    card = s.powerup_deck.pop(k)
    hand.cards.append(card)
    return card


def draw_weapon(s: TeamPlayState) -> str:
    """The next arena weapon from the deck ('' when it is out)."""
    if not s.weapon_deck:
        return ""
    k = s.dice.roll(1, len(s.weapon_deck), "weapon draw").total - 1
    return s.weapon_deck.pop(k)
