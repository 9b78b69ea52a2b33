"""How the playtest shows Payload Race: every token of a side may act, Push cart always on the bar, both carts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from editor.playtest.payload.marks import CartMark
from editor.playtest.payload.picture import letters, payload_picture, token_rows
from editor.playtest.picture import BoardPicture, SlotRow
from editor.playtest.presenters import Presenter, Slot, versus
from engine.games.protocol import GameState
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb

__all__ = ["PayloadPresenter"]

_V = Verb
#: Each special a class may have, and the button it brings.
_SPECIALS: Final = {"rocket_jump": _V.ROCKET_JUMP, "medigun": _V.KRITZ, "airblast": _V.AIRBLAST,
                    "sandvich": _V.SANDVICH}


class PayloadPresenter(Presenter):
    """Payload Race: both carts in the score; Push cart is always on the bar."""

    scene = "editor.playtest.payload.scene:scene"
    panel_title = "tokens"
    score_lines = False  # the cart's progress is the engine's own log line
    board_verbs: ClassVar[tuple[Verb, ...]] = (_V.MOVE, _V.ATTACK, _V.HEAL, _V.SPAWN, _V.ROCKET_JUMP, _V.KRITZ,
                                               _V.UBER)
    default_modes: ClassVar[tuple[Verb, ...]] = (_V.SPAWN, _V.UBER, _V.MOVE, _V.ATTACK, _V.HEAL)
    labels: ClassVar[Mapping[Verb, str]] = {
        _V.PUSH: "Push cart", _V.ROCKET_JUMP: "Rocket jump", _V.KRITZ: "Kritz", _V.UBER: "UberCharge",
        _V.AIRBLAST: "Airblast", _V.SANDVICH: "Sandvich", _V.PASS: "Let it through"}

    def slots(self, state: GameState) -> tuple[Slot, ...]:
        """Move, Attack, Push cart, the specials of the game's classes, End turn."""
        have = {_SPECIALS[s] for st in state.game.stats.values() for s in st.specials if s in _SPECIALS}
        specials = [Slot(v.value, self.mode_label(v), (v,), board=v.form == "targeted")
                    for v in (_V.ROCKET_JUMP, _V.KRITZ, _V.AIRBLAST, _V.SANDVICH) if v in have]
        move, attack, end = super().slots(state)
        push = Slot("push", self.mode_label(_V.PUSH), (_V.PUSH,), board=False, shortcut="U")
        return (move, attack, push, *specials, end)

    def probe(self, state: GameState, slot: Slot, actor: Hex) -> Action | None:
        if slot.verbs[0] is not _V.PUSH:
            return super().probe(state, slot, actor)
        st: Any = state
        u = st.unit_at(actor)
        if u is None:
            return None
        track = st.tracks[u.team]
        nxt = st.board.hexes[track[min(st.carts[u.team] + 1, len(track) - 1)]]
        return Action(_V.PUSH, u.kind, actor, nxt)

    def mode_tip(self, state: GameState, verb: Verb, actor: Hex | None) -> str:
        if verb is _V.PUSH:
            return "Push your cart one hex along its track (in place of this token's attack) (U)."
        if verb is _V.PASS:
            return "Let the attack through without popping the UberCharge."
        if verb is _V.UBER and actor is None:
            return "Pop the UberCharge: click the Medic's ally to cover (or the Medic himself)."
        return super().mode_tip(state, verb, actor)

    def letters(self, kind: str) -> str:
        return letters(kind)

    def picture(self, state: GameState) -> BoardPicture:
        return payload_picture(state)

    def panel_rows(self, state: GameState) -> dict[Team, list[SlotRow]]:
        return token_rows(state)

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        carts = {c.team: c for c in pic.marks_of(CartMark)}
        red, blu = carts[Team.RED], carts[Team.BLU]
        blocked = " · ".join(f"{c.team.value} cart blocked" for c in carts.values() if c.blocked_by)
        return (versus(f"{red.pushes}/{red.total}", f"{blu.pushes}/{blu.total}"),
                f"first cart to its end · turn {state.turn + 1}" + (f" · {blocked}" if blocked else ""))

    def entry_text(self, state: GameState, action: Action, who: str) -> str:
        v = action.verb
        t = action.target
        if v is _V.SPAWN and action.detail in state.ruleset.weapons:
            card = state.ruleset.weapons[action.detail].title
            return f"{who} places a {state.stats(action.kind).name} on {t} with the {card}"
        if action.actor is None and v is _V.PASS:
            return f"{who} lets the attack through"
        words = {_V.PUSH: f"pushes the cart to {t}", _V.ROCKET_JUMP: f"rocket-jumps {action.actor} → {t}",
                 _V.KRITZ: f"kritzes {t}", _V.UBER: f"ubercharges with {t}", _V.AIRBLAST: "airblasts",
                 _V.SANDVICH: "eats his Sandvich",
                 _V.ATTACK: {"demoman": f"lobs a grenade at {t}", "pyro": f"flames toward {t}"}.get(action.kind, "")
                 }.get(v)
        if words:
            return f"{who} {state.stats(action.kind).name} {words}"
        return super().entry_text(state, action, who)
