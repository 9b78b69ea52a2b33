"""A finalist's confirmation on fresh seeds: the games it plays, in stages, and their answer.

All stages play one fresh batch seed, games 1, 2, … on (:func:`confirmation`):

1. ``total`` games (the settings' ``confirm_games``): within a point of even passes, over two points fails,
   between asks for
2. as many games again, passing within a point and a half over all of them
   (:func:`~engine.rebalance.evidence.confirmation_stage`);
3. **with time to spare, playing on**: a version stages 1–2 accepted plays on to ``play_on`` × ``total`` games
   in all, when they fit before the deadline, and is confirmed only if it is still within a point and a half of
   even over all of them — the standard the map's own games meet, at their later looks, to be called already fair
   (:func:`~engine.rebalance.evidence.baseline_answer`). Why: the race hands over finalists that came out near
   even and are often truly one to three points off, and 1,000–2,000 games let some of those through (a campaign
   case confirmed at 51% on 1,000 games was 47.2% over 4,000 more, and the independent check then found BLU
   favoured). Measured with coin flips (``bench/confirm_rule.py``, finalists uniform on 49–55%): of the fixes the
   two stages accept, 85.9% pass an independent 1,000-game check; played on to 4,000 within a point and a half,
   90.2% — the check's own false alarms on truly even maps cap every rule at about 94%. When the games do not
   fit, stages 1–2's answer stands (a designer who gives the fixer more minutes gets a surer answer).

A version even by construction (exactly its own mirror image, both sides fielding the same) can be off even only
by chance: it is judged by the balance report's rule alone — when its first batch fails the rule (1 time in 20 for
a truly even map) a second batch as large is played and all the games are judged by the rule, so a repair to exact
symmetry is refused about 1 time in 60 — and it never plays on.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.rebalance.evidence import Tally, confirmation_stage, confirmed_fair
from engine.rebalance.settings import whole_blocks

__all__ = ["Play", "confirmation"]

#: ``play(start, stop, of)``: the fresh games ``start``–``stop`` of a stage that ends at game ``of`` (its progress).
Play = Callable[[int, int, int], Tally]


def confirmation(play: Play, total: int, least: int, even: bool, play_on: int, fits: Callable[[int], bool],
                 note: Callable[[str], None]) -> tuple[Tally, bool]:
    """Play a confirmation (module docstring): (all its games, whether it passed).

    Its rounds are a quarter of ``total`` and at least ``least`` games, in whole blocks (a round of 250 split a
    block of the game plan, and the fresh games' anytime interval, which the best so far's "side shown ahead"
    reads, counted blocks that straddled two rounds). ``fits(games)``: whether that many more games end before
    the deadline; ``note``: what it does and why, in words. ``play_on``: the multiple of ``total`` an accepted
    version plays on to (1 or less: it does not).
    """
    size = max(whole_blocks(least), whole_blocks(total // 4))
    tally, done = Tally(), 0

    def upto(end: int) -> None:
        nonlocal tally, done
        while done < end:
            stop = min(end, done + size)
            tally = tally + play(done, stop, end)
            done = stop

    ok: bool | None = None
    for end in (total, 2 * total):  # the two stages of confirmation_stage
        upto(end)
        if even:  # a side's interval above 50% on an even version is chance 1 time in 20: a second batch
            ok = True if confirmed_fair(tally) else False if end > total else None
        else:
            ok = confirmation_stage(tally, end > total)
        if ok is not None:
            break
        why = ("a side's 95% interval lies above 50% on a map even by construction" if even else
               "one to two points off even")
        more = fits(total)
        note(f"{tally.words()}: {why}, " + (f"{total} more games" if more else f"and no time for {total} more games"))
        if not more:
            break
    if ok and not even and play_on * total > done:
        if fits(play_on * total - done):
            note(f"{tally.words()}: within the confirmation's margin; with time to spare, playing on to "
                 f"{play_on * total} fresh games, to be within a point and a half of even over all of them")
            upto(play_on * total)
            ok = confirmation_stage(tally, True)  # the second stage's standard, over all the games
        else:
            note(f"{tally.words()}: within the confirmation's margin; no time to play on to {play_on * total} games")
    return tally, bool(ok)
