"""Scenario checks (HF601–HF604): starting units that the map or the rules cannot hold (HF603: too many, or in a
mode that fields each kind once, too few); HF607: sides that field different units; HF608: sides that play by
different rules; HF609: a first team the rules throw for instead; HF404: units that break the map's symmetry.

:func:`engine.validation.playability.playability` runs these and then starts the
game once (set-up only), so that anything else the game would refuse is reported
too (HF605), not first discovered when someone presses Play.
"""

from __future__ import annotations

from engine.games.game import fielded_kinds, uneven_rules
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.ruleset import Ruleset
from engine.scenario import Scenario, start_refusals
from engine.validation.problem import Problem, Severity
from engine.validation.symmetry import best_team_symmetry

__all__ = ["check_scenario_setup"]


def check_scenario_setup(s: Scenario, ruleset: Ruleset) -> list[Problem]:
    """Problems with which units each team starts with and where (never raises).

    ``ruleset`` is the scenario's ruleset with its rule overrides applied.
    """
    out: list[Problem] = []
    m = s.map
    team_size = int(ruleset.options.get("team_size", GAMES[s.mode].team_size))
    taken: dict[Hex, str] = {}
    for team in Team:
        setup = s.team(team)
        base = f"$.teams.{team.value}.units"
        if len(setup.starting) > team_size:
            out.append(Problem(
                "HF603", Severity.ERROR,
                f"{team.value} starts with {len(setup.starting)} units but a team fields {team_size}; "
                "remove some (or raise the team_size rule option)",
                where=base,
            ))
        elif GAMES[s.mode].one_of_each and 0 < len(setup.starting) < team_size:
            # the game refuses it too, but only the first team it meets (a new-user audit saw RED's line-up alone)
            words = GAMES[s.mode].unit_words
            out.append(Problem(
                "HF603", Severity.ERROR,
                f"{team.value} lists {len(setup.starting)} {words[len(setup.starting) != 1]} but a team fields "
                f"{team_size}; list {team_size} different {words[1]} or none (then they are drafted)",
                where=base,
            ))
        seen: dict[str, int] = {}
        for i, u in enumerate(setup.starting):
            if u.unit in seen:
                out.append(Problem(
                    "HF604", Severity.ERROR,
                    f"{team.value} starts with two {u.unit}s (units {seen[u.unit] + 1} and {i + 1}); "
                    "each unit tile is unique, so pick another unit",
                    where=f"{base}[{i}].unit",
                ))
            seen.setdefault(u.unit, i)
            kind = ruleset.units.get(u.unit)
            if kind is not None and not kind.pickable:
                out.append(Problem(
                    "HF604", Severity.ERROR,
                    f"{team.value} starts with a {kind.name}, which cannot be picked (it is built in play); "
                    "pick another unit",
                    where=f"{base}[{i}].unit",
                ))
            h = u.hex
            if h is None:
                continue
            where = f"{base}[{i}].hex"
            cell = m.cells.get(h)
            if cell is None:
                continue  # the loader refuses this
            for why in start_refusals(m, team, u.unit, h):
                out.append(Problem("HF602", Severity.ERROR, f"{team.value}'s {u.unit} {why}; move it", (h,), where))
            if m.spawn_team(h) is None and GAMES[s.mode].spawn_zones:  # the enemy's zone is HF602; Team Play: HF605
                out.append(Problem(
                    "HF601", Severity.INFO,
                    f"{team.value}'s {u.unit} starts outside its spawn base at {h} "
                    "(fine for a 'play from here' situation)",
                    (h,), where,
                ))
            me = f"{team.value}'s {u.unit}"
            if h in taken:
                out.append(Problem(
                    "HF602", Severity.ERROR,
                    f"{taken[h]} and {me} both start on {h}; one unit per hex, so move one of them",
                    (h,), where,
                ))
            taken.setdefault(h, me)
    out += _different_sides(s, ruleset)
    out += _different_rules(s, ruleset)
    out += _ignored_first_team(s, ruleset)
    out += _units_off_mirror(s)
    return out


