"""The verdict of a balance study in plain words: one answer per headline question, and the evidence.

:func:`judge` words the answers of :mod:`engine.simulation.headline` for one
version of a map: "is a side favoured?" and "does moving first win?" for every
pairing of AI players, saying whether the answer holds at every strength. It
claims only what the corrected, anytime-valid answers support: a side is
favoured when its confidence sequence excludes 50%, the sides are even when it
lies within three points of 50%, and otherwise the question is undecided, with
about how many more games would decide it. Figures that rest on too few games
say so instead of giving a number, and the turn of a team's first point counts
the games in which it never scored (as "never"), not only the others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.games.game import playing_options, playing_ruleset
from engine.games.modes import GAMES
from engine.mapmodel import Team
from engine.ruleset import RulesetError
from engine.scenario import Scenario
from engine.simulation.balance import MIN_SAMPLE, GameFacts, MapStudy, PairingStudy
from engine.simulation.headline import Answer, Answers, answer
from engine.simulation.lineups import lineup_caveat
from engine.simulation.objective import evidence
from engine.simulation.sequential import MeanTest
from engine.simulation.wording import (
    construction_sentence,
    first_figure,
    first_owner,
    first_sentence,
    first_state,
    games_needed,
    parts,
    pct,
    side_figure,
    side_sentence,
    side_state,
)
from engine.validation.construction import construction_reason, fixed_first_team
from engine.validation.problem import Severity
from engine.validation.runner import scenario_problems

__all__ = ["FirstPoint", "Namer", "Verdict", "first_points", "judge", "label", "unit_names"]

#: How a verdict calls a player (the command line: its name; the editor: "normal AI (heuristic)").
Namer = Callable[[str], str]

#: The sides' states that claim something.
_CLAIMS: Final = ("RED", "BLU", "first", "second")


def label(p: PairingStudy, name: Namer = str) -> str:
    """``heuristic vs search``, each player called by ``name``."""
    return f"{name(p.players[0])} vs {name(p.players[1])}"


@dataclass(frozen=True)
class FirstPoint:
    """When a team scored its first point (Payload Race: first cart push) in a pairing's games.

    ``median`` is the median turn over *all* games, a game without a point
    counting as later than any turn: None means "never" (the team scored in at
    most half of the games). ``enough`` is False under
    :data:`~engine.simulation.balance.MIN_SAMPLE` games.
    """

    games: int
    scored: int
    median: int | None
    first: int  # games in which this team scored before the other (or the other never did)

    @property
    def enough(self) -> bool:
        """Whether there are games enough to give the figures as numbers."""
        return self.games >= MIN_SAMPLE

    def to_json(self) -> dict[str, Any]:
        return {"games": self.scored, "never": self.games - self.scored, "median_turn": self.median,
                "scores_first": self.first, "enough_games": self.enough}


def first_points(facts: Sequence[GameFacts]) -> dict[Team, FirstPoint]:
    """Each team's :class:`FirstPoint` over ``facts`` (one pairing's games)."""
    out = {}
    for i, team in enumerate(Team):
        turns = sorted((f.first_point[i] for f in facts), key=lambda t: (t is None, t or 0))
        median = turns[(len(turns) - 1) // 2] if turns else None  # the lower median; None sorts last (never)
        mine = [f.first_point[i] for f in facts]
        theirs = [f.first_point[1 - i] for f in facts]
        first = sum(a is not None and (b is None or a < b) for a, b in zip(mine, theirs, strict=True))
        out[team] = FirstPoint(len(facts), sum(t is not None for t in mine), median, first)
    return out


@dataclass(frozen=True)
class Verdict:
    """The plain-language verdict on one version of a map: a sentence per question, the evidence, and the
    machine-readable answer (``favoured``, ``decided``, ``games``) with each question's figures."""

    sides: str
    first_move: str
    evidence: tuple[str, ...]
    favoured: Team | None = None
    decided: bool = False
    games: int = 0
    questions: tuple[dict[str, Any], ...] = ()
    #: Why no side can be favoured, when the map is even by construction (:mod:`engine.validation.construction`):
    #: ``sides`` then says so, and ``decided`` does not wait for the side question.
    construction: str | None = None

    @property
    def text(self) -> str:
        """Both headlines in one paragraph."""
        return f"{self.sides} {self.first_move}".strip()

    def to_json(self) -> dict[str, Any]:
        return {"sides": self.sides, "first_move": self.first_move, "evidence": list(self.evidence),
                "favoured": self.favoured.value if self.favoured is not None else None,
                "decided": self.decided, "games": self.games, "questions": list(self.questions),
                "by_construction": self.construction}


