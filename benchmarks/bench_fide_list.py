"""FIDE rating list: import 500,000 and 1,800,000 generated players (TXT, and XML zipped at
500,000) into a fresh SQLite database, then time the look-up (by ID, ID prefix, name prefix).

Targets (issue 25): 500,000 players in under 60 s, under 600 MB peak (the maximum resident
set, ``VmHWM``, of the child process doing the import); a look-up under 100 ms at
1,800,000 players. Each size runs in a subprocess of its own (a fresh database, honest peak
memory). ``BENCH_FIDE_SIZES=500000`` runs one size; ``BENCH_FIDE_DATABASES=sqlite,postgres``
also imports the TXT of each size into a PostgreSQL database of its own (created, migrated and
dropped here) on the server of ``BENCH_FIDE_POSTGRES_URL`` (default
``postgres://postgres@127.0.0.1:5432/postgres``); ``postgres`` alone skips SQLite.

The generated list: FIDE's TXT layout (the header line and fixed-width columns), names
``Surname, Firstname`` drawn from 2,000 surnames x 500 first names with accents, federations,
titles, ratings for about 60 % / 30 % / 30 % of players (standard/rapid/blitz), 40 % inactive.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from tests.fide.lists import HEADER  # FIDE's published TXT layout, as the tests write it

ROOT = Path(__file__).resolve().parent.parent
SIZES = [int(s) for s in os.environ.get("BENCH_FIDE_SIZES", "500000,1800000").split(",")]
DATABASES = os.environ.get("BENCH_FIDE_DATABASES", "sqlite").split(",")
POSTGRES = os.environ.get("BENCH_FIDE_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")
SEED = 2026
SYLLABLES = [
    "ka",
    "ri",
    "mo",
    "sen",
    "ov",
    "ić",
    "ez",
    "berg",
    "la",
    "nu",
    "tö",
    "ran",
    "chi",
    "ya",
]
FEDERATIONS = ["GER", "RUS", "IND", "USA", "FRA", "ESP", "ITA", "POL", "NED", "CZE", "SRB", "IRI"]
XML_TAGS = [
    "fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title", "rating",
    "games", "k", "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games",
    "blitz_k", "birthday", "flag",
]  # fmt: skip
TITLES = ["GM", "IM", "FM", "CM"] + [""] * 96


def _word(rng: random.Random, parts: int) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(parts)).capitalize()


def player_rows(n: int, seed: int = SEED) -> list[tuple[object, ...]]:
    """``n`` players as the TXT's columns (FIDE IDs shuffled, unique)."""
    rng = random.Random(seed)
    surnames = [_word(rng, rng.randint(2, 4)) for _ in range(2000)]
    firsts = [_word(rng, rng.randint(1, 3)) for _ in range(500)]
    ids = rng.sample(range(100_000, 100_000 + 4 * n), n)
    rows: list[tuple[object, ...]] = []
    for fide_id in ids:
        sex = "F" if rng.random() < 0.12 else "M"
        flag = ("w" if sex == "F" else "") + ("i" if rng.random() < 0.4 else "")

        def rating(share: float) -> tuple[object, object, object]:
            if rng.random() >= share:
                return "", "", ""
            return rng.randint(1400, 2800), rng.choice([0, 0, 0, 4, 9]), rng.choice([40, 20, 10])

        rows.append(
            (
                fide_id,
                f"{rng.choice(surnames)}, {rng.choice(firsts)}",
                rng.choice(FEDERATIONS),
                sex,
                rng.choice(TITLES),
                "",
                "",
                "",
                *rating(0.6),
                *rating(0.3),
                *rating(0.3),
                rng.randint(1930, 2020) if rng.random() < 0.95 else "0000",
                flag,
            )
        )
    return rows


