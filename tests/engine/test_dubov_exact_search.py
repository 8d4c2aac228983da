"""The Dubov engine's exact upfloater search (B.1-B.2 by weighted matching, used when the fast
search meets too many illegal sets) against the literal reading of the text.

Small rounds rarely exhaust the fast search, so whole-round comparisons seldom reach the
exact mode: here it is forced (``fast_budget=-1``) on every scoregroup of random rounds and
must choose the upfloaters :class:`~tests.engine.test_dubov_literal.Literal` chooses.
"""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing
from pairing.engine.dubov.players import dubov_players
from pairing.engine.dubov.system import legal_graph
from pairing.engine.dubov.upfloaters import choose_upfloaters
from tests.engine.test_dubov_literal import Literal, random_round


def compare(seed: int) -> int:
    """Scoregroups compared in one random round (0 when the round has no pairing)."""
    state = random_round(seed)
    literal = Literal(state)
    try:
        bye = literal.bye()
    except NoValidPairing:
        return 0
    players = {pid: p for pid, p in dubov_players(state).items() if bye is None or pid != bye.id}
    graph = legal_graph(state, players)
    remaining = [p for p in literal.players if p is not bye]
    compared = 0
    for score in sorted({p.score for p in remaining}, reverse=True):
        residents = [p for p in remaining if p.score == score]
        if not residents:
            continue
        lower = [p for p in remaining if p.score < score]
        theirs = literal.upfloaters(residents, lower)
        ours = choose_upfloaters(
            graph,
            [players[p.id] for p in residents],
            [players[p.id] for p in lower],
            literal.last_round,
            fast_budget=-1,
        )
        assert [p.id for p in ours] == [p.id for p in theirs], f"seed {seed}, score {score}"
        compared += 1
        taken = {p.id for p in [*residents, *theirs]}
        remaining = [p for p in remaining if p.id not in taken]
    return compared


@pytest.mark.parametrize("block", range(2))
def test_exact_search_equals_literal_reading(block: int) -> None:
    assert sum(compare(seed) for seed in range(block * 60, block * 60 + 60)) > 40


@pytest.mark.corpus
@pytest.mark.parametrize("block", range(2, 30))
def test_exact_search_equals_literal_reading_more(block: int) -> None:
    for seed in range(block * 60, block * 60 + 60):
        compare(seed)