def _ignored_first_team(s: Scenario, ruleset: Ruleset) -> list[Problem]:
    """HF609: ``first_team`` BLU in a mode whose rules throw for the first turn (Payload Race's d8 roll-off, Team
    Play's draw) while that throw is on: the games ignore it (a new-user audit saw it ignored without a word). Only
    BLU is named: every saved scenario carries ``first_team``, RED by default."""
    rules = GAMES[s.mode]
    if s.first_team is not Team.BLU or not rules.chance_first or not ruleset.options.get(rules.chance_first, False):
        return []
    return [Problem(
        "HF609", Severity.WARNING,
        f"first_team says BLU, but {rules.name} decides who moves first ({rules.chance_words}) while the rule "
        f"{rules.chance_first} is on, so the games ignore it; set {rules.chance_first} to false in the scenario's "
        "rules to make BLU start, or leave first_team RED",
        where="$.first_team",
    )]


def _different_rules(s: Scenario, ruleset: Ruleset) -> list[Problem]:
    """HF608: an option each side has its own of differs (Team Play's ``players_red`` 2, ``players_blu`` 3): each
    player has his own ammo and powerups, so the games can favour a side whatever the map (one player against
    three on Arena: RED favoured, 62%; swapped, 39% — a new-user audit, session 12)."""
    gaps = uneven_rules(s, ruleset)
    if not gaps:
        return []
    said = "; ".join(f"{name.replace('_', ' ')}: RED {red}, BLU {blu}" for name, red, blu in gaps)
    name = gaps[0][0]
    set_here = f"{name}_red" in s.rules or f"{name}_blu" in s.rules  # else the ruleset file sets it
    return [Problem(
        "HF608", Severity.WARNING,
        f"the sides play by different rules ({said}), so the games can favour a side whatever the map; give both "
        "the same, or check with hexfort balance that the difference is what you want",
        where=f"$.rules.{name}_red" if set_here else "$.ruleset",
    )]


def _units_off_mirror(s: Scenario) -> list[Problem]:
    """HF404: on a map that is exactly its own mirror image, starting units that are not each other's images
    (the same kind on the mirror hex): the sides start from different places, so the map's symmetry does not
    make the games even (the bundled Payload Race scenarios had their units shuffled within the spawns)."""
    red, blu = s.team(Team.RED).starting, s.team(Team.BLU).starting
    if not red or not blu or not GAMES[s.mode].spawn_zones:
        return []
    fit = best_team_symmetry(s.map)
    if fit is None or not fit.exact:
        return []
    blu_at = {u.hex: u.unit for u in blu if u.hex is not None}
    off = [(u, img) for u in red if u.hex is not None and blu_at.get(img := fit.image(u.hex)) != u.unit]
    if not off:
        return _turns_off_mirror(s, fit.describe())
    u, img = off[0]
    there = f"BLU's {blu_at[img]}" if img in blu_at else "no BLU unit"
    more = f" ({len(off)} of RED's units are off their images)" if len(off) > 1 else ""
    hexes = tuple(dict.fromkeys(h for v, i in off for h in (v.hex, i) if h is not None))  # the first named first
    return [Problem(
        "HF404", Severity.WARNING,
        f"the map is its own mirror image ({fit.describe()}) but the starting units are not: RED's {u.unit} starts "
        f"at {u.hex}, whose image {img} holds {there}{more}; put each BLU unit on the image of RED's of the same "
        "kind, or the sides start from different places", hexes, "$.teams",
    )]


