"""Plain words for the answers of :mod:`engine.simulation.sequential`: one wording for ``simulate``, ``balance``
and the editor's Simulate… dialog.

A headline answer is in one of four states: significant one way (``RED`` /
``BLU``, or ``first`` / ``second``), ``even`` (within three points of 50%),
``undecided`` (more games would tell; the words say about how many), or
``too few`` (no game block finished). Shares are printed with the interval of
the confidence sequence ("61% (55–67%)").
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from engine.mapmodel import Team
from engine.simulation.sequential import MeanTest

__all__ = ["bound", "change_figures", "construction_sentence", "first_figure", "first_owner", "first_sentence",
           "first_state", "games_needed", "interval", "parts", "pct", "points", "side_figure", "side_sentence",
           "side_state"]

def pct(x: float) -> str:
    """``61%``, a half rounded up (0.525 and 105 of 200 read 53%, as ``simulate``'s 52.5% suggests; Python's own
    rounding sends half of the halves down, so 5 of 8 read 62% beside 7 of 8 at 88%)."""
    return f"{_fixed(100 * x, 0, False)}%"


def parts(counts: Sequence[int]) -> list[str]:
    """``["52%", "48%", "0%"]``: the shares of a whole split into ``counts``, in whole percent summing to 100
    (largest remainders; ties to the earlier part) — 103, 97 and 0 of 200 each rounded half up read 52%, 49% and
    0%, which a new-user audit added up to 101%."""
    n = sum(counts)
    if not n:
        return ["0%" for _ in counts]
    exact = [100 * c / n for c in counts]
    whole = [int(x) for x in exact]
    for k in sorted(range(len(counts)), key=lambda k: (-(exact[k] - whole[k]), k))[:100 - sum(whole)]:
        whole[k] += 1
    return [f"{w}%" for w in whole]


def points(x: float) -> str:
    """``+5``: a difference of shares in signed whole points, a half rounded away from zero (as :func:`pct`)."""
    return _fixed(100 * x, 0, True)


def change_figures(this: float, other: float) -> tuple[str, str, str]:
    """(``50%``, ``52%``, ``+2 points``): two shares and their difference, rounded so that they agree — whole points
    when the rounded shares differ by the rounded difference, else a decimal more until they do (a statistics review
    read "50% → 52% (+1 points" and "49% → 49% (+1 points")."""
    for digits in range(4):
        a, b, d = (_fixed(100 * this, digits, False), _fixed(100 * other, digits, False),
                   _fixed(100 * (other - this), digits, True))
        if Decimal(b) - Decimal(a) == Decimal(d):
            break
    return f"{a}%", f"{b}%", f"{d} point{'' if d in ('+1', '-1') else 's'}"


def bound(x: float, null: float = 0.5, signed: bool = False) -> str:
    """An interval's end in points (``55``, or ``+3`` when ``signed``), with a decimal when whole points would make
    it meet the ``null`` it does not reach (``50.3``, ``-0.2``): an interval that excludes 50% never reads "50"."""
    v, n = 100 * x, 100 * null
    text = _fixed(v, 0, signed)
    digits = 0
    while float(text) == n and abs(v - n) > 1e-9 and digits < 6:
        digits += 1
        text = _fixed(v, digits, signed)
    return text


def _fixed(v: float, digits: int, signed: bool) -> str:
    """``v`` with ``digits`` decimals, halves rounded away from zero (as :func:`pct`: +4.5 points read +5)."""
    q = Decimal(repr(round(v, 9))).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    if q.is_zero():
        q = abs(q)  # no "-0": an interval cut at no change read "-0 to +30" (a new-user audit)
    return f"{q:+}" if signed else f"{q}"


def interval(lo: float, hi: float) -> str:
    """``55–67%`` (see :func:`bound`)."""
    return f"{bound(lo)}–{bound(hi)}%"


def games_needed(t: MeanTest) -> str:
    """``about 2,400 more games would likely decide it`` (for an undecided answer)."""
    n = t.needed_games
    if n is None:
        return "it would take more than a million more games to decide (the figure is close to, but not within, 3 points)"
    return f"about {n:,} more games would likely decide it"


def _state(t: MeanTest | None, above: str, below: str) -> str:
    if t is None or t.blocks == 0:
        return "too few"
    if t.significant:
        return above if t.direction > 0 else below
    return "even" if t.even else "undecided"


def _figure(t: MeanTest | None, who: str) -> str:
    if t is None or t.blocks == 0:
        return "too few games"
    return f"{who} {pct(t.estimate)} ({interval(t.low, t.high)})"


def side_state(t: MeanTest | None) -> str:
    """``RED``, ``BLU``, ``even``, ``undecided`` or ``too few``."""
    return _state(t, "RED", "BLU")


def side_figure(t: MeanTest | None) -> str:
    """``RED 61% (55–67%)``: RED's share of the score and its interval."""
    return _figure(t, "RED")


