"""How the playtest window shows a game mode: one presenter per mode, registered by the mode's own package.

The window, its action bar, its choices and the action log are written once, for
every mode; a :class:`Presenter` says what differs — the action bar's
:class:`Slot` values (a fixed button for every action the mode has), which verbs
a click on the board plays and which need a pick first, the words of buttons and
tooltips, the score line, whether dice are shown, the side panel, start options,
the board picture with its marks, and "Play from here" where a mode has it. This
base class is no mode's: it shows units, moves and attacks, and serves a mode that
registers nothing. Each mode's package (``editor.playtest.<mode>``, listed in
:mod:`editor.playtest.installed`) subclasses it and calls :func:`register` — the
way python-chess's variants override a few class attributes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

from editor.playtest.installed import PACKAGES
from editor.playtest.picture import BoardPicture, SlotRow, default_letters, unit_marks, unit_rows
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.rules.actions import Action, Verb
from engine.ruleset import OptionValue, Ruleset
from engine.scenario import Scenario

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

__all__ = ["PositionEditor", "Presenter", "Slot", "board_picture", "presenter_for", "presenter_of", "register",
           "versus"]

_V = Verb


@dataclass(frozen=True)
class Slot:
    """One fixed button of the action bar: it keeps its place for the whole game, enabled or not.

    ``verbs``: the actions it plays (the first names it; Attack also plays heals);
    ``board``: a click then chooses a hex on the board (False: it plays its one
    action at once); ``unit``: True for a unit's actions only, False for the
    team's only (an ``end`` without a unit), None for either; ``shortcut``: its key.
    """

    key: str
    label: str
    verbs: tuple[Verb, ...]
    board: bool = True
    unit: bool | None = None
    shortcut: str = ""

    def plays(self, a: Action) -> bool:
        """Whether this button plays ``a``."""
        if a.verb not in self.verbs:
            return False
        return self.unit is None or self.unit == (a.actor is not None)


class PositionEditor:
    """"Play from here" for a mode that offers it: a dialog that sets up a position, and how it is played."""

    def dialog(self, parent: QWidget, scenario: Scenario, state: GameState) -> Any:
        """A modal dialog with ``placements()`` (what the user set up)."""
        raise NotImplementedError

    def problems(self, base: Scenario, placements: list[Any]) -> list[str]:
        """Plain reasons the position cannot be played (empty when it can)."""
        raise NotImplementedError

    def scenario(self, base: Scenario, placements: list[Any], seed: int) -> Scenario:
        """The scenario that starts at the position."""
        raise NotImplementedError

    def apply(self, state: GameState, placements: list[Any]) -> None:
        """Set what a scenario cannot hold (markers) on the freshly started game."""

    def replay_blocked(self, placements: list[Any]) -> str:
        """Why a game from ``placements`` cannot be saved as a replay that reproduces ('' when it can)."""
        return ""


#: The words of the core verbs.
_LABELS: Final = {_V.MOVE: "Move", _V.ATTACK: "Attack", _V.HEAL: "Heal", _V.END: "End turn",
                  _V.SPAWN: "Place unit", _V.PASS: "Pass"}


class Presenter:
    """How a mode is shown; this base shows any mode plainly (see the module docstring)."""

    #: the dice panel shows each throw
    dice: ClassVar[bool] = True
    #: the engine's log lines of a decision are shown each on its own line of the action log
    stepwise_log: ClassVar[bool] = False
    #: the action log adds "−40 (80 left)" for each unit whose health changed
    health_details: ClassVar[bool] = True
    #: the action log says when a team scores (False where the engine's own lines say it)
    score_lines: ClassVar[bool] = True
    #: the heading of the side panel's unit list
    panel_title: ClassVar[str] = "units"
    #: the mode's own panel goes under the board (True) or in the side column (False)
    panel_below: ClassVar[bool] = False
    #: units are drafted in the game: the start dialog offers no unit picks
    drafted: ClassVar[bool] = False
    #: verbs whose actions a click on the board plays (the others are buttons that play at once)
    board_verbs: ClassVar[tuple[Verb, ...]] = (_V.MOVE, _V.ATTACK, _V.HEAL, _V.SPAWN)
    #: board verbs whose actions differ in a detail that pick buttons choose before a click (the weapon
    #: fired, the card a spawn carries or discards); another board verb's action with a detail is a button
    picked: ClassVar[tuple[Verb, ...]] = (_V.ATTACK, _V.SPAWN)
    #: the board mode chosen when the selection changes: the first of these the unit has
    default_modes: ClassVar[tuple[Verb, ...]] = (_V.SPAWN, _V.MOVE, _V.ATTACK, _V.HEAL)
    #: button words of verbs (the core's, then the mode's)
    labels: ClassVar[Mapping[Verb, str]] = _LABELS
    #: "Play from here", when the mode offers it
    position: ClassVar[PositionEditor | None] = None
    #: ``"module:function"`` drawing the mode's documentation picture (:mod:`editor.playtest.screenshot`)
    scene: ClassVar[str] = ""

    # -- the action bar ----------------------------------------------------------------------

    def slots(self, state: GameState) -> tuple[Slot, ...]:
        """The action bar's buttons for a game of this mode, in order (the same for the whole game)."""
        return (Slot("move", self.mode_label(_V.MOVE), (_V.MOVE,), shortcut="M"),
                Slot("attack", self.mode_label(_V.ATTACK), (_V.ATTACK, _V.HEAL), shortcut="A"),
                Slot("end", self.mode_label(_V.END), (_V.END,), board=False, shortcut="E"))

    def probe(self, state: GameState, slot: Slot, actor: Hex) -> Action | None:
        """An action standing for ``slot`` by the unit on ``actor``, to ask the engine why it is not legal."""
        u = state.unit_at(actor)
        if u is None:
            return None
        verb = slot.verbs[0]
        if verb.form == "targeted":
            return Action(verb, u.kind, actor, actor)
        return Action(verb, u.kind, actor) if verb.form == "untargeted" else None

    # -- the board and the side panel --------------------------------------------------------

    def letters(self, kind: str) -> str:
        """The two letters on a unit kind's counter."""
        return default_letters(kind)

    def picture(self, state: GameState) -> BoardPicture:
        """What the board draws of ``state`` (:mod:`editor.playtest.picture`)."""
        return BoardPicture(unit_marks(state, self.letters))

    def panel_rows(self, state: GameState) -> dict[Team, list[SlotRow]]:
        """The side panel's rows of units."""
        return unit_rows(state, self.letters)

    def make_panel(self) -> QWidget:
        """The mode's panel widget (shown by :meth:`show_panel`): a list of each team's units."""
        from editor.playtest.blueprint_panel import BlueprintPanel

        return BlueprintPanel()

    def show_panel(self, panel: Any, state: GameState) -> None:
        """Show ``state`` on ``panel`` (made by :meth:`make_panel`)."""
        panel.show_rows(self.panel_rows(state), self.panel_title)

    def start_options(self, scenario: Scenario, rules: Ruleset,
                      chosen: Mapping[str, OptionValue] | None) -> QWidget | None:
        """The start dialog's widget for the mode's own options (its ``rules()`` gives the options chosen),
        or None."""
        return None

    # -- buttons -----------------------------------------------------------------------------

    def mode_label(self, verb: Verb) -> str:
        """The text of a board mode's or an action's button."""
        return self.labels.get(verb) or _LABELS.get(verb) or verb.value.replace("_", " ").capitalize()

    def mode_tip(self, state: GameState, verb: Verb, actor: Hex | None) -> str:
        """The tooltip of a board mode's button for the unit on ``actor`` (None: the active unit)."""
        if verb is _V.END:
            return "End this turn now (E)."
        if verb is _V.PASS:
            return "Let it happen: decide nothing now."
        if verb in (_V.ATTACK, _V.HEAL):
            return "Show every target with its hit chance and damage; click one to attack (A)."
        if verb is _V.MOVE:
            return "Show every hex the unit can reach; hover for the path, click to move (M)."
        u = state.active_unit() if actor is None else state.unit_at(actor)
        if u is None:
            return self.mode_label(verb)
        return state.behaviour(u.kind).tip(verb)

    def label(self, state: GameState, action: Action) -> str:
        """The text of a button playing ``action`` at once."""
        return self.mode_label(action.verb)

    def tip(self, state: GameState, action: Action) -> str:
        """The tooltip of a button playing ``action`` at once."""
        return self.mode_tip(state, action.verb, action.actor)

    def group(self, state: GameState, action: Action) -> str:
        """The heading a button playing ``action`` is listed under among the choices."""
        return ""

    def pick_label(self, state: GameState, verb: Verb, value: str) -> tuple[str, str]:
        """(label, tooltip) of a button picking ``value`` for mode ``verb`` (a unit kind or card of a spawn)."""
        if verb is _V.SPAWN and value in state.ruleset.weapons:
            card = state.ruleset.weapons[value]
            return card.title, f"With the {card.title}: {card.text} Click a free hex of your spawn."
        name = state.stats(value).name if value in state.ruleset.units else value
        return name, f"Place a {name}: click a free hex of your spawn"

    def default_detail(self, state: GameState, verb: Verb, actor: Hex | None) -> str:
        """The detail a picked mode's action would use when none of its actions is legal now (to ask the
        engine why a click does nothing: the weapon a shot would fire)."""
        return ""

    def pick_heading(self, verb: Verb, kinds: bool) -> str:
        """The heading over a row of pick buttons (``kinds``: the units a spawn places)."""
        return "Unit to place" if verb is _V.SPAWN and kinds else ""

    # -- texts ---------------------------------------------------------------------------------

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        """(the score in big letters, as rich text; the line under it)."""
        pts = state.scores()
        return versus(pts[Team.RED], pts[Team.BLU]), f"turn {state.turn + 1}"

    def decider(self, state: GameState) -> str:
        """Who decides now, in a word or two ("RED", "RED p2")."""
        team = state.current_team()
        return team.value if team is not None else ""

    def decision_note(self, state: GameState, sel: Hex | None) -> str:
        """A small line under the decision: what the acting unit did, or the selected token."""
        if state.phase is not Phase.ACT or sel is None:
            return ""
        v = state.unit_at(sel)
        if v is None:
            return ""
        rec = state.done_of(v)  # type: ignore[attr-defined]
        pushed = getattr(rec, "pushed", False)  # Payload: a push takes the attack, but it is not a shot (an audit)
        did = [w for w, flag in (("moved", rec.moved), ("pushed the cart", pushed),
                                 ("attacked", rec.attacked and not pushed)) if flag]
        return (f"selected: {v.team.value} {state.stats(v.kind).name} at {sel}"
                f"{' (' + ', '.join(did) + ')' if did else ''} — click another of your units to switch")

    def final(self, state: GameState) -> str:
        """The result, as rich text, once the game is over."""
        w = state.winner()
        return f"<b>{w.value} wins!</b>" if w else "<b>Draw</b>"

    def hex_words(self, state: GameState, h: Hex) -> str:
        """What the mode holds on ``h`` besides the map's features ("" when nothing)."""
        return ""

    def entry_text(self, state: GameState, action: Action, who: str) -> str:
        """The action log's line for ``action`` by team ``who``, just played."""
        t = action.target
        if action.verb is _V.SPAWN:
            return f"{who} places a {state.stats(action.kind).name} on {t}"
        if action.actor is None:
            return f"{who} ends its turn" if action.verb is _V.END else f"{who} {action.verb.value}es"
        name = f"{who} {state.stats(action.kind).name}"
        words = {_V.MOVE: f"moves {action.actor} → {t}", _V.ATTACK: f"attacks {t}", _V.HEAL: f"heals {t}",
                 _V.END: "ends its turn"}
        return f"{name} {words.get(action.verb) or action.verb.value.replace('_', ' ') + (f' {t}' if t else '')}"


