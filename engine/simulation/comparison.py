"""Two versions of a map played on the same seeds (``hexfort balance --compare``): what changed, and how surely.

The headline, per pairing of AI players, is the question the edit was made
for: did it move the balance? — the difference in RED's share of the score
(other − this), block by block: game ``i`` of both versions has the same dice
seed, first team and sides, so each block of four games on one version pairs
with the same block on the other (:mod:`engine.simulation.headline`).
:func:`headline` words it: the change is significant (after correction with
the report's other headlines), within three points of none, or undecided (with
about how many more games per version would decide it).

The secondary figures (:func:`compare`), per pairing: the change in the first
mover's share, in draws, in the mean game length and in the share of games in
which RED scores first, each with its interval and whether it is significant
after correction (its interval, at the level of the report's secondary questions,
excludes no change); a figure with
fewer than :data:`~engine.simulation.balance.MIN_SAMPLE` games per version
says "too few games".
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from engine.simulation.balance import MapStudy
from engine.simulation.headline import CHANGES, Answer, Answers, uneven_version
from engine.simulation.verdict import Namer, label
from engine.simulation.versions import changed_hexes, same_games  # changed_hexes re-exported (balance_doc)
from engine.simulation.wording import bound, change_figures, games_needed, interval, pct, points
from engine.validation.construction import even_by_construction

__all__ = ["MEASURES", "Comparison", "Headline", "Measure", "changed_hexes", "compare", "headline"]

#: What a figure's two values are: a share of games or a number of turns.
Measure = Literal["share of games", "turns"]
MEASURES: Final[tuple[Measure, ...]] = ("share of games", "turns")


@dataclass(frozen=True)
class Comparison:
    """One secondary figure on two versions of a map: the values, the difference (other − this) and its interval.

    ``low``/``high`` are None and ``too_few`` True when fewer than
    :data:`~engine.simulation.balance.MIN_SAMPLE` games per version bear on it.
    ``games`` counts the games per version in whole blocks (the figure's sample).
    """

    pairing: str
    figure: str
    this: float
    other: float
    low: float | None
    high: float | None
    games: int
    measure: Measure
    significant: bool
    #: Significant, or shown within the test's margin of no change (:attr:`MeanTest.decided`): a plain "not
    #: significant" under an interval far wider than any change read as "no change" (an editor audit: game length
    #: 54 → 32 turns, "-107 to +76, significant: no" after 100 games).
    decided: bool = False

    @property
    def too_few(self) -> bool:
        """Whether too few games bear on the figure to give its interval."""
        return self.low is None

    @property
    def difference(self) -> float:
        """other − this."""
        return self.other - self.this

    def words(self) -> str:
        """``draws: 4% → 1% (−3 points, interval −6 to +0; not significant after correction)``."""
        rate = self.measure != "turns"

        def v(x: float) -> str:
            return pct(x) if rate else f"{x:.1f}"

        def d(x: float, end: bool = False) -> str:
            """A difference; an interval's ``end`` never reads as 0 when it excludes it (:func:`bound`)."""
            return (bound(x, 0.0, True) if end else points(x)) if rate else f"{x:+.1f}"

        if self.low is None or self.high is None:
            return f"{self.figure}: {v(self.this)} → {v(self.other)} (too few games to compare)"
        sig = ("significant after correction" if self.significant else "not significant after correction"
               if self.decided else "not decided yet: more games would size it")
        # a share's two values and their difference rounded to agree (a review read "50% → 52% (+1 points" here)
        this, other, shift = (change_figures(self.this, self.other) if rate else
                              (v(self.this), v(self.other), f"{d(self.difference)} turns"))
        return (f"{self.figure}: {this} → {other} ({shift}, interval "
                f"{d(self.low, True)} to {d(self.high, True)}; {sig})")


def compare(a: MapStudy, answers: Answers) -> list[Comparison]:
    """The secondary figures of every pairing of ``a`` (the map) in ``answers`` (its comparison), in order."""
    words = dict(CHANGES)
    out = []
    for x in answers.of(None, headline=False):
        q = x.question
        p = a.pairings[q.pairing]
        t = x.test
        measure: Measure = "turns" if q.key == "change:length" else "share of games"
        this, other = x.this if x.this is not None else 0.0, x.other if x.other is not None else 0.0
        games = t.games if t is not None else 4 * (p.games // 4)
        # the interval as the test gives it, within the bounds the figure can take (a share's difference in -1..1, a
        # length's within the turn limit). It used to be cut where the other version's figure would fall below 0 or
        # above 1 — but by this version's *observed* figure, not its true one, which a statistics review found
        # missing the true change of a rare figure (draws) in 32–44% of samples against the 1% it claims
        low, high = (t.low, t.high) if t is not None else (None, None)
        out.append(Comparison(p.label, words[q.key], this, other, low, high, games, measure, x.significant,
                              t is not None and t.decided))
    return out


@dataclass(frozen=True)
class Headline:
    """The answer to "did the change move the balance?": ``changed`` (significant after correction, for some
    pairing), ``decided`` (for every pairing) and the words."""

    changed: bool
    decided: bool
    text: str
    answers: tuple[Answer, ...]
    #: +1 when the change raised RED's share with every pairing it moved, -1 when it lowered it, 0 otherwise (none
    #: moved, or they disagree): with one version even by construction it comes from the other's side answer, not
    #: from the paired test of ``answers``.
    direction: int = 0


def _change_sentence(x: Answer, who: str) -> str:
    t = x.test
    if t is None or t.blocks == 0:
        return f"Too few games to say whether the change moved the balance{who}"
    before, after, shift = change_figures(x.this or 0.0, x.other or 0.0)
    fig = (f"RED's share of the score {before} → {after} ({shift}, interval "
           f"{bound(t.low, 0.0, True)} to {bound(t.high, 0.0, True)})")
    if t.significant:  # and within 3 points: said so, as the side headline says "slightly favoured" (a review)
        return f"The change moved the balance{', by less than 3 points,' if t.even else ''}{who}: {fig}"
    if t.even:
        return f"The change did not move the balance by more than 3 points{who}: {fig}"
    return (f"Not decided yet whether the change moved the balance{who}: {fig} after {t.games} games per version; "
            f"{games_needed(t).replace('more games', 'more games per version')}")


#: How the headline names the two versions, ``a`` first, where the reader sees both versions' own answers (the
#: command line's and HTML report's "this" and "other").
VERSIONS: Final = ("this version", "the other version")


def headline(a: MapStudy, answers: Answers, name: Namer = str, other: MapStudy | None = None,
             versions: tuple[str, str] = VERSIONS) -> Headline:
    """The comparison's headline about ``a`` (the map) and the version in ``answers`` (``other``, its study: when
    both play the same games (:func:`same_games`) the headline says so, decided — a re-saved or copied map).
    ``versions`` names them where :data:`VERSIONS` would not be plain (the editor: the saved file and the map as it
    is now — an editor audit read "this version is even by construction" as the edited map, the other way round)."""
    changes = [x for x in answers.of(None, headline=True) if x.question.key == "change"
               and a.pairings[x.question.pairing].games]
    if not changes:
        return Headline(False, False, "No game finished, so nothing can be said about the change.", ())
    if other is not None and same_games(a.scenario, other.scenario):
        share = "; ".join(f"{pct(x.this or 0.0)}" + (f" with {label(a.pairings[x.question.pairing], name)}"
                                                      if len(changes) > 1 else "") for x in changes)
        # no test: the same games answer it before any is played (the JSON said "decided" beside a test "not
        # decided, 864 more games" — a new-user audit, session 12)
        return Headline(False, True, "Nothing changed between the versions: no hex, unit or rule differs, so they "
                        f"play the very same games (RED's share of the score {share} on both).",
                        tuple(replace(x, test=None) for x in changes))
    if other is not None and even_by_construction(a.scenario) and even_by_construction(other.scenario):
        return _both_even(a, answers, changes, versions == VERSIONS)
    one = uneven_version(a, other) if other is not None else None
    if one is not None:
        return _one_even(a, answers, changes, one, name, versions)
    several = len(changes) > 1
    text = " ".join(_change_sentence(x, f" with {label(a.pairings[x.question.pairing], name)}" if several else "")
                    + "." for x in changes)
    return Headline(any(x.significant for x in changes),
                    all(x.test is not None and x.test.decided for x in changes), text, tuple(changes),
                    _common({x.test.direction for x in changes if x.test is not None and x.test.significant}))


def _common(directions: set[int]) -> int:
    """The one direction the moved pairings share, or 0 (none moved, or both ways)."""
    return directions.pop() if len(directions) == 1 else 0


def _both_even(a: MapStudy, answers: Answers, changes: list[Answer], pointed: bool = True) -> Headline:
    """The headline when both versions are even by construction: the change cannot move the balance between the
    sides (each version's expected share is exactly half), so it is decided and no test is kept; what the games
    show changed is in the secondary figures, and those significant after correction are said here (a new-user
    audit got "not decided yet whether the change moved the balance … about 828 more games per version" for two
    mirror-image versions whose one real change, the first mover's share 57% → 83%, was only in the report's table)."""
    several = len(a.pairings) > 1
    moved = [(f"with {c.pairing}, " if several else "") + c.words() for c in compare(a, answers) if c.significant]
    shifted = [x for x in changes if x.significant]  # chance, or the players' own habits: said, not hidden (review)
    own = " (see each map's own answer)" if pointed else ""  # the editor shows one version's answer only (review)
    text = (f"Neither version can favour a side: each is even by construction{own}, so the "
            "change cannot move the balance between RED and BLU" +
            (" — though RED's share moved in these games (" + "; ".join(
                f"{pct(x.this or 0.0)} → {pct(x.other or 0.0)}" for x in shifted) + "): chance, or the players' own "
             "habits" if shifted else "") + ". " +
            ("What the games show it changed: " + "; ".join(moved) + "." if moved else
             "Nothing else it changed is significant after correction (the figures below)."))
    return Headline(False, True, text, tuple(x if x.significant else replace(x, test=None) for x in changes))


def _one_even(a: MapStudy, answers: Answers, changes: list[Answer], uneven: int, name: Namer,
              which: tuple[str, str]) -> Headline:
    """The headline when exactly one version is even by construction (:func:`~engine.simulation.headline.uneven_version`
    is the other, 0 this map or 1 the compared one): RED's expected share on the even one is exactly half, so the change
    moved the balance when the other version's own side answer — a test against that known half, in the headline
    family — is significant, and did not by more than 3 points when it lies within 3 points of half. The paired test
    of the change stays in the JSON; it counted the mirror's games as noise and read "not decided yet" above both
    versions' decided answers (a new-user audit)."""
    own = " (see its own answer)" if which == VERSIONS else ""  # the editor shows one version's answer only
    said, decided, moved = [], True, set()
    for x in changes:
        k = x.question.pairing
        who = f" with {label(a.pairings[k], name)}" if len(changes) > 1 else ""
        side = answers.find("sides", k, uneven)
        t = side.test if side is not None else None
        if t is None or t.blocks == 0:
            said.append(f"Too few games to say whether the change moved the balance{who}.")
            decided = False
            continue
        fig = (f"RED's share of the score {pct(x.this or 0.0)} → {pct(x.other or 0.0)}; {which[1 - uneven]} is even by "
               f"construction{own}, so its share is exactly half, and on {which[uneven]} it is "
               f"{pct(t.estimate)} ({interval(t.low, t.high)}) after {t.games} games")
        if t.significant:  # the other's share minus the known half: this version's is the half when it is the even one
            moved.add(t.direction if uneven == 1 else -t.direction)
            said.append(f"The change moved the balance{', by less than 3 points,' if t.even else ''}{who}: {fig}.")
        elif t.even:
            said.append(f"The change did not move the balance by more than 3 points{who}: {fig}.")
        else:
            decided = False
            said.append(f"Not decided yet whether the change moved the balance{who}: {fig}, not yet shown to differ "
                        f"from half; {games_needed(t)}.")
    return Headline(bool(moved), decided, " ".join(said), tuple(changes), _common(moved))