def _turns_off_mirror(s: Scenario, symmetry: str) -> list[Problem]:
    """HF404 for sides that start as each other's images but list their units in other orders, in a mode where the
    listed order is the turn order (:attr:`~engine.games.modes.ModeRules.listed_turns`): a new-user audit reversed
    RED's list on Crossroads (Medic, Pyro, Soldier against Soldier, Pyro, Medic) and read "0 warnings" beside
    HF401 while BLU won 86% of 800 games."""
    red, blu = ([u.unit for u in s.team(t).starting] for t in Team)
    if not GAMES[s.mode].listed_turns or red == blu or sorted(red) != sorted(blu):
        return []  # other kinds are HF607's
    return [Problem(
        "HF404", Severity.WARNING,
        f"the map is its own mirror image ({symmetry}) and the starting units stand on each other's images, but the "
        f"sides list them in other orders — RED's act {', '.join(red)}; BLU's {', '.join(blu)} — and in "
        f"{GAMES[s.mode].name} a team's units take their turns in the order listed, so the sides do not play the "
        "same game; list both in the same order", where="$.teams",
    )]


def _different_sides(s: Scenario, ruleset: Ruleset) -> list[Problem]:
    """HF607: the sides field different unit kinds — a difference no map can make up for, and on a map that gives
    no team a place of its own (Team Play) the only thing that can favour a side."""
    red, blu = (tuple(sorted(fielded_kinds(s, t, ruleset))) for t in Team)
    if red == blu:
        return _differently_equipped(s, ruleset)

    def words(kinds: tuple[str, ...]) -> str:
        return ", ".join(ruleset.units[k].name if k in ruleset.units else k for k in kinds) or "any kind"

    rules = GAMES[s.mode]
    advice = ("each character is fielded once, so sides that list theirs always differ: check with hexfort balance "
              "what the split does (hexfort rebalance proposes exchanges)" if rules.one_of_each else
              "field the same kinds, or check with hexfort balance that the difference is what you want")
    return [Problem(
        "HF607", Severity.WARNING,
        f"the sides field different units (RED: {words(red)}; BLU: {words(blu)}), so the games can favour a side "
        f"whatever the map; {advice}", where="$.teams",
    )]


def _equipment(s: Scenario, team: Team, ruleset: Ruleset) -> dict[str, list[tuple[str, str]]]:
    """Per unit kind, each of ``team``'s starting units of that kind as (weapon card, health) in words, sorted:
    "chosen at set-up" for no card, "full health" for none or the kind's full health."""
    out: dict[str, list[tuple[str, str]]] = {}
    for u in s.team(team).starting:
        kind = ruleset.units.get(u.unit)
        card = ruleset.weapons.get(u.weapon) if u.weapon is not None else None
        weapon = "a weapon chosen at set-up" if u.weapon is None else f"the {card.title if card else u.weapon}"
        below = u.health_below(kind.max_health if kind is not None else None)
        out.setdefault(u.unit, []).append((weapon, "full health" if below is None else f"{below} health"))
    return {k: sorted(v) for k, v in out.items()}


def _differently_equipped(s: Scenario, ruleset: Ruleset) -> list[Problem]:
    """HF607 for sides that field the same kinds but not alike: a starting unit's weapon card or health differs
    from its counterpart's (a new-user audit, session 15: BLU's Soldier with the Direct Hit, or BLU's Heavy at 3
    health, passed the validator as "symmetric" while the balance tools refused to call the games even)."""
    red, blu = (_equipment(s, t, ruleset) for t in Team)
    said: list[str] = []
    for kind in sorted(set(red) & set(blu)):
        for (rw, rh), (bw, bh) in zip(red[kind], blu[kind], strict=False):
            name = ruleset.units[kind].name if kind in ruleset.units else kind
            if rw != bw:
                said.append(f"RED's {name} carries {rw}, BLU's {bw}")
            if rh != bh:
                said.append(f"RED's {name} starts at {rh}, BLU's at {bh}")
    if not said:
        return []
    more = f" (and {len(said) - 2} more)" if len(said) > 2 else ""
    return [Problem(
        "HF607", Severity.WARNING,
        f"the sides field the same kinds but not alike: {'; '.join(said[:2])}{more}, so the games can favour a "
        "side whatever the map; give each pair the same weapon card and health, or check with hexfort balance "
        "that the difference is what you want", where="$.teams",
    )]
