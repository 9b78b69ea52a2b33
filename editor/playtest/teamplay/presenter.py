"""How the playtest shows Team Play: choices in words, each end-of-turn step on its own log line, player
boards instead of a blueprint, the character actions and powerups on the bar."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from editor.playtest.picture import BoardPicture
from editor.playtest.presenters import Presenter, Slot, versus
from editor.playtest.teamplay import words as tpw
from editor.playtest.teamplay.picture import letters, teamplay_picture
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.ruleset import OptionValue, Ruleset
from engine.scenario import Scenario

__all__ = ["TeamPlayPresenter"]

_V = Verb
#: Headings over the pick buttons of a board mode.
_PICK_HEADINGS: Final = {_V.ATTACK: "Fire with", _V.NEWTON: "Newton played by"}


class TeamPlayPresenter(Presenter):
    """Team Play (see the module docstring)."""

    scene = "editor.playtest.teamplay.scene:scene"
    dice = False  # no accuracy throw: the only "dice" are card draws, which the log need not show
    stepwise_log = True
    health_details = False  # damage waits in the buffers; the engine's own lines say when it lands
    panel_below = True
    drafted = True
    board_verbs: ClassVar[tuple[Verb, ...]] = (_V.MOVE, _V.ATTACK, _V.SPAWN, _V.DASH, _V.STEP, _V.TELEPORT,
                                               _V.NEWTON)
    picked: ClassVar[tuple[Verb, ...]] = (_V.ATTACK, _V.NEWTON, _V.SPAWN)
    default_modes: ClassVar[tuple[Verb, ...]] = (_V.SPAWN, _V.MOVE, _V.ATTACK, _V.DASH, _V.NEWTON)
    labels: ClassVar[Mapping[Verb, str]] = tpw.MODE_LABELS

    def slots(self, state: GameState) -> tuple[Slot, ...]:
        """A character's actions, the powerups played in a turn, ending its action and the team's turn."""
        def slot(v: Verb, shortcut: str = "") -> Slot:
            return Slot(v.value, self.mode_label(v), (v,), board=v.form == "targeted", shortcut=shortcut)

        return (slot(_V.MOVE, "M"), slot(_V.ATTACK, "A"), slot(_V.DASH, "D"), slot(_V.STEP, "S"), slot(_V.RUSH),
                slot(_V.TELEPORT), slot(_V.NEWTON),
                Slot("end_action", "End action", (_V.END,), board=False, unit=True),
                Slot("end", "End turn", (_V.END,), board=False, unit=False, shortcut="E"))

    def probe(self, state: GameState, slot: Slot, actor: Hex) -> Action | None:
        u = state.unit_at(actor)
        if u is None:
            return None
        verb = slot.verbs[0]
        if verb is _V.END:
            return Action(_V.END, u.kind, actor) if slot.unit else Action(_V.END, "")
        return Action(verb, u.kind, actor) if verb.form == "untargeted" else Action(verb, u.kind, actor, actor)

    def letters(self, kind: str) -> str:
        return letters(kind)

    def picture(self, state: GameState) -> BoardPicture:
        return teamplay_picture(state)

    def make_panel(self) -> Any:
        from editor.playtest.teamplay.panel import TeamPlayPanel

        return TeamPlayPanel()

    def show_panel(self, panel: Any, state: GameState) -> None:
        panel.show_state(state)

    def start_options(self, scenario: Scenario, rules: Ruleset, chosen: Mapping[str, OptionValue] | None) -> Any:
        from editor.playtest.teamplay.options import TeamPlayOptions

        return TeamPlayOptions(scenario, rules, chosen)

    def mode_tip(self, state: GameState, verb: Verb, actor: Hex | None) -> str:
        return tpw.mode_tip(state, verb, actor)  # type: ignore[arg-type]

    def label(self, state: GameState, action: Action) -> str:
        return tpw.label(state, action)  # type: ignore[arg-type]

    def tip(self, state: GameState, action: Action) -> str:
        return tpw.tip(state, action)  # type: ignore[arg-type]

    def group(self, state: GameState, action: Action) -> str:
        if action.verb in (_V.MOVE, _V.DASH) and action.detail:
            return "Grab a weapon from a rack"
        if tpw.decision(state) is not None:  # type: ignore[arg-type]
            return "Choose"
        return ""

    def pick_label(self, state: GameState, verb: Verb, value: str) -> tuple[str, str]:
        return tpw.pick_label(state, verb, value)  # type: ignore[arg-type]

    def default_detail(self, state: GameState, verb: Verb, actor: Hex | None) -> str:
        st: Any = state
        u = st.unit_at(actor) if actor is not None else None
        weapons = st.usable_weapons(u) if verb is _V.ATTACK and u is not None else []
        return weapons[0] if weapons else ""

    def pick_heading(self, verb: Verb, kinds: bool) -> str:
        if verb is _V.SPAWN:
            return "Character to spawn" if kinds else "Powerup to discard (its colour is the spawnpoint's)"
        return _PICK_HEADINGS.get(verb, "")

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        st: Any = state
        pts = state.scores()
        arena = st.arena_view()
        return (versus(pts[Team.RED], pts[Team.BLU]),
                f"skulls left {arena.skulls_left} of {state.options['skulls']} · turn {state.turn + 1} · "
                f"reward tile: {arena.reward_tile}")

    def decider(self, state: GameState) -> str:
        st: Any = state
        team = state.current_team()
        if team is None:
            return ""
        who = st.current_player()
        return f"{team.value} {who}" if who and st.players(team) > 1 else team.value

    def decision_note(self, state: GameState, sel: Hex | None) -> str:
        st: Any = state
        if state.phase is not Phase.ACT:
            return ""
        u = st.active_unit()
        if u is not None:
            return f"the {st.name_of(u)} is in the middle of its action ({st.acting_mode})"
        waiting = [tpw.char_name(st, v.kind) for v in st.characters(st.team) if v.cell >= 0 and not st.acted(v)]
        todo = f"still to act: {', '.join(waiting)}" if waiting else "every character has acted"
        v = st.unit_at(sel) if sel is not None else None
        if v is None:
            return todo
        if v.team is not st.team:
            return f"Newton on the {st.name_of(v)}: click where it goes, or another enemy · {todo}"
        board = st.board_view(v)
        adrenaline = ("", " · adrenaline: dash", " · adrenaline: dash, step")[board.adrenaline]
        return (f"selected: {st.name_of(v)} ({board.controller}) at {sel} — {board.damage} damage{adrenaline} · "
                f"click another of your characters to switch · {todo}")

    def final(self, state: GameState) -> str:
        st: Any = state
        w = state.winner()
        pts = state.scores()
        tie = pts[Team.RED] == pts[Team.BLU]
        result = f"<b>{w.value} wins {pts[w]}–{pts[w.other]}</b>" if w else f"<b>Draw {pts[Team.RED]}–{pts[Team.BLU]}</b>"
        if w and tie:
            result += f" (equal points: {w.value} has more from leftover damage, {st.leftover[w]})"
        return result

    def hex_words(self, state: GameState, h: Hex) -> str:
        return tpw.hex_words(state, h)  # type: ignore[arg-type]

    def entry_text(self, state: GameState, action: Action, who: str) -> str:
        return tpw.entry_text(state, action, who)  # type: ignore[arg-type]
