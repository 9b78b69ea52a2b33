"""The documentation picture of a Payload Race playtest (``python -m editor.playtest.screenshot OUT payload``).

Plays the bundled Canal scenario with the heuristic AI on both sides until a RED
token has a blast to fire, selects it and hovers the aim, so the stencil's preview,
both carts, the action bar and the token list show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from editor.playtest.explain import choices
from editor.playtest.screenshot import hover, play_until, save, show_last_roll
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Verb

__all__ = ["scene"]


def scene(out: Path, app: Any) -> int:
    """Write the picture to ``out``; returns the exit status."""

    def found(st: Any) -> Hex | None:
        if st.turn >= 14 and st.current_team() is Team.RED and st.phase is Phase.ACT and not st.done:
            blasts = [u for u in st.units_of(Team.RED) if st.ruleset.weapons[u.weapon].kind == "blast"
                      and choices(st, Verb.ATTACK, actor=st.board.hexes[u.cell])]
            if blasts:
                return st.board.hexes[blasts[0].cell]  # type: ignore[no-any-return]
        return None

    w, shooter = play_until("payload_canal.scenario.json", 2024, (1360, 860), found)
    st = w.ctl.state
    if shooter is not None:
        w.selected = shooter
        w.refresh()
        w.set_mode(Verb.ATTACK)
        aims = choices(st, Verb.ATTACK, actor=shooter)
        aim = max(aims, key=lambda h: (len(aims[h].area), aims[h].hit_chance))
        hover(w, aim)
    show_last_roll(w)
    return save(w, out, app)
