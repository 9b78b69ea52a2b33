"""Paying for weapons and powerups: costs in cubes, paid with cubes first and powerups for what is missing.

003 "Weapons" / "Reload": a player pays with his own ammo and may use powerups
to help (a powerup discarded stands for one cube of its colour, the base game's
rule). hexfort pays automatically (docs/rules-teamplay.md, "Paying"): every cube
of the cost is taken from the player's cubes of that colour when he has one,
else from a powerup of that colour (the newest such card), never the card being
played. ``*`` in a cost is one cube of any colour: the colour he holds most of,
else any powerup. Paying needs no decision, which keeps a turn's choices about
*what* to do, not which cube to spend.
"""

from __future__ import annotations

from typing import Final

from engine.games.teamplay.pieces import COLOURS, Hand, card_colour
from engine.rules.memo import make_room

__all__ = ["ANY", "can_pay", "gain_cube", "letters", "pay", "payment"]

#: A cost letter for "one cube of any colour" (the Targeting Scope's price).
ANY: Final = "*"
_INDEX: Final = {c.letter: i for i, c in enumerate(COLOURS)}


def letters(cost: str) -> str:
    """A cost in words: ``"RRB"`` -> ``"2 red, 1 blue"`` (``"free"`` when empty)."""
    if not cost:
        return "free"
    parts = []
    for c in COLOURS:
        n = cost.count(c.letter)
        if n:
            parts.append(f"{n} {c.value}")
    if ANY in cost:
        parts.append(f"{cost.count(ANY)} of any colour")
    return ", ".join(parts)


def payment(hand: Hand, cost: str, keep: str = "") -> tuple[list[int], list[str]] | None:
    """(cubes spent per colour, powerup cards discarded) that pay ``cost``, or None if ``hand`` cannot.

    ``keep`` is a card that may not be discarded to pay (the one being played).
    """
    cubes = list(hand.cubes)
    cards = list(hand.cards)
    if keep:
        cards.remove(keep)
    spent = [0, 0, 0]
    used: list[str] = []
    for letter in sorted(cost, key=lambda x: x == ANY):  # named colours first, "any" last
        if letter == ANY:
            i = max(range(3), key=lambda k: (cubes[k], -k))
            if cubes[i] > 0:
                cubes[i] -= 1
                spent[i] += 1
            elif cards:
                used.append(cards.pop())
            else:
                return None
            continue
        i = _INDEX[letter]
        if cubes[i] > 0:
            cubes[i] -= 1
            spent[i] += 1
            continue
        k = next((j for j in range(len(cards) - 1, -1, -1) if card_colour(cards[j]) is COLOURS[i]), -1)
        if k < 0:
            return None
        used.append(cards.pop(k))
    return spent, used


def can_pay(hand: Hand, cost: str, keep: str = "") -> bool:
    """Whether ``hand`` can pay ``cost`` (see :func:`payment`).

    Asked for every weapon on every rack a character reaches, at every decision;
    the answer depends on the cubes, the cards, the cost and ``keep`` alone, so
    it is kept by those.
    """
    if not cost:
        return True
    key: tuple[int | str, ...] = (*hand.cubes, cost, keep, *hand.cards)
    hit = _PAYABLE.get(key)
    if hit is None:
        make_room(_PAYABLE, 8_192)
        hit = _PAYABLE[key] = payment(hand, cost, keep) is not None
    return hit


#: (cubes..., cost, keep, cards...) -> whether a hand holding them can pay the cost (see can_pay).
_PAYABLE: dict[tuple[int | str, ...], bool] = {}


def pay(hand: Hand, cost: str, keep: str = "") -> list[str]:
    """Take ``cost`` from ``hand`` and return the powerup cards discarded; ValueError if it cannot pay."""
    got = payment(hand, cost, keep)
    if got is None:
        raise ValueError(f"{hand.name} cannot pay {letters(cost)}")
    spent, used = got
    for i in range(3):
        hand.cubes[i] -= spent[i]
    for card in used:
        hand.cards.remove(card)
    return used


def gain_cube(hand: Hand, letter: str, limit: int) -> bool:
    """Give ``hand`` one cube of colour ``letter`` up to ``limit`` of that colour; False when it is full."""
    i = _INDEX[letter]
    if hand.cubes[i] >= limit:
        return False
    hand.cubes[i] += 1
    return True