def question_json(a: Answer, p: PairingStudy) -> dict[str, Any]:
    """One answered question as JSON (``test`` null when too few games bear on it)."""
    return {"question": a.question.key, "players": p.label,
            "test": a.test.to_json() if a.test is not None else None}


def _agree(claims: list[tuple[PairingStudy, MeanTest | None]], state: Callable[[MeanTest | None], str],
           sentence: Callable[[MeanTest | None], str], figure: Callable[[MeanTest | None], str], name: Namer,
           words: dict[str, str]) -> str:
    """One headline from each pairing's answer, saying whether it holds at every strength tested.

    ``words`` names each state in a sentence about several pairings (``"RED": "RED is favoured"``).
    """
    if len(claims) == 1:  # one strength: nothing to say about the others
        return sentence(claims[0][1]) + "."
    states = [state(t) for _, t in claims]
    figs = "; ".join(f"{figure(t)} with {label(p, name)}" for p, t in claims)
    if len(set(states)) == 1:
        s = states[0]
        every = "at any strength tested" if s in ("even", "undecided", "too few") else "at every strength tested"
        tail = ""
        if s == "undecided":
            tail = "; " + "; ".join(f"with {label(p, name)}, {games_needed(t)}" for p, t in claims if t is not None)
        return f"{words[s]} {every} ({figs}){tail}."
    said = {s for s in states if s in _CLAIMS}
    if len(said) > 1:
        return f"The answer changes with the AI's strength ({figs}); play more games or stronger AIs."
    groups = []
    for s in dict.fromkeys(states):
        mine = [(p, t) for (p, t), st in zip(claims, states, strict=True) if st == s]
        groups.append(f"{words[s]} with {', '.join(label(p, name) for p, _ in mine)} "
                      f"({'; '.join(figure(t) for _, t in mine)})")
    tail = ": the verdict depends on how well the sides play" if said else ""
    return "; ".join(groups) + tail + "."


_SIDE_WORDS: Final = {"RED": "RED is favoured", "BLU": "BLU is favoured",
                      "even": "Neither side is favoured by more than 3 points",
                      "undecided": "Not decided yet whether a side is favoured", "too few": "Too few games"}
_FIRST_WORDS: Final = {"first": "Moving first is an advantage", "second": "Moving second is an advantage",
                       "even": "Moving first makes no difference of more than 3 points",
                       "undecided": "Not decided yet whether moving first matters", "too few": "Too few games"}