_GENERIC: Final = Presenter()
#: The presenter of each mode that registered one.
PRESENTERS: Final[dict[Mode, Presenter]] = {}


def register(mode: Mode, presenter: Presenter) -> Presenter:
    """Make ``presenter`` show ``mode`` (a mode's playtest package calls this when imported)."""
    PRESENTERS[mode] = presenter
    return presenter


def presenter_for(mode: Mode) -> Presenter:
    """How the window shows ``mode`` (the generic presenter for a mode without one)."""
    PACKAGES.load()
    return PRESENTERS.get(mode, _GENERIC)


def presenter_of(state: GameState) -> Presenter:
    """How the window shows ``state``'s mode (the generic presenter for a mode without one)."""
    return presenter_for(state.scenario.mode)


def board_picture(state: GameState) -> BoardPicture:
    """The picture of ``state``, drawn as its mode's presenter says (:meth:`Presenter.picture`)."""
    return presenter_of(state).picture(state)


def versus(red: object, blu: object) -> str:
    """The score line: "RED 3 — 2 BLU" in the teams' colours."""
    from editor.render.style import TEAM_COLORS  # Qt's colours, only when a window asks

    r, b = TEAM_COLORS[Team.RED].name(), TEAM_COLORS[Team.BLU].name()
    return f"<span style='color:{r}'>RED {red}</span> — <span style='color:{b}'>{blu} BLU</span>"
