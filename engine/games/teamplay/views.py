"""What the UI shows of a Team Play game, as frozen values: player boards, buffers, hands, the arena.

The playtest window and any other reader ask the state (:meth:`TeamPlayState.board_view
<engine.games.teamplay.state.TeamPlayState.board_view>` and its siblings) and get these
records, never the state's own mutable pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games.teamplay.pieces import Character, card_colour, card_kind, player_name
from engine.hexgrid import Hex
from engine.mapmodel import Team

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["ArenaView", "BoardView", "BufferView", "DraftView", "HandView", "ScoreView", "arena_view", "board_view",
           "buffer_view", "draft_view", "hand_views", "score_view"]


@dataclass(frozen=True, slots=True)
class BoardView:
    """One character's player board and what stands against it.

    ``damage`` tokens on the board; ``killshot`` the space that kills (11 at full
    strength, earlier as the adrenaline ``tile`` slides left); ``pending`` damage
    and ``marks`` for it in its team's buffer; ``value`` what the next killshot
    scores; ``adrenaline`` actions unlocked (0-2); ``own_weapon`` and the player
    holding it loaded (``""``: unloaded); ``controller`` the player name, or for a shared
    character the player last chosen to control it.
    """

    kind: str
    name: str
    team: Team
    hex: Hex | None
    damage: int
    killshot: int
    pending: int
    marks: int
    skulls: int
    value: int
    tile: int
    adrenaline: int
    venom: bool
    own_weapon: str
    loaded_by: str
    acted: bool
    controller: str


@dataclass(frozen=True, slots=True)
class BufferView:
    """A team's damage buffer: damage and marks waiting for each of its characters, and the total damage."""

    team: Team
    damage: tuple[tuple[str, int], ...]
    marks: tuple[tuple[str, int], ...]
    total: int
    flushes_at: int


@dataclass(frozen=True, slots=True)
class HandView:
    """One player: cubes (red, blue, yellow), powerups as (kind, colour), loaded weapons, and the
    characters he controls now (the shared one only while he holds it)."""

    team: Team
    name: str
    cubes: tuple[int, int, int]
    powerups: tuple[tuple[str, str], ...]
    weapons: tuple[str, ...]
    controls: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ArenaView:
    """The arena's cards: each ammo hex's tile (``""`` while grabbed), each rack's weapons, the decks left,
    each team's unloaded weapons on the table, the skulls left and the reward tile."""

    ammo: tuple[tuple[Hex, str], ...]
    racks: tuple[tuple[Hex, tuple[str, ...]], ...]
    weapons_left: int
    powerups_left: int
    tables: tuple[tuple[Team, tuple[str, ...]], ...]
    skulls_left: int
    reward_tile: str


@dataclass(frozen=True, slots=True)
class DraftView:
    """The draft: every character kind with its own weapon revealed for this game (``(kind, weapon)``),
    what each team has drafted so far, and the teams still to pick, in order (empty once it is over)."""

    revealed: tuple[tuple[str, str], ...]
    drafted: tuple[tuple[Team, tuple[str, ...]], ...]
    order: tuple[Team, ...]


@dataclass(frozen=True, slots=True)
class ScoreView:
    """A team's score: ``points`` in all, ``kills`` (killshots it scored), ``leftover`` (points from
    leftover damage, counted when the game ends) and ``skulls`` (skulls on the enemy's boards)."""

    team: Team
    points: int
    kills: int
    leftover: int
    skulls: int


def board_view(s: TeamPlayState, u: Character) -> BoardView:
    """The :class:`BoardView` of ``u``."""
    holder = next((h.name for h in s.hands[u.team] if u.weapon in h.weapons), "")
    return BoardView(
        u.kind, s.stats(u.kind).name, u.team, s.board.hexes[u.cell] if u.cell >= 0 else None, u.damage,
        s.killshot(u), s.buffer[u.team].get(u.kind, 0), s.marks[u.team].get(u.kind, 0), u.skulls, s.value_of(u),
        u.tile, s.adrenaline(u), u.venom, u.weapon, holder, s.acted(u) if u.team is s.turn_team else False,
        _controller(s, u),
    )


def _controller(s: TeamPlayState, u: Character) -> str:
    """Who controls ``u``: its player, or for the shared character the one last chosen to (``p2 (shared, chosen
    each turn)``) — "shared" alone read as if no one did (a new-user audit)."""
    k = s.owner.get(u.uid, 0)
    if k >= 0:
        return player_name(k)
    now = s.shared_by[u.team]
    return f"{player_name(now)} (shared, chosen each turn)" if now >= 0 else "shared (chosen each turn)"


def buffer_view(s: TeamPlayState, team: Team) -> BufferView:
    """The :class:`BufferView` of ``team``'s buffer."""
    order = [u.kind for u in s.characters(team)]
    return BufferView(team, tuple((k, s.buffer[team][k]) for k in order if s.buffer[team].get(k)),
                      tuple((k, s.marks[team][k]) for k in order if s.marks[team].get(k)),
                      s.buffer_total(team), int(s.options["flush_at"]))


def hand_views(s: TeamPlayState, team: Team) -> list[HandView]:
    """The :class:`HandView` of each of ``team``'s players."""
    out = []
    for k, h in enumerate(s.hands[team]):
        controls = tuple(u.kind for u in s.characters(team) if s.controller(u) == k)
        out.append(HandView(team, h.name, (h.cubes[0], h.cubes[1], h.cubes[2]),
                            tuple((card_kind(c), card_colour(c).value) for c in h.cards), tuple(h.weapons), controls))
    return out


def arena_view(s: TeamPlayState) -> ArenaView:
    """The :class:`ArenaView` of the game now."""
    b = s.board
    return ArenaView(tuple((b.hexes[c], t) for c, t in s.ammo.items()),
                     tuple((b.hexes[c], tuple(r)) for c, r in s.racks.items()),
                     len(s.weapon_deck), len(s.powerup_deck), tuple((t, tuple(s.table[t])) for t in Team),
                     s.skulls_left, s.ruleset.reward_tiles[s.reward_tile].title)


def draft_view(s: TeamPlayState) -> DraftView:
    """The :class:`DraftView` of the game now."""
    return DraftView(tuple(s.revealed.items()), tuple((t, tuple(s.drafted[t])) for t in Team), tuple(s.draft_order))


def score_view(s: TeamPlayState, team: Team) -> ScoreView:
    """The :class:`ScoreView` of ``team``."""
    return ScoreView(team, s.points[team], s.kills[team], s.leftover[team],
                     sum(u.skulls for u in s.characters(team.other)))
