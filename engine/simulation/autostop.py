"""``--games auto``: play a balance study block by block until its headlines are decided, or a budget runs out.

The study's games are played in chunks of whole blocks (:meth:`StudyPlan.slots
<engine.simulation.balance.StudyPlan.slots>`: a block is games ``4b..4b+3`` of
every pairing and version). After each chunk the stopping rule
(:func:`engine.simulation.headline.stop_block`) is asked at every block in game
order, and the run stops at the *first* block after which every watched
headline is decided; games a chunk played past that block are dropped. So the
stopping point, and the whole result, depend only on the games, never on how
they were chunked or on which worker played them: the same for any ``--jobs``
and on a Dask cluster.

Budgets: ``max_games`` per pairing and version (default
:func:`default_max_games`, from what games cost) and ``minutes`` of wall time.
The minutes are the one budget that depends on the machine: a run stopped by
them may stop at another block elsewhere.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from engine.games.modes import GAMES
from engine.mapmodel import Mode
from engine.parallel.backends import Backend, Interrupted
from engine.simulation.balance import ObservedGame, StudyPlan, play_watched, study_of
from engine.simulation.batch import BLOCK
from engine.simulation.headline import stop_block

__all__ = ["BUDGET", "MIN_GAMES", "Stop", "default_max_games", "play_until_decided", "reason_words"]

#: The default budget per pairing and map version: about a minute of one core at 15 M reference iterations/s.
BUDGET: Final = 900.0
#: ``--games auto`` plays at least this many games per pairing (the report's other figures need games too)...
MIN_GAMES: Final = 100
#: ... and by default at most this many.
MAX_GAMES: Final = 10_000

Reason = Literal["decided", "max-games", "minutes", "cancelled"]


def default_max_games(mode: Mode, pairings: Sequence[tuple[str, str]], compare: bool = False) -> int:
    """The default ``--max-games``: what :data:`BUDGET` buys for the costliest pairing, in whole blocks,
    between :data:`MIN_GAMES` and :data:`MAX_GAMES` (a pure function of the mode and players: what a game
    costs is the mode's :attr:`~engine.games.modes.ModeRules.game_costs`).

    With ``compare`` (two map versions) the budget is at least what the mode's
    :attr:`~engine.games.modes.ModeRules.change_games` heuristic games cost: the games that find the mode's
    smallest one-turn change nine times in ten (Payload Race's one push on a long track)."""
    rules = GAMES[mode]
    costs = rules.game_costs
    worst = max((costs.get(a, 1.0) + costs.get(b, 1.0)) / 2 for a, b in pairings)
    budget = max(BUDGET, rules.change_games * costs.get("heuristic", 1.0)) if compare else BUDGET
    games = int(budget / worst + 1e-9)
    return max(MIN_GAMES, min(MAX_GAMES, games - games % BLOCK))


def reason_words(stopping: Mapping[str, Any], compare: bool = False, flags: bool = True) -> str:
    """Why a ``--games auto`` run stopped, in words, from its JSON ``stopping`` object: ``every headline question
    was decided`` (under ``--compare`` only the comparison is waited for, so each map's own verdict may still
    be undecided, and the words say so), ``the budget of 400 games ran out (--max-games; …)``... ``flags`` False
    leaves out the command line's options (for the editor's dialog)."""
    minutes = stopping.get("minutes")
    budget = f"the budget of {stopping.get('max_games')} games ran out"
    # the clause on a version even by construction is the headline's to say (an editor audit read it as jargon)
    return {"decided": ("the comparison was decided (each map's own verdict is not waited for)" if compare
                        else "every headline question was decided"),
            # "(--max-games)" read as an option given, to a designer who gave none (a new-user audit)
            "max-games": f"{budget} (--max-games; by default the games about a minute of one core plays)" if flags
            else budget,
            "minutes": (f"the time budget ran out ({'--minutes ' if flags else ''}{minutes:g}"
                        f"{'' if flags else ' minutes'})" if minutes else "the time budget ran out"),
            "cancelled": "it was cancelled"}.get(stopping.get("reason", ""), "")


@dataclass(frozen=True)
class Stop:
    """Why and where a ``--games auto`` run stopped: ``games`` per pairing and version were kept."""

    reason: Reason
    games: int
    max_games: int
    minutes: float | None

    def why(self, compare: bool = False) -> str:
        """:func:`reason_words` of this stop (``compare``: of a comparison run), without the command line's
        options."""
        return reason_words(self.to_json(), compare=compare, flags=False)

    def words(self) -> str:
        """``stopped after 412 games per pairing: every headline question was decided``."""
        return f"stopped after {self.games} games per pairing: {self.why()}"

    def to_json(self) -> dict[str, Any]:
        return {"rule": "auto", "reason": self.reason, "games": self.games, "max_games": self.max_games,
                "minutes": self.minutes}


def play_until_decided(plan: StudyPlan, backend: Backend, progress: Callable[[int, int], None] | None = None,
                       cancelled: Callable[[], bool] | None = None, minutes: float | None = None,
                       clock: Callable[[], float] = time.monotonic) -> tuple[StudyPlan, list[ObservedGame], Stop]:
    """Play ``plan`` (``plan.games`` is the most per pairing) until its headlines are decided; see the module.

    Returns the plan of the games kept (``games`` = games per pairing played),
    the games in play order and why it stopped. Progress counts games against
    the most that may be played. Raises :class:`~engine.parallel.backends.Interrupted`
    on Ctrl-C with every game finished so far, BackendError and RulesetError as
    :func:`~engine.simulation.balance.run_study` does.
    """
    max_blocks = plan.games // BLOCK if plan.games >= BLOCK else 1
    start = min(max_blocks, math.ceil(MIN_GAMES / BLOCK))
    per_block = len(plan.slots(range(1)))
    total = per_block * max_blocks
    games: list[ObservedGame] = []
    began = clock()
    done = 0
    while True:
        size = max(start, done // 2)
        if minutes is not None and done:
            per = (clock() - began) / done
            size = max(1, min(size, int((minutes * 60 - (clock() - began)) / max(per, 1e-9))))
        size = min(size, max_blocks - done)
        items = plan.items(range(done, done + size))
        offset = len(games)

        def step(n: int, _total: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + n, total)

        try:
            chunk = backend.map_ordered(play_watched, items, step, cancelled)
        except Interrupted as e:
            raise Interrupted(games + e.done) from None
        games += chunk
        if len(chunk) < len(items):  # cancelled: keep what finished
            played = replace(plan, games=min(plan.games, BLOCK * (done + size)))
            return played, games, Stop("cancelled", _games_per_pairing(plan, len(games)), plan.games, minutes)
        done += size
        current = replace(plan, games=BLOCK * done)
        main, other = study_of(current, games)
        t = stop_block(main, other, start)
        if t is not None:
            kept = replace(plan, games=BLOCK * t)
            return kept, games[:len(plan.slots(range(t)))], Stop("decided", BLOCK * t, plan.games, minutes)
        if done >= max_blocks:
            return current, games, Stop("max-games", BLOCK * done, plan.games, minutes)
        if minutes is not None and clock() - began >= minutes * 60:
            return current, games, Stop("minutes", BLOCK * done, plan.games, minutes)


def _games_per_pairing(plan: StudyPlan, finished: int) -> int:
    """Games per pairing of the first pairing after ``finished`` games in play order (a cancelled run)."""
    return sum(1 for v, k, _ in plan.slots()[:finished] if (v, k) == (0, 0))
