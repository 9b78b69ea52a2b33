"""The documentation picture of a King of the Board playtest (``python -m editor.playtest.screenshot OUT koth``).

Plays the bundled Crossroads scenario with the heuristic AI on both sides until a
RED unit that can still move has an enemy in its sights (the first seed from
1001 whose game comes to that), hands RED to a human,
hovers a reachable hex (reach highlights, the path, the enemy's hit chance) and
shows the last throw of the dice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editor.playtest.explain import choices
from editor.playtest.screenshot import hover, play_until, save, show_last_roll
from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Verb

__all__ = ["scene"]


def scene(out: Path, app: Any) -> int:
    """Write the picture to ``out``; returns the exit status."""

    def found(st: Any) -> bool:
        u = st.active_unit()
        return bool(st.turn >= 8 and st.current_team() is Team.RED and st.phase is Phase.ACT and u is not None
                    and not st.has_moved and not st.has_attacked and choices(st, Verb.ATTACK)
                    and len(choices(st, Verb.MOVE)) > 6)

    for seed in range(1001, 1021):  # the first seed whose game comes to such a moment (the AI's play changes)
        w, seen = play_until("koth_crossroads.scenario.json", seed, (1360, 860), found)
        if seen:
            break
        w.close_unasked()
    else:
        print("no game of seeds 1001-1020 came to a RED unit with an enemy in its sights")
        return 1
    w.set_mode(Verb.MOVE)
    st = w.ctl.state
    moves = choices(st, Verb.MOVE)
    u = st.active_unit()
    assert u is not None  # found() saw it
    here = st.board.hexes[u.cell]
    dest = max(moves, key=lambda h: (len(moves[h].path), -h.distance(here)) if len(moves[h].path) <= 4 else (0, 0))
    show_last_roll(w)
    hover(w, dest)
    return save(w, out, app)
