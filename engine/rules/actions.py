"""Actions: frozen values with a one-line text form that round-trips.

Text forms (hexes are ``q,r``)::

    soldier@3,-1 move 5,-2          a unit's move to a hex
    soldier@3,-1 attack 4,0         attack the unit (or aim at the hex) there
    medic@0,1 heal 1,1              the Medic's attack is a heal
    pyro@2,2 attack 3,2             the Pyro aims his cone at an adjacent hex
    soldier@3,-1 rocket_jump 6,0    a special with a target hex
    sniper@0,0 scope                a special without one
    engineer@1,1 build 2,1 / pickup
    medic@0,1 uber 1,1
    soldier@3,-1 end                end this unit's turn
    end                             end the team's turn (modes where every unit of a team acts)
    pass                            decline a reaction (e.g. not popping an UberCharge)
    spawn scout 0,5                 set-up or respawn: put a unit kind on a hex
    spawn scout 0,5 with scattergun ... with the card it carries (Payload Race's weapon cards)
    sentry@4,4 target 6,4           a sentry owner's choice among equidistant targets
    heavy@2,1 push 3,1              push the team's cart one step, onto the hex named
    sprog@0,0 attack 3,1 with rail  shoot with a card from a hand (Team Play's weapons)
    sprog@0,0 move 2,0 with rail    move and grab the card from the rack on that hex
    dozer@5,5 newton 5,8 with p1    a powerup played on a figure (``with`` names the player)
    draft sprog                     a choice without hexes: what is chosen ...
    reload rail with p2             ... and, with ``with``, by or for which player

:meth:`Action.parse` raises :class:`ActionParseError` (a ValueError) for text that
is not an action; whether an action is *legal* is the game state's business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Final

from engine.hexgrid import Hex
from engine.vocabulary import Term

__all__ = ["CHOICES", "Action", "ActionParseError", "Verb"]


class ActionParseError(ValueError):
    """Text is not an action; the message shows the expected form."""


class Verb(Term):
    """What an action does: an open vocabulary (:mod:`engine.vocabulary`).

    The core defines the verbs every mode shares (move, attack, heal, end, spawn,
    pass); a mode package defines its own with :meth:`define` when it is imported
    (King of the Board's ``rocket_jump``, Payload Race's ``push``...), and a verb
    several modes define is one member.
    """

    @classmethod
    def define(cls, value: str, form: str = "targeted", name: str | None = None) -> Verb:
        """The verb ``value``, defined now unless it exists (then ``form`` must agree).

        ``form`` is how its actions are written: ``"targeted"`` (a unit's action
        toward a hex: ``soldier@3,-1 rocket_jump 6,0``), ``"untargeted"`` (a unit's
        action without one: ``sniper@0,0 scope``) or ``"choice"`` (a choice naming
        no hex: ``draft sprog``, ``reload rail with p2``).
        """
        if form not in _FORMS:
            raise ValueError(f"verb form {form!r} is not one of {', '.join(_FORMS)}")
        verb, new = cls._make(value, name)
        was = _form_of(verb)
        if not new and was != form:
            raise ValueError(f"verb {value!r} is defined as {was}, not {form}")
        if form == "untargeted":
            _NO_TARGET.add(verb)
        elif form == "choice":
            CHOICES.add(verb)
        return verb

    @property
    def form(self) -> str:
        """How its actions are written: ``"targeted"``, ``"untargeted"`` or ``"choice"`` (see :meth:`define`)."""
        return _form_of(self)

    # the core verbs, for type checkers (assigned below)
    MOVE: ClassVar[Verb]
    ATTACK: ClassVar[Verb]
    HEAL: ClassVar[Verb]
    END: ClassVar[Verb]
    SPAWN: ClassVar[Verb]
    PASS: ClassVar[Verb]


_FORMS: Final = ("targeted", "untargeted", "choice")
#: Verbs without a target hex (filled as verbs are defined).
_NO_TARGET: Final[set[Verb]] = set()
#: Verbs of choices that name no hex: ``verb name`` or ``verb name with detail`` (filled as verbs are defined).
CHOICES: Final[set[Verb]] = set()


def _form_of(verb: Verb) -> str:
    return "untargeted" if verb in _NO_TARGET else "choice" if verb in CHOICES else "targeted"


Verb.MOVE = Verb.define("move")
Verb.ATTACK = Verb.define("attack")
Verb.HEAL = Verb.define("heal")
Verb.END = Verb.define("end", "untargeted")
Verb.SPAWN = Verb.define("spawn")
Verb.PASS = Verb.define("pass")

_new: Final = object.__new__

_WITH: Final = r"(?:\s+with\s+([a-z][a-z0-9_]*))?"
_UNIT_TEXT: Final = re.compile(
    r"^\s*([a-z][a-z0-9_]*)@(-?\d+,-?\d+)\s+([a-z_]+)(?:\s+(-?\d+,-?\d+))?" + _WITH + r"\s*$")
_SPAWN_TEXT: Final = re.compile(r"^\s*spawn\s+([a-z][a-z0-9_]*)\s+(-?\d+,-?\d+)" + _WITH + r"\s*$")
_BARE_TEXT: Final = re.compile(r"^\s*(end|pass)\s*$")
_CHOICE_TEXT: Final = re.compile(r"^\s*([a-z_]+)\s+([a-z][a-z0-9_]*)" + _WITH + r"\s*$")
#: Verbs a team plays without naming a unit.
_BARE: Final = frozenset({Verb.END, Verb.PASS})


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One decision: ``verb`` by the unit of ``kind`` standing on ``actor`` toward ``target``.

    For :attr:`Verb.SPAWN` ``actor`` is None and ``kind`` names the unit put on
    ``target``; an :attr:`Verb.END` or :attr:`Verb.PASS` without ``actor`` (and
    with ``kind`` "") is the whole team's. ``detail`` names a card the action uses
    (a weapon card chosen at a spawn), or the player who plays it, "" for none.
    A choice verb (:data:`CHOICES`: Team Play's draft, rewards, reloads) has no
    hexes: ``kind`` names what is chosen (a character, a colour, a weapon, a
    player) and ``detail`` optionally who gets it. Build with the helpers or
    :meth:`parse`; the constructor checks that the hexes a verb needs are present
    and raises ValueError otherwise.
    """

    verb: Verb
    kind: str
    actor: Hex | None = None
    target: Hex | None = None
    detail: str = ""

    def __post_init__(self) -> None:
        if self.verb is Verb.SPAWN:
            if self.actor is not None or self.target is None:
                raise ValueError("a spawn action has a target hex and no actor")
            return
        if self.verb in CHOICES:
            if self.actor is not None or self.target is not None or not self.kind:
                raise ValueError(f"a {self.verb.value} choice names what is chosen and no hex")
            return
        if self.verb in _BARE and self.actor is None:
            if self.kind or self.target is not None or self.detail:
                raise ValueError(f"a team's {self.verb.value} names no unit and no target")
            return
        if self.verb is Verb.PASS:
            raise ValueError("a pass names no unit")
        if self.actor is None:
            raise ValueError(f"a {self.verb.value} action needs the acting unit's hex")
        if (self.target is None) != (self.verb in _NO_TARGET):
            need = "no target" if self.verb in _NO_TARGET else "a target hex"
            raise ValueError(f"a {self.verb.value} action takes {need}")

    @classmethod
    def trusted(cls, verb: Verb, kind: str, actor: Hex | None, target: Hex | None, detail: str = "") -> Action:
        """Build an action the caller knows is well formed, skipping the checks of the constructor.

        For rules code that makes many actions (legal-action lists); anything
        built from user input goes through the constructor or :meth:`parse`.
        """
        a = _new(cls)
        _set_verb(a, verb)
        _set_kind(a, kind)
        _set_actor(a, actor)
        _set_target(a, target)
        _set_detail(a, detail)
        return a

    def text(self) -> str:
        """The canonical text form (see module docstring)."""
        tail = f" with {self.detail}" if self.detail else ""
        if self.verb is Verb.SPAWN:
            return f"spawn {self.kind} {self.target}{tail}"
        if self.verb in CHOICES:
            return f"{self.verb.value} {self.kind}{tail}"
        if self.actor is None:
            return self.verb.value
        head = f"{self.kind}@{self.actor} {self.verb.value}"
        return (head if self.target is None else f"{head} {self.target}") + tail

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form; raises :class:`ActionParseError`."""
        m = _SPAWN_TEXT.match(text)
        if m is not None:
            return cls(Verb.SPAWN, m.group(1), None, Hex.parse(m.group(2)), m.group(3) or "")
        m = _BARE_TEXT.match(text)
        if m is not None:
            return cls(Verb(m.group(1)), "")
        m = _CHOICE_TEXT.match(text)
        if m is not None and m.group(1) in Verb and Verb(m.group(1)) in CHOICES:
            return cls(Verb(m.group(1)), m.group(2), None, None, m.group(3) or "")
        m = _UNIT_TEXT.match(text)
        if m is None:
            raise ActionParseError(
                f"{text!r} is not an action; write e.g. 'soldier@3,-1 move 5,-2', "
                "'sniper@0,0 scope', 'spawn scout 0,5', 'draft sprog' or 'end'"
            )
        kind, actor, verb, target, detail = m.groups()
        try:
            v = Verb(verb)
        except ValueError:
            known = ", ".join(v.value for v in Verb if v is not Verb.SPAWN and v not in CHOICES)
            raise ActionParseError(f"unknown verb {verb!r} in {text!r}; known: {known}") from None
        try:
            return cls(v, kind, Hex.parse(actor), Hex.parse(target) if target else None, detail or "")
        except ValueError as e:
            raise ActionParseError(f"{text!r}: {e}") from None


# The slots' own setters (they bypass the frozen dataclass's __setattr__, as object.__setattr__ does, at
# about half its cost): Action.trusted builds one action per decision of every self-played game.
_set_verb, _set_kind, _set_actor, _set_target, _set_detail = (
    getattr(Action, name).__set__ for name in ("verb", "kind", "actor", "target", "detail"))
