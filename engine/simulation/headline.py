"""The questions a balance study asks, each answered once, with anytime-valid statistics, corrected together.

The unit of analysis is a block of four games (:data:`~engine.simulation.balance.BLOCK`):
the batch's plan plays every (first team, side) combination once in each
block, so the means of whole blocks are independent and identically
distributed, and a block mean is free of the first-move and seat effects that
game-by-game figures mix in. A short last block is left out of every test.

Headline questions, per pairing of AI players (and per version of the map):

- ``sides`` — is a side favoured? RED's share of the score (a win 1, a draw
  1/2, a loss 0) against an even 50%;
- ``first_move`` — does moving first win? the first mover's share against 50%;
- ``change`` (with a compared version) — did the edit move the balance? the
  other version's RED share minus this one's, block by block: the games of the
  same index share their dice seed and set-up, so the blocks pair up.

Secondary questions, which the report calls significant only after
correction too: per version and pairing, ``first_scorer`` (the share of games
in which RED scores first: a game in which a team never scores counts as that
team scoring after any turn, a game in which neither scores as 1/2) and
``kind:<kind>`` (in games where exactly one team fielded the kind, that team's
score minus 1/2, summed per block; asked only with at least
:data:`~engine.simulation.balance.MIN_SAMPLE` such games); with a compared
version, per pairing, the change in the first mover's share, in draws, in the
mean game length (over the turn limit) and in ``first_scorer``.

Each question is a :class:`~engine.simulation.sequential.Stream` of block
values. The headlines form one family with a 4% error and the secondary
questions another with 1%, each split evenly between its questions
(Bonferroni: a question is significant when its interval excludes the null,
so the words and the interval always agree), so the chance that anything the report calls significant is not, or
that any interval misses, is at most 5% in all — at every look, so the batch
may stop as soon as the headlines are decided (:func:`stop_block`). On a map
even between the sides by construction (:mod:`engine.validation.construction`)
``sides`` is answered before any game and is not waited for: it is still asked
and tested, in the same family, so a side the games show ahead is reported.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.games.game import Game
from engine.mapmodel import Team
from engine.simulation.balance import BLOCK, MIN_SAMPLE, GameFacts, MapStudy, PairingStudy
from engine.simulation.batch import GameResult
from engine.simulation.sequential import (
    ALPHA_HEADLINES,
    ALPHA_SECONDARY,
    MARGIN,
    MeanTest,
    Stream,
    family,
    first_decided,
)
from engine.simulation.versions import same_games
from engine.validation.construction import even_by_construction

__all__ = ["ALPHA_HEADLINES", "ALPHA_SECONDARY", "Answer", "Answers", "Question", "answer", "stop_block", "uneven_version"]


#: The secondary questions of a comparison, per pairing: (key, words).
CHANGES: Final = (("change:first_move", "first mover's share"), ("change:draws", "draws"),
                  ("change:length", "mean game length (turns)"), ("change:first_scorer", "RED scores first"))


@dataclass(frozen=True, slots=True)
class Question:
    """What is asked: ``key`` (see the module docstring) about ``pairing`` on ``version`` (0: the map, 1: the
    compared version, None: a change between them)."""

    key: str
    pairing: int
    version: int | None
    headline: bool

    @property
    def kind(self) -> str | None:
        """The unit kind of a ``kind:<kind>`` question."""
        return self.key.split(":", 1)[1] if self.key.startswith("kind:") else None


@dataclass(frozen=True, slots=True)
class Answer:
    """A question and its answer; for a change, ``this`` and ``other`` are the two versions' means.

    ``test`` is None for a question that was not asked because too few games
    bear on it (fewer than :data:`~engine.simulation.balance.MIN_SAMPLE`).
    """

    question: Question
    test: MeanTest | None
    this: float | None = None
    other: float | None = None

    @property
    def significant(self) -> bool:
        """Significant after correction (False when not asked)."""
        return self.test is not None and self.test.significant


@dataclass(frozen=True)
class Answers:
    """Every question of a study, answered (headlines first, in the order of the module docstring)."""

    items: tuple[Answer, ...]

    def find(self, key: str, pairing: int, version: int | None = 0) -> Answer | None:
        """The answer to ``key`` about ``pairing`` on ``version``, or None when it was not asked."""
        for a in self.items:
            q = a.question
            if (q.key, q.pairing, q.version) == (key, pairing, version):
                return a
        return None

    def of(self, version: int | None, headline: bool | None = None) -> list[Answer]:
        """The answers about ``version`` (None: the changes), optionally only the headlines or the others."""
        return [a for a in self.items if a.question.version == version
                and (headline is None or a.question.headline is headline)]

    @property
    def headlines(self) -> list[Answer]:
        """The headline answers, in order."""
        return [a for a in self.items if a.question.headline]


# -- block values ---------------------------------------------------------------------------------------


def _score(winner: Team | None, team: Team) -> float:
    return 0.5 if winner is None else 1.0 if winner is team else 0.0


def _first_scorer(f: GameFacts) -> float:
    """1 when RED scores first, 0 when BLU does, 1/2 for neither (or the same turn); never is after any turn."""
    red, blu = f.first_point
    if red == blu:
        return 0.5
    if blu is None or (red is not None and red < blu):
        return 1.0
    return 0.0


def _kind_edge(kind: str) -> Callable[[GameResult, GameFacts], float | None]:
    """Per game: the score minus 1/2 of the one team that fielded ``kind`` (None when both or neither did)."""
    def edge(r: GameResult, f: GameFacts) -> float | None:
        red, blu = (kind in f.picks[0]), (kind in f.picks[1])
        if red == blu:
            return None
        return _score(r.winner, Team.RED if red else Team.BLU) - 0.5
    return edge


#: Per game values of the questions asked of one version: key -> value of (result, facts).
_PER_GAME: Final[dict[str, Callable[[GameResult, GameFacts | None], float]]] = {
    "sides": lambda r, f: _score(r.winner, Team.RED),
    "first_move": lambda r, f: _score(r.winner, r.first_team),
    "draws": lambda r, f: 1.0 if r.winner is None else 0.0,
    "length": lambda r, f: float(r.turns),
    "first_scorer": lambda r, f: _first_scorer(f) if f is not None else 0.5,
}


def _means(values: Sequence[float], blocks: int) -> tuple[float, ...]:
    return tuple(statistics.fmean(values[BLOCK * b:BLOCK * (b + 1)]) for b in range(blocks))


def _facts(study: MapStudy, k: int) -> Sequence[GameFacts | None]:
    pairing = study.pairings[k]
    return study.facts[k] if len(study.facts) > k else [None] * pairing.games


def _per_game(study: MapStudy, k: int, key: str) -> list[float]:
    fn = _PER_GAME[key]
    return [fn(r, f) for r, f in zip(study.pairings[k].results, _facts(study, k), strict=True)]


def _full_blocks(p: PairingStudy) -> int:
    return p.games // BLOCK


def _turn_limit(*studies: MapStudy) -> int:
    """The turn limit every version plays under (0: some version has none, so game length is unbounded)."""
    limits = [int(Game.of(s.scenario).options.get("turn_limit", 0) or 0) for s in studies]
    return 0 if 0 in limits else max(limits)


# -- the questions --------------------------------------------------------------------------------------------


def _headline_streams(main: MapStudy, other: MapStudy | None,
                      blocks: int | None = None) -> list[tuple[Question, Stream, tuple[float, float] | None]]:
    """The headline questions with their streams (and, for a change, the two versions' means)."""
    out: list[tuple[Question, Stream, tuple[float, float] | None]] = []
    versions = [main] if other is None else [main, other]
    for k in range(len(main.pairings)):
        nb = [min(blocks if blocks is not None else _full_blocks(s.pairings[k]), _full_blocks(s.pairings[k]))
              for s in versions]
        if other is not None:
            n = min(nb)
            a = _means(_per_game(main, k, "sides"), n)
            b = _means(_per_game(other, k, "sides"), n)
            d = tuple(y - x for x, y in zip(a, b, strict=True))
            means = (statistics.fmean(a), statistics.fmean(b)) if n else (0.5, 0.5)
            out.append((Question("change", k, None, True), Stream(d, -1.0, 1.0, 0.0, MARGIN, BLOCK), means))
        for v, s in enumerate(versions):
            for key in ("sides", "first_move"):
                out.append((Question(key, k, v, True), Stream(_means(_per_game(s, k, key), nb[v])), None))
    return out


def _secondary_streams(main: MapStudy, other: MapStudy | None
                       ) -> list[tuple[Question, Stream | None, tuple[float, float] | None]]:
    out: list[tuple[Question, Stream | None, tuple[float, float] | None]] = []
    versions = [main] if other is None else [main, other]
    limit = _turn_limit(*versions)
    for k in range(len(main.pairings)):
        for v, s in enumerate(versions):
            p = s.pairings[k]
            nb = _full_blocks(p)
            if s.facts:
                out.append((Question("first_scorer", k, v, False), Stream(_means(_per_game(s, k, "first_scorer"), nb)),
                            None))
            for c in p.classes:
                edge = _kind_edge(c.kind)
                per_game = [edge(r, f) for r, f in zip(p.results, _facts(s, k), strict=True) if f is not None]
                q = Question(f"kind:{c.kind}", k, v, False)
                if not s.facts or sum(e is not None for e in per_game) < MIN_SAMPLE:
                    out.append((q, None, None))
                    continue
                sums = tuple(sum(e or 0.0 for e in per_game[BLOCK * b:BLOCK * (b + 1)]) for b in range(nb))
                bound = BLOCK / 2
                out.append((q, Stream(sums, -bound, bound, 0.0, MARGIN * bound, BLOCK), None))
        if other is None:
            continue
        n = min(_full_blocks(main.pairings[k]), _full_blocks(other.pairings[k]))
        for key, _words in CHANGES:
            base = key.split(":", 1)[1]
            if base == "length" and not limit:
                continue
            if base == "first_scorer" and not (main.facts and other.facts):
                continue
            a = _means(_per_game(main, k, base), n)
            b = _means(_per_game(other, k, base), n)
            d = tuple(y - x for x, y in zip(a, b, strict=True))
            span = float(limit) if base == "length" else 1.0
            means = (statistics.fmean(a), statistics.fmean(b)) if n else (0.0, 0.0)
            q = Question(key, k, None, False)
            out.append((q, Stream(d, -span, span, 0.0, MARGIN * span, BLOCK) if n * BLOCK >= MIN_SAMPLE else None,
                        means))
    return out


def _answer_family(items: Sequence[tuple[Question, Stream | None, tuple[float, float] | None]],
                   alpha: float) -> list[Answer]:
    asked = [(q, s, m) for q, s, m in items if s is not None]
    tests = family([s for _, s, _ in asked], alpha) if asked else ()
    by_q = {q: t for (q, _, _), t in zip(asked, tests, strict=True)}
    return [Answer(q, by_q.get(q), *(m if m is not None else (None, None))) for q, _, m in items]


def answer(main: MapStudy, other: MapStudy | None = None) -> Answers:
    """Every question about ``main`` (and the changes to ``other``, a version played with the same plan)."""
    head = _answer_family(_headline_streams(main, other), ALPHA_HEADLINES)
    rest = _answer_family(_secondary_streams(main, other), ALPHA_SECONDARY)
    return Answers(tuple(head + rest))


def uneven_version(main: MapStudy, other: MapStudy | None) -> int | None:
    """With two versions of which exactly one is even by construction, the other's index (0: ``main``, 1: ``other``):
    the even one's share of the score is known to be half, so whether the change moved the balance is whether the
    other's is not — its own side question, a test against the known half in the same family. None otherwise (a
    new-user audit read "not decided yet whether the change moved the balance" above "even by construction" and
    "BLU favoured (27–46%)": the paired test still counted the mirror's games as noise)."""
    if other is None or same_games(main.scenario, other.scenario):
        return None
    evens = (even_by_construction(main.scenario), even_by_construction(other.scenario))
    return None if evens[0] == evens[1] else 1 if evens[0] else 0


def stop_block(main: MapStudy, other: MapStudy | None = None, start: int = 1) -> int | None:
    """The first block count ``t >= start`` after which every watched headline is decided, or None.

    Watched: the changes when there is a compared version (none when both versions play the very same games:
    :func:`~engine.simulation.versions.same_games`; each version's first mover when both are even by
    construction; the other version's side question when one is, :func:`uneven_version`), else every headline but ``sides`` on a map even by construction (its answer is known: module
    docstring). Every pairing must have played the same whole blocks
    (as a chunk of a run does). Stopping there keeps every guarantee of :func:`answer`: the confidence sequences
    hold at any stopping time, whichever questions it waits for.
    """
    if other is not None and same_games(main.scenario, other.scenario):
        return start  # versions that play the very same games cannot differ: the comparison is answered at once
    items = _headline_streams(main, other)
    known = other is None and even_by_construction(main.scenario)
    # two versions both even by construction: the change between the sides is known (none), so what is watched is
    # each version's first mover — the comparison's headline says so (a review: it played its whole budget)
    both = other is not None and even_by_construction(main.scenario) and even_by_construction(other.scenario)
    # one version even by construction: its share is known (half), so the change is the other's own side question
    one = uneven_version(main, other)
    watched = [i for i, (q, _, _) in enumerate(items)
               if (q.key == "first_move" if both else (q.key, q.version) == ("sides", one) if one is not None
                   else q.key == "change" if other is not None else not (known and q.key == "sides"))]
    return first_decided([s for _, s, _ in items], watched, ALPHA_HEADLINES, start)
