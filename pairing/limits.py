"""How many players each pairing system pairs in a reasonable time and memory; past the limit
a round is refused with a message instead of running for minutes or out of memory. Pure
Python: the command line and the web app both use it.

Measured on the 2-core reference machine (``pairing.engine`` alone, the first
round and round 6 of random tournaments, docs/web.md "Limits"):

| system | players | round 1 | round 6 | peak memory |
| --- | ---: | ---: | ---: | ---: |
| dubov | 1,000 | | 9.8 s | 83 MiB |
| dubov | 2,000 | 13 s | 66 s | 648 MiB |
| tcec | 5,000 | | 0.16 s | 34 MiB |

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

MAX_PLAYERS = {"dutch": 9999, "dubov": 1000, "tcec": 9999, "uscf": 1000, "round-robin": 9999}
"""System family -> the most players it is asked to pair (9,999: every TRF starting rank).
Every name of the system registry belongs to a family: ``dutch``, ``dutch-2017``,
``dutch-2026`` are the Dutch system's, ``dubov``, ``dubov-2018``, ... the Dubov system's,
``round-robin-double`` the round robin's (a table: no search at all). US Chess Swiss: 400
players take about 2 s a round (docs/uscf-pairings.md)."""


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