def side_sentence(t: MeanTest | None) -> str:
    """The answer to "is a side favoured?" in one sentence (without a full stop)."""
    state = side_state(t)
    if state == "too few" or t is None:
        return "Too few games to say whether a side is favoured (no block of four games finished)"
    share = f"RED takes {pct(t.estimate)} of the score ({interval(t.low, t.high)})"
    if state in ("RED", "BLU"):
        lead = f"{state} is favoured"
        if t.even:
            lead = f"{state} is slightly favoured, by less than 3 points"
        return f"{lead}: {share}"
    if state == "even":
        return f"Neither side is favoured by more than 3 points: {share}"
    return f"Not decided yet whether a side is favoured: {share} after {t.games} games; {games_needed(t)}"


def construction_sentence(reason: str, favoured: bool, figures: str) -> str:
    """The side answer on a map even by construction (``reason``: why, from
    :func:`engine.validation.construction.construction_reason`; without a full stop): the known answer with the
    games' ``figures`` beside it — and, when the games call a side ``favoured`` all the same, that they do and what it
    can mean. The known answer comes first either way: "RED is favoured … — yet no side can be favoured" led with the
    games' answer, which a new-user audit read as a false alarm on a mirror map (RED 62% at one seed, 49% over six
    others)."""
    known = (f"No side can be favoured by this map: {reason}, so RED's expected share of the score is exactly half")
    if favoured:
        return (f"{known} — yet these games gave {figures}, further from half than chance usually goes (the report "
                "keeps the risk of such a headline under 4%): a rare draw, or the players' own habits, not the ground; "
                "a run with another seed tells which")
    return f"{known} (the games: {figures})"


def first_owner(direction: int, team: Team | None) -> str:
    """A clause for a decided first-mover answer (``direction`` +1: moving first is the advantage, -1: second) when
    ``team`` moves first in every game the scenario's rules play: whose edge that is. A new-user audit read "No side
    can be favoured by this map" in bold above "the first mover takes 100% of the score", on a map whose book gives
    RED the first turn, and nothing joined the two; another (session 27) read of "the scenario" on a map file, which
    has none, so the clause names both sources. "" when the rules draw the first team, or nothing is decided."""
    if team is None or not direction:
        return ""
    owner = team if direction > 0 else team.other
    return (f" — played as its rules set it (a scenario's first_team, else the rulebook's), {team.value} moves first "
            f"in every game, so this edge is {owner.value}'s (these games alternate the first turn to measure the map; "
            "a match can alternate it too)")


def first_state(t: MeanTest | None) -> str:
    """``first``, ``second``, ``even``, ``undecided`` or ``too few``."""
    return _state(t, "first", "second")


def first_figure(t: MeanTest | None) -> str:
    """``first mover 74% (68–80%)``."""
    return _figure(t, "first mover")


def first_sentence(t: MeanTest | None) -> str:
    """The answer to "does moving first win?" in one sentence (without a full stop)."""
    state = first_state(t)
    if state == "too few" or t is None:
        return "Too few games to say whether moving first matters"
    share = f"the first mover takes {pct(t.estimate)} of the score ({interval(t.low, t.high)})"
    if state in ("first", "second"):
        return f"Moving {state} is an advantage{', by less than 3 points' if t.even else ''}: {share}"
    if state == "even":
        return f"Moving first makes no difference of more than 3 points: {share}"
    return f"Not decided yet whether moving first matters: {share} after {t.games} games; {games_needed(t)}"
