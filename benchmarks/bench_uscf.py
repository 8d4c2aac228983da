"""USCF rater: one 1,000-player section, 4–6 rated games each (target: under 1 s); and the
US Chess Swiss pairing engine (``uscf``) past 400 players, which sets its limit
(``pairing.limits.MAX_PLAYERS["uscf"]``).

The section mixes established players (N 26–600), provisional ones (N 1–25, some with only
wins or only losses so far) and unrated players from every Step 1 source. Six Swiss-like
rounds pair neighbours in a shuffled rating order; each player misses 0–2 rounds (byes and
forfeits are not rated), so players end with 4–6 games.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import date
from pathlib import Path

from benchmarks.bench_scale import after_round_one, pair_once, registration
from benchmarks.measure import measure
from pairing.engine import (
    RULES_2011,
    RULES_CURRENT,
    RatedGame,
    RatedPlayer,
    RatingEvent,
    RatingSystem,
    event_from_json,
    rate_event,
    result_to_json,
)

PLAYERS = 1000
ROUNDS = 6
SEED = 2025
PAIRING_SIZES = (400, 600, 800, 1000, 2000)
"""Section sizes of the pairing part (``USCF_SIZES=600,800`` picks some)."""


def _player(rng: random.Random, i: int) -> RatedPlayer:
    pid = f"P{i:04d}"
    kind = rng.random()
    if kind < 0.60:  # established
        return RatedPlayer(
            pid,
            round(rng.gauss(1600, 350), 2),
            rng.randint(26, 600),
            wins=rng.randint(5, 200),
            draws=rng.randint(0, 80),
            events_3plus=rng.randint(3, 60),
            peak_established=None if rng.random() < 0.5 else rng.uniform(1200, 2400),
        )
    if kind < 0.75:  # provisional
        n = rng.randint(1, 25)
        flags = rng.random()
        return RatedPlayer(
            pid,
            round(rng.uniform(300, 1900), 2),
            n,
            all_wins=flags < 0.05,
            all_losses=0.05 <= flags < 0.10,
        )
    source = rng.randrange(7)  # unrated, every Step 1 source
    if source == 0:
        return RatedPlayer(pid, fide=rng.randint(1400, 2400))
    if source == 1:
        return RatedPlayer(pid, cfc=rng.randint(900, 2100))
    if source == 2:
        return RatedPlayer(pid, initial_rating=rng.randint(800, 1800))
    if source == 3:
        return RatedPlayer(pid, other_rating=rng.uniform(400, 2000), other_games=rng.randint(4, 40))
    if source == 4:
        return RatedPlayer(pid, birth_date=date(rng.randint(1960, 2019), rng.randint(1, 12), 1))
    if source == 5:
        return RatedPlayer(pid, adult=True)
    return RatedPlayer(pid)


def make_section(seed: int = SEED) -> RatingEvent:
    rng = random.Random(seed)
    players = [_player(rng, i) for i in range(PLAYERS)]
    strength = {p.id: (p.rating if p.rating is not None else 1200.0) for p in players}
    # Each player sits out (bye, forfeit, withdrawal) 0, 1 or 2 of the rounds: 4–6 games.
    away = {p.id: set(rng.sample(range(ROUNDS), rng.choice((0, 1, 1, 2)))) for p in players}
    games: list[RatedGame] = []
    for rnd in range(ROUNDS):
        present = [p for p in players if rnd not in away[p.id]]
        if len(present) % 2:  # the odd one out: someone who can still miss a round
            spare = min(present, key=lambda p: (len(away[p.id]), rng.random()))
            away[spare.id].add(rnd)
            present.remove(spare)
        order = sorted(present, key=lambda p: strength[p.id] + rng.gauss(0, 250))
        for a, b in zip(order[0::2], order[1::2], strict=True):
            expected = 1 / (1 + 10 ** ((strength[b.id] - strength[a.id]) / 400))
            x = rng.random()
            score = 1.0 if x < expected - 0.1 else 0.5 if x < expected + 0.1 else 0.0
            games.append(RatedGame(a.id, b.id, score))
    return RatingEvent(
        tuple(players), tuple(games), RatingSystem.REGULAR, end_date=date(2025, 6, 1)
    )


def _as_json(event: RatingEvent) -> str:
    def player(p: RatedPlayer) -> dict[str, object]:
        d = {k: getattr(p, k) for k in RatedPlayer.__dataclass_fields__}
        d["birth_date"] = p.birth_date.isoformat() if p.birth_date else None
        return d

    return json.dumps(
        {
            "system": str(event.system),
            "end_date": event.end_date.isoformat() if event.end_date else None,
            "players": [player(p) for p in event.players],
            "games": [
                {
                    "white": g.white,
                    "black": g.black,
                    "result": {1.0: "1-0", 0.5: "1/2-1/2"}.get(g.white_score, "0-1"),
                }
                for g in event.games
            ],
        }
    )


def main() -> None:
    event = make_section()
    per_player = Counter[str]()
    for g in event.games:
        per_player[g.white] += 1
        per_player[g.black] += 1
    counts = Counter(per_player[p.id] for p in event.players)
    print(
        f"section: {len(event.players)} players, {len(event.games)} rated games, "
        f"games per player {dict(sorted(counts.items()))}"
    )
    text = _as_json(event)

    def cli_path() -> str:
        ev, ids = event_from_json(json.loads(text))
        return json.dumps(result_to_json(rate_event(ev, RULES_CURRENT), ids))

    print(f"{'what':<34}{'best of 5 (s)':>14}{'peak MiB':>10}")
    for name, fn in (
        ("rate_event, rules 2011", lambda: rate_event(event, RULES_2011)),
        ("rate_event, rules current", lambda: rate_event(event, RULES_CURRENT)),
        ("JSON in + rate + JSON out", cli_path),
    ):
        best = min(measure(fn, memory=False)[1] for _ in range(5))
        peak = measure(fn)[2]
        verdict = "" if best < 1.0 else "  ** over the 1 s target **"
        print(f"{name:<34}{best:>14.3f}{peak:>10.1f}{verdict}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "section.json"
        path.write_text(text, encoding="utf-8")
        command = [sys.executable, "-m", "pairing", "rate", "--rules", "current", str(path)]

        def run() -> None:
            subprocess.run(command, check=True, capture_output=True)

        best = min(measure(run, memory=False)[1] for _ in range(3))
        print(f"{'python -m pairing rate (process)':<34}{best:>14.3f}{'':>10}")
    pairing()


def pairing() -> None:
    """``python -m pairing pair --system uscf`` on round 1 (everyone on 0, top half against
    bottom half, 27A3) and round 2 (after a round 1 S1-S2 with random results, bench_scale's
    files) of sections past 400 players: wall time, CPU time and peak resident memory of the
    process, start-up and reading the file included."""
    sizes = [int(s) for s in os.environ.get("USCF_SIZES", "").split(",") if s] or PAIRING_SIZES
    print(f"\n{'uscf pairing':<12} {'players':>7}  {'round 1':<36} round 2")
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            cells = []
            for label, text in (("r1", registration(size)), ("r2", after_round_one(size))):
                path = Path(tmp) / f"uscf-{size}-{label}.trf"
                path.write_text(text, encoding="utf-8")
                cells.append(pair_once("uscf", path))
            print(f"{'uscf':<12} {size:>7}  {cells[0]:<36} {cells[1]}", flush=True)