def judge(study: MapStudy, name: Namer = str, answers: Answers | None = None, version: int = 0) -> Verdict:
    """The verdict on ``study``, the map's ``version`` (0, or 1 for a compared version) in ``answers``.

    ``answers`` defaults to :func:`~engine.simulation.headline.answer` of the study
    alone (pass a comparison's, so both versions are judged with the same
    corrections); ``name`` says how to call a player (default: its name).
    """
    answers = answers if answers is not None else answer(study)
    played = [(k, p) for k, p in enumerate(study.pairings) if p.games]
    if not played:
        return Verdict("No game finished, so there is nothing to judge.", "", ())

    def test(key: str, k: int) -> MeanTest | None:
        a = answers.find(key, k, version)
        return a.test if a is not None else None

    sides = [(p, test("sides", k)) for k, p in played]
    first = [(p, test("first_move", k)) for k, p in played]
    states = {side_state(t) for _, t in sides}
    favoured = Team(states.pop()) if len(states) == 1 and states <= {"RED", "BLU"} else None
    reason = construction_reason(study.scenario)
    decided = all(t is not None and t.decided for _, t in first + ([] if reason else sides))
    questions = tuple(question_json(a, study.pairings[a.question.pairing]) for a in answers.of(version))
    side_text = _agree(sides, side_state, side_sentence, side_figure, name, _SIDE_WORDS)
    if reason is not None:
        side_text = _by_construction(reason, sides, name)
    # the line-ups followed the first move in every game of every pairing (Team Play's AIs draft alike): said beside
    # the answer; a pairing whose picks varied (random players) has no such caveat, so none is said of all
    found = {p.summary.lineups for _, p in played}
    fixed = found.pop() if len(found) == 1 else None
    first_text = _agree(first, first_state, first_sentence, first_figure, name, _FIRST_WORDS)
    ways = {t.direction for _, t in first if t is not None and t.significant}
    owner = first_owner(ways.pop() if len(ways) == 1 else 0, fixed_first_team(study.scenario))
    if fixed is not None or owner:
        first_text = first_text.removesuffix(".") + owner + (lineup_caveat(fixed) if fixed is not None else "") + "."
    said = tuple(_evidence(study, name, answers, version))
    return Verdict(_shared_spawns(study.scenario, side_text, said), first_text, said, favoured, decided,
                   min(p.games for _, p in played), questions, reason)


#: The validator's warnings about the teams themselves, not the ground (sides that field different units or play
#: under different rules).
_TEAM_WARNINGS: Final = ("HF607", "HF608")


def _shared_spawns(scenario: Scenario, side_text: str, said: tuple[str, ...]) -> str:
    """The side answer, with :func:`shared_spawns_caveat` for the validator's warnings among the evidence ``said``."""
    codes = [e.removeprefix("The validator warns (").split(")", 1)[0] for e in said
             if e.startswith("The validator warns (")]
    return shared_spawns_caveat(scenario, codes) + side_text


def shared_spawns_caveat(scenario: Scenario, warned: Sequence[str]) -> str:
    """The sentences that lead the side answer on a map whose teams spawn alike (no spawn zones: Team Play's
    spawnpoints by colour) when the validator warns about its ground (``warned``: the codes of its fairness
    warnings; those about the teams themselves, :data:`_TEAM_WARNINGS`, do not count): that its spawnpoints are not
    served alike, then "As for the teams: "; "" otherwise.

    A new-user audit put all the ammo by the red spawnpoints, read two warnings from the validator and "No side can
    be favoured by this map" from every balance tool, and took them to disagree; a later one found ``simulate``
    still without the caveat (session 15); an editor audit (session 17) found it at the end of a 95-word sentence
    whose first words, "No side can be favoured", answered "is my map fair?" with yes. It leads now."""
    ground = sorted({c for c in warned if c not in _TEAM_WARNINGS})
    if GAMES[scenario.mode].spawn_zones or not ground:
        return ""
    return (f"The spawnpoints are not served alike (the validator's {', '.join(ground)}): that decides how well a "
            "character starts where it appears, whichever its team — so no number of games shows it as a team's "
            "lead; fix it from the warnings. As for the teams: ")


def spawnpoint_caveat(scenario: Scenario) -> str:
    """:func:`shared_spawns_caveat` for ``scenario`` with the validator's fairness warnings on it (run only in a mode
    whose teams spawn alike: elsewhere the caveat is never said)."""
    if GAMES[scenario.mode].spawn_zones:
        return ""
    warned = [p.code for p in scenario_problems(scenario) if p.severity is Severity.WARNING and p.fairness]
    return shared_spawns_caveat(scenario, warned)


