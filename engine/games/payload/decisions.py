"""Payload Race's decisions between actions (:mod:`engine.games.decisions`): placing a token, an UberCharge.

- :class:`PlaceToken`: a side puts one of its tokens on a free hex of its spawn
  with a weapon card — at set-up (``"setup"``), back from the dead at once after
  the action that killed it, even in the other side's turn (``"respawn"``), or at
  the start of its side's turn after waiting for a free hex (``"waiting"``);
- :class:`UberAnswer`: an enemy attack would hurt a Medic holding a full
  UberCharge, or a teammate in his reach: his side pops it or passes (002
  "Deploying kritz or uber"), then the attack resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final, Literal

from engine.games.decisions import Decision
from engine.games.phases import Phase
from engine.rules.actions import Action, Verb
from engine.rules.legal import NO_TARGET, Group

if TYPE_CHECKING:
    from engine.games.payload.state import PayloadState

__all__ = ["PlaceToken", "UberAnswer"]

_V_SPAWN, _V_UBER, _V_PASS = Verb.SPAWN, Verb.UBER, Verb.PASS
_PASS_GROUP: Final[Group] = (_V_PASS, "", None, NO_TARGET, None, "")


@dataclass(frozen=True, slots=True)
class PlaceToken(Decision):
    """``team`` places its ``kind`` token of turn-order slot ``slot``; ``why`` it is placed now."""

    kind: str
    slot: int
    why: Literal["setup", "respawn", "waiting"] = "setup"

    phase: ClassVar[Phase] = Phase.SPAWN

    def groups(self, s: PayloadState) -> list[Group]:
        cells = s.spawn_cells(self.team, self.kind)
        return [(_V_SPAWN, self.kind, None, cells, s.board.hexes, w) for w in s.stats(self.kind).weapons]

    def decide(self, s: PayloadState, a: Action) -> None:
        assert a.target is not None
        u = s.place(self.team, self.kind, self.slot, s.board.index[a.target], a.detail)
        if self.why == "setup":
            if not s.queue:
                s.team = s.first
            s.finish_setup()
        elif self.why == "respawn":
            if self.team is s.acting:  # killed in its own side's turn (friendly fire): it acts from the next one
                s.returned.append(u.uid)
            s.resume_turn()
        else:
            s.waiting[self.team].remove((self.kind, self.slot))
            s.place_waiting()

    def describe(self, s: PayloadState) -> str:
        back = " (back from the dead)" if self.why != "setup" else ""
        return (f"{self.team.value} places its {s.stats(self.kind).name}{back} in its spawn and picks its "
                "weapon card")


@dataclass(frozen=True, slots=True)
class UberAnswer(Decision):
    """``team`` may pop an UberCharge against ``attack`` by the token ``attacker`` (a uid), or pass."""

    attacker: int
    attack: Action

    phase: ClassVar[Phase] = Phase.REACT

    def groups(self, s: PayloadState) -> list[Group]:
        b = s.board
        out: list[Group] = []
        for m, reach in s.uber_targets(s.units[self.attacker], self.attack):
            out.append((_V_UBER, m.kind, b.hexes[m.cell], [m.cell] + [v.cell for v in reach], b.hexes, ""))
        out.append(_PASS_GROUP)
        return out

    def decide(self, s: PayloadState, a: Action) -> None:
        if a.verb is _V_UBER:
            assert a.actor is not None and a.target is not None
            medic = s.occupant(s.board.index[a.actor])
            ally = s.occupant(s.board.index[a.target])
            assert medic is not None and ally is not None
            medic.uber = ally.uber = True
            medic.charge = 0
            s.log.append(f"{s.unit_name(medic)} pops an UberCharge on himself and the {s.unit_name(ally)}")
        attacker = s.units[self.attacker]
        s.phase = Phase.ACT
        s.team = attacker.team
        assert self.attack.target is not None
        s.behaviour(attacker.kind).attack(s, attacker, s.board.index.get(self.attack.target, -1), self.attack.target)
        s.after_action(attacker, s.done_by(attacker))

    def describe(self, s: PayloadState) -> str:
        return f"{self.team.value} may pop an UberCharge against the attack, or pass"
