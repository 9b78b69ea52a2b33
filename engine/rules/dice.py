"""Dice owned by a game: a seeded generator that records every roll.

The generator is splitmix64, written out here so that a seed gives the same
rolls on every Python version and platform (``random.Random`` makes no such
promise across versions). A game replays exactly from its seed and action list;
the recorded rolls let a replay file prove it did (see :mod:`engine.replay`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

__all__ = ["Crit", "Dice", "DiceSpec", "Roll", "ScriptedDice", "TWO_D6"]

_MASK64: Final = (1 << 64) - 1
#: Rejection limits of the usual dice: the largest multiple of ``sides`` not above 2**64.
_LIMITS: Final = {s: (1 << 64) - ((1 << 64) % s) for s in (2, 3, 4, 6, 8, 10, 12, 20)}


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded throw: what it was for, the dice faces and their sum."""

    purpose: str
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        """Sum of the faces."""
        return sum(self.faces)

    @property
    def doubles(self) -> bool:
        """True for two or more dice all showing the same face (a critical hit on 2d6)."""
        return len(self.faces) >= 2 and len(set(self.faces)) == 1

    def __str__(self) -> str:
        return f"{self.purpose}: {'+'.join(map(str, self.faces))}={self.total}"


class Dice:
    """A seeded die roller that records each throw in :attr:`rolls`.

    ``seed`` is any integer (reduced modulo 2**64). :meth:`copy` gives an
    independent roller in the same position, so a cloned game rolls the same.
    """

    __slots__ = ("seed", "_state", "rolls")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed & _MASK64
        self._state = self.seed
        self.rolls: list[Roll] = []

    def die(self, sides: int) -> int:
        """One unrecorded face 1..sides (unbiased by rejection); raises ValueError if sides < 1."""
        limit = _LIMITS.get(sides)
        if limit is None:
            if sides < 1:
                raise ValueError(f"a die needs at least one side, got {sides}")
            limit = (1 << 64) - ((1 << 64) % sides)
        while True:
            # splitmix64 (_next) written out: this is the inner loop of every throw
            self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                return x % sides + 1

    def roll(self, count: int, sides: int, purpose: str) -> Roll:
        """Throw ``count`` dice of ``sides`` sides, record and return the throw."""
        die = self.die
        r = Roll(purpose, (die(sides), die(sides)) if count == 2 else tuple([die(sides) for _ in range(count)]))
        self.rolls.append(r)
        return r

    def copy(self) -> Dice:
        """An independent roller at the same position with a copy of the record."""
        d = Dice.__new__(Dice)
        d.seed = self.seed
        d._state = self._state
        d.rolls = list(self.rolls)
        return d

    def restore(self, state: int, nrolls: int) -> None:
        """Go back to generator ``state`` with the first ``nrolls`` rolls (used by undo)."""
        self._state = state
        del self.rolls[nrolls:]

    @property
    def state(self) -> int:
        """The generator's internal position (saved by undo)."""
        return self._state


class ScriptedDice(Dice):
    """Dice that show the given faces in order (tests, and "what if" in the playtest).

    Raises IndexError when the script runs out, so a test notices an unexpected throw.
    """

    __slots__ = ("faces",)

    def __init__(self, faces: list[int] | tuple[int, ...]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def die(self, sides: int) -> int:
        """The next scripted face; ValueError if it does not fit on the die."""
        if not self.faces:
            raise IndexError("the scripted dice ran out of faces")
        f = self.faces.pop(0)
        if not 1 <= f <= sides:
            raise ValueError(f"face {f} is not on a {sides}-sided die")
        return f

    def copy(self) -> ScriptedDice:
        """A copy with the remaining script."""
        d = ScriptedDice(self.faces)
        d.rolls = list(self.rolls)
        return d


class Crit(StrEnum):
    """When a throw is a critical hit."""

    #: Never (a single die, or a game without crits).
    NONE = "none"
    #: All dice show the same face (001 "Attacking": a pair on 2d6).
    DOUBLES = "doubles"
    #: Every die shows its highest face (a natural 8 on a d8).
    MAX_FACE = "max_face"


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """An accuracy throw: ``count`` dice of ``sides`` sides, summed, and when it is a crit.

    Odds are exact: the table of totals is enumerated once (``sides ** count``
    outcomes; both are small), so the UI and the AI read the true chance of a
    throw the rules make, whatever dice a mode uses. Raises ValueError for fewer
    than one die or side, or more than 6**6 outcomes.
    """

    count: int = 2
    sides: int = 6
    crit: Crit = Crit.DOUBLES

    def __post_init__(self) -> None:
        if self.count < 1 or self.sides < 1:
            raise ValueError(f"a dice spec needs at least one die of one side, got {self.count}d{self.sides}")
        if self.sides ** self.count > 46_656:
            raise ValueError(f"{self.count}d{self.sides} has too many outcomes to enumerate")

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    def roll(self, dice: Dice, purpose: str) -> Roll:
        """Throw these dice with ``dice`` (recorded there)."""
        return dice.roll(self.count, self.sides, purpose)

    def is_crit(self, roll: Roll) -> bool:
        """Whether ``roll`` (thrown with this spec) is a critical hit."""
        if self.crit is Crit.DOUBLES:
            return roll.doubles
        if self.crit is Crit.MAX_FACE:
            return all(f == self.sides for f in roll.faces)
        return False

    def chance_at_least(self, need: int) -> float:
        """Probability that the total is at least ``need``."""
        table = _odds(self)[0]
        return table[0] if need <= self.count else table[need - self.count] if need <= self.count * self.sides else 0.0

    def crit_chance_at_least(self, need: int) -> float:
        """Probability of a critical throw whose total is also at least ``need``."""
        table = _odds(self)[1]
        return table[0] if need <= self.count else table[need - self.count] if need <= self.count * self.sides else 0.0

    def outcomes(self) -> dict[int, tuple[int, int]]:
        """Total -> (ways to throw it, ways that are also crits), out of ``sides ** count``."""
        return dict(_odds(self)[2])


_ODDS: dict[DiceSpec, tuple[tuple[float, ...], tuple[float, ...], dict[int, tuple[int, int]]]] = {}


def _odds(spec: DiceSpec) -> tuple[tuple[float, ...], tuple[float, ...], dict[int, tuple[int, int]]]:
    """(P(total >= count + k), P(crit and total >= count + k)) for k = 0.., and the outcome table (cached)."""
    hit = _ODDS.get(spec)
    if hit is not None:
        return hit
    ways: dict[int, list[int]] = {}
    for faces in itertools.product(range(1, spec.sides + 1), repeat=spec.count):
        w = ways.setdefault(sum(faces), [0, 0])
        w[0] += 1
        if spec.is_crit(Roll("", faces)):
            w[1] += 1
    total = spec.sides ** spec.count
    lo, hi = spec.count, spec.count * spec.sides
    at_least = tuple(sum(ways[t][0] for t in range(n, hi + 1)) / total for n in range(lo, hi + 1))
    crit = tuple(sum(ways[t][1] for t in range(n, hi + 1)) / total for n in range(lo, hi + 1))
    hit = _ODDS[spec] = (at_least, crit, {t: (w[0], w[1]) for t, w in sorted(ways.items())})
    return hit


#: King of the Board's accuracy roll (001 "Attacking").
TWO_D6: Final = DiceSpec(2, 6, Crit.DOUBLES)