def _by_construction(reason: str, sides: list[tuple[PairingStudy, MeanTest | None]], name: Namer) -> str:
    """The side headline of a map even by construction (:func:`~engine.simulation.wording.construction_sentence`),
    with every pairing's figures."""
    off = [(p, t) for p, t in sides if side_state(t) in ("RED", "BLU")]
    # when games are off half, only theirs are said to be (a review: every pairing's figures read as off)
    figs = "; ".join(f"{side_figure(t)}{'' if len(sides) == 1 else f' with {label(p, name)}'}"
                     + ("" if t is None or not t.blocks else f" after {t.games} games") for p, t in (off or sides))
    favoured = bool(off)
    return construction_sentence(reason, favoured, figs) + "."


def _first_point_line(study: MapStudy, best: PairingStudy, k: int, name: Namer, answers: Answers,
                      version: int) -> str | None:
    if len(study.facts) <= k or not study.facts[k]:
        return None
    fp = first_points(study.facts[k])
    red, blu = fp[Team.RED], fp[Team.BLU]
    what = study.first_score
    if not red.enough:
        return f"With {label(best, name)}, too few games ({red.games}) to say which side makes the {what} first."
    n = red.games
    level = n - red.first - blu.first  # games where neither side was first: both at the same turn, or neither scored
    none = n - red.scored - blu.scored + _both_scored(study.facts[k])
    together = level - none

    def median(f: FirstPoint) -> str:
        return "never" if f.median is None else f"turn {f.median}"

    a = answers.find("first_scorer", k, version)
    sure = ("too few games to test it" if a is None or a.test is None else
            f"{'RED' if a.test.direction > 0 else 'BLU'} makes it first significantly more often"
            if a.significant else "not a significant difference")
    r, b, same, neither = parts([red.first, blu.first, together, none])  # they add up to 100%
    return (f"With {label(best, name)}, RED makes the {what} first in {r} of the games, BLU in "
            f"{b}{f', both at the same turn in {same}' if together else ''}, "
            f"neither in {neither} ({sure}); the median turn of the {what}, "
            f"counting a game without one as never, is {median(red)} for RED (never in {n - red.scored} of {n} "
            f"games) and {median(blu)} for BLU (never in {n - blu.scored}).")


def _both_scored(facts: Sequence[GameFacts]) -> int:
    """The games of ``facts`` in which both sides made their first point (at whatever turn)."""
    return sum(f.first_point[0] is not None and f.first_point[1] is not None for f in facts)


def _measured(study: MapStudy) -> list[str]:
    """The validator's errors on the study's scenario (a playable map may still have one: a kit on a wall), then its
    fairness warnings (HF3xx measures, HF4xx symmetry, HF607 sides that field different units, HF608 sides under
    different rules) as evidence sentences: what the map's own figures say beside the games (a
    new-user audit found a spawn zone one hex larger and a kit more for RED named by ``validate`` but not by
    the balance report)."""
    problems = scenario_problems(study.scenario)
    errors = [f"The validator finds an error ({p.code}): {p.message}{'' if p.message.endswith('.') else '.'} The games "
              "played the map as the engine reads it; fix it first (hexfort validate)." for p in problems
              if p.severity is Severity.ERROR]
    return errors + [f"The validator warns ({p.code}): {p.message}." for p in problems
                     if p.severity is Severity.WARNING and (p.fairness or p.code in ("HF607", "HF608"))] + \
        _fixed_first(study.scenario)


def _fixed_first(scenario: Scenario) -> list[str]:
    """A sentence when the scenario turns off its mode's throw for the first turn (Payload Race's ``roll_for_first``,
    Team Play's ``random_first_team``), so that one side always moves first in a game of it: the games alternate the
    first side all the same (each side moves first in half of them, so tempo favours neither), which a new-user
    audit found overridden without a word."""
    chance = GAMES[scenario.mode].chance_first
    if not chance or playing_options(scenario).get(chance, True):
        return []
    first = scenario.first_team.value
    return [f"The scenario gives {first} the first turn ({chance} is off), but these games alternate the side that "
            f"moves first, so that each side moves first in half of them: what always moving first is worth to "
            f"{first} is the first mover's share."]


