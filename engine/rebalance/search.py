"""The search: from "which side is favoured" to the smallest edit that makes the map fair, proven by games.

1. **Baseline.** Games on the map, in rounds of 48, 96, 192… up to ``baseline_games`` and then ``baseline_games``
   at a time, until :func:`~engine.rebalance.evidence.baseline_answer` decides: a side favoured as soon as the
   confidence sequence shows it; *already fair* — nothing changes — only when, from ``baseline_games`` on, the
   games meet the confirmation's own two-stage standard (RED's score's 95% interval holding 50%, RED within a
   point of even at the first look, a point and a half over all games after); at ``baseline_cap`` games a map
   still not fair favours the side ahead. A map even by construction is already fair at the first look (or when
   its games end sooner) whatever they show. When the time runs out first the run ends "not fixed", undecided.
2. **Candidates.** :func:`engine.rebalance.candidates.proposals` for the
   favoured side; each is screened by the real validator
   (:mod:`engine.rebalance.screen`), one that would undo an earlier step is
   left out (:func:`~engine.rebalance.candidates.undoes`), and they are ordered: symmetry repairs first, then
   edits whose static lean (:mod:`engine.rebalance.measures`) moves toward the
   other side, fewest hexes first, families interleaved.
3. **Race.** All candidates play the same games (common random numbers) in
   rounds that double in size. After each round a candidate is *dropped* when
   its interval shows it clearly still unfair (or unfair the other way), after the first when its games all
   ended as the starting map's own (:data:`~engine.rebalance.result.NO_EFFECT`), or
   when it cannot beat a fair one (more hexes, or a gap surely larger), and
   *fair* — worth confirming — when its interval lies within ``race_tolerance``
   of an even split, or within half the starting map's own gap when that is
   smaller (:meth:`_Search._race_tolerance`).
4. **Confirm.** The fair candidate with the fewest hexes (ties: the smaller
   gap) plays ``confirm_games`` on fresh seeds, judged by the balance report's
   rule with RED's score within a point of even; one to two points off, it
   plays as many games again and passes within a point and a half over all
   of them (:func:`~engine.rebalance.evidence.confirmation_stage`); with time
   to spare, an accepted version plays on to ``play_on`` × ``confirm_games``
   and must stay within a point and a half (:mod:`engine.rebalance.confirm`); a
   version that is now exactly its own mirror image is even by construction and
   needs the balance report's rule only (:func:`even_by_construction`); if it
   fails, the next finalist, skipping those the failures' shift from race to
   fresh games puts clearly off even (:mod:`engine.rebalance.finalists`).
5. **Another step.** When no candidate is fair, the one that came nearest an
   even split (over all its games, a failed confirmation's included) becomes
   the new starting map — when it came at least :data:`CONFIRM_MARGIN` nearer
   even than the step's starting map did *on the same games*: that map plays
   every race round as a control on the race's seeds (:meth:`_Search._nearer`)
   — and the search goes on from there (at most ``steps`` edits in all, while
   the time lasts). When none did, pairs of the step's edits that came nearer
   even at all race on seeds of their own and are confirmed the same way
   (:mod:`engine.rebalance.combine`); a pair nearer even by the margin is a
   step like any edit.

Time: before each round the search checks that the round and a confirmation's
two stages still fit in ``minutes`` (by the rate games have run at so far); a
race round that does not is cut to the games that do, or, shorter than a first
round, not played (a finalist one to two points off was refused for want of its
second stage: Canal asym, session 22). Ctrl-C or a cancel stops it with the best
found so far, marked as interrupted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Final, Literal

from engine.mapmodel import Team
from engine.rebalance.best import BestSoFar
from engine.rebalance.budget import Budget
from engine.rebalance.candidates import compensated, proposals, undoes
from engine.rebalance.changes import Proposal
from engine.rebalance.combine import PAIRS, leaning, paired_gaps, pairs
from engine.rebalance.confirm import confirmation
from engine.rebalance.evidence import (
    CONFIRM_MARGIN,
    FAIR,
    Evidence,
    Tally,
    baseline_answer,
)
from engine.rebalance.finalists import Anchor, skipped_note, worth_confirming
from engine.rebalance.measures import Place, figures
from engine.rebalance.mirror import even_by_construction, team_mirror
from engine.rebalance.notes import already_fair_notes, already_fair_why, fixed_why, rosters_note, unfixed_why
from engine.rebalance.play import NO_EFFECT, Round, Runner
from engine.rebalance.result import ALREADY_FAIR, FIXED, IMPROVED, NOT_FIXED, Outcome, Trial, net_changes
from engine.rebalance.screen import Screen
from engine.rebalance.settings import (
    Listener,
    Settings,
    baseline_stops,
    batch_seed,
    counted_from,
    whole_blocks,
)
from engine.scenario import Scenario

# Listener, Settings, baseline_stops, batch_seed (engine/rebalance/settings.py) and even_by_construction
# (engine/rebalance/mirror.py) are re-exported: they are part of the search's interface.
__all__ = ["Listener", "Settings", "baseline_stops", "batch_seed", "even_by_construction", "rebalance"]

#: Refused proposals per step offered again with cover by the objective (:func:`compensated`): those whose new
#: warning names the favoured side, and as many edits of a hex the original's warnings name whose new warning
#: names the other side.
PAIRED: Final = 4


class _Stopped(Exception):
    """Ctrl-C, a cancel or the time limit ended the run."""


class _Search:
    def __init__(self, scenario: Scenario, settings: Settings, runner: Runner, listener: Listener,
                 clock: Callable[[], float]) -> None:
        self.scenario = scenario
        self.s = settings
        self.runner = runner
        self.say = listener
        self.budget = Budget(clock, runner, settings.minutes)
        self.ev = Evidence(settings.alpha, settings.tolerance)
        #: The race's own sequence: a wrongly dropped candidate costs only time (the confirmation is separate).
        self.race_ev = Evidence(settings.race_alpha, settings.race_tolerance)
        #: A confirmation's two stages (:meth:`confirm`), kept free by every race round and before a next step.
        self.reserve = 2 * whole_blocks(settings.confirm_games)
        self.trials: list[Trial] = []
        self.interrupted = False
        self.confirmations = 0
        self._best = BestSoFar(self.ev)
        self.baseline_tally = Tally()
        #: The side the map's own games showed favoured (None: not shown, or fair).
        self.favoured: Team | None = None
        #: Per step and race seeds (``""`` for the step's edits, :data:`PAIRS` for their pairs), the step's starting
        #: map's own games on those seeds (the control of :meth:`_nearer`).
        self.controls: dict[tuple[int, str], Tally] = {}
        #: Per step, every game the step's starting map was judged by (the baseline; after, the chosen edit's own
        #: race and confirmation games): its estimate of that map's gap (:meth:`_race_tolerance`).
        self.starts: dict[int, Tally] = {}
        #: The edits taken so far, one per finished step.
        self.chosen: list[Trial] = []
        #: Each step taken, as the map it started from and its edit: a proposal that would undo one, or one change
        #: of one, is not raced (a campaign's step 4 raced moving back the kit its step 2 had moved).
        self.taken: list[tuple[Scenario, Proposal]] = []
        #: Why the steps ended without a fix: ``time`` (the deadline, or a cancel), ``stuck`` (no edit of the last
        #: step came nearer even than its starting map on the same games), ``steps`` (``steps`` edits taken).
        self.ended = "time"

    # -- games ------------------------------------------------------------------------------------------------

    def _round(self, versions: list[Scenario], seed: int, start: int, stop: int, of: int = 0) -> Round:
        """The games ``start``–``stop`` of ``versions``; ``of``: the games of the whole stage, for its progress."""
        rnd = self.runner.round(versions, seed, start, stop,
                                counted_from(self.say.games, start, of) if of else self.say.games)
        if rnd.stopped:
            self.interrupted = True
            raise _Stopped()
        return rnd

    # -- 1. baseline --------------------------------------------------------------------------------------

    def baseline(self) -> tuple[Tally, Team | Literal["fair"] | None]:
        """The map's own games and their answer (module docstring, 1); None: the time ran out undecided. On a map
        even by construction the answer never rests on the games (:func:`baseline_answer`): fair however they end,
        on the time or on a cancel (a review found "not fixed: interrupted" there)."""
        tally, done = Tally(), 0
        seed = batch_seed(self.s.seed, "baseline")
        look, cap = whole_blocks(self.s.baseline_games), baseline_stops(self.s)[-1]
        even = even_by_construction(self.scenario)
        try:
            for stop in baseline_stops(self.s):
                if done and not self.budget.fits(stop - done):
                    break
                tally = self.baseline_tally = tally + self._round([self.scenario], seed, done, stop).tallies[0]
                done = stop
                self.say.note(f"the map as it is: {self.ev.said(tally)}")
                answer = baseline_answer(tally, self.ev, look, cap, even)
                if answer is not None:
                    return tally, answer
        except _Stopped:
            if not even:
                raise
        if even:
            self.say.note("the map's own games stop here; it is even by construction all the same")
            return self.baseline_tally, FAIR
        self.say.note("time is short: the map's own games stop here, undecided")
        return tally, None

    # -- 2. candidates -------------------------------------------------------------------------------------

    def candidates(self, base: Scenario, favoured: Team, step: int) -> list[Trial]:
        screen = Screen.of(base)
        mirror = team_mirror(base.map)
        place = Place(base)
        lean0 = figures(base).lean()
        sign = 1 if favoured is Team.RED else -1
        fresh: list[Trial] = []
        seen: set[tuple[str, ...]] = set()
        undone = 0  # proposals that would undo an earlier step

        def screened(p: Proposal) -> frozenset[str] | None:
            """Screen ``p``: a fresh trial when valid, else a refused one; the sides its new warnings name."""
            nonlocal undone
            key = tuple(sorted(repr(c) for c in p.changes))
            if key in seen:
                return None
            seen.add(key)
            try:
                version = p.apply_to(base)
            except ValueError:
                return None
            if undoes(p, self.taken):
                undone += 1
                return None
            words = p.words(place)
            why_not, warned = screen.judge(version)
            if why_not is not None:
                self.trials.append(Trial(p, words, p.hexes, step, status=f"refused: {why_not}"))
                return warned
            fresh.append(Trial(p, words, p.hexes, step, lean=sign * (lean0 - figures(version).lean())))
            return None

        paired = {True: 0, False: 0}  # by whether the new warning names the favoured side
        for p in proposals(base, favoured, mirror):
            warned = screened(p)
            if mirror is None and warned is not None and len(warned) == 1:
                side = Team(next(iter(warned)))
                mine = side is favoured
                named = not screen.named.isdisjoint(p.hexes)
                if paired[mine] >= PAIRED or not (mine or named):  # the other side's: only for a named hex
                    continue
                paired[mine] += 1
                before = len(fresh)
                for pair in compensated(base, p, side, place):
                    screened(pair)
                    if len(fresh) - before >= 3:
                        break
        # a symmetry repair first, then edits of a hex the validator's warnings name, leaning the right way, fewest
        # hexes, most lean
        fresh.sort(key=lambda t: (t.proposal.family != "symmetry", screen.named.isdisjoint(t.hexes), t.lean <= 0,
                                  len(t.hexes), -t.lean, t.words))
        # where the sides differ only by what they field, every roster exchange races (they are the cause); every
        # symmetry repair too (they race first, alone: a round-robin of families let through only 4 of 8, and
        # "open the three walls", which gave back the bundled map, never raced — a new-user audit)
        whole = ("rosters", "symmetry")
        picked = [t for t in fresh if t.proposal.family == "rosters"] + \
            [t for t in fresh if t.proposal.family == "symmetry"][:max(self.s.candidates, 8)]  # 8: three pairs' ways
        families: dict[str, list[Trial]] = {}
        for t in fresh:
            if t.proposal.family not in whole:
                families.setdefault(t.proposal.family, []).append(t)
        while len(picked) < self.s.candidates and any(families.values()):
            for fam in list(families):
                if families[fam] and len(picked) < self.s.candidates:
                    picked.append(families[fam].pop(0))
        refused = sum(t.status.startswith('refused') and t.step == step for t in self.trials)
        left = (f"; the other {len(fresh) - len(picked)} valid ones, ranked lower by the validator's measures, "
                "are left out of the race" if len(fresh) > len(picked) else "")
        undo = f", {undone} that would undo an earlier step left out" if undone else ""
        self.say.note(f"step {step}: {len(picked)} proposals to race ({len(fresh)} valid, {refused} refused by the "
                      f"validator{undo}{left})")
        self.trials += [t for t in fresh if t not in picked]  # "not played": the report lists them too (an audit)
        return picked

    # -- 3. race ---------------------------------------------------------------------------------------------

    def race(self, base: Scenario, trials: list[Trial], step: int, seeds: str = "") -> list[Trial]:
        """Play the trials on common seeds until decided; returns them updated (module docstring). ``seeds``: which of
        the step's batches (``""``, or :data:`PAIRS` for its pairs, chosen on the first batch's games)."""
        seed = batch_seed(self.s.seed, f"step {step}{seeds}")
        versions = [t.proposal.apply_to(base) for t in trials]
        state = list(trials)
        alive = list(range(len(trials)))
        done, size = 0, whole_blocks(self.s.first_round)
        ev = replace(self.race_ev, margin=self._race_tolerance(step))
        control = Tally()
        reserve = self.reserve
        try:
            while alive and done < self.s.search_games:
                stop = min(whole_blocks(self.s.search_games), done + size)
                cut = ""
                if not self.budget.fits((len(alive) + 1) * (stop - done), reserve):
                    stop = done + self.budget.round_that_fits(len(alive) + 1, reserve)
                    if stop - done < whole_blocks(self.s.first_round):
                        self.say.note("time is short: the race stops here")
                        self.budget.cut = True
                        if not done:
                            self.budget.too_short((len(alive) + 1) * whole_blocks(self.s.first_round) + reserve)
                        break
                    cut = ", cut to the time left"
                self.say.note(f"racing {len(alive)} proposals: games {done + 1}–{stop} on common seeds{cut}")
                rnd = self._round([base] + [versions[k] for k in alive], seed, done, stop)
                control = control + rnd.tallies[0]
                # an edit whose first games all ended as the map's own changes no game: it cannot come nearer even
                same = {k for j, k in enumerate(alive, 1) if rnd.plays[j] == rnd.plays[0]} if rnd.plays and not done else set()
                done = stop
                for k, got in zip(alive, rnd.tallies[1:], strict=True):
                    t = replace(state[k], tally=state[k].tally + got)
                    state[k] = replace(t, status=f"dropped: {NO_EFFECT}") if k in same else self._judge(t, ev)
                alive = self._survivors(alive, state)
                size *= 2
        except _Stopped:
            pass
        if control.games > self.controls.get((step, seeds), Tally()).games:
            self.controls[step, seeds] = control
        return [replace(t, status="undecided") if t.status == "racing" else t for t in state]

    def _race_tolerance(self, step: int) -> float:
        """How near even a candidate's race interval must lie to be *fair* in ``step``: ``race_tolerance``, or half
        the step's starting map's own gap when that is smaller (never under :data:`CONFIRM_MARGIN`).

        A map a few points off meets the race tolerance itself: its edits, worth a point or two each, would all
        look fair after the first round and go to confirmation on a guess (Ridge asym-blu-wall, at 53%). Tied to
        the gap, the race plays on until it can tell them apart, up to ``search_games``, and the finalists come in
        order of their scores. The starting map's gap is its own games' estimate: the baseline in step 1, the
        chosen edit's games after.
        """
        start = self.starts.get(step, self.baseline_tally)
        if not start.games:
            return self.s.race_tolerance
        return min(self.s.race_tolerance, max(CONFIRM_MARGIN, abs(start.score - 0.5) / 2))

    def _nearer(self, t: Trial, step: int, seeds: str = "") -> bool:
        """Whether ``t``'s race games came nearer an even split than the step's starting map did on the same
        games (its control) by at least :data:`CONFIRM_MARGIN`, or by half the control's own gap when that is
        smaller (a map three points off, whose edits move it one or two, may take a step of one and a half) — a
        paired comparison on common seeds."""
        gaps = paired_gaps(t, self.controls.get((step, seeds), Tally()))
        return gaps is not None and gaps[0] <= gaps[1] - min(CONFIRM_MARGIN, gaps[1] / 2)

    def _judge(self, t: Trial, ev: Evidence) -> Trial:
        """``t`` after a race round: dropped when its interval (``ev``'s) lies wholly beyond ``ev.margin`` of even,
        *fair* when wholly within it, else still racing."""
        lo, hi = ev.interval(t.tally)
        if lo > 0.5 + ev.margin or hi < 0.5 - ev.margin:
            side = "RED" if lo > 0.5 else "BLU"
            t = replace(t, status=f"dropped: {side} still favoured, {ev.said(t.tally)}")
            self._offer(t, False)
            return t
        fair = ev.even(t.tally)
        t = replace(t, status="fair" if fair else "racing")
        self._offer(t, fair)
        return t

    @property
    def best(self) -> Trial | None:
        """The best proposal so far (:class:`~engine.rebalance.best.BestSoFar`)."""
        return self._best.best

    def _offer(self, t: Trial, fair: bool) -> None:
        """Record ``t``'s latest games with the best so far, and say when the best changes."""
        was = self.best
        if self._best.offer(t, fair, self.starts.get(t.step, self.baseline_tally)):
            best = self._best.best
            assert best is not None
            self.say.best(best)
            if was is None or (was.step, was.proposal) != (best.step, best.proposal):
                fresh = " on fresh games" if best.confirm is not None and best.confirm.games else ""
                self.say.note(f"best so far: {best.words} — {self.ev.said(BestSoFar.latest(best))}{fresh}")

    def _survivors(self, racing: list[int], state: list[Trial]) -> list[int]:
        """The racing trials (indices into ``state``) still worth games (module docstring)."""
        fair = [t for t in state if t.status == "fair"]
        alive = [k for k in racing if state[k].status == "racing"]
        if fair:
            fewest = min(len(t.hexes) for t in fair)
            alive = [k for k in alive if len(state[k].hexes) < fewest]
        if alive:
            best_gap = min(self.race_ev.gap(t.tally)[1] for t in [state[k] for k in alive] + fair)
            alive = [k for k in alive if self.race_ev.gap(state[k].tally)[0] <= best_gap]
        return alive

    # -- 4. confirm ---------------------------------------------------------------------------------------------

    def confirm(self, base: Scenario, trial: Trial) -> Trial:
        """Play ``trial`` on seeds no other game of the run used, in the stages of
        :func:`~engine.rebalance.confirm.confirmation`: the two-stage margin, then, with time to spare, playing on
        to ``play_on`` × ``confirm_games`` — the balance report's rule alone for a version even by construction
        (:func:`even_by_construction`), whose games can only be off even by chance."""
        version = trial.proposal.apply_to(base)
        self.confirmations += 1
        seed = batch_seed(self.s.seed, f"confirm {self.confirmations}")
        total = whole_blocks(self.s.confirm_games)
        even = even_by_construction(version)
        self.say.note(f"confirming on {total} fresh games: {trial.words}" +
                      (" (now its own mirror image, even by construction)" if even else ""))
        tally, ok = confirmation(lambda start, stop, of: self._round([version], seed, start, stop, of=of).tallies[0],
                                 total, self.s.first_round, even, self.s.play_on, self.budget.fits, self.say.note)
        self.say.note(f"{'confirmed' if ok else 'not confirmed'}: {tally.words()}")
        result = replace(trial, confirm=tally, status="confirmed" if ok else "not confirmed")
        self._offer(result, trial.status == "fair")  # judged on these fresh games from now on (BestSoFar.latest)
        return result

    def _no_time_to_confirm(self, t: Trial) -> None:
        """Say that ``t``'s confirmation would not end before the deadline, and how long it would take here."""
        minutes = self.budget.minutes_for(self.s.confirm_games)
        need = f", about {minutes:.1f} minutes here" if minutes else ""
        self.budget.no_time = True
        self.say.note(f"no time left to confirm {t.words} on {self.s.confirm_games} fresh games{need}")

    # -- the whole run -------------------------------------------------------------------------------------------

    def run(self) -> Outcome:
        try:
            baseline, answer = self.baseline()
        except _Stopped:
            so_far = self.baseline_tally
            return self._outcome(NOT_FIXED, so_far, None, (),
                                 "interrupted while the map's own games were played" +
                                 (f" ({self.ev.said(so_far)} so far)" if so_far.games else "") +
                                 ": nothing was tried and nothing was changed")
        self.baseline_tally = baseline
        if answer == FAIR:
            return self._outcome(ALREADY_FAIR, baseline, None, (), already_fair_why(self.scenario, baseline, self.s.baseline_games))
        if answer is None:
            return self._outcome(NOT_FIXED, baseline, None, (),
                                 f"the map's own games did not show in the time given whether a side is favoured "
                                 f"({self.ev.said(baseline)}); nothing was changed; give it more --minutes")
        favoured = self.favoured = answer
        base, chosen, fav = self.scenario, self.chosen, favoured
        for step in range(1, self.s.steps + 1):
            picked = self.candidates(base, fav, step)
            repairs = [t for t in picked if t.proposal.family == "symmetry"]
            stages = [repairs, [t for t in picked if t not in repairs]] if repairs else [picked]
            if repairs and len(stages[1]):  # said, so "16 proposals to race" then "racing 4" is not a riddle (audit)
                self.say.note(f"the {len(repairs)} symmetry repairs race first; the other {len(stages[1])} only if none "
                              "is confirmed")
            raced: list[Trial] = []
            for k, stage in enumerate(stages):
                trials, won = self._stage(base, stage, step)
                raced += trials
                if won is not None or self.interrupted:  # a later stage never raced: listed as not played
                    raced += [replace(t, status="not played") for later in stages[k + 1:] for t in later]
                if won is not None:
                    self.trials += raced
                    return self._finish(base, chosen + [won], baseline, fav)
                if self.interrupted:
                    break
            self.trials += raced
            better = [t for t in raced if self._nearer(t, step)]
            if not better and not self.interrupted:  # two of its edits together (engine/rebalance/combine.py)
                won, better = self._pairs(base, raced, step)
                if won is not None:
                    return self._finish(base, chosen + [won], baseline, fav)
            # a next step needs its race's first round (at most `candidates` edits and the control) and a
            # confirmation's two stages
            need = (self.s.candidates + 1) * whole_blocks(self.s.first_round) + self.reserve
            if self.interrupted or not better or step == self.s.steps or not self.budget.fits(need):
                if not self.interrupted:
                    if not better or step == self.s.steps:  # more time would change neither, but a race cut short
                        self.ended = "steps" if better else "time" if self.budget.cut else "stuck"
                    else:  # a next step from the nearest edit would not end in time: say how long it would take
                        self.budget.too_short(need)
                break
            nearest = min(better, key=lambda t: (abs(t.seen.score - 0.5), len(t.hexes)))
            chosen.append(nearest)
            self.starts[step + 1] = nearest.seen
            after = nearest.proposal.apply_to(base)
            self.taken.append((base, nearest.proposal))
            base = after
            fav = Team.RED if nearest.seen.score > 0.5 else Team.BLU
            self.say.note(f"no single edit was fair; going on from the nearest: {nearest.words}")
        return self._unfixed(chosen, baseline, fav)

    def _stage(self, base: Scenario, picked: list[Trial], step: int,
               seeds: str = "") -> tuple[list[Trial], Trial | None]:
        """Race ``picked`` (on the step's ``seeds``) and confirm its finalists: (the trials as they ended, the
        confirmed one or None)."""
        try:
            trials = self.race(base, picked, step, seeds)
        except _Stopped:
            return picked, None
        finalists = sorted((t for t in trials if t.status in ("fair", "undecided")
                            and self.race_ev.verdict(t.tally) is None),
                           key=lambda t: (t.status != "fair", len(t.hexes), abs(t.tally.score - 0.5)))
        anchors: list[Anchor] = []
        for _ in range(self.s.confirm_tries):
            if not finalists or self.interrupted:
                break
            t = finalists.pop(0)
            if not self.budget.fits(self.s.confirm_games):
                self._no_time_to_confirm(t)
                break
            try:
                done = self.confirm(base, t)
            except _Stopped:
                break
            trials = [done if x is t else x for x in trials]
            if done.status == "confirmed":
                return trials, done
            if done.confirm is not None and done.confirm.games:  # the shift it showed (engine/rebalance/finalists.py)
                anchors.append(Anchor(t.tally, done.confirm))
                finalists, skipped = worth_confirming(finalists, anchors)
                if skipped:
                    self.say.note(skipped_note(skipped, anchors))
        return trials, None

    def _pairs(self, base: Scenario, raced: list[Trial], step: int) -> tuple[Trial | None, list[Trial]]:
        """Race and confirm pairs of the step's edits that came nearer even (:mod:`engine.rebalance.combine`) on a
        batch of seeds of their own: (the confirmed pair or None, the pairs nearer even than their control)."""
        screen, place, fresh = Screen.of(base), Place(base), []
        for p in pairs(leaning(raced, self.controls.get((step, ""), Tally()))):
            try:
                why_not = screen.judge(p.apply_to(base))[0]
            except ValueError:  # two edits that cannot both be made (a kit moved onto a hex the other walls)
                continue
            t = Trial(p, p.words(place), p.hexes, step, status=f"refused: {why_not}" if why_not else "not played")
            (self.trials if why_not else fresh).append(t)
        if not fresh:
            return None, []
        self.say.note(f"step {step}: no single edit came near enough; {len(fresh)} pairs of its edits nearest even "
                      "to race, on fresh seeds")
        trials, won = self._stage(base, fresh, step, PAIRS)
        self.trials += trials
        return won, [t for t in trials if self._nearer(t, step, PAIRS)]

    def _finish(self, base: Scenario, chosen: list[Trial], baseline: Tally, fav: Team) -> Outcome:
        last = chosen[-1]
        after = last.proposal.apply_to(base)
        assert last.confirm is not None
        hexes = len(net_changes(self.scenario.map, after.map, (h for t in chosen for h in t.hexes)))
        # the baseline's side, not the step's (a step that overshot starts from the other side: a review)
        side = self.favoured or fav
        play_on_to = 0 if even_by_construction(after) else self.s.play_on * whole_blocks(self.s.confirm_games)
        why = fixed_why(f"{self.ev.favoured_words(side.value, baseline)} ({self.ev.said(baseline)})", hexes,
                        self.ev.said(last.tally), last.confirm, play_on_to)
        return self._outcome(FIXED, baseline, after, tuple(chosen), why)

    def _unfixed(self, chosen: list[Trial], baseline: Tally, fav: Team) -> Outcome:
        base = self.scenario
        for t in chosen:
            base = t.proposal.apply_to(base)
        after = base if chosen else None
        best = self._latest(self.best)
        if best is not None and best.step == len(chosen) + 1:  # made on the map the chosen steps lead to
            try:
                after = best.proposal.apply_to(base)
                chosen = chosen + [best]
            except ValueError:
                pass
        why = unfixed_why(chosen, self.favoured, self.interrupted, self.budget, self.ended, self.s.steps,
                          any(t.tally.games for t in self.trials))
        return self._outcome(IMPROVED if chosen else NOT_FIXED, baseline, after, tuple(chosen), why)

    def _latest(self, t: Trial | None) -> Trial | None:
        """``t`` as its race left it (its last games and status: a race that ended mid-way calls the trials
        still racing "undecided"), or as it was offered when no race has finished since."""
        if t is None:
            return None
        last = next((x for x in reversed(self.trials) if x.step == t.step and x.proposal == t.proposal), None)
        return last if last is not None else replace(t, status="undecided") if t.status == "racing" else t

    def salvage(self) -> Outcome:
        """What the run had found when Ctrl-C arrived outside the games (the best so far, unconfirmed)."""
        self.interrupted = True
        if self.favoured is None and even_by_construction(self.scenario):
            return self._outcome(ALREADY_FAIR, self.baseline_tally, None, (), already_fair_why(self.scenario, self.baseline_tally, self.s.baseline_games))
        if self.favoured is None:
            return self._outcome(NOT_FIXED, self.baseline_tally, None, (), "interrupted before anything was found")
        return self._unfixed(list(self.chosen), self.baseline_tally, self.favoured)

    def _outcome(self, status: str, baseline: Tally, after: Scenario | None, chosen: tuple[Trial, ...],
                 why: str) -> Outcome:
        notes = already_fair_notes(self.scenario, baseline) if status == ALREADY_FAIR else []
        if status not in (FIXED, ALREADY_FAIR) and self.favoured is not None:
            notes += rosters_note(self.scenario, self.favoured)
        if self.interrupted and after is not None:
            notes.append("interrupted: the best found so far is kept" +
                         ("" if status in (FIXED, ALREADY_FAIR) else ", not confirmed"))
        elif self.interrupted:
            notes.append("interrupted before any edit was found: nothing is kept")
        return Outcome(status, self.scenario, after, baseline,
                       None if self.favoured is None else self.favoured.value,
                       chosen, tuple(self.trials), why, tuple(notes), self.runner.played,
                       self.budget.spent(), self.interrupted)


def rebalance(scenario: Scenario, settings: Settings, runner: Runner, listener: Listener | None = None,
              clock: Callable[[], float] = time.monotonic) -> Outcome:
    """Search for the smallest fair edit of ``scenario`` (module docstring); never raises for a run cut short.

    Raises :class:`~engine.rebalance.screen.NotValid` when the map has validator
    errors, RulesetError when its games cannot start.
    """
    Screen.of(scenario)
    search = _Search(scenario, settings, runner, listener or Listener(), clock)
    try:
        return search.run()
    except KeyboardInterrupt:  # between games (the games themselves stop through the runner)
        return search.salvage()
