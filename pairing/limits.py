"""How many players each pairing system pairs in a reasonable time and memory; past the limit
a round is refused with a message instead of running for minutes or out of memory. Pure
Python: the command line and the web app both use it.

Measured on the 2-core reference machine (``pairing.engine`` alone, the first
round and round 6 of random tournaments, docs/web.md "Limits"; dubov and tcec: CPU time and
peak memory of the command line's ``pair`` on a 9-round tournament, ``python -m benchmarks
scale``, both Dubov editions alike, issue 27):

| system | players | round 1 | round 6 | peak memory |
| --- | ---: | ---: | ---: | ---: |
| dubov | 9,998 | 0.7 s | 1.6 s | 74 MiB |
| tcec | 9,998 | 0.6 s | 0.9 s | 67 MiB |
| uscf | 800 | 8.0 s | 7.1 s (round 2) | 276 MiB |
| uscf | 1,000 | 15 s | 13 s (round 2) | 430 MiB |
| uscf | 2,000 | 52 s | 93 s (round 2) | 1.6 GiB |

Dutch, both editions (issue 27: bracket graphs as bit masks), ``python -m benchmarks scale``:
one command-line process per round (start-up and reading the file included), CPU time and
peak resident memory, the slowest of round 1, round 2 (after an S1-S2 round 1) and rounds 3-9
of a tournament the engine played itself (at a load average of 9-12 on the 2 cores, wall time
was 5-13 times these):

| system | players | slowest round | peak memory |
| --- | ---: | ---: | ---: |
| dutch (2017 / 2026) | 1,000 | 0.5 / 0.5 s | 30 / 30 MiB |
| dutch (2017 / 2026) | 2,000 | 0.7 / 0.7 s | 33 / 34 MiB |
| dutch (2017 / 2026) | 5,000 | 1.3 / 1.1 s | 45 / 46 MiB |
| dutch (2017 / 2026) | 9,998 | 2.1 / 2.1 s | 66 / 66 MiB |

Raise a limit here when an engine gets faster (``make bench``).
"""

from __future__ import annotations

from pairing.engine import system_for

MAX_PLAYERS = {"dutch": 9999, "dubov": 9999, "tcec": 9999, "uscf": 800, "round-robin": 9999}
"""System family -> the most players it is asked to pair (9,999: every TRF starting rank).
Every name of the system registry belongs to a family: ``dutch``, ``dutch-2017``,
``dutch-2026`` are the Dutch system's, ``dubov``, ``dubov-2018``, ... the Dubov system's,
``round-robin-double`` the round robin's (a table: no search at all). US Chess Swiss: CPU
seconds per round 2 s at 400 players, 4 s at 600, 8 s at 800, 15 s at 1,000
(``python -m benchmarks uscf``); 800 keeps a round under the 10 s the other systems meet."""


def max_players(system: str) -> int:
    """The most players ``system`` (any command-line or engine name) pairs; a name this table
    does not know gets the smallest limit, never none (issue 23, item 11)."""
    try:
        name = system_for(system).name
    except ValueError:
        name = system
    name = name.strip().lower().replace("_", "-")
    family = next((f for f in MAX_PLAYERS if name == f or name.startswith(f"{f}-")), None)
    return MAX_PLAYERS.get(family or "", min(MAX_PLAYERS.values()))


def too_many_to_pair(system: str, players: int) -> str | None:
    """Why a round of ``players`` players is not paired with ``system``, or None."""
    limit = max_players(system)
    if players <= limit:
        return None
    return (
        f"{players} players are more than the {system} engine pairs in reasonable time and "
        f"memory (at most {limit:,})"
    )
