"""What-if previews and receipts (issue 15): what they cost on a big tournament.

Set-up, in a temporary SQLite database: a 500-player FIDE Dutch tournament of 10 rounds
(random results from ratings, requested byes, forfeits: ``generate_tournament``), imported
with 9 rounds played and round 9 in play (results removed).

- the arbiter's what-if (``tournaments.whatif.preview``, all draws): one snapshot, one pairing;
- a player's public page when theirs is the last game without a result: the page with its
  "if I win / draw / lose" (three pairings on a cache miss, then shared by both players of
  the game through the cache), next to another player's page (no what-if), both computed and
  cached;
- the receipt's cost at pairing time: the TRF written and read back (the engine is given it).

Medians of 3, in-process (Django test client); the machine is shared: numbers can double.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import server

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 500


def _median(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def run() -> None:
    """(In a subprocess with a temporary database.)"""
    import django

    django.setup()
    from dataclasses import replace

    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import transaction
    from django.test import Client

    from pairing.engine import (
        GeneratorSettings,
        generate_tournament,
        pairing_system,
        read_trf,
        write_trf,
    )
    from pairing.services import snapshot
    from pairing.trf_import import import_state
    from tournaments import services, whatif
    from tournaments.models import Game

    call_command("migrate", "--noinput", verbosity=0)
    settings = GeneratorSettings(
        players=PLAYERS, rounds=10, seed=2026, bye_rate=0.02, forfeit_rate=0.01
    )
    full = generate_tournament(pairing_system("dutch"), settings).truncated(9)
    pending = tuple(
        replace(p, results=(*p.results[:-1], replace(p.results[-1], code=" ")))
        if p.results[-1].opponent is not None
        else p
        for p in full.players
    )
    state = replace(full, players=pending)
    with transaction.atomic():
        tournament = import_state(state, name="What-if benchmark", system="dutch")
    snap = snapshot(tournament)
    print(f"{PLAYERS} players, round 9 of 10 in play, {len(whatif.games_in_play(snap))} games")

    seconds = _median(lambda: whatif.preview(snapshot(tournament), "draws", {}))
    print(f"arbiter's what-if (snapshot + one pairing): {1000 * seconds:.0f} ms")

    games = list(Game.objects.filter(round__number=9).exclude(result="1-0").order_by("board"))
    last, others = games[0], games[1:]
    for game in others:
        services.set_result(game.pk, "1/2-1/2")
    tournament.refresh_from_db()
    client = Client(HTTP_HOST="127.0.0.1")

    def page(entry_pk: int, cached: bool) -> float:
        def get() -> None:
            if not cached:
                cache.clear()
            response = client.get(f"/tournaments/{tournament.pk}/players/{entry_pk}/")
            assert response.status_code == 200
            shown = b'id="what-if"' in response.content
            assert shown == (entry_pk == last.white_id), "the what-if is not what is measured"

        get()
        return _median(get)

    other = others[0].white_id
    print("a player's page (the last game left):     computed ms   cached ms")
    for label, pk in (("with if I win / draw / lose", last.white_id), ("another player", other)):
        computed, cached = page(pk, False), page(pk, True)
        print(f"  {label:<38} {1000 * computed:>8.0f} {1000 * cached:>11.1f}")

    text = write_trf(state)
    seconds = _median(lambda: read_trf(write_trf(state)))
    print(
        f"receipt at pairing time: TRF written and read back {1000 * seconds:.0f} ms "
        f"({len(text) // 1024} KiB)"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        # Production settings (fail closed), as every web benchmark runs them.
        env = server.environment(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        code = "from benchmarks.bench_whatif import run; run()"
        subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True)