def write_txt(path: Path, rows: list[tuple[object, ...]]) -> None:
    with path.open("w", encoding="utf-8", newline="\r\n") as out:
        out.write("".join(label.ljust(w) for label, w in HEADER).rstrip() + "\n")
        for row in rows:
            cells = (str(v).ljust(w) for v, (_, w) in zip(row, HEADER, strict=True))
            out.write("".join(cells).rstrip() + "\n")


def write_xml_zip(path: Path, rows: list[tuple[object, ...]]) -> None:
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("players_list_xml_foa.xml", "w") as member,
    ):
        member.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
        for row in rows:
            cells = "".join(f"<{t}>{v}</{t}>" for t, v in zip(XML_TAGS, row, strict=True))
            member.write(f"<player>{cells}</player>\n".encode())
        member.write(b"</playerslist>\n")


def _peak_rss_mb() -> float:
    """This process's peak resident set (``VmHWM``): ``ru_maxrss`` would count the parent's,
    copied at the fork that started it (the generated rows), on Linux."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(database_url: str, file: str) -> None:
    """(In a subprocess.) Migrate, import ``file``, time look-ups; print one JSON line."""
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_DEBUG", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from fide.importer import import_list
    from fide.lookup import lookup

    before = resource.getrusage(resource.RUSAGE_SELF)
    cpu_before = before.ru_utime + before.ru_stime
    started = time.perf_counter()
    with open(file, "rb") as stream:
        imported = import_list(stream, source=Path(file).name)
    seconds = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_SELF)
    peak = _peak_rss_mb()
    cpu = usage.ru_utime + usage.ru_stime - cpu_before
    rng = random.Random(7)
    from fide.models import FideListPlayer

    ids = list(FideListPlayer.objects.order_by("?").values_list("fide_id", "name")[:50])
    queries = {
        "exact ID": [str(i) for i, _ in ids],
        "ID prefix (4 digits)": [str(i)[:4] for i, _ in ids],
        "surname prefix (3 letters)": [n[:3] for _, n in ids],
        "full name prefix": [n[: rng.randint(8, len(n))] for _, n in ids],
    }
    timings = {}
    for label, qs in queries.items():
        lookup(qs[0])  # warm
        times = []
        for q in qs:
            t = time.perf_counter()
            lookup(q, limit=20)
            times.append((time.perf_counter() - t) * 1000)
        timings[label] = (statistics.median(times), max(times))
    print(
        json.dumps(
            {
                "players": imported.players,
                "seconds": seconds,
                "cpu": cpu,
                "peak_mb": peak,
                "lookup": timings,
            }
        )
    )


def run(n: int, kind: str, tmp: Path, database_url: str = "") -> None:
    rows = player_rows(n)
    file = tmp / ("players_list_foa.txt" if kind == "txt" else "players_list_xml.zip")
    (write_txt if kind == "txt" else write_xml_zip)(file, rows)
    del rows
    url = database_url or f"sqlite:///{tmp / f'fide-{n}.sqlite3'}"
    out = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_fide_list", "child", url, str(file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result = json.loads(out.strip().splitlines()[-1])
    size_mb = file.stat().st_size / 2**20
    print(
        f"{n:>9,} players, {kind} ({size_mb:.0f} MB), {url.split(':')[0]}: "
        f"import {result['seconds']:.1f} s "
        f"({n / result['seconds']:,.0f}/s; CPU {result['cpu']:.1f} s), "
        f"peak RSS {result['peak_mb']:.0f} MB"
    )
    for label, (median, worst) in result["lookup"].items():
        print(f"{'':>12}look-up {label:<28} median {median:6.1f} ms, max {worst:6.1f} ms")
    file.unlink()


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-fide-") as tmp:
        for n in SIZES:
            if "sqlite" in DATABASES:
                run(n, "txt", Path(tmp))
                if n <= 500_000:
                    run(n, "xml", Path(tmp))
            if "postgres" in DATABASES:
                from benchmarks.server import postgres_database

                with postgres_database(POSTGRES) as url:
                    run(n, "txt", Path(tmp), url)


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child(sys.argv[2], sys.argv[3])
    else:
        main()
