"""How the playtest window shows each game family: one small presenter per mode (no widgets).

The window, its buttons and the action log are written once, for every mode; a
:class:`Presenter` says what differs — the words of buttons and tooltips, the
score line, whether dice are shown, buttons shown even when their action is not
legal (a click then says why), the side panel. Like python-chess's variants: the
base class is King of the Board, :class:`PayloadPresenter` and
:class:`TeamPlayPresenter` override a few methods, and :func:`presenter_of` is
the one registry.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from editor.playtest import teamplay_words as tpw
from editor.playtest.explain import mode_label, special_tip
from editor.playtest.picture import (
    BoardPicture,
    SlotRow,
    blueprint_rows,
    koth_picture,
    payload_picture,
    teamplay_picture,
    token_rows,
)
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.rules.actions import Action, Verb

__all__ = ["PayloadPresenter", "Presenter", "TeamPlayPresenter", "board_picture", "presenter_of"]


class Presenter:
    """King of the Board's presentation, and the defaults of every mode."""

    #: the dice panel shows each throw
    dice: ClassVar[bool] = True
    #: the engine's log lines of a decision are shown each on its own line of the action log
    stepwise_log: ClassVar[bool] = False
    #: the action log adds "−40 (80 left)" for each unit whose health changed
    health_details: ClassVar[bool] = True
    #: "Play from here…" can set up a position of this mode
    position_editor: ClassVar[bool] = True
    #: the panel that shows the units: "blueprint" (the side panel's blueprint, or tokens) or "teamplay"
    #: (Team Play's boards, buffers, hands and arena under the board)
    panel: ClassVar[str] = "blueprint"
    #: the heading of the side panel's unit list
    panel_title: ClassVar[str] = "blueprint"

    # -- the board and the side panel --------------------------------------------------------

    def picture(self, state: GameState) -> BoardPicture:
        """What the board draws of ``state`` (:mod:`editor.playtest.picture`)."""
        return koth_picture(state)

    def panel_rows(self, state: GameState) -> dict[Team, list[SlotRow]]:
        """The side panel's rows of units (when :attr:`panel` is "blueprint")."""
        return blueprint_rows(state)

    # -- buttons -----------------------------------------------------------------------------

    def mode_label(self, verb: Verb) -> str:
        """The text of a board mode's button."""
        return mode_label(verb)

    def mode_tip(self, state: GameState, verb: Verb, actor: Hex | None) -> str:
        """The tooltip of a board mode's button for the unit on ``actor`` (None: the active unit)."""
        return special_tip(state, verb, actor)

    def label(self, state: GameState, action: Action) -> str:
        """The text of a button playing ``action`` at once."""
        return mode_label(action.verb)

    def tip(self, state: GameState, action: Action) -> str:
        """The tooltip of a button playing ``action`` at once."""
        return special_tip(state, action.verb, action.actor)

    def group(self, state: GameState, action: Action) -> str:
        """The heading a button playing ``action`` is listed under ("": with the modes, at the top)."""
        return ""

    def pick_label(self, state: GameState, verb: Verb, value: str) -> tuple[str, str]:
        """(label, tooltip) of a button picking ``value`` for mode ``verb`` (a unit kind or card of a spawn)."""
        if verb is Verb.SPAWN and value in state.ruleset.weapons:
            card = state.ruleset.weapons[value]
            return card.title, f"With the {card.title}: {card.text} Click a free hex of your spawn."
        name = state.stats(value).name if value in state.ruleset.units else value
        return name, f"Place a {name}: click a free hex of your spawn base"

    def pick_heading(self, verb: Verb, kinds: bool) -> str:
        """The heading over a row of pick buttons (``kinds``: the units a spawn places)."""
        return ""

    def probes(self, state: GameState, actor: Hex | None, verbs: list[Verb]) -> list[Verb]:
        """Verbs shown as buttons for the unit on ``actor`` though not legal now (a click says why)."""
        return []

    def probe(self, state: GameState, verb: Verb, actor: Hex) -> Action | None:
        """The action a probe button stands for, to ask the engine why it is not legal."""
        u = state.unit_at(actor)
        return Action(verb, u.kind, actor) if u is not None else None

    # -- texts ---------------------------------------------------------------------------------

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        """(the score in big letters, as rich text; the line under it)."""
        pts = state.scores()
        goal = state.options.get("points_to_win", 10)
        cp = " · ".join(f"point {p.index + 1 if len(pic.points) > 1 else ''}: {p.words()}".replace("point :", "point:")
                        for p in pic.points)
        return _versus(pts[Team.RED], pts[Team.BLU]), f"first to {goal} · turn {state.turn + 1}" + (f" · {cp}" if cp else "")

    def decider(self, state: GameState) -> str:
        """Who decides now, in a word or two ("RED", "RED p2")."""
        team = state.current_team()
        return team.value if team is not None else ""

    def decision_note(self, state: GameState, sel: Hex | None) -> str:
        """A small line under the decision: what the acting unit did, or the selected token."""
        u = state.active_unit()
        if u is not None and state.phase is Phase.ACT:
            done = [w for w, flag in (("moved", state.has_moved), ("attacked", state.has_attacked)) if flag]
            return ", ".join(done) if done else "two different actions: move, attack, special"
        if state.phase is Phase.ACT and sel is not None:
            v = state.unit_at(sel)
            if v is None:
                return ""
            rec = state.done_of(v)  # type: ignore[attr-defined]
            did = [w for w, flag in (("moved", rec.moved), ("attacked or pushed", rec.attacked)) if flag]
            return (f"selected: {v.team.value} {state.stats(v.kind).name} at {sel}"
                    f"{' (' + ', '.join(did) + ')' if did else ''} — click another of your tokens to switch")
        return ""

    def final(self, state: GameState) -> str:
        """The result, as rich text, once the game is over."""
        w = state.winner()
        return f"<b>{w.value} wins!</b>" if w else "<b>Draw</b>"

    def hex_words(self, state: GameState, h: Hex) -> str:
        """What the mode holds on ``h`` besides the map's features ("" when nothing)."""
        return ""

    def entry_text(self, state: GameState, action: Action, who: str) -> str:
        """The action log's line for ``action`` by team ``who``, just played ("": the log's own words)."""
        return ""


