"""The decisions Team Play waits for outside a team's own actions, as a queue of small records.

A team's turn is its characters' actions (phase ``act``); everything else that
needs a choice — the draft, paying for the characters' own weapons, who controls
a shared character, spawning, a Targeting Scope or Tagback Grenade, abilities,
buffer rewards, respawns, reloads, dropping a weapon at the hand limit — is a
:class:`Pending` record in the state's queue. The head of the queue is the
decision now; resolving it may queue more. Records are frozen, so the queue is
saved for undo as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.mapmodel import Team

__all__ = ["Pending", "What"]


class What(StrEnum):
    """What a pending decision is about."""

    DRAFT = "draft"
    LOAD = "load"
    CONTROL = "control"
    SPAWN = "spawn"
    SCOPE = "scope"
    TAGBACK = "tagback"
    ABILITIES = "abilities"
    HEAL = "heal"
    CUBE = "cube"
    DRAW = "draw"
    RELOAD = "reload"
    DROP = "drop"
    UNLOAD = "unload"


@dataclass(frozen=True, slots=True)
class Pending:
    """One queued decision of ``team`` (``player``: the deciding player's index, -1 for "the team").

    ``kinds`` are the characters it concerns (those a spawn places, the shared
    character a control decision hands over), the weapon a drop must not drop,
    or, for Tagback Grenades, ``kind@player`` for each character answered for;
    ``uids`` the figures of a shot or reverb (shooter first, then those it damaged);
    ``draws`` powerups the player draws before deciding; ``why`` what a control
    decision is for (``turn``, ``spawn``, ``respawn``), or the ability whose damage a Tagback decision
    answers (``reverb``; empty for a shot).
    """

    what: What
    team: Team
    player: int = -1
    kinds: tuple[str, ...] = ()
    uids: tuple[int, ...] = ()
    draws: int = 0
    why: str = ""
