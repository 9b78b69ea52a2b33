"""How the playtest shows King of the Board: the blueprint, the active unit's specials, the point."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from editor.playtest.koth.marks import PointMark
from editor.playtest.koth.picture import blueprint_rows, koth_picture, letters
from editor.playtest.koth.positions import KothPositions
from editor.playtest.picture import BoardPicture, SlotRow
from editor.playtest.presenters import PositionEditor, Presenter, Slot, versus
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb

__all__ = ["KothPresenter"]

_V = Verb
#: Each special a unit kind may have, and the buttons it brings.
_SPECIALS: Final = {"rocket_jump": ("rocket_jump",), "scope": ("scope",), "build_sentry": ("build", "pickup"),
                    "ubercharge": ("uber",)}


class KothPresenter(Presenter):
    """King of the Board: one unit acts at a time, its specials on the bar; the blueprint in the side panel."""

    scene = "editor.playtest.koth.scene:scene"
    panel_title = "blueprint"
    board_verbs: ClassVar[tuple[Verb, ...]] = (_V.MOVE, _V.ATTACK, _V.HEAL, _V.SPAWN, _V.TARGET, _V.ROCKET_JUMP,
                                               _V.BUILD, _V.UBER)
    default_modes: ClassVar[tuple[Verb, ...]] = (_V.SPAWN, _V.TARGET, _V.MOVE, _V.ATTACK, _V.HEAL)
    labels: ClassVar[Mapping[Verb, str]] = {
        _V.ROCKET_JUMP: "Rocket jump", _V.SCOPE: "Scope", _V.BUILD: "Build sentry", _V.PICKUP: "Pick up sentry",
        _V.UBER: "UberCharge", _V.TARGET: "Pick sentry target"}
    position: ClassVar[PositionEditor | None] = KothPositions()

    def slots(self, state: GameState) -> tuple[Slot, ...]:
        """Move, Attack, the specials of the game's unit kinds, End turn."""
        have = {v for st in state.game.stats.values() for s in st.specials for v in _SPECIALS.get(s, ())}
        specials = [Slot(v.value, self.mode_label(v), (v,), board=v.form == "targeted")
                    for v in (_V.ROCKET_JUMP, _V.SCOPE, _V.BUILD, _V.PICKUP, _V.UBER) if v.value in have]
        move, attack, end = super().slots(state)
        return (move, attack, *specials, end)

    def letters(self, kind: str) -> str:
        return letters(kind)

    def picture(self, state: GameState) -> BoardPicture:
        return koth_picture(state)

    def panel_rows(self, state: GameState) -> dict[Team, list[SlotRow]]:
        return blueprint_rows(state)

    def pick_heading(self, verb: Verb, kinds: bool) -> str:
        return ""

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        pts = state.scores()
        goal = state.options.get("points_to_win", 10)
        points = pic.marks_of(PointMark)
        cp = " · ".join(f"point{f' {p.index + 1}' if len(points) > 1 else ''}: {p.words()}" for p in points)
        return versus(pts[Team.RED], pts[Team.BLU]), f"first to {goal} · turn {state.turn + 1}" + (f" · {cp}" if cp else "")

    def decision_note(self, state: GameState, sel: Hex | None) -> str:
        u = state.active_unit()
        if u is not None and state.phase is Phase.ACT:
            done = [w for w, flag in (("moved", state.has_moved), ("attacked", state.has_attacked)) if flag]
            return ", ".join(done) if done else "two different actions: move, attack, special"
        return ""

    def entry_text(self, state: GameState, action: Action, who: str) -> str:
        v = action.verb
        t = action.target
        if v is _V.TARGET:
            return f"{who} sentry at {action.actor} picks its target on {t}"
        words = {
            _V.ROCKET_JUMP: f"rocket-jumps {action.actor} → {t}", _V.SCOPE: "scopes in",
            _V.BUILD: f"puts the sentry on {t}", _V.PICKUP: "picks up the sentry", _V.UBER: f"ubercharges with {t}",
            _V.ATTACK: {"demoman": f"lobs a grenade at {t}", "pyro": f"flames toward {t}"}.get(action.kind, ""),
        }.get(v)
        if words:
            return f"{who} {state.stats(action.kind).name} {words}"
        return super().entry_text(state, action, who)