class PayloadPresenter(Presenter):
    """Payload Race: both carts in the score; Push cart is always shown for the selected token."""

    panel_title = "tokens"

    def picture(self, state: GameState) -> BoardPicture:
        return payload_picture(state)

    def panel_rows(self, state: GameState) -> dict[Team, list[SlotRow]]:
        return token_rows(state)

    def probes(self, state: GameState, actor: Hex | None, verbs: list[Verb]) -> list[Verb]:
        return [Verb.PUSH] if state.phase is Phase.ACT and actor is not None and Verb.PUSH not in verbs else []

    def probe(self, state: GameState, verb: Verb, actor: Hex) -> Action | None:
        st: Any = state
        u = st.unit_at(actor)
        if verb is not Verb.PUSH or u is None:
            return super().probe(state, verb, actor)
        track = st.tracks[u.team]
        nxt = st.board.hexes[track[min(st.carts[u.team] + 1, len(track) - 1)]]
        return Action(Verb.PUSH, u.kind, actor, nxt)

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        carts = {c.team: c for c in pic.carts}
        red, blu = carts[Team.RED], carts[Team.BLU]
        blocked = " · ".join(f"{c.team.value} cart blocked" for c in pic.carts if c.blocked_by)
        return (_versus(f"{red.pushes}/{red.total}", f"{blu.pushes}/{blu.total}"),
                f"first cart to its end · turn {state.turn + 1}" + (f" · {blocked}" if blocked else ""))


