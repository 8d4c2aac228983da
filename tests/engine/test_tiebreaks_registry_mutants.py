"""The tie-break registry (tiebreaks/registry.py): codes with their flags and modifiers read
into standings columns, their names and articles as the standings print them, and record
202's list. Each test pins a survivor of run 10 (docs/testing.md, re-run one by one in run 11
with the module imported under the mutant). Values in half-points (win = 2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.tiebreaks import standings
from pairing.engine.tiebreaks.registry import (
    FIDE_TIE_BREAKS,
    TIE_BREAKS,
    UnknownTieBreak,
    parse_tie_break_list,
    tie_break,
)
from tests.engine.test_tiebreaks import build

# Round 1: 2 beats 1 by forfeit, 3 beats 4; round 2: 1 beats 4, 3 beats 2.
# Scores: 1 0 + 2 = 2, 2 2 + 0 = 2, 3 4, 4 0. 1 and 2 are tied; their only meeting is the
# forfeit, a game for DE only under /P (C.07 6.1.1).
FORFEIT_TIE = build({1: "2b- 4w1", 2: "1w+ 3b0", 3: "4w1 2w1", 4: "3b0 1b0"})


def test_de_p_counts_the_forfeit_between_the_tied_players() -> None:
    """C.07 6.1.1 (MTB26 ``DE/P``): with forfeits as games, 2 won the meeting and is placed
    1st of the two (a place: lower is better), so the ranking is 3, 2, 1, 4. Plain DE leaves
    the forfeit out: 1 and 2 never met, 6.3 places neither (each could reach 0 + 2 = 2 from
    0), and they share rank 2."""
    assert FORFEIT_TIE.scores == {1: 2, 2: 2, 3: 4, 4: 0}
    rows = standings(FORFEIT_TIE, ["DE/P"])
    assert [(r.rank, r.player, r.values) for r in rows] == [
        (1, 3, (None,)),
        (2, 2, (1,)),
        (3, 1, (2,)),
        (4, 4, (None,)),
    ]
    assert [(r.rank, r.player) for r in standings(FORFEIT_TIE, ["DE"])] == [
        (1, 3),
        (2, 1),
        (2, 2),
        (4, 4),
    ]


def test_de_p_is_named_and_cited_by_6_1_1() -> None:
    """A place is a count: shown without decimals."""
    tb = tie_break("de/p")
    assert (tb.code, tb.name, tb.article) == (
        "DE/P",
        "Direct encounter, forfeits as games",
        "C.07 6.1.1",
    )
    assert tb.format(2) == "2"


def test_us_rbt_among_the_tied_players_and_the_whole_field() -> None:
    """34E5, wins minus losses in the games among the group (a forfeit is no game): among 2
    and 3, 3 beat 2 -> 3 +1, 2 -1. Asked for everyone (no group): 1 beat 4 (+1), 2 lost to 3
    (-1), 3 beat 4 and 2 (+2), 4 lost twice (-2)."""
    tb = tie_break("US-RBT")
    assert dict(tb.values(FORFEIT_TIE, [3, 2])) == {3: 1, 2: -1}
    assert dict(tb.values(FORFEIT_TIE)) == {1: 1, 2: -1, 3: 2, 4: -2}


@pytest.mark.parametrize(
    ("code", "canonical", "name", "article"),
    [
        ("AOB", "AOB", "Average of opponents' Buchholz", "C.07 8.2"),
        ("aob/f", "AOB/F", "Average of opponents' Fore Buchholz", "C.07 8.2"),
        ("AOB/P", "AOB/P", "Average of opponents' Buchholz", "C.07 8.2"),
        ("AOB/F/P", "AOB/F/P", "Average of opponents' Fore Buchholz", "C.07 8.2"),
        ("BH", "BH", "Buchholz", "C.07 8.1"),
        ("BH/C1", "BH-C1", "Buchholz Cut-1", "C.07 8.1 14"),
        ("BH/M1", "BH-M1", "Buchholz Median-1", "C.07 8.1 14"),
        ("BH/P", "BH/P", "Buchholz, forfeits as games", "C.07 8.1"),
        ("SB/C1/P", "SB-C1/P", "Sonneborn-Berger Cut-1, forfeits as games", "C.07 9.1 14"),
        ("KS", "KS", "Koya system", "C.07 9.2"),
        ("KS/L+1", "KS-L+1", "Koya system limit +1", "C.07 9.2 14.5"),
        ("WIN", "WIN", "Number of wins", "C.07 7.1"),
        ("TPN/R", "TPN/R", "Pairing number, reversed", "C.07 7.8"),
    ],
)
def test_codes_are_named_and_cited_as_the_standings_print_them(
    code: str, canonical: str, name: str, article: str
) -> None:
    """The column heading and the article of each code (C.07 8.1, 8.2 with MTB26 /F and /P,
    9.1, 9.2 with the Limit of 14.5, 7.1, 7.8 reversed; a Cut or Median cites 14)."""
    tb = tie_break(code)
    assert (tb.code, tb.name, tb.article) == (canonical, name, article)


def test_reversed_order_ranks_the_higher_pairing_number_and_the_lower_rating_first() -> None:
    """C.07-2026 7.8 and 10.6 with /R: no game played, all tied on 0; TPN ranks 1, 2, 3,
    TPN/R 3, 2, 1; RTNG (1800, 1500, 2000) the higher rating first, 3, 1, 2, RTNG/R 2, 1,
    3."""
    state = build({1: "Z", 2: "Z", 3: "Z"}, ratings={1: 1800, 2: 1500, 3: 2000})
    assert [r.player for r in standings(state, ["TPN"])] == [1, 2, 3]
    assert [r.player for r in standings(state, ["TPN/R"])] == [3, 2, 1]
    assert [r.player for r in standings(state, ["RTNG"])] == [3, 1, 2]
    assert [r.player for r in standings(state, ["RTNG/R"])] == [2, 1, 3]


def test_refusals_name_the_flag_and_the_code() -> None:
    with pytest.raises(UnknownTieBreak, match=r"^/P does not apply to WIN \('WIN/P'\)$"):
        tie_break("WIN/P")
    with pytest.raises(UnknownTieBreak, match=r"^/F applies to AOB only, not BH \('BH/F'\)$"):
        tie_break("BH/F")
    with pytest.raises(
        UnknownTieBreak, match=r"^/R applies to TPN and RTNG only, not BH \('BH/R'\)$"
    ):
        tie_break("BH/R")
    with pytest.raises(UnknownTieBreak, match=r"^unknown tie-break code 'XYZ'$"):
        tie_break("XYZ")


def test_record_202_list_skips_a_leading_pts_and_reads_every_code() -> None:
    """TRF-2026 202 / 212: codes separated by commas or blanks, a leading PTS (the score)
    skipped whatever its case; an empty list is empty."""
    assert [t.code for t in parse_tie_break_list(" PTS, BH/C1 SB,,DE ")] == ["BH-C1", "SB", "DE"]
    assert [t.code for t in parse_tie_break_list("pts BH")] == ["BH"]
    assert parse_tie_break_list("") == []
    assert parse_tie_break_list("  ") == []


# Round 1: 1 beats 2, 3 and 4 draw; round 2: 1 beats 3, 2 beats 4. Every game played.
# Scores (half-points): 1 2 + 2 = 4, 2 0 + 2 = 2, 3 1 + 0 = 1, 4 1 + 0 = 1.
NO_FORFEITS = build({1: "2w1 3b1", 2: "1b0 4w1", 3: "4w= 1w0", 4: "3b= 2b0"})


def test_the_table_s_aob_is_plain_aob_in_half_points() -> None:
    """The standings table's own AOB entry (built at import, run 16): C.07 8.2, the average
    of the Buchholz of the opponents met. BH (8.1, the opponents' scores): 1 2 + 1 = 3, 2
    4 + 1 = 5, 3 1 + 4 = 5, 4 1 + 2 = 3. AOB: 1 (BH2 + BH3) / 2 = 5, 2 (BH1 + BH4) / 2 = 3,
    3 (BH4 + BH1) / 2 = 3, 4 (BH3 + BH2) / 2 = 5 half-points. Plain AOB, neither /F nor /P
    (the code says so, and the key of the table is that code); values in half-points (unit
    2), shown with two decimals as an average: 5 half-points are 2.50 points, 3 are 1.50."""
    aob = TIE_BREAKS["AOB"]
    assert aob in FIDE_TIE_BREAKS
    assert (aob.code, aob.name, aob.article, aob.unit, aob.ascending) == (
        "AOB",
        "Average of opponents' Buchholz",
        "C.07 8.2",
        2,
        False,
    )
    values = aob.values(NO_FORFEITS)
    assert values == {1: 5, 2: 3, 3: 3, 4: 5}
    assert [aob.format(values[p]) for p in (1, 2, 3, 4)] == ["2.50", "1.50", "1.50", "2.50"]


def test_aob_read_from_its_code_is_shown_in_points() -> None:
    """``tie_break("AOB")`` builds the entry anew (unit 2, half-points): 5 half-points of the
    derivation above are 2.50 points; 25/3 half-points are 4.1666... points, 4.17."""
    aob = tie_break("aob")
    assert aob.unit == 2
    assert aob.format(aob.values(NO_FORFEITS)[1]) == "2.50"
    assert aob.format(Fraction(25, 3)) == "4.17"