def _evidence(study: MapStudy, name: Namer, answers: Answers, version: int) -> list[str]:
    out = _measured(study) + evidence(study.races, study.goal, GAMES[study.scenario.mode].unit_words[0])
    best = study.strongest()
    if best is None:
        return out
    k = study.pairings.index(best)
    s = best.summary
    line = _first_point_line(study, best, k, name, answers, version)
    if line is not None:
        out.append(line)
    for team in Team:
        deaths = best.heat["deaths"][team]
        total = sum(deaths.values())
        if total >= MIN_SAMPLE:
            cell, n = max(deaths.items(), key=lambda kv: (kv[1], -kv[0]))
            units = GAMES[study.scenario.mode].unit_words[1]
            out.append(f"With {label(best, name)}, {team.value}'s {units} die most at {study.hexes[cell]} "
                       f"({pct(n / total)} of its {total} deaths).")
    out += _kind_lines(study, best, k, name, answers, version)
    if s.games >= MIN_SAMPLE and s.draws / s.games >= 0.05:
        out.append(f"With {label(best, name)}, {pct(s.draws / s.games)} of the games end in a draw.")
    return out


def _kind_lines(study: MapStudy, best: PairingStudy, k: int, name: Namer, answers: Answers, version: int) -> list[str]:
    """A sentence per unit kind whose fielding wins significantly more or less often, in the kinds' own names; kinds
    always fielded together (the same figures: fixed Team Play sides) are one sentence, one comparison — a new-user
    audit read six "significant" lines with the same counts, naming "the sprog" and "the dstructor"."""
    units = unit_names(study.scenario)
    facts = study.facts[k] if len(study.facts) > k else ()
    said: dict[tuple[object, ...], list[str]] = {}
    for c in best.classes:
        a = answers.find(f"kind:{c.kind}", k, version)
        if a is not None and a.significant and a.test is not None:
            # together: fielded by the same teams in every game (the games' picks; their figures when not kept)
            together = tuple((c.kind in f.picks[0], c.kind in f.picks[1]) for f in facts) if facts else ()
            key = (c.fielded, c.fielded_wins, c.without, c.without_wins, a.test.direction, together)
            said.setdefault(key, []).append(units.get(c.kind, c.kind))

    def words(kinds: list[str]) -> str:
        return " and the ".join([", the ".join(kinds[:-1]), kinds[-1]] if len(kinds) > 1 else kinds)

    # line-ups that followed the first move in every game (Team Play's AIs draft alike): a kind's test is then the
    # first mover's, and is said so, as the first-mover answer is (a statistics review)
    tied = ("; but the starting team fielded the same line-up in every game, so this measures the first move as much "
            "as the kind" if best.summary.lineups is not None else "")
    out = []
    done: set[tuple[object, ...]] = set()
    for key, kinds in said.items():
        if key in done:
            continue
        fielded, won, without, won_without, direction, together = key
        # the kinds the other side fields in exactly those games (fixed sides): the same comparison, mirrored
        mirror = (without, won_without, fielded, won, -direction, tuple((b, a) for a, b in together)) if together else None
        facing = said.get(mirror) if mirror is not None and mirror != key else None
        done.add(key)
        if facing is not None:
            done.add(mirror)  # type: ignore[arg-type]
        n = len(kinds) + len(facing or ())
        better = "more" if direction > 0 else "less"
        against = f" against the {words(facing)}" if facing else " when the other does not"
        one = (" — always fielded together" + (", and against them," if facing else "") +
               f" in these games, so this is one comparison, not {n}" if n > 1 else "")
        out.append(f"With {label(best, name)}, a team that fields the {words(kinds)}{against} wins {better} often{one} "
                   f"(significant after correction; fielded: {won} of {fielded} team-games won, without "
                   f"{'them' if len(kinds) > 1 else 'it'}: {won_without} of {without}){tied}.")
    return out


def unit_names(scenario: Scenario) -> dict[str, str]:
    """Unit kinds' names in ``scenario``'s ruleset (``dstructor`` → D-Struct-Or); empty when it cannot be had."""
    try:
        return {kind: u.name for kind, u in playing_ruleset(scenario).units.items()}
    except RulesetError:
        return {}