class TeamPlayPresenter(Presenter):
    """Team Play: choices in words, each end-of-turn step on its own log line, player boards instead of a blueprint."""

    dice = False  # no accuracy throw: the only "dice" are card draws, which the log need not show
    stepwise_log = True
    health_details = False  # damage waits in the buffers; the engine's own lines say when it lands
    position_editor = False
    panel = "teamplay"

    def picture(self, state: GameState) -> BoardPicture:
        return teamplay_picture(state)

    def mode_label(self, verb: Verb) -> str:
        return tpw.MODE_LABELS.get(verb) or mode_label(verb)

    def mode_tip(self, state: GameState, verb: Verb, actor: Hex | None) -> str:
        return tpw.mode_tip(state, verb, actor)  # type: ignore[arg-type]

    def label(self, state: GameState, action: Action) -> str:
        return tpw.label(state, action)  # type: ignore[arg-type]

    def tip(self, state: GameState, action: Action) -> str:
        return tpw.tip(state, action)  # type: ignore[arg-type]

    def group(self, state: GameState, action: Action) -> str:
        if action.verb in (Verb.MOVE, Verb.DASH) and action.detail:
            return "Grab a weapon from a rack"
        if tpw.decision(state) is not None:  # type: ignore[arg-type]
            return "Choose"
        return ""

    def pick_label(self, state: GameState, verb: Verb, value: str) -> tuple[str, str]:
        return tpw.pick_label(state, verb, value)  # type: ignore[arg-type]

    def pick_heading(self, verb: Verb, kinds: bool) -> str:
        if verb is Verb.SPAWN:
            return "Character to spawn" if kinds else "Powerup to discard (its colour is the spawnpoint's)"
        return _PICK_HEADINGS.get(verb, "")

    def probes(self, state: GameState, actor: Hex | None, verbs: list[Verb]) -> list[Verb]:
        if state.phase is not Phase.ACT or actor is None or Verb.MOVE not in verbs:
            return []
        return [v for v in (Verb.DASH, Verb.STEP, Verb.RUSH) if v not in verbs]

    def probe(self, state: GameState, verb: Verb, actor: Hex) -> Action | None:
        u = state.unit_at(actor)
        if u is None:
            return None
        return Action(verb, u.kind, actor) if verb is Verb.RUSH else Action(verb, u.kind, actor, actor)

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        st: Any = state
        pts = state.scores()
        arena = st.arena_view()
        return (_versus(pts[Team.RED], pts[Team.BLU]),
                f"skulls left {arena.skulls_left} of {state.options['skulls']} · turn {state.turn + 1} · "
                f"reward tile: {arena.reward_tile}")

    def decider(self, state: GameState) -> str:
        team = state.current_team()
        if team is None:
            return ""
        who = state.current_player()  # type: ignore[attr-defined]
        return f"{team.value} {who}" if who and state.players(team) > 1 else team.value  # type: ignore[attr-defined]

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


#: Headings over the pick buttons of a board mode.
_PICK_HEADINGS: Final = {Verb.ATTACK: "Fire with", Verb.NEWTON: "Newton played by"}

_BASE: Final = Presenter()
#: The presenter of each mode (King of the Board's is the base).
PRESENTERS: Final[dict[Mode, Presenter]] = {Mode.KOTH: _BASE, Mode.PAYLOAD: PayloadPresenter(),
                                             Mode.TEAM_PLAY: TeamPlayPresenter()}


def presenter_of(state: GameState) -> Presenter:
    """How the window shows ``state``'s mode."""
    return PRESENTERS.get(state.scenario.mode, _BASE)


def board_picture(state: GameState) -> BoardPicture:
    """The picture of ``state``, drawn as its mode's presenter says (:meth:`Presenter.picture`)."""
    return presenter_of(state).picture(state)


def _versus(red: object, blu: object) -> str:
    from editor.render.style import TEAM_COLORS  # Qt's colours, only when a window asks

    r, b = TEAM_COLORS[Team.RED].name(), TEAM_COLORS[Team.BLU].name()
    return f"<span style='color:{r}'>RED {red}</span> — <span style='color:{b}'>{blu} BLU</span>"
