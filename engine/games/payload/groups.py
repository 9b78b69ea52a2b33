"""A Payload Race token's legal actions as groups, and whether the acting team has any left.

Asked at every decision for every token of the acting team (and, after each
action, whether the turn ends by itself), so both read one
:class:`~engine.games.payload.moves.Crowd` — who stands where — built once for
all tokens. The groups are the generic turn machine's (moves, attacks, specials
by :meth:`~engine.games.payload.state.PayloadState.allowed_steps`), then a push
(002 "Pushing the cart"), in that order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from engine.games.payload.moves import Crowd, move_cells
from engine.games.payload.pieces import PayloadUnit
from engine.games.payload.units.armed import Armed
from engine.games.phases import Step
from engine.games.units import UnitTurn
from engine.rules.actions import Verb
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.payload.state import PayloadState

__all__ = ["add_token_groups", "idle", "token_groups"]

_V_MOVE: Final = Verb.MOVE
_V_PUSH: Final = Verb.PUSH
_S_MOVE: Final = Step.MOVE
_S_ATTACK: Final = Step.ATTACK
_S_SPECIAL: Final = Step.SPECIAL
#: What a token that has not acted this turn has done (shared; read only).
_NOTHING_DONE: Final = UnitTurn()


def token_groups(state: PayloadState, u: PayloadUnit, crowd: Crowd) -> Iterator[Group]:
    """``u``'s groups one at a time (see the module docstring)."""
    out: list[Group] = []
    add_token_groups(state, u, crowd, out)
    return iter(out)


def add_token_groups(state: PayloadState, u: PayloadUnit, crowd: Crowd, out: list[Group]) -> None:
    """Append ``u``'s groups to ``out`` (see the module docstring): the hot path of every decision."""
    done = state.done.get(u.uid) or _NOTHING_DONE
    steps = state.allowed_steps(u, done)
    if steps:
        beh: Armed = state._beh[u.kind]  # type: ignore[assignment]  # every class is Armed (PayloadState.behaviours)
        if steps & _S_MOVE and beh.mobile:
            hexes = state.board.hexes
            out.append((_V_MOVE, u.kind, hexes[u.cell], move_cells(state, u, crowd), hexes, ""))
        if steps & _S_ATTACK:
            g = beh.attack_group(state, u, crowd)
            if g is not None:
                out.append(g)
        if steps & _S_SPECIAL and beh.has_specials:
            out.extend(beh.special_groups(state, u, done, crowd))
    if not (done.attacked or done.special):
        cells = state.push_cells(u, crowd)
        if cells:
            hexes = state.board.hexes
            out.append((_V_PUSH, u.kind, hexes[u.cell], cells, hexes, ""))


def idle(state: PayloadState) -> bool:
    """Whether ``end`` is the only legal action: no token of the acting team has an action left.

    Asked after every action, so it stops at the first action it finds, looking at
    the likeliest and cheapest first: a token that may still move somewhere, then
    every group of every token.
    """
    crowd = Crowd(state)
    actors = state.actors()
    done_of = state.done.get
    beh = state._beh
    for u in actors:
        if (state.allowed_steps(u, done_of(u.uid) or _NOTHING_DONE) & _S_MOVE
                and beh[u.kind].mobile and len(move_cells(state, u, crowd))):
            return False
    out: list[Group] = []
    for u in actors:
        add_token_groups(state, u, crowd, out)
        if any(len(g[3]) for g in out):
            return False
        out.clear()
    return True
