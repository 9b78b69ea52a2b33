"""Record the King of the Board replay corpus: seeded AI games whose replays must never change.

Run once, before a change to the rules engine, with ``python -m tests.engine.corpus.record``;
``tests/engine/test_replay_corpus.py`` then replays every game after the change and
demands the same actions, the same dice and the same final state. Each file
``<map>.<red>-<blu>.jsonl.gz`` holds one game per line: ``{"replay": <a replay
document, schemas/replay.schema.json>, "final": <the final state's summary>,
"legal": <digest of every legal-action list the players chose from>}``.

The legal-action digest pins the *order* of legal actions too: the random player
picks by index, so a reordering would silently change every seeded simulation.

**The AI players' choices** are a separate record. When an AI player is improved
on purpose (not the rules), its games from the recorded seeds change, but the
recorded replays must not: they are the rules' proof. ``python -m
tests.engine.corpus.record --ai-choices`` plays each recorded game's seeds and
players again with the AI players as they are now and writes, beside each corpus
file, ``ai/<map>.<red>-<blu>.jsonl.gz`` — per game ``{"actions": [...], "legal":
<digest>}``: what the players choose now and the legal-action lists they chose
from. The AI-choice test reads that record where it exists (the recorded replay's
actions otherwise); the corpus files themselves are never rewritten by it.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
#: Player pairings recorded on every map; with GAMES_PER_PAIRING games each.
PAIRINGS = (("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic"))
GAMES_PER_PAIRING = 25
#: Every rule option flipped from its default, for a variant corpus on one map.
FLIPPED_OPTIONS = {
    "straight_line_attacks": False, "sight_edge_rule": "strict", "scout_keeps_height": False,
    "pyro_cone": "wide", "sentry_contests": False, "sentry_straight_line": False, "carried_sentry_dies": True,
    "scope_cap_includes_crit": True, "splash_needs_sight": True, "rocket_jump_after_attack": True,
    "grenade_survives_death": True, "heal_full_health": True, "scope_resets_on_shot": True,
    "kit_respawn_turns": 1, "respawn_turns": 2, "points_to_win": 6,
}


def corpus_files() -> list[Path]:
    """The recorded corpus files, sorted."""
    return sorted(HERE.glob("*.jsonl.gz"))


def legal_digest(texts: list[list[str]]) -> str:
    """A short digest of a game's legal-action lists, one list per decision."""
    h = hashlib.sha256()
    for acts in texts:
        h.update("\n".join(acts).encode())
        h.update(b"\x00")
    return h.hexdigest()[:32]


def final_summary(state: Any) -> dict[str, Any]:
    """What a finished game looks like through the public API (no internal ids)."""
    units = sorted(
        [u.team.value, u.kind, str(state.board.hexes[u.cell]) if u.cell >= 0 else None, u.health, u.burn,
         u.uber, u.charge, u.scope, u.active, u.carried]
        for u in state.units.values())
    return {
        "units": units,
        "scores": {t.value: n for t, n in state.scores().items()},
        "winner": None if state.winner() is None else state.winner().value,
        "turn": state.turn,
        "over": state.is_terminal(),
        "rolls": len(state.dice.rolls),
        "dice_state": str(state.dice.state),
        "log": hashlib.sha256("\n".join(state.log).encode()).hexdigest()[:32],
    }


def record(scenario_path: Path, red: str, blu: str, games: int,
           rules: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` seeded games of ``red`` against ``blu``; one corpus line each."""
    from engine.ai.match import play_game  # noqa: F401  (the loop below is play_game with a tap)
    from engine.formats import load_scenario
    from engine.games.game import new_game
    from engine.mapmodel import Team
    from engine.replay import Replay, replay_to_document
    from engine.simulation.batch import AI_PLAYERS, derive_seed

    scenario = load_scenario(scenario_path)
    if rules:
        scenario = dataclasses.replace(scenario, rules={**scenario.rules, **rules})
    out = []
    for i in range(games):
        seed = derive_seed(20261123, i)
        first = Team.RED if i % 2 == 0 else Team.BLU
        state = new_game(dataclasses.replace(scenario, seed=seed, first_team=first))
        players = {Team.RED: AI_PLAYERS[red](seed), Team.BLU: AI_PLAYERS[blu](seed + 1)}
        lists: list[list[str]] = []
        while (team := state.current_team()) is not None:
            lists.append([a.text() for a in state.legal_actions()])
            state.apply(players[team].choose(state))
        replay = Replay.of(state, {Team.RED: red, Team.BLU: blu})
        doc = replay_to_document(replay, state)
        out.append({"replay": doc, "final": final_summary(state), "legal": legal_digest(lists)})
    return out


def ai_choices(path: Path) -> list[dict[str, Any]]:
    """Play every game of corpus file ``path`` again from its start, seeds and players, with the AI players
    as they are now; one ``{"actions", "legal"}`` record per game (see the module docstring)."""
    from engine.mapmodel import Team
    from engine.replay import replay_from_document
    from engine.simulation.batch import AI_PLAYERS

    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    for line in lines:
        doc = line["replay"]
        start = {k: v for k, v in doc.items() if k not in ("rolls", "result")}
        replay, _ = replay_from_document({**start, "actions": []}, path.name)
        state = replay.play()
        seed, names = doc["seed"], doc["players"]
        players = {Team.RED: AI_PLAYERS[names["RED"]](seed), Team.BLU: AI_PLAYERS[names["BLU"]](seed + 1)}
        lists: list[list[str]] = []
        chosen: list[str] = []
        while (team := state.current_team()) is not None:
            lists.append([a.text() for a in state.legal_actions()])
            action = players[team].choose(state)
            chosen.append(action.text())
            state.apply(action)
        out.append({"actions": chosen, "legal": legal_digest(lists)})
    return out


def ai_choice_file(path: Path) -> Path:
    """Where the AI-choice record of corpus file ``path`` lives (``ai/`` beside it)."""
    return path.parent / "ai" / path.name


def main() -> None:
    sys.path.insert(0, str(REPO))
    if "--ai-choices" in sys.argv[1:]:
        for path in corpus_files():
            target = ai_choice_file(path)
            target.parent.mkdir(exist_ok=True)
            _write(target, ai_choices(path))
        return
    for path in sorted((REPO / "maps").glob("koth_*.scenario.json")):
        name = path.name.removesuffix(".scenario.json")
        for red, blu in PAIRINGS:
            lines = record(path, red, blu, GAMES_PER_PAIRING)
            _write(HERE / f"{name}.{red}-{blu}.jsonl.gz", lines)
    variants = [("koth_crossroads", "random", "random"), ("koth_ridge", "heuristic", "heuristic")]
    for name, red, blu in variants:
        lines = record(REPO / "maps" / f"{name}.scenario.json", red, blu, GAMES_PER_PAIRING, FLIPPED_OPTIONS)
        _write(HERE / f"{name}.flipped.{red}-{blu}.jsonl.gz", lines)


def _write(target: Path, lines: list[dict[str, Any]]) -> None:
    body = "".join(json.dumps(x, sort_keys=True, separators=(",", ":")) + "\n" for x in lines)
    with gzip.GzipFile(target, "wb", mtime=0) as f:
        f.write(body.encode())
    print(f"{target.name}: {len(lines)} games, {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
