"""The documentation picture of a Team Play playtest (``python -m editor.playtest.screenshot OUT team_play``).

Plays the Bunker (two RED players against three BLU) with the heuristic AI until a
RED character may fire two weapons, one of them over several hexes, selects it,
picks that weapon and hovers the aim, so the weapon buttons, the area and its
damage show beside both teams' player boards, buffers and hands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editor.playtest.screenshot import hover, play_until, save
from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Verb

__all__ = ["scene"]


def scene(out: Path, app: Any) -> int:
    """Write the picture to ``out``; returns the exit status."""

    def found(st: Any) -> Any:
        if st.turn < 6 or st.current_team() is not Team.RED or st.phase is not Phase.ACT or st.active_unit():
            return None
        for u in st.characters(Team.RED):
            opts = st.attack_options(st.board.hexes[u.cell]) if u.cell >= 0 and not st.acted(u) else []
            wide = [o for o in opts if len(o.area) > 2]
            if wide and len({o.action.detail for o in opts}) > 1:  # an area, and a weapon to pick
                return max(wide, key=lambda o: (len(o.area), o.damage))
        return None

    w, aim = play_until("teamplay_bunker.scenario.json", 3002, (1360, 860), found)
    if aim is not None:
        a = aim.action
        w.selected = a.actor
        w.picks[Verb.ATTACK] = a.detail
        w.set_mode(Verb.ATTACK)
        hover(w, a.target)
    w.board.flash(())
    return save(w, out, app)
