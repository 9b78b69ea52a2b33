"""Readable action-log entries of a game (Qt-free).

:func:`snapshot` takes what the log needs to know before an action;
:func:`entry_after` compares it with the game after the action and writes one
:class:`LogEntry`: who did what, every dice throw with its purpose (and the
number needed, when the entry can work it out), damage, deaths, kits, captures
and the turn change. The entry names the hexes involved, so the UI can
highlight them when the line is clicked. In a mode whose presenter asks for it
(Team Play: :attr:`~editor.playtest.presenters.Presenter.stepwise_log`) the
engine's own lines — each end-of-turn step, each buffer, killshot and respawn —
are the entry's ``steps``, shown each on its own line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from editor.playtest.presenters import presenter_of
from engine.games.protocol import GameState
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb

__all__ = ["OPENING", "LogEntry", "Snapshot", "entry_after", "opening", "snapshot", "team_of"]

#: The ``index`` of the entry that tells what a game did before its first decision.
OPENING = -1


@dataclass(frozen=True)
class LogEntry:
    """One line of the action log (with details) for the action at ``index`` in the history.

    ``team`` decided it (``by`` says "human" or the AI's name); ``rolls`` are the
    dice thrown, as text; ``hexes`` are the hexes to highlight; ``steps`` are
    what the game did after it, a line each (empty where they are in ``details``).
    """

    index: int
    team: Team
    by: str
    text: str
    details: tuple[str, ...] = ()
    rolls: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    steps: tuple[str, ...] = ()

    def line(self) -> str:
        """The entry as one line: number (none for the opening), text, then details."""
        tail = "; ".join(self.details)
        number = "" if self.index == OPENING else f"{self.index + 1}. "
        return f"{number}{self.text}" + (f" — {tail}" if tail else "")


@dataclass(frozen=True)
class Snapshot:
    """What the log compares: units (uid -> team, kind, hex, health), points, rolls, log length, turn,
    the roll an attack needs, the hexes its area covers and the team deciding."""

    units: dict[int, tuple[Team, str, Hex | None, int]]
    points: dict[Team, int]
    rolls: int
    log: int
    turn: int
    need: int | None
    area: tuple[Hex, ...] = ()
    team: Team | None = None


def snapshot(state: GameState, action: Action | None = None) -> Snapshot:
    """What :func:`entry_after` needs, taken just before ``action`` is applied.

    The total an attack's throw needs comes from the engine's own attack options.
    """
    bd = state.board
    units = {u.uid: (u.team, u.kind, bd.hexes[u.cell] if u.cell >= 0 else None, u.health)
             for u in state.units.values()}
    area: tuple[Hex, ...] = ()
    need = None
    if action is not None and action.verb is Verb.ATTACK:
        for o in state.attack_options(action.actor):
            if o.action == action:
                area = tuple(sorted(o.area))
                need = o.need
    return Snapshot(units, state.scores(), len(state.dice.rolls), len(state.log), state.turn, need, area,
                    state.current_team())


def _verb_text(state: GameState, action: Action, who: str) -> str:
    """The entry's words for ``action`` by team ``who``: its mode's presenter says them."""
    return presenter_of(state).entry_text(state, action, who)


def _roll_text(purpose: str, faces: tuple[int, ...], need: int | None) -> str:
    total = sum(faces)
    s = f"{purpose}: {' + '.join(map(str, faces))} = {total}"
    if need is not None and "sentry" not in purpose:
        s += f" (needs {need}) " + ("hit" if total >= need else "miss")
    if len(faces) == 2 and len(set(faces)) == 1 and "roll-off" not in purpose:
        s += ", critical!" if need is None or total >= need else ""
    return s


def opening(state: GameState) -> LogEntry | None:
    """What a fresh game did before its first decision, as an entry of its own (index :data:`OPENING`):
    Payload Race's d8 roll-off for the first team, Team Play's draw of it; None when it did nothing.

    ``state`` must be a new game (nothing applied): its log and dice so far are the opening's.
    """
    rolls = tuple(_roll_text(r.purpose, r.faces, None) for r in state.dice.rolls)
    lines = tuple(state.log)
    if not rolls and not lines:
        return None
    shown_rolls = rolls if presenter_of(state).dice else ()
    return LogEntry(OPENING, state.current_team(), "", "Before the first turn", details=lines, rolls=shown_rolls)


def entry_after(before: Snapshot, state: GameState, action: Action,
                by: str | Mapping[Team, str] = "human") -> LogEntry:
    """The log entry of ``action``, just applied to ``state`` (``before`` taken right before it).

    ``by`` names who decided: one name, or a name per team.
    """
    bd = state.board
    pr = presenter_of(state)
    team = team_of(before, state, action)
    if not isinstance(by, str):
        by = by.get(team, "")
    rolls = tuple(_roll_text(r.purpose, r.faces, before.need) for r in state.dice.rolls[before.rolls:])
    details: list[str] = list(rolls) if pr.dice else []
    hexes: list[Hex] = [h for h in (action.actor, action.target) if h is not None]
    for uid, (t, kind, h, hp) in before.units.items():
        now = state.units.get(uid)
        name = f"{t.value} {state.stats(kind).name}"
        if now is None:
            if h is not None:
                details.append(f"{name} dies")
                hexes.append(h)
            continue
        if not pr.health_details:
            continue
        if now.health < hp:
            details.append(f"{name} −{hp - now.health} ({max(0, now.health)} left)")
            if h is not None:
                hexes.append(h)
        elif now.health > hp:
            details.append(f"{name} +{now.health - hp} ({now.health})")
    lines = [line for line in state.log[before.log:] if "dies" not in line]  # deaths are said above, with the team
    steps = tuple(lines) if pr.stepwise_log else ()
    if not pr.stepwise_log:
        details.extend(lines)
    scored = [t for t in Team if state.points[t] > before.points[t]]
    if scored and pr.score_lines:  # both at once (the final count): one line, not "RED scores (5–13); BLU scores (5–13)"
        who = " and ".join(t.value for t in scored)
        details.append(f"{who} score{'s' if len(scored) == 1 else ''}: RED {state.points[Team.RED]}, "
                       f"BLU {state.points[Team.BLU]}")
    if state.is_terminal():
        w = state.winner()
        end = f"{w.value} wins!" if w else "the game ends in a draw"
        if not any(end.rstrip("!") in d for d in (*details, *steps)):  # the rule's own line may say it already
            details.append(end)
    hexes.extend(h for h in before.area if h in bd.index)
    seen: dict[Hex, None] = {}
    for h in hexes:
        seen.setdefault(h, None)
    return LogEntry(len(state.history) - 1, team, by, _verb_text(state, action, team.value), tuple(details),
                    rolls, tuple(seen), steps)


def team_of(before: Snapshot, state: GameState, action: Action) -> Team:
    """The team that decided ``action``: the one deciding when the snapshot was taken (else guessed
    from the acting unit, or the spawn base it went into)."""
    if before.team is not None:
        return before.team
    if action.actor is not None:
        for t, _kind, h, _hp in before.units.values():
            if h == action.actor:
                return t
    if action.target is not None:
        i = state.board.index.get(action.target)
        if i is not None:
            owner = state.board.spawn_team(i)
            if owner is not None:
                return owner
    return state.team
